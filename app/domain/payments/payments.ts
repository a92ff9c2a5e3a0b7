import { z } from 'zod';
import type { Localized } from '#app/domain/kernel/localized.ts';
import type { OrderRow, OrderStatus } from '#app/domain/orders/orders.schema.ts';

/** What a method needs to know to decide whether the shopper may choose it. */
export type PaymentContext = {
  /** Gross order total in minor units. */
  total: number;
  currency: string;
  /** Billing country. */
  country: string;
  needsShipping: boolean;
};

/** The Store API's payment_status values. */
export type PaymentStatus = 'success' | 'pending' | 'failure' | 'error';

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
  process(order: OrderRow): Promise<PaymentOutcome>;
};

export const bankAccountSchema = z.object({
  accountHolder: z.string(),
  bankName: z.string(),
  iban: z.string(),
  bic: z.string(),
});
export type BankAccount = z.infer<typeof bankAccountSchema>;

export const localizedSchema = z.object({ de: z.string(), en: z.string().optional() });

/** `payments.methods`: which offline methods are on, in what order, and their limits. */
export const paymentSettingsSchema = z.object({
  enabled: z.array(z.string()),
  /** Kauf auf Rechnung only up to this gross order total (minor units). */
  invoiceLimit: z.number().int().min(0),
  /** Cash on delivery only for these billing countries; empty: everywhere. */
  codCountries: z.array(z.string()),
  /** Extra text the bank transfer asks the shopper to put on the transfer. */
  bankAccount: bankAccountSchema,
});
export type PaymentSettings = z.infer<typeof paymentSettingsSchema>;

export const PAYMENT_SETTINGS_KEY = 'payments.methods';

export const DEFAULT_PAYMENT_SETTINGS: PaymentSettings = {
  enabled: ['bacs', 'invoice', 'cod'],
  invoiceLimit: 50_000,
  codCountries: ['DE', 'AT'],
  bankAccount: { accountHolder: '', bankName: '', iban: '', bic: '' },
};
