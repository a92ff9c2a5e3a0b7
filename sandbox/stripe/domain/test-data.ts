import { createHmac } from 'node:crypto';

/**
 * Stripe's documented test data and what the sandbox does with it. Any other Luhn-valid
 * number behaves like 4242 4242 4242 4242.
 */
export type Behaviour =
  | 'succeeds'
  | 'requires_authentication'
  | 'insufficient_funds'
  | 'generic_decline'
  /** Attaches and sets up like any card, but every charge of it is declined (renewals). */
  | 'attach_then_decline'
  | 'processing_then_succeeds'
  | 'processing_then_fails';

export const TEST_CARDS: Record<string, Behaviour> = {
  '4242424242424242': 'succeeds',
  '4000002500003155': 'requires_authentication',
  '4000000000009995': 'insufficient_funds',
  '4000000000000002': 'generic_decline',
  '4000000000000341': 'attach_then_decline',
};

export const TEST_IBANS: Record<string, Behaviour> = {
  DE89370400440532013000: 'succeeds',
  AT611904300234573201: 'processing_then_succeeds',
  AT861904300235473202: 'processing_then_fails',
};

/** Stripe's test payment method ids, usable where a payment method id is expected. */
export const TEST_PAYMENT_METHODS: Record<string, { number: string; brand: string }> = {
  pm_card_visa: { number: '4242424242424242', brand: 'visa' },
  pm_card_authenticationRequired: { number: '4000002500003155', brand: 'visa' },
  pm_card_threeDSecure2Required: { number: '4000002500003155', brand: 'visa' },
  pm_card_visa_chargeDeclinedInsufficientFunds: { number: '4000000000009995', brand: 'visa' },
  pm_card_chargeDeclinedInsufficientFunds: { number: '4000000000009995', brand: 'visa' },
  pm_card_visa_chargeDeclined: { number: '4000000000000002', brand: 'visa' },
  pm_card_chargeDeclined: { number: '4000000000000002', brand: 'visa' },
  pm_card_chargeCustomerFail: { number: '4000000000000341', brand: 'visa' },
  pm_card_mastercard: { number: '5555555555554444', brand: 'mastercard' },
};

/** The card a wallet's sheet pays with when the test names none. */
export const WALLET_DEFAULT_CARD = TEST_PAYMENT_METHODS.pm_card_visa!.number;

export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export type CardBrand =
  'visa' | 'mastercard' | 'amex' | 'discover' | 'jcb' | 'diners' | 'unionpay' | 'unknown';

export function cardBrand(digits: string): CardBrand {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^(6011|65|64[4-9])/.test(digits)) return 'discover';
  if (/^35/.test(digits)) return 'jcb';
  if (/^3(0[0-5]|[68])/.test(digits)) return 'diners';
  if (/^62/.test(digits)) return 'unionpay';
  return 'unknown';
}

export function cardBehaviour(digits: string): Behaviour {
  return TEST_CARDS[digits] ?? 'succeeds';
}

export function normaliseIban(raw: string): string {
  return raw.replace(/\s+/g, '').toUpperCase();
}

/** ISO 13616 check (mod 97). */
export function ibanValid(iban: string): boolean {
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(iban)) return false;
  const moved = iban.slice(4) + iban.slice(0, 4);
  const numeric = moved.replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  let rest = 0;
  for (const ch of numeric) rest = (rest * 10 + Number(ch)) % 97;
  return rest === 1;
}

export function ibanBehaviour(iban: string): Behaviour {
  return TEST_IBANS[iban] ?? 'succeeds';
}

/** Same number, same fingerprint (as Stripe's), without keeping the number. */
export function fingerprint(secret: string, value: string): string {
  return createHmac('sha256', secret).update(value).digest('base64url').slice(0, 16);
}

/** Redirect methods: the buyer authorises at the bank's page. */
export const REDIRECT_TYPES = [
  'ideal',
  'bancontact',
  'eps',
  'giropay',
  'sofort',
  'p24',
  'klarna',
  'affirm',
  'afterpay_clearpay',
  'alipay',
] as const;
/** Voucher methods: the buyer pays later with the voucher's reference. */
export const VOUCHER_TYPES = ['boleto', 'oxxo', 'multibanco'] as const;
/** Debits that settle later, like SEPA. */
export const DELAYED_TYPES = [
  'sepa_debit',
  'us_bank_account',
  'au_becs_debit',
  'acss_debit',
  'bacs_debit',
] as const;
/** QR code methods. */
export const QR_TYPES = ['wechat_pay', 'cashapp'] as const;

/** Wallets that are payment methods of their own (express checkout); they succeed at once. */
export const WALLET_TYPES = ['link', 'amazon_pay'] as const;
/** Card wallets: a card payment method carrying `card.wallet.type`. */
export const CARD_WALLETS = ['apple_pay', 'google_pay'] as const;

export const SUPPORTED_TYPES = [
  'card',
  'blik',
  ...WALLET_TYPES,
  ...REDIRECT_TYPES,
  ...VOUCHER_TYPES,
  ...DELAYED_TYPES,
  ...QR_TYPES,
] as const;
export type SandboxMethodType = (typeof SUPPORTED_TYPES)[number];

/** Methods that can be saved for later (setup intents, attach). */
export const REUSABLE_TYPES: readonly string[] = [
  'card',
  'sepa_debit',
  'us_bank_account',
  'au_becs_debit',
  'acss_debit',
  'bacs_debit',
  'cashapp',
  'ideal',
  'bancontact',
  'sofort',
  'klarna',
];

/** Delayed transitions happen on their own after this long (or at once by the control call). */
export const DELAYED_SETTLEMENT_MS = 3 * 60_000;
