import { describe, expect, it } from 'vitest';
import { CALLBACK_FORM } from '#db/seed/demo-forms.ts';
import {
  type Fields,
  FormsClient,
  type Part,
  fieldParts,
  multipart,
} from '../support/forms-client.ts';
import { marker, solved } from '../support/forms-data.ts';
import { filesBelow, pdfFile } from '../support/forms-files.ts';
import { mailsWith } from '../support/forms-mail.ts';
import {
  de,
  en,
  MB,
  shop,
  contactId,
  callbackId,
  forget,
  contactFields,
  callbackFields,
  nextCaptcha,
  visit,
  uploadsDir,
  file,
  withContactFormShop,
} from '../support/contact-forms-shop.ts';

/** The call-back form, and the forms API's schema, refill and error answers. */

withContactFormShop();

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
