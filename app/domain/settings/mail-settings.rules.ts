// The mails section of the settings area: every mail the shop sends, who gets it, and whether
// the shop may switch it off. Pure, so the page can share it.
import { z } from 'zod';

/**
 * Why a mail cannot be switched off: the law asks for it, or the shop's function depends on it
 * (an account cannot be opened or recovered without it). `elsewhere`: switched on another page.
 */
export type MailRequirement = 'contract' | 'withdrawal' | 'account' | 'staff' | 'elsewhere';

export type MailKindInfo = {
  id: string;
  audience: 'customer' | 'shop';
  required?: MailRequirement;
  /** The page that switches a mail on or off instead of this one. */
  managedAt?: string;
};

/** Every mail the shop sends, customers' first, then the shop manager's. */
export const MAIL_KINDS = [
  { id: 'order_confirmation', audience: 'customer', required: 'contract' },
  { id: 'order_status', audience: 'customer' },
  { id: 'order_unpaid_cancelled', audience: 'customer' },
  { id: 'order_shipped', audience: 'customer' },
  { id: 'order_refund', audience: 'customer' },
  { id: 'customer_note', audience: 'customer' },
  { id: 'payment_request', audience: 'customer' },
  { id: 'subscription_renewal', audience: 'customer' },
  { id: 'subscription_cancelled', audience: 'customer' },
  { id: 'withdrawal_receipt', audience: 'customer', required: 'withdrawal' },
  { id: 'account_activation', audience: 'customer', required: 'account' },
  { id: 'account_exists', audience: 'customer', required: 'account' },
  { id: 'password_reset', audience: 'customer', required: 'account' },
  { id: 'email_change', audience: 'customer', required: 'account' },
  { id: 'staff_invite', audience: 'shop', required: 'staff' },
  { id: 'new_order_notice', audience: 'shop' },
  { id: 'withdrawal_notice', audience: 'shop' },
  {
    id: 'stock_notice',
    audience: 'shop',
    required: 'elsewhere',
    managedAt: '/admin/settings/checkout',
  },
  { id: 'contact_form', audience: 'shop', required: 'elsewhere', managedAt: '/admin/forms' },
] as const satisfies readonly MailKindInfo[];

export type MailKind = (typeof MAIL_KINDS)[number]['id'];

export const MAIL_KIND_IDS = MAIL_KINDS.map((k) => k.id) as MailKind[];

/** The mails this page switches on and off; every other one is always sent. */
export const SWITCHABLE_MAILS = MAIL_KINDS.filter((k) => !('required' in k)).map(
  (k) => k.id,
) as MailKind[];

export const isMailKind = (value: unknown): value is MailKind =>
  typeof value === 'string' && (MAIL_KIND_IDS as string[]).includes(value);

export const MAIL_LOCALES = ['de', 'en'] as const;

export const SENDER_NAME_MAX = 80;
export const SENDER_ADDRESS_MAX = 254;

// Control characters would split the From header (CR/LF) or cut it short (NUL).
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f\u2028\u2029]/;
/** One @, no spaces, a dot in the domain; nothing that would end or quote a header field. */
const ADDRESS = /^[^\s@<>()",;:\\[\]]+@[^\s@<>()",;:\\[\]]+\.[^\s@<>()",;:\\[\]]+$/;

/** The sender as stored: both parts, already judged. */
export const senderSchema = z.object({
  name: z.string().max(SENDER_NAME_MAX),
  address: z.string().max(SENDER_ADDRESS_MAX),
});
export type MailSender = z.infer<typeof senderSchema>;

export const MAIL_FORM_FIELDS = [
  'sender_name',
  'sender_address',
  ...SWITCHABLE_MAILS.map((k) => `on_${k}`),
];

/** A field's control id on the page: error messages link to it. */
export const mailControlId = (field: string) => `mail-${field.replaceAll('_', '-')}`;

const checkbox = z
  .literal('yes', { message: 'admin.mailSettings.error.invalid' })
  .optional()
  .transform((value) => value === 'yes');

export function senderName() {
  return z
    .string()
    .trim()
    .refine((v) => !CONTROL.test(v), { message: 'admin.mailSettings.error.control' })
    .refine((v) => v.length <= SENDER_NAME_MAX, { message: 'admin.mailSettings.error.too_long' })
    .refine((v) => !/[<>"\\]/.test(v), { message: 'admin.mailSettings.error.name_chars' });
}

export function mailAddress() {
  return z
    .string()
    .trim()
    .refine((v) => !CONTROL.test(v), { message: 'admin.mailSettings.error.control' })
    .refine((v) => v.length <= SENDER_ADDRESS_MAX, {
      message: 'admin.mailSettings.error.too_long',
    })
    .refine((v) => v === '' || ADDRESS.test(v), { message: 'admin.mailSettings.error.email' });
}

/** The form as sent: the sender (empty: the default) and one checkbox per switchable mail. */
export const mailFormSchema = z.object({
  sender_name: senderName(),
  sender_address: mailAddress(),
  ...Object.fromEntries(SWITCHABLE_MAILS.map((k) => [`on_${k}`, checkbox])),
}) as unknown as z.ZodType<
  { sender_name: string; sender_address: string } & Record<`on_${string}`, boolean>
>;

/** The test send's choice: which mail, which language, and where to (empty: oneself). */
export const testSendSchema = z.object({
  mail: z.string().refine(isMailKind, { message: 'admin.mailSettings.error.invalid' }),
  lang: z.enum(MAIL_LOCALES, { message: 'admin.mailSettings.error.invalid' }),
  to: mailAddress(),
});
