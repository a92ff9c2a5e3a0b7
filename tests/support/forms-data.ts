import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { contactForms, formSubmissions } from '#app/domain/forms/forms.schema.ts';
import type { Tx } from '#app/lib/db.server.ts';
import { seedDemoForms } from '#db/seed/demo-forms.ts';
import type { Captcha, Fields } from './forms-client.ts';

/** A unique word to find one test's mail, file or row again. */
export const marker = () => `m${randomUUID().replace(/-/g, '')}`;

/** Seeds the demo forms and returns their ids. */
export async function seedForms(db: Tx): Promise<{ contactId: number; callbackId: number }> {
  await seedDemoForms(db);
  const forms = await db
    .select({ id: contactForms.id, slug: contactForms.slug })
    .from(contactForms);
  return {
    contactId: forms.find((f) => f.slug === 'kontakt')!.id,
    callbackId: forms.find((f) => f.slug === 'rueckruf')!.id,
  };
}

/**
 * Every test request comes from 127.0.0.1, so all tests share one rate-limit budget: earlier
 * submissions are moved out of the window through the database (no waiting).
 */
export async function forgetRecentSubmissions(db: Tx): Promise<void> {
  await db
    .update(formSubmissions)
    .set({ createdAt: sql`${formSubmissions.createdAt} - interval '1 hour'` });
}

/** The hidden fields the page's form carries, and the empty honeypot. */
export function hiddenFields(formId: number, containerPost: number): Fields {
  return {
    _form: String(formId),
    _form_version: '1',
    _form_locale: 'de',
    _form_unit_tag: `f${formId}-p${containerPost}-o1`,
    _form_container_post: String(containerPost),
    _form_posted_data_hash: '',
    'name-kc': '',
  };
}

/** The contact form (/contact, container post 1) filled in correctly, privacy ticked. */
export function contactFormFields(formId: number, overrides: Fields = {}): Fields {
  return {
    ...hiddenFields(formId, 1),
    'your-name': 'Erika Mustermann',
    'your-email': 'erika@example.org',
    'your-phone': '+49 30 1234567',
    'your-subject': 'order',
    'order-number': 'LZ-1001',
    'your-message': 'Meine Bestellung kam beschädigt an, bitte melden Sie sich bei mir.',
    privacy: '1',
    ...overrides,
  };
}

/** The call-back form (/rueckruf, container post 2) with only its required fields, correct. */
export function callbackFormFields(formId: number, overrides: Fields = {}): Fields {
  return {
    ...hiddenFields(formId, 2),
    'cb-name': 'Max Muster',
    'cb-phone': '030 1234567',
    'cb-date': '2026-03-02', // a Monday
    'cb-time': '10:30',
    'cb-topics[]': ['advice'],
    'cb-priority': 'normal',
    'cb-quiz': 'sieben',
    'cb-privacy': '1',
    ...overrides,
  };
}

/** The fields with the captcha's key and answer added. */
export function solved(fields: Fields, captcha: Captcha): Fields {
  return { ...fields, kc_key: captcha.key, kc_captcha: captcha.answer };
}
