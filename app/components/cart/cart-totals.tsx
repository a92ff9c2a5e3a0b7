import type { ReactNode } from 'react';
import { Money } from '#app/components/ui/price.tsx';
import { CouponRows } from '#app/components/cart/coupons.tsx';
import type { CartLine, CartTotals as CartTotalsView } from '#app/domain/cart/cart.view.ts';
import { RecurringRows } from '#app/components/subscription/subscription-totals.tsx';
import type { CartCoupon } from '#app/domain/coupons/coupons.view.ts';
import { formatRate } from '#app/domain/pricing/tax.ts';
import { VatRows } from './vat-rows.tsx';
import { useI18n } from '#app/lib/i18n.ts';

/**
 * The cart's sums: items, deposits, the total and the VAT it includes, rate by rate.
 * `shippingNote` adds a shipping row with that text (the cart page: "calculated at checkout");
 * `shipping` one with the rates and the calculator.
 */
export function CartTotals({
  totals,
  shippingNote,
  shipping,
  coupons = [],
  lines = [],
}: {
  totals: CartTotalsView;
  /** The cart's lines: subscriptions add what is due today and what recurs. */
  lines?: readonly CartLine[];
  shippingNote?: string;
  shipping?: ReactNode;
  /** Applied coupons, a row each below the items (removable inside a CouponProvider). */
  coupons?: readonly CartCoupon[];
}) {
  const { t, locale } = useI18n();
  return (
    <table>
      <tbody>
        <tr>
          <th scope="row">{t('cart.items_total')}</th>
          <td>
            <Money amount={totals.items} />
          </td>
        </tr>
        <CouponRows coupons={coupons} />
        {totals.deposit > 0 && (
          <tr>
            <th scope="row">{t('cart.deposit_total')}</th>
            <td>
              <Money amount={totals.deposit} />
            </td>
          </tr>
        )}
        {shipping !== undefined && (
          <tr className="shipping">
            <th scope="row">{t('cart.shipping')}</th>
            <td>{shipping}</td>
          </tr>
        )}
        {shipping === undefined && shippingNote !== undefined && (
          <tr>
            <th scope="row">{t('cart.shipping')}</th>
            <td className="muted">{shippingNote}</td>
          </tr>
        )}
        <tr className="order-total">
          <th scope="row">{t('cart.total')}</th>
          <td>
            <strong>
              <Money amount={totals.total} />
            </strong>
          </td>
        </tr>
        {totals.taxLines.map((line) => (
          <tr key={line.rate} className="tax-line">
            <th scope="row">{t('cart.tax_line', { rate: formatRate(line.rate, locale) })}</th>
            <td>
              <Money amount={line.amount} />
            </td>
          </tr>
        ))}
        <VatRows vat={totals.vat} />
        <RecurringRows lines={lines} total={totals.total} />
      </tbody>
    </table>
  );
}
