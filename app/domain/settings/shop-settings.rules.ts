// The shop and checkout settings forms: what each field may hold. Pure, so the page can share it.
import { z } from 'zod';
import { SHOP_NAME_MAX, shopNameProblem } from './shop-name.rules.ts';

/** The owner's fields as the form names them, each with its longest text. */
export const OWNER_FIELDS = {
  owner_name: { key: 'name', max: 120, required: true },
  owner_street: { key: 'street', max: 120, required: true },
  owner_postcode: { key: 'postcode', max: 12, required: true },
  owner_city: { key: 'city', max: 80, required: true },
  owner_email: { key: 'email', max: 254, required: true },
  owner_phone: { key: 'phone', max: 40, required: false },
  owner_vat_id: { key: 'vatId', max: 20, required: false },
  owner_register: { key: 'register', max: 120, required: false },
  owner_representative: { key: 'representative', max: 160, required: false },
} as const;

export type OwnerField = keyof typeof OWNER_FIELDS;

export const SHOP_FORM_FIELDS = [
  'shop_name',
  ...(Object.keys(OWNER_FIELDS) as OwnerField[]),
  'owner_country',
  'notice_on',
  'notice_de',
  'notice_en',
  'coming_soon',
] as const;
export type ShopFormField = (typeof SHOP_FORM_FIELDS)[number];

export const CHECKOUT_FORM_FIELDS = [
  'guest_checkout',
  'hold_stock_minutes',
  'guest_cart_days',
  'low_stock_amount',
  'notify_low',
  'notify_out',
] as const;
export type CheckoutFormField = (typeof CHECKOUT_FORM_FIELDS)[number];

/** The longest store notice text per language, as the setting holds it. */
export const NOTICE_MAX = 500;

/** A field's control id on the page: error messages link to it. */
export const settingControlId = (field: string) => `setting-${field.replaceAll('_', '-')}`;

/** A checkbox of a settings section: sends `yes` when ticked and nothing otherwise. */
export const settingCheckbox = z
  .literal('yes', { message: 'admin.shopSettings.error.invalid' })
  .optional()
  .transform((value) => value === 'yes');

// Control characters (NUL, line breaks in one-line fields) never belong in these texts.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;
// A notice may break lines; nothing else below a space.
// eslint-disable-next-line no-control-regex
const NOTICE_CONTROL = /[\u0000-\u0009\u000b\u000c\u000e-\u001f\u007f]/;

function line(max: number, required: boolean) {
  return z
    .string()
    .trim()
    .refine((v) => !CONTROL.test(v), { message: 'admin.shopSettings.error.control' })
    .refine((v) => v.length <= max, { message: 'admin.shopSettings.error.too_long' })
    .refine((v) => !required || v !== '', { message: 'admin.shopSettings.error.required' });
}

/** Deliberately plain: one @, no spaces, a dot in the domain; the mail server decides the rest. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+?[0-9 ()/.-]{3,40}$/;

function noticeText() {
  return z
    .string()
    .transform((v) => v.replaceAll('\r\n', '\n').trim())
    .refine((v) => !NOTICE_CONTROL.test(v), { message: 'admin.shopSettings.error.control' })
    .refine((v) => v.length <= NOTICE_MAX, { message: 'admin.shopSettings.error.too_long' });
}

/**
 * What the owner's country and VAT id are judged by: the countries the shop knows and the VAT
 * formats, given by the caller (they belong to the customers' and the pricing rules).
 */
export type OwnerChecks = {
  countries: readonly string[];
  normalizeVatId: (raw: string) => string;
  vatIdFits: (vatId: string, country: string) => boolean;
};

/** The shop section as sent (each field once, as text); the messages name the text to show. */
export function shopFormSchema(checks: OwnerChecks) {
  return z
    .object({
      // Left out (a form of before the name was a setting), the name in force stays.
      shop_name: line(SHOP_NAME_MAX, true)
        .superRefine((v, ctx) => {
          const problem = shopNameProblem(v);
          // Empty, too long and plain control characters are said by `line` already.
          if (problem && v !== '' && v.length <= SHOP_NAME_MAX && !CONTROL.test(v)) {
            ctx.addIssue({ code: 'custom', message: problem });
          }
        })
        .optional(),
      owner_name: line(OWNER_FIELDS.owner_name.max, true),
      owner_street: line(OWNER_FIELDS.owner_street.max, true),
      owner_postcode: line(OWNER_FIELDS.owner_postcode.max, true),
      owner_city: line(OWNER_FIELDS.owner_city.max, true),
      owner_country: z.string().refine((v) => checks.countries.includes(v), {
        message: 'admin.shopSettings.error.country',
      }),
      owner_email: line(OWNER_FIELDS.owner_email.max, true).refine(
        (v) => v === '' || EMAIL.test(v),
        { message: 'admin.shopSettings.error.email' },
      ),
      owner_phone: line(OWNER_FIELDS.owner_phone.max, false).refine(
        (v) => v === '' || PHONE.test(v),
        { message: 'admin.shopSettings.error.phone' },
      ),
      owner_vat_id: line(40, false).transform(checks.normalizeVatId),
      owner_register: line(OWNER_FIELDS.owner_register.max, false),
      owner_representative: line(OWNER_FIELDS.owner_representative.max, false),
      notice_on: settingCheckbox,
      notice_de: noticeText(),
      notice_en: noticeText(),
      coming_soon: settingCheckbox,
    })
    .superRefine((form, ctx) => {
      if (form.owner_vat_id !== '' && !checks.vatIdFits(form.owner_vat_id, form.owner_country)) {
        ctx.addIssue({
          code: 'custom',
          path: ['owner_vat_id'],
          message: 'admin.shopSettings.error.vat_id',
        });
      }
      if (form.notice_on && form.notice_de === '') {
        ctx.addIssue({
          code: 'custom',
          path: ['notice_de'],
          message: 'admin.shopSettings.error.notice_empty',
        });
      }
    });
}

export type ShopForm = z.infer<ReturnType<typeof shopFormSchema>>;

/** A whole amount as typed: digits only, no sign, no exponent, no leading plus. */
const amount = z
  .string()
  .trim()
  .regex(/^\d{1,9}$/, { message: 'admin.shopSettings.error.number' })
  .transform(Number);

/** A whole amount as typed within a setting's range. */
export function settingAmount({ min, max }: { min: number; max: number }) {
  return amount.refine((v) => v >= min && v <= max, { message: 'admin.shopSettings.error.range' });
}

/** The checkout section as sent; ranges are checked against each setting's own schema. */
export const checkoutFormSchema = z.object({
  guest_checkout: settingCheckbox,
  hold_stock_minutes: amount,
  guest_cart_days: amount,
  low_stock_amount: amount,
  notify_low: settingCheckbox,
  notify_out: settingCheckbox,
});

export type CheckoutForm = z.infer<typeof checkoutFormSchema>;
