import type { Tx } from '#app/domain/kernel/tx.ts';
import { methodTitles } from '#app/domain/payments/payments.server.ts';
import { rateNames } from '#app/domain/shipping/shipping.server.ts';
import type { Locale } from '#app/lib/locale.ts';

/**
 * Payment and shipping method names in the staff member's language. An order stores them in
 * the shopper's language; a method the shop no longer knows keeps the stored name.
 */
export async function staffMethodNames(db: Tx, locale: Locale) {
  const [payments, rates] = await Promise.all([methodTitles(db, locale), rateNames(db, locale)]);
  return {
    payment: (id: string, stored: string) => (id ? payments.get(id) : undefined) ?? stored,
    shipping: (rateId: string | undefined, stored: string) =>
      (rateId ? rates.get(rateId) : undefined) ?? stored,
  };
}
