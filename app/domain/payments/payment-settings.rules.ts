// The payment settings form: what each field may hold. Pure, so the page can share it.
import { STRIPE_METHODS } from './stripe/methods.ts';
import { MAX_COD_FEE, type PaymentSettings } from './payments.ts';

export const OFFLINE_METHOD_IDS = ['bacs', 'invoice', 'cod'] as const;

/** Every method the shop knows, in the order a new shop lists them. */
export const ALL_METHOD_IDS: readonly string[] = [
  ...OFFLINE_METHOD_IDS,
  ...STRIPE_METHODS.map((m) => m.gatewayId),
];

const KNOWN = new Set(ALL_METHOD_IDS);

/**
 * Every known method in the shop's order: the stored order when there is one, else the enabled
 * methods as listed (the checkout's order) followed by the others in the default order.
 */
export function methodOrder(settings: Pick<PaymentSettings, 'enabled' | 'order'>): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const id of [...(settings.order ?? []), ...settings.enabled, ...ALL_METHOD_IDS]) {
    if (KNOWN.has(id) && !seen.has(id)) {
      seen.add(id);
      out.push(id);
    }
  }
  return out;
}

/** The order with one method moved a place up or down; unchanged at either end. */
export function moved(order: readonly string[], id: string, direction: 'up' | 'down'): string[] {
  const next = [...order];
  const at = next.indexOf(id);
  const to = direction === 'up' ? at - 1 : at + 1;
  if (at < 0 || to < 0 || to >= next.length) return next;
  [next[at], next[to]] = [next[to]!, next[at]!];
  return next;
}

/** An IBAN without spaces, in capitals. */
export function compactIban(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

/** Country code, check digits, then the account (ISO 13616), with a valid mod-97 checksum. */
export function isValidIban(value: string): boolean {
  const iban = compactIban(value);
  if (!/^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const moved_ = iban.slice(4) + iban.slice(0, 4);
  let rest = 0;
  for (const char of moved_) {
    const digits = /[A-Z]/.test(char) ? String(char.charCodeAt(0) - 55) : char;
    for (const digit of digits) rest = (rest * 10 + Number(digit)) % 97;
  }
  return rest === 1;
}

/** The IBAN as printed for people: groups of four. */
export function formatIban(value: string): string {
  return compactIban(value).replace(/(.{4})(?=.)/g, '$1 ');
}

/** Bank, country, location and an optional branch code (ISO 9362). */
export function isValidBic(value: string): boolean {
  return /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(
    value.replace(/\s+/g, '').toUpperCase(),
  );
}

/** Euros as typed (`500`, `500,00`, `1.5`) in cents; null when not an amount. */
export function centsOfEuros(value: string): number | null {
  const match = /^([0-9]{1,7})(?:[.,]([0-9]{1,2}))?$/.exec(value.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** Cents as the form shows them, with the reader's decimal sign. */
export function eurosOfCents(cents: number, locale: string): string {
  const euros = `${Math.floor(cents / 100)}${locale === 'de' ? ',' : '.'}${String(cents % 100).padStart(2, '0')}`;
  return euros;
}

/** What the settings page edits, flat: also the audit entry's fields. */
export type PaymentSettingsFields = {
  order: string[];
  enabled: string[];
  invoiceLimit: number;
  codCountries: string[];
  accountHolder: string;
  bankName: string;
  iban: string;
  bic: string;
  codFee: number;
};

export function fieldsOf(settings: PaymentSettings): PaymentSettingsFields {
  const order = methodOrder(settings);
  return {
    order,
    // Listed as the checkout shows them.
    enabled: order.filter((id) => settings.enabled.includes(id)),
    invoiceLimit: settings.invoiceLimit,
    // The order of the countries means nothing; sorted, a save that only reorders them is none.
    codCountries: [...settings.codCountries].sort(),
    ...settings.bankAccount,
    codFee: settings.codFee ?? 0,
  };
}

export function settingsOfFields(fields: PaymentSettingsFields): PaymentSettings {
  return {
    // The checkout offers the enabled methods in the order they are stored here.
    enabled: fields.order.filter((id) => fields.enabled.includes(id)),
    order: fields.order,
    invoiceLimit: fields.invoiceLimit,
    codCountries: fields.codCountries,
    bankAccount: {
      accountHolder: fields.accountHolder,
      bankName: fields.bankName,
      iban: fields.iban,
      bic: fields.bic,
    },
    codFee: fields.codFee,
  };
}

/** The form's scalar fields. */
export const SCALAR_FIELDS = [
  'invoice_limit',
  'cod_fee',
  'account_holder',
  'bank_name',
  'iban',
  'bic',
] as const;
export type ScalarField = (typeof SCALAR_FIELDS)[number];

/** The field's control id on the page: error messages link to it. */
export const controlId = (field: ScalarField | 'enabled' | 'cod_countries' | 'order') =>
  `payments-${field.replaceAll('_', '-')}`;

type Problem = { field: string; code: string };

/** Text of a person's name or a bank's: printable, at most 100 characters. */
// eslint-disable-next-line no-control-regex
const PLAIN = /^[^\u0000-\u001f\u007f]{0,100}$/;

/**
 * Judges the form as sent: each list and field; every problem at once, with the message key.
 * `countries`: the cash on delivery countries the form may choose from.
 */
export function judgePaymentForm(
  form: {
    scalars: Partial<Record<ScalarField, string>>;
    enabled: string[];
    order: string[] | null;
    codCountries: string[];
    move: string | null;
  },
  current: PaymentSettingsFields,
  countries: ReadonlySet<string>,
): { ok: true; value: PaymentSettingsFields } | { ok: false; errors: Problem[] } {
  const errors: Problem[] = [];
  const e = (field: string, code: string) =>
    errors.push({ field, code: `admin.payments.error.${code}` });
  const { scalars } = form;
  if (
    form.enabled.some((id) => !KNOWN.has(id)) ||
    new Set(form.enabled).size !== form.enabled.length
  ) {
    e(controlId('enabled'), 'unknown_method');
  }
  let order = current.order;
  if (form.order) {
    const complete =
      form.order.length === ALL_METHOD_IDS.length &&
      new Set(form.order).size === form.order.length &&
      form.order.every((id) => KNOWN.has(id));
    if (complete) order = form.order;
    else e(controlId('order'), 'unknown_method');
  }
  if (form.move !== null) {
    const match = /^(up|down):(.+)$/.exec(form.move);
    if (!match || !KNOWN.has(match[2]!)) e(controlId('order'), 'unknown_method');
    else order = moved(order, match[2]!, match[1] as 'up' | 'down');
  }
  if (
    form.codCountries.some((c) => !countries.has(c)) ||
    new Set(form.codCountries).size !== form.codCountries.length
  ) {
    e(controlId('cod_countries'), 'country');
  }
  const invoiceLimit = centsOfEuros(scalars.invoice_limit ?? '');
  if (invoiceLimit === null) e(controlId('invoice_limit'), 'invoice_limit');
  // Empty: no fee.
  const codFeeText = (scalars.cod_fee ?? '').trim();
  const codFee = codFeeText === '' ? 0 : centsOfEuros(codFeeText);
  if (codFee === null || codFee > MAX_COD_FEE) e(controlId('cod_fee'), 'cod_fee');
  const holder = (scalars.account_holder ?? '').trim();
  const bank = (scalars.bank_name ?? '').trim();
  if (!PLAIN.test(holder)) e(controlId('account_holder'), 'text');
  if (!PLAIN.test(bank)) e(controlId('bank_name'), 'text');
  const iban = compactIban(scalars.iban ?? '');
  if (iban !== '' && !isValidIban(iban)) e(controlId('iban'), 'iban');
  const bic = (scalars.bic ?? '').replace(/\s+/g, '').toUpperCase();
  if (bic !== '' && !isValidBic(bic)) e(controlId('bic'), 'bic');
  if (iban === '' && form.enabled.includes('bacs')) e(controlId('iban'), 'iban_required');
  // The transfer names its recipient: no bank transfer without the account holder.
  if (holder === '' && form.enabled.includes('bacs')) {
    e(controlId('account_holder'), 'holder_required');
  }
  if (errors.length > 0) return { ok: false, errors };
  return {
    ok: true,
    value: {
      order,
      enabled: order.filter((id) => form.enabled.includes(id)),
      invoiceLimit: invoiceLimit!,
      codCountries: [...form.codCountries].sort(),
      accountHolder: holder,
      bankName: bank,
      iban: iban === '' ? '' : formatIban(iban),
      bic,
      codFee: codFee!,
    },
  };
}
