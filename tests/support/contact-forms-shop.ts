import path from 'node:path';
import { desc } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { formSubmissions } from '#app/domain/forms/forms.schema.ts';
import { serverTranslator } from '#app/lib/i18n.server.ts';
import { type Captcha, type Fields, FormsClient, type Part } from './forms-client.ts';
import {
  callbackFormFields,
  contactFormFields,
  forgetRecentSubmissions,
  seedForms,
} from './forms-data.ts';
import { type TestShop, startTestShop } from './shop.ts';

export const de = serverTranslator('de');

export const en = serverTranslator('en');

export const MB = 1024 * 1024;

/** What the contact-form tests over HTTP share: the shop, its two forms and helpers. */
export let shop: TestShop;

export let contactId: number;

export let callbackId: number;

export const forget = () => forgetRecentSubmissions(shop.database.db);

export const contactFields = (overrides: Fields = {}) => contactFormFields(contactId, overrides);

export const callbackFields = (overrides: Fields = {}) => callbackFormFields(callbackId, overrides);

/** The captcha a feedback response hands out for the next try. */
export function nextCaptcha(body: any): Captcha {
  const c = body.captcha_details?.kc_captcha;
  expect(c).toMatchObject({ key: expect.stringMatching(/^\d{39}$/), audio: expect.any(String) });
  expect(c.image).toBe(`/forms/v1/captcha/${c.key}.png`);
  // Contact Form 7's shape: the answer field's name to the picture's address.
  expect(body.captcha).toEqual({ kc_captcha: c.image });
  return { key: c.key, answer: c.testAnswer, audio: c.audio };
}

export async function visit(page = '/contact', lang?: 'de' | 'en') {
  const client = new FormsClient(shop.url, { lang });
  const form = await client.page(page);
  expect(form.status).toBe(200);
  return { client, form };
}

export async function latestSubmission() {
  const [row] = await shop.database.db
    .select()
    .from(formSubmissions)
    .orderBy(desc(formSubmissions.id))
    .limit(1);
  return row!;
}

export const uploadsDir = () => path.join(shop.dataDir, 'uploads');

export const file = (name: string | Buffer, value: Buffer, field = 'attachment[]'): Part => ({
  name: field,
  value,
  filename: name,
  type: 'application/octet-stream',
});

export function expectCaptchaRejected(body: any, message = de('forms.captcha_wrong')) {
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

/**
 * A built shop of its own for the test file, with the demo forms; each test starts with no
 * recent submissions.
 */
export function withContactFormShop() {
  beforeAll(async () => {
    shop = await startTestShop();
    ({ contactId, callbackId } = await seedForms(shop.database.db));
  }, 120_000);
  afterAll(async () => {
    await shop?.close();
  });
  beforeEach(forget);
}
