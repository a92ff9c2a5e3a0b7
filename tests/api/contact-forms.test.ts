import path from 'node:path';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { captchaChallenges } from '#app/domain/forms/captcha.schema.ts';
import { formSubmissions } from '#app/domain/forms/forms.schema.ts';
import { postedDataHash } from '#app/domain/forms/forms.server.ts';
import { serverTranslator } from '#app/lib/i18n.server.ts';
import type { TextKey } from '#app/lib/i18n.ts';
import { CALLBACK_FORM, CONTACT_FORM } from '#db/seed/demo-forms.ts';
import {
  type Captcha,
  type Fields,
  FormsClient,
  type Part,
  captchaFromHtml,
  fieldParts,
  multipart,
} from '../support/forms-client.ts';
import {
  callbackFormFields,
  contactFormFields,
  forgetRecentSubmissions,
  marker,
  seedForms,
  solved,
} from '../support/forms-data.ts';
import { filesBelow, filesContaining, pdfFile, pngFile } from '../support/forms-files.ts';
import { mailsWith, outboxMails } from '../support/forms-mail.ts';
import { type TestShop, startTestShop } from '../support/shop.ts';

const de = serverTranslator('de');
const en = serverTranslator('en');
const MB = 1024 * 1024;

let shop: TestShop;
let contactId: number;
let callbackId: number;

beforeAll(async () => {
  shop = await startTestShop();
  ({ contactId, callbackId } = await seedForms(shop.database.db));
});

afterAll(async () => {
  await shop?.close();
});

const forget = () => forgetRecentSubmissions(shop.database.db);
beforeEach(forget);

const contactFields = (overrides: Fields = {}) => contactFormFields(contactId, overrides);
const callbackFields = (overrides: Fields = {}) => callbackFormFields(callbackId, overrides);

/** The captcha a feedback response hands out for the next try. */
function nextCaptcha(body: any): Captcha {
  const c = body.captcha?.kc_captcha;
  expect(c).toMatchObject({
    key: expect.any(String),
    image: expect.stringMatching(/^data:image\/png;base64,/),
  });
  return { key: c.key, answer: c.testAnswer, audio: c.audio };
}

async function visit(page = '/contact', lang?: 'de' | 'en') {
  const client = new FormsClient(shop.url, { lang });
  const form = await client.page(page);
  expect(form.status).toBe(200);
  return { client, form };
}

async function latestSubmission() {
  const [row] = await shop.database.db
    .select()
    .from(formSubmissions)
    .orderBy(desc(formSubmissions.id))
    .limit(1);
  return row!;
}

const uploadsDir = () => path.join(shop.dataDir, 'uploads');
const file = (name: string | Buffer, value: Buffer, field = 'attachment[]'): Part => ({
  name: field,
  value,
  filename: name,
  type: 'application/octet-stream',
});

function expectCaptchaRejected(body: any, message = de('forms.captcha_wrong')) {
  expect(body.status).toBe('validation_failed');
  expect(body.invalid_fields).toEqual([
    {
      field: 'kc_captcha',
      message,
      idref: null,
      error_id: `f${contactId}-p1-o1-ve-kc_captcha`,
    },
  ]);
}

describe('a valid contact message', () => {
  it('is answered mail_sent in the full feedback shape, stored, and mailed with its attachment', async () => {
    const { client, form } = await visit();
    expect(form.formId).toBe(contactId);
    const m = marker();
    const png = pngFile(m);
    const fields = contactFields({ 'your-message': `Bitte rufen Sie mich zurück. Kennung ${m}` });
    const reply = await client.submit(contactId, [
      ...fieldParts(solved(fields, form.captcha)),
      file('foto.png', png),
    ]);

    const own = Object.fromEntries(
      CONTACT_FORM.fields
        .filter((f) => f.type !== 'file' && fields[f.name] !== undefined)
        .map((f) => [f.name, [fields[f.name] as string]]),
    );
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toMatch(/^application\/json/);
    expect(reply.body).toEqual({
      contact_form_id: contactId,
      status: 'mail_sent',
      message: CONTACT_FORM.messages.mail_sent_ok.de,
      invalid_fields: [],
      posted_data_hash: postedDataHash(own),
      into: `#${form.unitTag}`,
      captcha: {},
      quiz: {},
    });
    expect(form.unitTag).toBe(`f${contactId}-p1-o1`);

    const row = await latestSubmission();
    expect(row).toMatchObject({
      formId: contactId,
      status: 'mail_sent',
      postedDataHash: reply.body.posted_data_hash,
      locale: 'de',
      mailError: null,
      files: [{ name: 'foto.png', size: png.length, type: 'image/png', storedAs: null }],
    });
    expect(row.fields).toEqual(own);
    expect(row.fields).not.toHaveProperty('kc_captcha');
    expect(row.mailedAt).toBeInstanceOf(Date);

    const [mail, ...more] = mailsWith(shop.dataDir, m);
    expect(more).toHaveLength(0);
    expect(mail!.header('to')).toBe('kontakt@ladenzeile-demo.example');
    expect(mail!.header('subject')).toBe(
      'Kontaktanfrage: Bestellung und Lieferung von Erika Mustermann',
    );
    expect(mail!.header('reply-to')).toBe('erika@example.org');
    expect(mail!.header('from')).toMatch(/^Ladenzeile <shop@/);
    expect(mail!.text).toContain('Name: Erika Mustermann\nE-Mail: erika@example.org\n');
    expect(mail!.text).toContain('Bestellnummer: LZ-1001');
    expect(mail!.text).toContain(`Nachricht:\nBitte rufen Sie mich zurück. Kennung ${m}`);
    expect(mail!.attachments).toHaveLength(1);
    expect(mail!.attachments[0]!.filename).toBe('foto.png');
    expect(mail!.attachments[0]!.contentType).toBe('image/png');
    expect(mail!.attachments[0]!.body.equals(png)).toBe(true);

    // The upload waited in the private folder only until it was mailed.
    expect(filesBelow(uploadsDir())).toEqual([]);
    expect(filesContaining(path.resolve('build/client'), m)).toEqual([]);
    expect(filesContaining(path.join(shop.dataDir, 'media'), m)).toEqual([]);
  });
});

describe('validation', () => {
  const broken = {
    'your-name': '',
    'your-email': 'erika(at)example',
    'your-phone': 'call me',
    'your-message': 'Zu kurz.',
  };
  const expected = (unitTag: string) =>
    [
      ['your-name', de('forms.invalid_required')],
      ['your-email', de('forms.invalid_email')],
      ['your-phone', de('forms.invalid_tel')],
      ['your-message', de('forms.too_short', { min: 20 })],
    ].map(([field, message]) => ({
      field,
      message,
      idref: null,
      error_id: `${unitTag}-ve-${field}`,
    }));

  it('answers validation_failed with one entry per invalid field', async () => {
    const { client, form } = await visit();
    const reply = await client.submit(
      contactId,
      fieldParts(solved(contactFields(broken), form.captcha)),
    );
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      contact_form_id: contactId,
      status: 'validation_failed',
      message: CONTACT_FORM.messages.validation_error.de,
      posted_data_hash: expect.stringMatching(/^[0-9a-f]{32}$/),
      into: `#${form.unitTag}`,
      quiz: {},
    });
    expect(reply.body.invalid_fields).toEqual(expected(form.unitTag));
    nextCaptcha(reply.body);
    const row = await latestSubmission();
    expect(row.status).toBe('validation_failed');
    expect(row.fields['your-email']).toEqual(['erika(at)example']);
  });

  it('gives the same verdicts to a client that never loaded the page', async () => {
    const bare = new FormsClient(shop.url);
    const reply = await bare.submit(
      contactId,
      fieldParts({ ...broken, 'your-subject': 'order', privacy: '1' }),
    );
    expect(reply.status).toBe(200);
    expect(reply.body.status).toBe('validation_failed');
    // Without the hidden fields the unit tag falls back to container post 0.
    expect(reply.body.invalid_fields).toEqual(expected(`f${contactId}-p0-o1`));
    expect(reply.body.captcha).toEqual({});
    expect(bare.sessionCookie).toBeUndefined();
  });

  it('answers in the language of the lang cookie', async () => {
    const { client, form } = await visit('/contact', 'en');
    const reply = await client.submit(
      contactId,
      fieldParts(solved(contactFields(broken), form.captcha)),
    );
    expect(reply.body.message).toBe(CONTACT_FORM.messages.validation_error.en);
    expect(reply.body.invalid_fields[0].message).toBe(en('forms.invalid_required'));
  });

  it('answers acceptance_missing when all is valid but the privacy box is not ticked', async () => {
    const { client, form } = await visit();
    const m = marker();
    const reply = await client.submit(
      contactId,
      fieldParts(
        solved(
          contactFields({ privacy: [], 'your-message': `Alles richtig, nur ohne Zustimmung ${m}` }),
          form.captcha,
        ),
      ),
    );
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      status: 'acceptance_missing',
      message: CONTACT_FORM.messages.accept_terms.de,
      invalid_fields: [],
    });
    nextCaptcha(reply.body);
    expect((await latestSubmission()).status).toBe('acceptance_missing');
    expect(mailsWith(shop.dataDir, m)).toEqual([]);
  });

  it('treats a filled honeypot as spam: stored as such, no mail, no file kept', async () => {
    const { client, form } = await visit();
    const m = marker();
    const reply = await client.submit(contactId, [
      ...fieldParts(
        solved(
          contactFields({ 'name-kc': 'bot', 'your-message': `Billige Uhren hier ${m}` }),
          form.captcha,
        ),
      ),
      file('foto.png', pngFile(m)),
    ]);
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      status: 'spam',
      message: CONTACT_FORM.messages.spam.de,
      invalid_fields: [],
    });
    const row = await latestSubmission();
    expect(row.status).toBe('spam');
    expect(row.files).toEqual([]);
    expect(mailsWith(shop.dataDir, m)).toEqual([]);
    expect(filesBelow(uploadsDir())).toEqual([]);
  });

  it('refuses the sixth submission within ten minutes with 429 aborted, for the session and the address', async () => {
    const { client } = await visit();
    for (let i = 1; i <= 5; i++) {
      const reply = await client.submit(contactId, fieldParts(contactFields({ 'your-name': '' })));
      expect(reply.status, `submission ${i}`).toBe(200);
      expect(reply.body.status).toBe('validation_failed');
    }
    const sixth = await client.submit(contactId, fieldParts(contactFields({ 'your-name': '' })));
    expect(sixth.status).toBe(429);
    expect(sixth.body).toMatchObject({
      contact_form_id: contactId,
      status: 'aborted',
      message: de('forms.rate_limited'),
      invalid_fields: [],
    });
    expect(sixth.body.message).toMatch(/Minuten/);
    // Another session from the same address is counted together with it.
    const other = await visit();
    const seventh = await other.client.submit(
      contactId,
      fieldParts(contactFields({ 'your-name': '' })),
    );
    expect(seventh.status).toBe(429);
    expect(
      await shop.database.db.$count(formSubmissions, eq(formSubmissions.status, 'aborted')),
    ).toBe(0);
    // Once the window has passed, the visitor may send again.
    await forget();
    const later = await client.submit(contactId, fieldParts(contactFields({ 'your-name': '' })));
    expect(later.status).toBe(200);
  });
});

describe('captcha', () => {
  it('rejects a missing answer without burning the challenge', async () => {
    const { client, form } = await visit();
    const withoutAnswer = await client.submit(
      contactId,
      fieldParts({ ...contactFields(), kc_key: form.captcha.key }),
    );
    expectCaptchaRejected(withoutAnswer.body);
    nextCaptcha(withoutAnswer.body);
    const answered = await client.submit(
      contactId,
      fieldParts(solved(contactFields(), form.captcha)),
    );
    expect(answered.body.status).toBe('mail_sent');
  });

  it('burns a challenge on a wrong answer and hands out a fresh one', async () => {
    const { client, form } = await visit();
    const wrong = await client.submit(
      contactId,
      fieldParts({ ...contactFields(), kc_key: form.captcha.key, kc_captcha: 'XXXXX' }),
    );
    expectCaptchaRejected(wrong.body);
    const fresh = nextCaptcha(wrong.body);
    expect(fresh.key).not.toBe(form.captcha.key);
    const late = await client.submit(contactId, fieldParts(solved(contactFields(), form.captcha)));
    expectCaptchaRejected(late.body);
    const ok = await client.submit(contactId, fieldParts(solved(contactFields(), fresh)));
    expect(ok.body.status).toBe('mail_sent');
  });

  it('accepts the answer case- and space-insensitively, but only once', async () => {
    const { client, form } = await visit();
    const spaced = {
      ...form.captcha,
      answer: ` ${form.captcha.answer.toLowerCase().split('').join(' ')} `,
    };
    const first = await client.submit(contactId, fieldParts(solved(contactFields(), spaced)));
    expect(first.body.status).toBe('mail_sent');
    const replay = await client.submit(
      contactId,
      fieldParts(solved(contactFields(), form.captcha)),
    );
    expectCaptchaRejected(replay.body);
  });

  it('rejects an expired challenge with the expiry message', async () => {
    const { client, form } = await visit();
    await shop.database.db
      .update(captchaChallenges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(captchaChallenges.key, form.captcha.key));
    const reply = await client.submit(contactId, fieldParts(solved(contactFields(), form.captcha)));
    expectCaptchaRejected(reply.body, de('forms.captcha_expired'));
    nextCaptcha(reply.body);
  });

  it("rejects another session's challenge and leaves it usable for its owner", async () => {
    const owner = await visit();
    const thief = await visit();
    const stolen = await thief.client.submit(
      contactId,
      fieldParts(solved(contactFields(), owner.form.captcha)),
    );
    expectCaptchaRejected(stolen.body);
    const own = await owner.client.submit(
      contactId,
      fieldParts(solved(contactFields(), owner.form.captcha)),
    );
    expect(own.body.status).toBe('mail_sent');
  });

  it('rejects a straight API post that never solved a captcha', async () => {
    const bare = new FormsClient(shop.url);
    const none = await bare.submit(contactId, fieldParts(contactFields()));
    expect(none.body.invalid_fields.map((i: any) => i.field)).toEqual(['kc_captcha']);
    const guessed = await bare.submit(
      contactId,
      fieldParts({ ...contactFields(), kc_key: 'A'.repeat(24), kc_captcha: 'ACDEF' }),
    );
    expectCaptchaRejected(guessed.body);
    // A real key read from a page is no use without that page's session cookie.
    const { form } = await visit();
    const cookieless = await bare.submit(
      contactId,
      fieldParts(solved(contactFields(), form.captcha)),
    );
    expectCaptchaRejected(cookieless.body);
  });
});

describe('header injection', () => {
  it('keeps CR/LF out of the headers and takes recipients only from the definition', async () => {
    const { client, form } = await visit();
    const m = marker();
    const reply = await client.submit(
      contactId,
      fieldParts(
        solved(
          contactFields({
            'your-name': 'Eve\r\nBcc: victim@example.org',
            'your-message': `Hallo, nur eine kurze Frage. ${m}`,
            to: 'attacker@example.org',
            recipient: 'attacker@example.org',
            'your-recipient': 'attacker@example.org',
            cc: 'attacker@example.org',
          }),
          form.captcha,
        ),
      ),
    );
    expect(reply.body.status).toBe('mail_sent');
    const [mail] = mailsWith(shop.dataDir, m);
    expect(mail).toBeDefined();
    expect(mail!.headers.has('bcc')).toBe(false);
    expect(mail!.headers.has('cc')).toBe(false);
    expect(mail!.rawHeaders.filter((line) => /^(bcc|cc|to)\s*:/i.test(line))).toEqual([
      'To: kontakt@ladenzeile-demo.example',
    ]);
    const subject = mail!.header('subject')!;
    expect(subject).not.toMatch(/[\r\n]/);
    expect(subject).toBe(
      'Kontaktanfrage: Bestellung und Lieferung von Eve Bcc: victim@example.org',
    );
    expect(mail!.headers.get('subject')).toHaveLength(1);
    expect(mail!.raw).not.toContain('attacker@example.org');
    const row = await latestSubmission();
    expect(Object.keys(row.fields)).not.toContain('to');
    expect(Object.keys(row.fields)).not.toContain('recipient');
  });

  it('refuses a tampered subject choice and a Reply-To address with a line break', async () => {
    const { client, form } = await visit();
    const m = marker();
    const reply = await client.submit(
      contactId,
      fieldParts(
        solved(
          contactFields({
            'your-subject': 'order\r\nBcc: victim@example.org',
            'your-email': 'eve@example.org\r\nBcc: victim@example.org',
            'your-message': `Hallo, nur eine kurze Frage. ${m}`,
          }),
          form.captcha,
        ),
      ),
    );
    expect(reply.body.status).toBe('validation_failed');
    expect(reply.body.invalid_fields.map((i: any) => [i.field, i.message])).toEqual([
      ['your-email', de('forms.invalid_email')],
      ['your-subject', de('forms.invalid_choice')],
    ]);
    expect(mailsWith(shop.dataDir, m)).toEqual([]);
  });
});

describe('hostile uploads', () => {
  const fileError = (field: string, message: string) => [
    { field, message, idref: null, error_id: `f${contactId}-p1-o1-ve-${field}` },
  ];
  const m = marker();
  const corpus: [string, () => Part, TextKey][] = [
    ['a double extension', () => file('invoice.pdf.exe', pdfFile(m)), 'forms.file_type_invalid'],
    [
      'an SVG with a script',
      () =>
        file(
          'bild.svg',
          Buffer.from(
            `<svg xmlns="http://www.w3.org/2000/svg"><script>alert("${m}")</script></svg>`,
          ),
        ),
      'forms.file_type_invalid',
    ],
    [
      'an SVG named .png',
      () =>
        file(
          'bild.png',
          Buffer.from(
            `<svg xmlns="http://www.w3.org/2000/svg"><script>alert("${m}")</script></svg>`,
          ),
        ),
      'forms.file_type_invalid',
    ],
    ['a PNG named .pdf', () => file('scan.pdf', pngFile(m)), 'forms.file_type_invalid'],
    [
      'a .pdf that is no PDF',
      () => file('rechnung.pdf', Buffer.from(`MZ\x90\0 not a pdf ${m}`)),
      'forms.file_type_invalid',
    ],
    [
      'a file over the 5 MB of the field',
      () => file('gross.pdf', pdfFile(m, 6 * MB)),
      'forms.file_too_large',
    ],
    [
      'a file over the 10 MB request limit, cut while streaming',
      () => file('riesig.pdf', pdfFile(m, 11 * MB)),
      'forms.file_too_large',
    ],
    [
      'a single-file field sent without brackets',
      () => file('invoice.pdf.exe', pdfFile(m), 'attachment'),
      'forms.file_type_invalid',
    ],
  ];

  it.each(corpus)('refuses %s without keeping it', async (_name, make, error) => {
    const { client, form } = await visit();
    const reply = await client.submit(contactId, [
      ...fieldParts(
        solved(
          contactFields({ 'your-message': `Anbei die Datei, bitte prüfen. ${m}` }),
          form.captcha,
        ),
      ),
      make(),
    ]);
    expect(reply.status).toBe(200);
    expect(reply.body.status).toBe('validation_failed');
    expect(reply.body.invalid_fields).toEqual(fileError('attachment', de(error)));
    const row = await latestSubmission();
    expect(row.status).toBe('validation_failed');
    expect(row.files).toEqual([]);
    expect(filesBelow(uploadsDir())).toEqual([]);
    expect(mailsWith(shop.dataDir, m)).toEqual([]);
  });

  it.each([
    ['a path in the name', '../../etc/passwd.png', 'passwd.png'],
    ['a Windows path in the name', 'C:\\Users\\eve\\..\\bild.png', 'bild.png'],
    [
      'invalid UTF-8 in the name',
      Buffer.concat([Buffer.from('bi'), Buffer.from([0xff, 0xfe]), Buffer.from('ld.png')]),
      'bild.png',
    ],
    ['shell and path specials in the name', 'a<b>|c?*:d.PNG', 'abcd.png'],
    ['a hidden-file name', '.htaccess.png', 'htaccess.png'],
  ])('mails a PNG with %s under a safe name only', async (_name, rawName, safeName) => {
    const { client, form } = await visit();
    const mm = marker();
    const png = pngFile(mm);
    const reply = await client.submit(contactId, [
      ...fieldParts(
        solved(
          contactFields({ 'your-message': `Anbei das Foto, bitte prüfen. ${mm}` }),
          form.captcha,
        ),
      ),
      file(rawName, png),
    ]);
    expect(reply.body.status).toBe('mail_sent');
    const row = await latestSubmission();
    expect(row.files).toEqual([
      { name: safeName, size: png.length, type: 'image/png', storedAs: null },
    ]);
    const [mail] = mailsWith(shop.dataDir, mm);
    expect(mail!.attachments.map((a) => a.filename)).toEqual([safeName]);
    expect(mail!.attachments[0]!.body.equals(png)).toBe(true);
    expect(mail!.raw).not.toContain('etc/passwd');
    expect(filesBelow(uploadsDir())).toEqual([]);
    expect(filesContaining(path.resolve('build/client'), mm)).toEqual([]);
    expect(filesContaining(path.join(shop.dataDir, 'media'), mm)).toEqual([]);
  });

  it('neither mails nor keeps files sent under fields that are not file fields of the form', async () => {
    const { client, form } = await visit();
    const mm = marker();
    const reply = await client.submit(contactId, [
      ...fieldParts(
        solved(
          contactFields({ 'your-message': `Nur eine Frage, ohne Anhang. ${mm}` }),
          form.captcha,
        ),
      ),
      file('evil.exe', Buffer.from(`MZ\x90\0 ${mm}`, 'latin1'), 'payload'),
      file('notiz.pdf', pdfFile(mm), 'order-number'),
    ]);
    expect(reply.body.status).toBe('mail_sent');
    const [mail] = mailsWith(shop.dataDir, mm);
    expect(mail!.attachments).toEqual([]);
    expect((await latestSubmission()).files).toEqual([]);
    expect(filesBelow(uploadsDir())).toEqual([]);
  });

  it('does not take a file for a required text field', async () => {
    const { client, form } = await visit();
    const reply = await client.submit(contactId, [
      ...fieldParts(solved(contactFields({ 'your-name': [] }), form.captcha)),
      file('name.pdf', pdfFile(marker()), 'your-name'),
    ]);
    expect(reply.body.status).toBe('validation_failed');
    expect(reply.body.invalid_fields.map((i: any) => [i.field, i.message])).toEqual([
      ['your-name', de('forms.invalid_required')],
    ]);
    expect(filesBelow(uploadsDir())).toEqual([]);
  });

  it('answers a control character in a part header as an unreadable request', async () => {
    const { client, form } = await visit();
    const reply = await client.submit(contactId, [
      ...fieldParts(solved(contactFields(), form.captcha)),
      file(Buffer.from('bi\x07ld.png', 'latin1'), pngFile(m)),
    ]);
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({
      status: 'validation_failed',
      message: de('forms.request_broken'),
      invalid_fields: [],
    });
    expect(filesBelow(uploadsDir())).toEqual([]);
  });

  it('never leaves an upload under the public folders', () => {
    expect(filesContaining(path.resolve('build/client'), m)).toEqual([]);
    expect(filesContaining(path.join(shop.dataDir, 'media'), m)).toEqual([]);
    expect(filesBelow(uploadsDir())).toEqual([]);
  });
});

describe('the call-back form', () => {
  async function submitCallback(fields: Fields, extra: Part[] = []) {
    const { client, form } = await visit('/rueckruf');
    expect(form.formId).toBe(callbackId);
    return client.submit(callbackId, [...fieldParts(solved(fields, form.captcha)), ...extra]);
  }
  const errorsOf = (body: any) =>
    Object.fromEntries(body.invalid_fields.map((i: any) => [i.field, i.message]));

  it('sends a complete request with every optional field', async () => {
    const m = marker();
    const pdf = pdfFile(m, 2048);
    const reply = await submitCallback(
      callbackFields({
        'cb-name': `Jörg Jäger ${m}`,
        'cb-website': 'www.example.com',
        'cb-topics[]': ['advice', 'bulk'],
        'cb-channel[]': ['video'],
        'cb-budget': '150',
        'cb-customer': '12345',
        'cb-alternative': 'joerg@example.org',
        'cb-quiz': ' SEVEN ',
        'cb-newsletter': '1',
      }),
      [file('unterlagen.pdf', pdf, 'cb-documents')],
    );
    expect(reply.body).toMatchObject({
      status: 'mail_sent',
      message: CALLBACK_FORM.messages.mail_sent_ok.de,
      into: `#f${callbackId}-p2-o1`,
    });
    const [mail] = mailsWith(shop.dataDir, m);
    expect(mail!.header('to')).toBe('rueckruf@ladenzeile-demo.example');
    expect(mail!.header('subject')).toBe(`Rückrufwunsch von Jörg Jäger ${m} am 2026-03-02`);
    expect(mail!.header('reply-to')).toBeUndefined();
    expect(mail!.text).toContain('Wunschtermin: 2026-03-02 um 10:30');
    expect(mail!.text).toContain('Themen: Produktberatung, Großbestellung');
    expect(mail!.text).toContain('Budget: 150 €');
    expect(mail!.text).toContain('Newsletter: ja');
    expect(mail!.attachments.map((a) => [a.filename, a.body.length])).toEqual([
      ['unterlagen.pdf', pdf.length],
    ]);
  });

  it('sends with the optional acceptance left out', async () => {
    const reply = await submitCallback(callbackFields());
    expect(reply.body.status).toBe('mail_sent');
  });

  it('checks url, step, weekday, time, exclusive and max items, combined rules, quiz and minimum file size', async () => {
    const reply = await submitCallback(
      callbackFields({
        'cb-website': 'javascript:alert(1)',
        'cb-date': '2026-03-07', // a Saturday
        'cb-time': '25:00',
        'cb-topics[]': ['advice', 'bulk', 'complaint'],
        'cb-channel[]': ['phone', 'video'],
        'cb-budget': '75',
        'cb-customer': '123',
        'cb-alternative': 'beim Nachbarn',
        'cb-quiz': '8',
      }),
      [file('klein.pdf', pdfFile(marker()), 'cb-documents')],
    );
    expect(reply.body.status).toBe('validation_failed');
    expect(errorsOf(reply.body)).toEqual({
      'cb-website': de('forms.invalid_url'),
      'cb-date': de('forms.invalid_dayofweek'),
      'cb-time': de('forms.invalid_time'),
      'cb-topics': de('forms.too_many_items', { max: 2 }),
      'cb-channel': de('forms.too_many_items', { max: 1 }),
      'cb-budget': de('forms.invalid_step', { step: 50 }),
      'cb-customer': CALLBACK_FORM.fields.find((f) => f.name === 'cb-customer')!.combined!.error.de,
      'cb-alternative': CALLBACK_FORM.fields.find((f) => f.name === 'cb-alternative')!.combined!
        .error.de,
      'cb-documents': de('forms.file_too_small'),
      'cb-quiz': de('forms.quiz_wrong'),
    });
    expect(reply.body.invalid_fields.map((i: any) => i.error_id)).toContain(
      `f${callbackId}-p2-o1-ve-cb-quiz`,
    );
  });

  it('checks number and date bounds, required choices, the maximum file size and the other combined branch', async () => {
    const reply = await submitCallback(
      callbackFields({
        'cb-date': '2025-12-31',
        'cb-topics[]': [],
        'cb-budget': '10050',
        'cb-customer': '123456',
        'cb-alternative': '+49 170 1234567',
        'cb-priority': 'sofort',
      }),
      [file('gross.pdf', pdfFile(marker(), 3 * MB), 'cb-documents')],
    );
    expect(errorsOf(reply.body)).toEqual({
      'cb-date': de('forms.date_too_early', { min: '2026-01-01' }),
      'cb-topics': de('forms.choose_one'),
      'cb-budget': de('forms.number_too_large', { max: 10000 }),
      'cb-customer': CALLBACK_FORM.fields.find((f) => f.name === 'cb-customer')!.combined!.error.de,
      'cb-priority': de('forms.invalid_choice'),
      'cb-documents': de('forms.file_too_large'),
    });
    await forget();
    const more = await submitCallback(
      callbackFields({
        'cb-date': '2028-01-03',
        'cb-budget': '-50',
        'cb-topics[]': ['other'],
        'cb-website': 'http://exa mple.com',
        'cb-phone': '12345',
      }),
    );
    expect(errorsOf(more.body)).toEqual({
      'cb-phone': de('forms.invalid_tel'),
      'cb-website': de('forms.invalid_url'),
      'cb-date': de('forms.date_too_late', { max: '2027-12-31' }),
      'cb-topics': de('forms.invalid_choice'),
      'cb-budget': de('forms.number_too_small', { min: 0 }),
    });
    expect(filesBelow(uploadsDir())).toEqual([]);
  });

  it('answers acceptance_missing when "younger than 18" is ticked or consent is missing', async () => {
    const minor = await submitCallback(callbackFields({ 'cb-minor': '1' }));
    expect(minor.body).toMatchObject({
      status: 'acceptance_missing',
      message: CALLBACK_FORM.messages.accept_terms.de,
    });
    const noConsent = await submitCallback(callbackFields({ 'cb-privacy': [] }));
    expect(noConsent.body.status).toBe('acceptance_missing');
  });
});

describe('schema, refill and errors', () => {
  it('serves the rules in the language of the cookie, without acceptance or quiz answers', async () => {
    const res = await new FormsClient(shop.url, { lang: 'en' }).get(
      `/forms/v1/contact-forms/${contactId}/feedback/schema`,
    );
    expect(res.status).toBe(200);
    const body = (await res.json()) as any;
    expect(body).toMatchObject({ version: 1, locale: 'en' });
    expect(body.rules).toEqual(
      expect.arrayContaining([
        { rule: 'required', field: 'your-name', error: en('forms.invalid_required') },
        { rule: 'email', field: 'your-email', error: en('forms.invalid_email') },
        {
          rule: 'minlength',
          field: 'your-message',
          error: en('forms.too_short', { min: 20 }),
          threshold: 20,
        },
        {
          rule: 'maxfilesize',
          field: 'attachment',
          error: en('forms.file_too_large'),
          threshold: 5 * MB,
        },
        {
          rule: 'file',
          field: 'attachment',
          error: en('forms.file_type_invalid'),
          accept: ['.pdf', '.jpg', '.jpeg', '.png'],
        },
      ]),
    );
    expect(body.rules.some((r: any) => r.field === 'privacy')).toBe(false);

    const cb = (await (
      await fetch(`${shop.url}/forms/v1/contact-forms/${callbackId}/feedback/schema`)
    ).json()) as any;
    expect(cb.locale).toBe('de');
    expect(cb.rules).toEqual(
      expect.arrayContaining([
        {
          rule: 'stepnumber',
          field: 'cb-budget',
          error: de('forms.invalid_step', { step: 50 }),
          base: 0,
          interval: 50,
        },
        {
          rule: 'dayofweek',
          field: 'cb-date',
          error: de('forms.invalid_dayofweek'),
          accept: [1, 2, 3, 4, 5],
        },
        { rule: 'mindate', field: 'cb-date', error: expect.any(String), threshold: '2026-01-01' },
        { rule: 'maxitems', field: 'cb-channel', error: expect.any(String), threshold: 1 },
        {
          rule: 'minitems',
          field: 'cb-topics',
          error: de('forms.too_few_items', { min: 1 }),
          threshold: 1,
        },
        { rule: 'minfilesize', field: 'cb-documents', error: expect.any(String), threshold: 1024 },
        expect.objectContaining({ rule: 'any', field: 'cb-alternative', rules: expect.any(Array) }),
      ]),
    );
    expect(JSON.stringify(cb)).not.toMatch(/sieben|cb-quiz|cb-minor/);
  });

  it('refills a form with a new captcha that can be used', async () => {
    const client = new FormsClient(shop.url);
    const res = await client.get(`/forms/v1/contact-forms/${callbackId}/refill`);
    expect(res.status).toBe(200);
    expect(client.sessionCookie).toBeDefined();
    const body = (await res.json()) as any;
    expect(body.quiz).toEqual({
      'cb-quiz': [CALLBACK_FORM.fields.find((f) => f.name === 'cb-quiz')!.quiz!.question.de, ''],
    });
    const captcha = nextCaptcha(body);
    const again = (await (
      await client.get(`/forms/v1/contact-forms/${contactId}/refill`)
    ).json()) as any;
    expect(again.quiz).toEqual({});
    expect(nextCaptcha(again).key).not.toBe(captcha.key);
    const reply = await client.submit(callbackId, fieldParts(solved(callbackFields(), captcha)));
    expect(reply.body.status).toBe('mail_sent');
  });

  it('answers an unknown form with 404 JSON', async () => {
    const client = new FormsClient(shop.url);
    for (const id of ['999', 'abc', '1e3']) {
      const posted = await client.submit(id, fieldParts(contactFields()));
      expect(posted.status, id).toBe(404);
      expect(posted.body).toMatchObject({ code: 'contact_form_not_found', data: { status: 404 } });
      for (const suffix of ['feedback/schema', 'refill']) {
        const res = await client.get(`/forms/v1/contact-forms/${id}/${suffix}`);
        expect(res.status, `${id} ${suffix}`).toBe(404);
        expect(((await res.json()) as any).code).toBe('contact_form_not_found');
      }
    }
  });

  it('answers unreadable bodies with 4xx JSON, never 5xx', async () => {
    const client = new FormsClient(shop.url);
    await client.page('/contact');
    const url = `/forms/v1/contact-forms/${contactId}/feedback`;
    const cases: [string, string | Buffer, Record<string, string>][] = [
      [
        'truncated multipart',
        '--xyz\r\nContent-Disposition: form-data; name="your-name"\r\n\r\nEve',
        { 'content-type': 'multipart/form-data; boundary=xyz' },
      ],
      [
        'multipart without boundary',
        multipart(fieldParts(contactFields())).body,
        { 'content-type': 'multipart/form-data' },
      ],
      [
        'garbage after the boundary',
        Buffer.from('--xyz\r\n\0\0\0garbage\r\n\r\n'),
        { 'content-type': 'multipart/form-data; boundary=xyz' },
      ],
      ['JSON', JSON.stringify(contactFields()), { 'content-type': 'application/json' }],
      ['plain text', 'your-name=Eve', { 'content-type': 'text/plain' }],
      ['no content type', 'your-name=Eve', {}],
    ];
    for (const [name, body, headers] of cases) {
      const res = await client.post(url, body, headers);
      expect(res.status, name).toBeGreaterThanOrEqual(400);
      expect(res.status, name).toBeLessThan(500);
      expect(res.headers.get('content-type'), name).toMatch(/^application\/json/);
      const json = (await res.json()) as any;
      expect(json.status, name).toBe('validation_failed');
      expect(json.message, name).toBe(de('forms.request_broken'));
    }
    const get = await client.get(url);
    expect(get.status).toBe(405);
    expect(filesBelow(uploadsDir())).toEqual([]);
  });

  it('refuses a form post from a foreign origin', async () => {
    const { client, form } = await visit();
    const { body, contentType } = multipart(fieldParts(solved(contactFields(), form.captcha)));
    const res = await client.post(`/forms/v1/contact-forms/${contactId}/feedback`, body, {
      'content-type': contentType,
      origin: 'https://evil.example',
    });
    expect(res.status).toBe(403);
    expect(((await res.json()) as any).code).toBe('rest_forbidden_origin');
  });
});

describe('captcha regeneration and audio', () => {
  async function regenerate(client: FormsClient, fields: Record<string, string>) {
    return client.post('/wc-ajax/captcha_regenerate', new URLSearchParams(fields).toString(), {
      'content-type': 'application/x-www-form-urlencoded',
    });
  }

  it('returns the captcha HTML for both modes', async () => {
    const { client, form } = await visit();
    const full = await regenerate(client, {
      toggle: form.unitTag,
      generate: 'generate_full',
      lang: 'en',
    });
    expect(full.status).toBe(200);
    expect(full.headers.get('content-type')).toMatch(/^text\/html/);
    const fullHtml = await full.text();
    expect(fullHtml).toMatch(/<img[^>]+src="data:image\/png;base64,/);
    expect(fullHtml).toContain('name="kc_captcha"');
    expect(fullHtml).toContain(en('forms.captcha_label'));
    const fullCaptcha = captchaFromHtml(fullHtml);

    const inner = await regenerate(client, {
      toggle: form.unitTag,
      generate: 'regenerate_inner',
      lang: 'de',
    });
    expect(inner.status).toBe(200);
    const innerHtml = await inner.text();
    expect(innerHtml).toContain('<img');
    expect(innerHtml).not.toContain('name="kc_captcha"');
    const innerCaptcha = captchaFromHtml(innerHtml);
    expect(new Set([form.captcha.key, fullCaptcha.key, innerCaptcha.key]).size).toBe(3);

    const reply = await client.submit(contactId, fieldParts(solved(contactFields(), innerCaptcha)));
    expect(reply.body.status).toBe('mail_sent');
  });

  it('answers 400 for a bad toggle or mode and 404 for an unknown form', async () => {
    const { client, form } = await visit();
    for (const [fields, status] of [
      [{ toggle: 'nonsense', generate: 'generate_full' }, 400],
      [{ toggle: `${form.unitTag}"><script>`, generate: 'generate_full' }, 400],
      [{ generate: 'generate_full' }, 400],
      [{ toggle: form.unitTag, generate: 'everything' }, 400],
      [{ toggle: 'f999-p1-o1', generate: 'generate_full' }, 404],
    ] as const) {
      const res = await regenerate(client, fields as Record<string, string>);
      expect(res.status, JSON.stringify(fields)).toBe(status);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      await res.arrayBuffer();
    }
  });

  it("speaks the session's captcha as WAV and nothing for a wrong secret or another session", async () => {
    const { client, form } = await visit();
    expect(form.captcha.audio).toMatch(/^\/wc-ajax\/captcha_audio\?key=[^&]+&secret=[\w-]{32}$/);
    const res = await client.get(form.captcha.audio);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('audio/wav');
    const wav = Buffer.from(await res.arrayBuffer());
    expect(wav.toString('ascii', 0, 4)).toBe('RIFF');
    expect(wav.toString('ascii', 8, 12)).toBe('WAVE');
    expect(wav.length).toBeGreaterThan(1000);

    const secret = /secret=([\w-]+)/.exec(form.captcha.audio)![1]!;
    const flipped = `${secret[0] === 'A' ? 'B' : 'A'}${secret.slice(1)}`;
    const wrong = await client.get(form.captcha.audio.replace(secret, flipped));
    expect(wrong.status).toBe(404);
    await wrong.arrayBuffer();

    const other = await visit();
    const foreign = await other.client.get(form.captcha.audio);
    expect(foreign.status).toBe(404);
    await foreign.arrayBuffer();
    const anonymous = await fetch(`${shop.url}${form.captcha.audio}`);
    expect(anonymous.status).toBe(404);
    await anonymous.arrayBuffer();
  });
});

describe('the page without JavaScript', () => {
  it('re-renders the contact page with the errors and the posted values', async () => {
    const { client, form } = await visit();
    const { body, contentType } = multipart(
      fieldParts(
        solved(contactFields({ 'your-name': '', 'your-email': 'kaputt-at-example' }), form.captcha),
      ),
    );
    const res = await client.post('/contact', body, { 'content-type': contentType });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html).toContain(CONTACT_FORM.messages.validation_error.de);
    expect(html).toContain(de('forms.invalid_required'));
    expect(html).toContain(de('forms.invalid_email'));
    expect(html).toContain(`id="${form.unitTag}-ve-your-email"`);
    expect(html).toContain('value="kaputt-at-example"');
    // A new captcha to try again with.
    expect(captchaFromHtml(html).key).not.toBe(form.captcha.key);
  });

  it('sends a correct plain post and shows the thank-you text', async () => {
    const { client, form } = await visit('/rueckruf');
    const { body, contentType } = multipart(fieldParts(solved(callbackFields(), form.captcha)));
    const res = await client.post('/rueckruf', body, { 'content-type': contentType });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(CALLBACK_FORM.messages.mail_sent_ok.de);
    expect(outboxMails(shop.dataDir).length).toBeGreaterThan(0);
  });
});
