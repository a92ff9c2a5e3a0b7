// The payment fee the checkout's review showed: an order sent with a method of another fee
// than the one its review was priced for is answered with the repriced review instead.
import { checkoutReview } from '#app/domain/checkout/checkout-review.server.ts';
import type { CheckoutReview } from '#app/domain/checkout/checkout.view.ts';
import type { Tx } from '#app/domain/kernel/tx.ts';
import { methodFee } from '#app/domain/payments/offline.ts';
import { paymentSettings } from '#app/domain/payments/payments.server.ts';
import { formatMoney } from '#app/domain/pricing/money.ts';
import type { Translate } from '#app/lib/i18n.ts';
import type { Locale } from '#app/lib/locale.ts';
import type { Session } from '#app/lib/session.server.ts';

/**
 * The notice when the review was priced for a method of another fee than the chosen one
 * (§ 312j BGB: the total is shown before the order button); null when the totals agree. An
 * unknown or missing priced method counts as one without fee.
 */
export function feeChangeNotice(
  review: CheckoutReview,
  chosen: string,
  priced: string,
  ctx: { t: Translate; locale: Locale },
): string | null {
  const method = (id: string) => review.paymentMethods.find((m) => m.id === id);
  const chosenFee = method(chosen)?.fee ?? 0;
  const pricedFee = method(priced)?.fee ?? 0;
  if (chosenFee === pricedFee) return null;
  const money = (amount: number) => formatMoney(amount, review.cart.currency, ctx.locale);
  return chosenFee > 0
    ? ctx.t('checkout.error.fee_added', {
        method: method(chosen)?.title ?? chosen,
        fee: money(chosenFee),
      })
    : ctx.t('checkout.error.fee_removed', {
        method: method(priced)?.title ?? priced,
        fee: money(pricedFee),
      });
}

/**
 * The notice and the review priced for the chosen method when the shown review was priced
 * for a method of another fee; null when the order may be placed as shown. The settings alone
 * tell whether the two fees can differ, so most orders need no second review.
 */
export async function unseenFee(
  ctx: { db: Tx; t: Translate; locale: Locale; currency: string },
  session: Session,
  chosen: string,
  priced: string,
): Promise<{ notice: string; review: CheckoutReview } | null> {
  const payment = await paymentSettings(ctx.db);
  if (methodFee(payment, chosen) === methodFee(payment, priced)) return null;
  const review = await checkoutReview(ctx.db, session, {
    currency: ctx.currency,
    locale: ctx.locale,
    chosenPaymentMethod: chosen,
  });
  const notice = feeChangeNotice(review, chosen, priced, ctx);
  return notice ? { notice, review } : null;
}
