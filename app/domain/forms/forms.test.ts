import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { desc } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { serverTranslator } from '#app/lib/i18n.server.ts';
import type { DatabaseHandle } from '#app/lib/db.server.ts';
import type { MailMessage, MailResult } from '#app/lib/mail.server.ts';
import { CONTACT_FORM, seedDemoForms } from '#db/seed/demo-forms.ts';
import { openTestDatabase } from '../../../tests/support/database.ts';
import { pdfFile, pngFile } from '../../../tests/support/forms-files.ts';
import { formSubmissions } from './forms.schema.ts';
import {
  type ContactFormRow,
  type SubmissionDeps,
  clientHashOf,
  fillTemplate,
  findForm,
  postedDataHash,
  processSubmission,
} from './forms.server.ts';
import { type FormDefinition, SUBMISSION_STATUSES, formStateOf } from './forms.types.ts';
import type { ReceivedFile, ReceivedForm } from './uploads.server.ts';

const definition: FormDefinition = {
  ...CONTACT_FORM,
  fields: [
    { name: 'your-name', type: 'text', label: { de: 'Name', en: 'Name' } },
    { name: 'topics', type: 'checkbox', label: { de: 'Themen', en: 'Topics' } },
  ],
};

describe('fillTemplate', () => {
  it('replaces known tags, joins several values and leaves unknown tags alone', () => {
    const fields = { 'your-name': ['Erika'], topics: ['a', 'b'] };
    expect(
      fillTemplate(
        '[your-name]: [topics] [unknown] [your-email] [ your-name ]',
        fields,
        definition,
        false,
      ),
    ).toBe('Erika: a, b [unknown] [your-email] [ your-name ]');
  });

  it('fills a known field that was not sent with nothing', () => {
    expect(fillTemplate('Themen: [topics].', {}, definition, false)).toBe('Themen: .');
  });

  it('keeps line breaks in the body', () => {
    const fields = { 'your-name': ['Eve\r\nBcc: victim@example.org'] };
    expect(fillTemplate('Name: [your-name]\nEnde', fields, definition, false)).toBe(
      'Name: Eve\r\nBcc: victim@example.org\nEnde',
    );
  });

  it('turns every kind of line break into a space in a header', () => {
    for (const name of [
      'Eve\r\nBcc: victim@example.org',
      'Eve\nBcc: victim@example.org',
      'Eve\rBcc: victim@example.org',
      'Eve\u2028Bcc: victim@example.org',
      'Eve\u2029\r\n\r\nBcc: victim@example.org',
    ]) {
      const subject = fillTemplate(
        'Von [your-name]\r\n',
        { 'your-name': [name] },
        definition,
        true,
      );
      expect(subject, JSON.stringify(name)).toBe('Von Eve Bcc: victim@example.org ');
    }
  });

  it('keeps a header to 250 characters', () => {
    const subject = fillTemplate(
      '[your-name]',
      { 'your-name': ['x'.repeat(1000)] },
      definition,
      true,
    );
    expect(subject).toHaveLength(250);
  });

  it('does not read tag names from the object prototype', () => {
    expect(fillTemplate('[constructor] [toString]', {}, definition, true)).toBe(
      '[constructor] [toString]',
    );
  });
});

describe('postedDataHash', () => {
  const fields = { 'your-name': ['Erika'], topics: ['a', 'b'] };

  it('is 32 hex characters and stable', () => {
    const hash = postedDataHash(fields);
    expect(hash).toMatch(/^[0-9a-f]{32}$/);
    expect(postedDataHash({ 'your-name': ['Erika'], topics: ['a', 'b'] })).toBe(hash);
  });

  it('does not depend on the order of the fields', () => {
    expect(postedDataHash({ topics: ['a', 'b'], 'your-name': ['Erika'] })).toBe(
      postedDataHash(fields),
    );
  });

  it('ignores hidden fields and the captcha', () => {
    expect(
      postedDataHash({
        ...fields,
        _form: ['1'],
        _form_unit_tag: ['f1-p1-o1'],
        kc_key: ['abc'],
        kc_captcha: ['ACDEF'],
      }),
    ).toBe(postedDataHash(fields));
  });

  it('changes with any value or the order of values', () => {
    const hash = postedDataHash(fields);
    expect(postedDataHash({ ...fields, 'your-name': ['Erika '] })).not.toBe(hash);
    expect(postedDataHash({ ...fields, topics: ['b', 'a'] })).not.toBe(hash);
    expect(postedDataHash({ ...fields, extra: [] })).not.toBe(hash);
  });
});

describe('formStateOf', () => {
  it.each([
    ['validation_failed', 'invalid'],
    ['acceptance_missing', 'unaccepted'],
    ['spam', 'spam'],
    ['aborted', 'aborted'],
    ['mail_sent', 'sent'],
    ['mail_failed', 'failed'],
    ['payment_required', 'payment-required'],
    ['queued', 'custom-queued'],
    ['needs-review', 'custom-needs-review'],
    ['a b"<script>', 'custom-abscript'],
    ['', 'custom-'],
  ])('%j is the state %j', (status, state) => {
    expect(formStateOf(status)).toBe(state);
  });

  it('names every submission status without falling back to custom', () => {
    for (const status of SUBMISSION_STATUSES) expect(formStateOf(status)).not.toMatch(/^custom-/);
  });
});

describe('clientHashOf', () => {
  it('is stable per address and secret and does not contain the address', () => {
    const hash = clientHashOf('192.0.2.10', 'secret-one');
    expect(hash).toHaveLength(32);
    expect(clientHashOf('192.0.2.10', 'secret-one')).toBe(hash);
    expect(clientHashOf('192.0.2.11', 'secret-one')).not.toBe(hash);
    expect(clientHashOf('192.0.2.10', 'secret-two')).not.toBe(hash);
    expect(hash).not.toContain('192');
  });
});

describe('processSubmission', () => {
  let handle: DatabaseHandle;
  let form: ContactFormRow;
  let dir: string;
  let sent: MailMessage[];
  let mailResult: MailResult;
  let address = 0;

  beforeAll(async () => {
    handle = await openTestDatabase();
    await seedDemoForms(handle.db);
    form = (await findForm(handle.db, { slug: 'kontakt' }))!;
    dir = mkdtempSync(path.join(os.tmpdir(), 'forms-test-'));
  });
  afterAll(async () => {
    await handle?.close();
    rmSync(dir, { recursive: true, force: true });
  });
  beforeEach(() => {
    sent = [];
    mailResult = { ok: true, messageId: '<test@shop>' };
  });

  const deps = (): SubmissionDeps => ({
    db: handle.db,
    locale: 'de',
    t: serverTranslator('de'),
    secret: 'unit-test-secret',
    mailer: {
      send: async (message) => {
        sent.push(message);
        return mailResult;
      },
    },
    verifyCaptcha: async (_key, answer) => (answer === 'GOOD' ? 'ok' : 'wrong'),
  });

  const upload = (field: string, name: string, content: Buffer, type: string): ReceivedFile => {
    const file = path.join(dir, randomBytes(8).toString('hex'));
    writeFileSync(file, content);
    return { field, name, size: content.length, type, path: file };
  };

  const submit = (fields: Record<string, string[]>, files: ReceivedFile[] = []) => {
    const received: ReceivedForm = { fields, files, oversized: [], broken: false };
    return processSubmission(deps(), {
      form,
      received,
      sessionIdHash: null,
      // A new address each time keeps the rate limit out of these tests.
      clientAddress: `192.0.2.${++address}`,
      unitTag: 'f1-p1-o1',
    });
  };

  const valid = (): Record<string, string[]> => ({
    'your-name': ['Erika Mustermann'],
    'your-email': ['erika@example.org'],
    'your-subject': ['order'],
    'your-message': ['Meine Bestellung kam beschädigt an, bitte melden.'],
    privacy: ['1'],
    kc_key: ['k'.repeat(24)],
    kc_captcha: ['GOOD'],
  });

  const latest = async () =>
    (await handle.db.select().from(formSubmissions).orderBy(desc(formSubmissions.id)).limit(1))[0]!;

  it('mails the files of the form and deletes them afterwards', async () => {
    const png = upload('attachment[]', 'foto.png', pngFile(), 'image/png');
    const { feedback, refusal } = await submit(valid(), [png]);
    expect(refusal).toBeNull();
    expect(feedback.status).toBe('mail_sent');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      to: ['kontakt@ladenzeile-demo.example'],
      subject: 'Kontaktanfrage: Bestellung und Lieferung von Erika Mustermann',
      replyTo: 'erika@example.org',
    });
    expect(sent[0]!.attachments!.map((a) => [a.filename, a.contentType])).toEqual([
      ['foto.png', 'image/png'],
    ]);
    expect(existsSync(png.path)).toBe(false);
  });

  it('drops files sent under names that are not file fields of the form', async () => {
    const stray = upload(
      'payload',
      'evil.exe',
      Buffer.from('MZ\x90\0'),
      'application/octet-stream',
    );
    const asText = upload('your-name', 'name.pdf', pdfFile(), 'application/pdf');
    const { feedback } = await submit(valid(), [stray, asText]);
    expect(feedback.status).toBe('mail_sent');
    expect(sent[0]!.attachments).toEqual([]);
    expect((await latest()).files).toEqual([]);
    expect(existsSync(stray.path)).toBe(false);
    expect(existsSync(asText.path)).toBe(false);
  });

  it('does not let a file stand in for a required text field', async () => {
    const { 'your-name': _name, ...rest } = valid();
    const asText = upload('your-name', 'name.pdf', pdfFile(), 'application/pdf');
    const { feedback } = await submit(rest, [asText]);
    expect(feedback.status).toBe('validation_failed');
    expect(feedback.invalid_fields.map((i) => i.field)).toEqual(['your-name']);
    expect(existsSync(asText.path)).toBe(false);
  });

  it('keeps the submission and its files when the mail fails', async () => {
    mailResult = { ok: false, error: '550 mailbox unavailable' };
    const pdf = upload('attachment[]', 'beleg.pdf', pdfFile(), 'application/pdf');
    const { feedback } = await submit(valid(), [pdf]);
    expect(feedback).toMatchObject({
      status: 'mail_failed',
      message: CONTACT_FORM.messages.mail_sent_ng.de,
    });
    const row = await latest();
    expect(row).toMatchObject({ status: 'mail_failed', mailError: '550 mailbox unavailable' });
    expect(row.files).toEqual([
      { name: 'beleg.pdf', size: pdf.size, type: 'application/pdf', storedAs: pdf.path },
    ]);
    expect(existsSync(pdf.path)).toBe(true);
  });

  it('reports a wrong captcha only once all fields are valid', async () => {
    const wrong = { ...valid(), kc_captcha: ['BAD'] };
    const first = await submit({ ...wrong, 'your-email': ['kaputt'] });
    expect(first.feedback.invalid_fields.map((i) => i.field)).toEqual(['your-email']);
    const second = await submit(wrong);
    expect(second.feedback.invalid_fields).toEqual([
      {
        field: 'kc_captcha',
        message: serverTranslator('de')('forms.captcha_wrong'),
        idref: null,
        error_id: 'f1-p1-o1-ve-kc_captcha',
      },
    ]);
    expect(sent).toEqual([]);
  });
});
