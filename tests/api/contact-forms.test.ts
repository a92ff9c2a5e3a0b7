import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { formSubmissions } from '#app/domain/forms/forms.schema.ts';
import { postedDataHash } from '#app/domain/forms/forms.server.ts';
import { CALLBACK_FORM, CONTACT_FORM } from '#db/seed/demo-forms.ts';
import { FormsClient, captchaFromHtml, fieldParts, multipart } from '../support/forms-client.ts';
import { marker, solved } from '../support/forms-data.ts';
import { filesBelow, filesContaining, pngFile } from '../support/forms-files.ts';
import { mailsWith, outboxMails } from '../support/forms-mail.ts';
import {
  de,
  en,
  shop,
  contactId,
  forget,
  contactFields,
  callbackFields,
  nextCaptcha,
  visit,
  latestSubmission,
  uploadsDir,
  file,
  withContactFormShop,
} from '../support/contact-forms-shop.ts';

withContactFormShop();

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
