import { eq } from 'drizzle-orm';
import type { Tx } from '#app/domain/kernel/tx.ts';
import {
  DEFAULT_PAYMENT_SETTINGS,
  PAYMENT_SETTINGS_KEY,
  type PaymentSettings,
} from '#app/domain/payments/payments.ts';
import { DEMO_STRIPE_GATEWAYS } from '#app/domain/payments/stripe/methods.ts';
import { settings } from '#app/domain/settings/settings.schema.ts';

/**
 * The demo shop's payment: bank transfer (Vorkasse) to the shop's account, invoice up to an
 * order total of 500 €, cash on delivery within Germany and Austria; cards, SEPA Direct Debit,
 * iDEAL, Bancontact and BLIK through the card provider (its sandbox without keys). The IBAN is the
 * Bundesbank's documented example, which passes the checksum and belongs to nobody.
 */
export const DEMO_PAYMENT_SETTINGS: PaymentSettings = {
  ...DEFAULT_PAYMENT_SETTINGS,
  enabled: ['bacs', 'invoice', 'cod', ...DEMO_STRIPE_GATEWAYS],
  invoiceLimit: 50_000,
  bankAccount: {
    accountHolder: 'Ladenzeile Demo GmbH',
    bankName: 'Musterbank Leipzig',
    iban: 'DE02 1203 0000 0000 2020 51',
    bic: 'BYLADEM1001',
  },
};

/** Seeds once: does nothing when the payment settings exist. */
export async function seedDemoCheckout(db: Tx): Promise<boolean> {
  const [existing] = await db
    .select({ key: settings.key })
    .from(settings)
    .where(eq(settings.key, PAYMENT_SETTINGS_KEY));
  if (existing) return false;
  await db
    .insert(settings)
    .values({ key: PAYMENT_SETTINGS_KEY, value: DEMO_PAYMENT_SETTINGS })
    .onConflictDoNothing();
  return true;
}
