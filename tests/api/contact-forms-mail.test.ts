import { existsSync } from 'node:fs';
import path from 'node:path';
import { desc } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { formSubmissions } from '#app/domain/forms/forms.schema.ts';
import { CONTACT_FORM } from '#db/seed/demo-forms.ts';
import { FormsClient, fieldParts } from '../support/forms-client.ts';
import {
  contactFormFields,
  forgetRecentSubmissions,
  marker,
  seedForms,
  solved,
} from '../support/forms-data.ts';
import { filesBelow, pdfFile } from '../support/forms-files.ts';
import { parseMail } from '../support/forms-mail.ts';
import { type TestSmtp, startTestSmtp } from '../support/forms-smtp.ts';
import { type TestShop, startTestShop } from '../support/shop.ts';

let smtp: TestSmtp;
let shop: TestShop;
let contactId: number;

beforeAll(async () => {
  smtp = await startTestSmtp();
  shop = await startTestShop({ env: { SMTP_URL: smtp.url } });
  ({ contactId } = await seedForms(shop.database.db));
});

afterAll(async () => {
  await shop?.close();
  await smtp?.close();
});

beforeEach(async () => {
  smtp.refuse(null);
  await forgetRecentSubmissions(shop.database.db);
});

/** Loads /contact and posts a correct message with a PDF attachment, captcha solved. */
async function sendContactMessage(m: string) {
  const client = new FormsClient(shop.url);
  const { captcha } = await client.page('/contact');
  const pdf = pdfFile(m);
  const reply = await client.submit(contactId, [
    ...fieldParts(
      solved(
        contactFormFields(contactId, { 'your-message': `Wo bleibt meine Lieferung? ${m}` }),
        captcha,
      ),
    ),
    { name: 'attachment[]', value: pdf, filename: 'beleg.pdf', type: 'application/pdf' },
  ]);
  return { reply, pdf };
}

async function latestSubmission() {
  const [row] = await shop.database.db
    .select()
    .from(formSubmissions)
    .orderBy(desc(formSubmissions.id))
    .limit(1);
  return row!;
}

describe('contact form mail over SMTP', () => {
  it('delivers a valid submission with envelope, headers, text and attachment', async () => {
    const m = marker();
    const { reply, pdf } = await sendContactMessage(m);
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      status: 'mail_sent',
      message: CONTACT_FORM.messages.mail_sent_ok.de,
    });

    const received = smtp.messages.filter((msg) => parseMail(msg.raw).text.includes(m));
    expect(received).toHaveLength(1);
    const [delivery] = received;
    expect(delivery!.to).toEqual(['kontakt@ladenzeile-demo.example']);
    expect(delivery!.from).toMatch(/^shop@/);
    const mail = parseMail(delivery!.raw);
    expect(mail.header('to')).toBe('kontakt@ladenzeile-demo.example');
    expect(mail.header('subject')).toBe(
      'Kontaktanfrage: Bestellung und Lieferung von Erika Mustermann',
    );
    expect(mail.header('reply-to')).toBe('erika@example.org');
    expect(mail.headers.has('bcc')).toBe(false);
    expect(mail.text).toContain('Name: Erika Mustermann');
    expect(mail.text).toContain('E-Mail: erika@example.org');
    expect(mail.text).toContain(`Nachricht:\nWo bleibt meine Lieferung? ${m}`);
    expect(mail.attachments).toHaveLength(1);
    const [attachment] = mail.attachments;
    expect(attachment!.filename).toBe('beleg.pdf');
    expect(attachment!.contentType).toBe('application/pdf');
    expect(attachment!.header('content-transfer-encoding')).toBe('base64');
    expect(attachment!.body.equals(pdf)).toBe(true);

    expect((await latestSubmission()).status).toBe('mail_sent');
    // With a mail server configured nothing is written to the outbox, and no upload is kept.
    expect(existsSync(path.join(shop.dataDir, 'outbox'))).toBe(false);
    expect(filesBelow(path.join(shop.dataDir, 'uploads'))).toEqual([]);
  });

  it.each(['rcpt', 'data'] as const)(
    'answers mail_failed when the server refuses at %s with 550, and keeps the submission',
    async (stage) => {
      smtp.refuse(stage);
      const before = smtp.messages.length;
      const m = marker();
      const { reply, pdf } = await sendContactMessage(m);
      expect(reply.status).toBe(200);
      expect(reply.body).toMatchObject({
        contact_form_id: contactId,
        status: 'mail_failed',
        message: CONTACT_FORM.messages.mail_sent_ng.de,
        invalid_fields: [],
      });
      // The captcha was used up, so the visitor gets a new one to try again.
      expect(reply.body.captcha.kc_captcha).toMatch(/^\/forms\/v1\/captcha\/\d{39}\.png$/);
      expect(reply.body.captcha_details.kc_captcha.key).toEqual(expect.any(String));
      expect(smtp.messages).toHaveLength(before);

      const row = await latestSubmission();
      expect(row).toMatchObject({ formId: contactId, status: 'mail_failed', mailedAt: null });
      expect(row.mailError).toMatch(/550/);
      expect(row.fields).toMatchObject({
        'your-name': ['Erika Mustermann'],
        'your-email': ['erika@example.org'],
        'your-subject': ['order'],
        'your-message': [`Wo bleibt meine Lieferung? ${m}`],
        privacy: ['1'],
      });
      // The attachment stays in the private upload folder for the owner to read.
      expect(row.files).toEqual([
        {
          name: 'beleg.pdf',
          size: pdf.length,
          type: 'application/pdf',
          storedAs: expect.any(String),
        },
      ]);
      const stored = row.files[0]!.storedAs!;
      expect(path.dirname(stored)).toBe(path.join(shop.dataDir, 'uploads'));
      expect(existsSync(stored)).toBe(true);
    },
  );
});
