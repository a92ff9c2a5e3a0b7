import { z } from 'zod';
import type { Localized } from '#app/domain/kernel/localized.ts';
import type { DomainError } from '#app/domain/kernel/result.ts';
import type { Tx } from '#app/domain/kernel/tx.ts';
import type { OrderRow, OrderStatus } from '#app/domain/orders/orders.schema.ts';
import type { Env } from '#app/lib/env.server.ts';
import { DEFAULT_STRIPE_GATEWAYS, STRIPE_GATEWAY_ID } from './stripe/methods.ts';

/** What a method needs to know to decide whether the shopper may choose it. */
export type PaymentContext = {
  /** Gross order total in minor units. */
  total: number;
  currency: string;
  /** Billing country. */
  country: string;
  needsShipping: boolean;
  /**
   * The cart starts a subscription: 'auto' renews with a kept method (only reusable methods,
   * even for a free trial's total of 0), 'manual' by the customer's own payment.
   */
  subscription?: 'auto' | 'manual' | null;
};

/** The Store API's payment_status values. */
export type PaymentStatus = 'success' | 'pending' | 'failure' | 'error';

/**
 * What the browser still has to do before the payment completes: confirm an intent (3-D
 * Secure, a bank's page, BLIK approval) or show a voucher. The wire formats turn it into the
 * spec's redirect hashes.
 */
export type PaymentAction =
  | { type: 'confirm'; intent: 'pi' | 'si'; clientSecret: string }
  | { type: 'voucher'; methodType: string; clientSecret: string };

/** Everything a method's payment may need beyond the order. */
export type PaymentRequest = {
  db: Tx;
  env: Env;
  /** What the browser sent for the method: hidden form fields or the Store API's payment_data. */
  data: Readonly<Record<string, string>>;
  /** Absolute address the provider sends the shopper back to after a redirect. */
  returnUrl: string;
  /** For mandates (SEPA and other debits): who accepted, from where. */
  customer: { ipAddress: string; userAgent: string };
  /** What the order's subscriptions ask of the method: to be kept for off-session renewals. */
  renewals: {
    /** The order starts subscriptions that renew with a kept method. */
    startsKeptMethod: () => Promise<boolean>;
    /** The order is a renewal whose method is kept for the renewals after it. */
    keepsMethod: () => Promise<boolean>;
  };
};

/** What processing an order's payment came to. */
export type PaymentOutcome = {
  status: PaymentStatus;
  /** The order's status afterwards. */
  orderStatus: OrderStatus;
  /** Where the shopper goes next; null: the order-received page. */
  redirect: string | null;
  /** Shown to the shopper and sent as payment_details (key/value). */
  details: { key: string; value: string }[];
  /** Set when the payment counts as received. */
  paid: boolean;
  /** The browser's next step, while the order waits for it. */
  action?: PaymentAction | null;
  /** Why the payment failed (status failure or error); the order waits for another try. */
  error?: DomainError | null;
};

/** What the browser needs to collect a method's details itself (the card provider's element). */
export type ClientPaymentConfig = {
  provider: 'stripe';
  /** The provider's payment method type. */
  type: string;
  supportsDeferredIntent: boolean;
  countries: readonly string[];
  isReusable: boolean;
};

/**
 * A way to pay. The offline methods live in offline.ts; the card provider implements the
 * same shape and is registered beside them.
 */
export type PaymentMethod = {
  id: string;
  title: Localized;
  description: Localized;
  /** The place-order button's text while this method is chosen; null: the default text. */
  orderButtonText: Localized | null;
  isAvailable(ctx: PaymentContext): boolean;
  /** Set for methods whose details the browser collects and the server then confirms. */
  client?: ClientPaymentConfig | null;
  /**
   * The order's status after `process` when no one needs asking (the offline methods): the
   * order is written with it at placement.
   */
  placedStatus?: OrderStatus;
  /** `request` is null where no browser took part (a domain call without a request). */
  process(order: OrderRow, request: PaymentRequest | null): Promise<PaymentOutcome>;
};

export const bankAccountSchema = z.object({
  accountHolder: z.string(),
  bankName: z.string(),
  iban: z.string(),
  bic: z.string(),
});
export type BankAccount = z.infer<typeof bankAccountSchema>;

export const localizedSchema = z.object({ de: z.string(), en: z.string().optional() });

/** `payments.methods`: which methods are on (offline ids and card provider gateway ids), in what order, and their limits. */
export const paymentSettingsSchema = z.object({
  enabled: z.array(z.string()),
  /**
   * Every method's place on the settings page, switched off ones too; absent in settings saved
   * before the page existed (then `enabled` gives the order).
   */
  order: z.array(z.string()).optional(),
  /** Kauf auf Rechnung only up to this gross order total (minor units). */
  invoiceLimit: z.number().int().min(0),
  /** Cash on delivery only for these billing countries; empty: everywhere. */
  codCountries: z.array(z.string()),
  /** Extra text the bank transfer asks the shopper to put on the transfer. */
  bankAccount: bankAccountSchema,
  /** Nachnahmegebühr: gross minor units charged when cash on delivery is chosen; 0 or absent: none. */
  codFee: z.number().int().min(0).max(10_000).optional(),
});
export type PaymentSettings = z.infer<typeof paymentSettingsSchema>;

export const PAYMENT_SETTINGS_KEY = 'payments.methods';

export const DEFAULT_PAYMENT_SETTINGS: PaymentSettings = {
  enabled: ['bacs', 'invoice', 'cod', ...DEFAULT_STRIPE_GATEWAYS],
  invoiceLimit: 50_000,
  codCountries: ['DE', 'AT'],
  bankAccount: { accountHolder: '', bankName: '', iban: '', bic: '' },
  codFee: 0,
};

/**
 * What a new shop without the demo starts with (decision 0042): only methods that work before
 * the owner enters anything. Bank transfer waits for the account; card and SEPA Direct Debit
 * only with Stripe keys, or in development, where the built-in sandbox stands in for Stripe.
 */
export function startPaymentSettings(cardReady: boolean): PaymentSettings {
  return {
    ...DEFAULT_PAYMENT_SETTINGS,
    enabled: ['invoice', 'cod', ...(cardReady ? DEFAULT_STRIPE_GATEWAYS : [])],
  };
}

/** The highest cash on delivery fee the settings accept, gross minor units. */
export const MAX_COD_FEE = 10_000;

/** Card payment is on: the wallets (Apple Pay, Google Pay) pay through it too. */
export function takesCardOrWallet(settings: Pick<PaymentSettings, 'enabled'>): boolean {
  return settings.enabled.includes(STRIPE_GATEWAY_ID);
}
