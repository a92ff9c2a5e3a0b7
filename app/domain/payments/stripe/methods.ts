import type { Localized } from '#app/domain/kernel/localized.ts';

/** The gateway id prefix; card uses it alone (spec section 4). */
export const STRIPE_GATEWAY_ID = 'stripe';

/** Every payment method type of the spec, in its order. */
export const STRIPE_METHOD_TYPES = [
  'card',
  'blik',
  'boleto',
  'multibanco',
  'wechat_pay',
  'cashapp',
  'us_bank_account',
  'au_becs_debit',
  'giropay',
  'eps',
  'ideal',
  'p24',
  'sepa_debit',
  'sofort',
  'oxxo',
  'bancontact',
  'alipay',
  'klarna',
  'affirm',
  'afterpay_clearpay',
  'acss_debit',
  'bacs_debit',
] as const;
export type StripeMethodType = (typeof STRIPE_METHOD_TYPES)[number];

/** Per type (spec section 3): how the browser mounts it and where it may be offered. */
export type StripeMethodConfig = {
  type: StripeMethodType;
  gatewayId: string;
  /** The Payment Element may mount before an intent exists. */
  supportsDeferredIntent: boolean;
  /** Billing countries it is offered for; empty: everywhere. */
  countries: readonly string[];
  /** Can be saved for later payments. */
  isReusable: boolean;
  title: Localized;
  /** The provider has discontinued it: listed, never on unless the shop switches it on. */
  discontinued: boolean;
  /** Paid through a voucher the shopper takes away (spec: voucher redirect hash). */
  voucher: boolean;
};

/** Spec section 5: the save-card option is hidden for these. */
export const NON_REUSABLE_TYPES: readonly StripeMethodType[] = [
  'alipay',
  'affirm',
  'afterpay_clearpay',
  'au_becs_debit',
  'boleto',
  'eps',
  'giropay',
  'multibanco',
  'p24',
  'oxxo',
  'wechat_pay',
];

type Entry = Omit<StripeMethodConfig, 'type' | 'gatewayId' | 'isReusable'> & {
  type: StripeMethodType;
};

const entry = (
  type: StripeMethodType,
  title: Localized,
  options: Partial<Omit<Entry, 'type' | 'title'>> = {},
): Entry => ({
  type,
  title,
  supportsDeferredIntent: options.supportsDeferredIntent ?? true,
  countries: options.countries ?? [],
  discontinued: options.discontinued ?? false,
  voucher: options.voucher ?? false,
});

const ENTRIES: readonly Entry[] = [
  entry('card', { de: 'Kredit- oder Debitkarte', en: 'Credit / Debit Card' }),
  entry('blik', { de: 'BLIK', en: 'BLIK' }, { countries: ['PL'] }),
  entry('boleto', { de: 'Boleto', en: 'Boleto' }, { countries: ['BR'], voucher: true }),
  entry(
    'multibanco',
    { de: 'Multibanco', en: 'Multibanco' },
    { countries: ['PT'], voucher: true, supportsDeferredIntent: false },
  ),
  entry('wechat_pay', { de: 'WeChat Pay', en: 'WeChat Pay' }, { supportsDeferredIntent: false }),
  entry('cashapp', { de: 'Cash App Pay', en: 'Cash App Pay' }, { countries: ['US'] }),
  entry(
    'us_bank_account',
    { de: 'US-Bankkonto (ACH)', en: 'ACH Direct Debit' },
    { countries: ['US'] },
  ),
  entry(
    'au_becs_debit',
    { de: 'BECS-Lastschrift', en: 'BECS Direct Debit' },
    { countries: ['AU'] },
  ),
  entry('giropay', { de: 'giropay', en: 'giropay' }, { countries: ['DE'], discontinued: true }),
  entry('eps', { de: 'EPS', en: 'EPS' }, { countries: ['AT'] }),
  entry('ideal', { de: 'iDEAL', en: 'iDEAL' }, { countries: ['NL'] }),
  entry('p24', { de: 'Przelewy24', en: 'Przelewy24' }, { countries: ['PL'] }),
  entry('sepa_debit', { de: 'SEPA-Lastschrift', en: 'SEPA Direct Debit' }),
  entry(
    'sofort',
    { de: 'Sofort', en: 'Sofort' },
    { countries: ['AT', 'BE', 'DE', 'ES', 'IT', 'NL'], discontinued: true },
  ),
  entry('oxxo', { de: 'OXXO', en: 'OXXO' }, { countries: ['MX'], voucher: true }),
  entry('bancontact', { de: 'Bancontact', en: 'Bancontact' }, { countries: ['BE'] }),
  entry('alipay', { de: 'Alipay', en: 'Alipay' }),
  entry('klarna', { de: 'Klarna', en: 'Klarna' }),
  entry('affirm', { de: 'Affirm', en: 'Affirm' }, { countries: ['US', 'CA'] }),
  entry(
    'afterpay_clearpay',
    { de: 'Afterpay / Clearpay', en: 'Afterpay / Clearpay' },
    { countries: ['AU', 'CA', 'GB', 'NZ', 'US'] },
  ),
  entry(
    'acss_debit',
    { de: 'Kanadische Lastschrift (ACSS)', en: 'Pre-authorized debit' },
    { countries: ['CA'] },
  ),
  entry('bacs_debit', { de: 'Bacs-Lastschrift', en: 'Bacs Direct Debit' }, { countries: ['GB'] }),
];

/** Card keeps the base id; every other type is `stripe_<type>`. */
export function gatewayIdOf(type: StripeMethodType): string {
  return type === 'card' ? STRIPE_GATEWAY_ID : `${STRIPE_GATEWAY_ID}_${type}`;
}

export const STRIPE_METHODS: readonly StripeMethodConfig[] = ENTRIES.map((e) => ({
  ...e,
  gatewayId: gatewayIdOf(e.type),
  isReusable: !NON_REUSABLE_TYPES.includes(e.type),
}));

const BY_GATEWAY = new Map(STRIPE_METHODS.map((m) => [m.gatewayId, m]));

export function stripeMethodByGateway(gatewayId: string): StripeMethodConfig | null {
  return BY_GATEWAY.get(gatewayId) ?? null;
}

export function isStripeType(value: string): value is StripeMethodType {
  return (STRIPE_METHOD_TYPES as readonly string[]).includes(value);
}

/** Country-limited types are offered only for billing countries in their list. */
export function offeredForCountry(config: StripeMethodConfig, country: string): boolean {
  return config.countries.length === 0 || config.countries.includes(country.toUpperCase());
}

/** The gateway ids switched on when a shop does not say otherwise. */
export const DEFAULT_STRIPE_GATEWAYS: readonly string[] = ['stripe', 'stripe_sepa_debit'];

/** The demo: card, SEPA, the Benelux redirect methods and BLIK. */
export const DEMO_STRIPE_GATEWAYS: readonly string[] = [
  'stripe',
  'stripe_sepa_debit',
  'stripe_ideal',
  'stripe_bancontact',
  'stripe_blik',
];
