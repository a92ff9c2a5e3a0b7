import { Fragment, type ReactNode } from 'react';
import { Money, UnitPrice, useMoney } from '#app/components/ui/price.tsx';
import type { CheckoutReview, PaymentMethodView } from '#app/domain/checkout/checkout.view.ts';
import { formatRate } from '#app/domain/pricing/tax.ts';
import { isVatFree } from '#app/domain/pricing/vat.rules.ts';
import { VatRows } from '#app/components/cart/vat-rows.tsx';
import {
  RecurringRows,
  recurringLines,
} from '#app/components/subscription/subscription-totals.tsx';
import { recurringText, termsDetails } from '#app/domain/subscriptions/subscriptions.view.ts';
import { useI18n } from '#app/lib/i18n.ts';
import { LineName } from './line-name.tsx';
import { ShippingOption, type ShippingOptionStore } from './shipping-option.tsx';

/**
 * The order review table: lines, subtotal, coupons, shipping choice per package, deposit,
 * total and the VAT it includes, rate by rate. The shipping radios belong to the checkout form.
 */
export function ReviewTable({
  review,
  onShipping,
  shippingOptions,
}: {
  review: CheckoutReview;
  onShipping?: (rateId: string) => void;
  /** The checkout form's widget states; without it rates show the form's plain fallback. */
  shippingOptions?: ShippingOptionStore;
}) {
  const { t, locale } = useI18n();
  const { cart } = review;
  return (
    <table className="shop_table woocommerce-checkout-review-order-table">
      <caption className="visually-hidden">{t('checkout.review_caption')}</caption>
      <thead>
        <tr>
          <th scope="col" className="product-name">
            {t('cart.product')}
          </th>
          <th scope="col" className="product-total">
            {t('cart.subtotal')}
          </th>
        </tr>
      </thead>
      <tbody>
        {cart.lines.map((line) => (
          <tr key={line.key} className="cart_item">
            <td className="product-name">
              <LineName line={line} />
              {review.unitPrices ? <UnitPrice unitPrice={line.unitPriceInfo} /> : null}
            </td>
            <td className="product-total">
              <Money amount={line.lineTotal} />
            </td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr className="cart-subtotal">
          <th scope="row">{t('cart.items_total')}</th>
          <td>
            <Money amount={cart.totals.items} />
          </td>
        </tr>
        {cart.coupons.map((coupon) => (
          <tr key={coupon.code} className="cart-discount">
            <th scope="row">{t('coupon.row', { code: coupon.code })}</th>
            <td>
              {coupon.discount > 0 ? (
                <>
                  −<Money amount={coupon.discount} />
                </>
              ) : (
                t('coupon.free_shipping')
              )}
            </td>
          </tr>
        ))}
        {cart.shipping.needsShipping &&
          cart.shipping.packages.map((pkg) => (
            <tr key={pkg.packageId} className="woocommerce-shipping-totals shipping">
              <th scope="row">{t('checkout.shipping_package')}</th>
              <td>
                {pkg.rates.length === 0 ? (
                  <p className="shipping-none">{t('shipping.none')}</p>
                ) : (
                  <fieldset className="shipping-methods" id="shipping_method">
                    <legend className="visually-hidden">{t('shipping.methods')}</legend>
                    {pkg.rates.map((rate) => (
                      <Fragment key={rate.rateId}>
                        <label className="choice shipping-rate">
                          <input
                            type="radio"
                            className="shipping_method"
                            name={`shipping_method[${pkg.packageId}]`}
                            value={rate.rateId}
                            checked={rate.selected}
                            onChange={() => onShipping?.(rate.rateId)}
                            readOnly={!onShipping}
                          />
                          <span>
                            {rate.name}
                            {': '}
                            {rate.cost > 0 ? <Money amount={rate.cost} /> : t('checkout.free')}
                            {rate.deliveryTime ? (
                              <span className="shipping-rate-details">{rate.deliveryTime}</span>
                            ) : null}
                          </span>
                        </label>
                        <ShippingOption rate={rate} review={review} store={shippingOptions} />
                      </Fragment>
                    ))}
                  </fieldset>
                )}
              </td>
            </tr>
          ))}
        {cart.totals.deposit > 0 && (
          <tr className="deposit-total">
            <th scope="row">{t('cart.deposit_total')}</th>
            <td>
              <Money amount={cart.totals.deposit} />
            </td>
          </tr>
        )}
        {cart.totals.breakdown.fees.map((fee) => (
          <tr key={fee.key} className="fee">
            <th scope="row">{fee.name}</th>
            <td>
              <Money amount={fee.gross} />
            </td>
          </tr>
        ))}
        <tr className="order-total">
          <th scope="row">{t('cart.total')}</th>
          <td>
            <strong>
              <Money amount={cart.totals.total} />
            </strong>
          </td>
        </tr>
        {cart.totals.taxLines.map((line) => (
          <tr key={line.rate} className="tax-rate">
            <th scope="row">{t('cart.tax_line', { rate: formatRate(line.rate, locale) })}</th>
            <td>
              <Money amount={line.amount} />
            </td>
          </tr>
        ))}
        <VatRows vat={cart.totals.vat} />
        <RecurringRows lines={cart.lines} total={cart.totals.total} />
      </tfoot>
    </table>
  );
}

/**
 * The payment methods (spec section 4): one method is hidden and preselected; otherwise a
 * radio list where only the chosen method's box shows.
 */
export function PaymentMethods({
  methods,
  chosen,
  onChoose,
  renderBox,
}: {
  methods: readonly PaymentMethodView[];
  chosen: string | null;
  onChoose?: (id: string) => void;
  /** More of the chosen method's box: the card provider's element, say. */
  renderBox?: (method: PaymentMethodView) => ReactNode;
}) {
  const { t } = useI18n();
  if (methods.length === 0) {
    return (
      <div className="woocommerce-checkout-payment" id="payment">
        <p className="woocommerce-notice woocommerce-info">{t('checkout.no_payment_methods')}</p>
      </div>
    );
  }
  const only = methods.length === 1 ? methods[0]! : null;
  return (
    <div className="woocommerce-checkout-payment" id="payment">
      {only ? (
        <div className="payment-single">
          <input type="hidden" name="payment_method" value={only.id} />
          <h3 className="payment-heading">{t('checkout.payment')}</h3>
          <p className="payment-title">
            <strong>{only.title}</strong>
          </p>
          <div className={`payment_box payment_method_${only.id}`}>
            <p>{only.description}</p>
            {renderBox?.(only)}
          </div>
        </div>
      ) : (
        <fieldset className="wc_payment_methods payment_methods methods">
          <legend className="payment-heading">{t('checkout.payment')}</legend>
          {methods.map((m) => (
            <div key={m.id} className={`wc_payment_method payment_method_${m.id}`}>
              <label className="choice" htmlFor={`payment_method_${m.id}`}>
                <input
                  id={`payment_method_${m.id}`}
                  type="radio"
                  className="input-radio"
                  name="payment_method"
                  value={m.id}
                  checked={m.id === chosen}
                  data-order_button_text={m.orderButtonText ?? undefined}
                  data-fee={m.fee ?? undefined}
                  onChange={() => onChoose?.(m.id)}
                  readOnly={!onChoose}
                />
                <span>{m.title}</span>
              </label>
              {m.id === chosen && (
                <div className={`payment_box payment_method_${m.id}`}>
                  <p>{m.description}</p>
                  {renderBox?.(m)}
                </div>
              )}
            </div>
          ))}
        </fieldset>
      )}
    </div>
  );
}

export { withParts } from '#app/components/ui/with-parts.tsx';

/**
 * Right above the order button (§ 312j BGB): the essential characteristics and delivery time of
 * each item, and the total with VAT, shipping and deposit.
 */
export function OrderSummary({ review }: { review: CheckoutReview }) {
  const { t } = useI18n();
  const money = useMoney();
  const { cart } = review;
  const shipping = cart.shipping.chosen?.cost ?? 0;
  return (
    <section className="checkout-summary" aria-labelledby="checkout-summary-title">
      <h3 id="checkout-summary-title">{t('checkout.summary_heading')}</h3>
      <ul className="checkout-summary-lines">
        {cart.lines.map((line) => {
          const facts = review.facts.find((f) => f.key === line.key);
          return (
            <li key={line.key}>
              <strong>
                {line.quantity} × {line.name}
              </strong>
              {facts?.characteristics ? (
                <span className="checkout-characteristics">
                  {t('checkout.characteristics')}: {facts.characteristics}
                </span>
              ) : null}
              {facts?.deliveryTime ? (
                <span className="delivery-time">
                  {t('checkout.delivery_time', { time: facts.deliveryTime })}
                </span>
              ) : null}
            </li>
          );
        })}
      </ul>
      <p className="checkout-summary-total">
        <span>{t(isVatFree(cart.totals.vat) ? 'cart.total' : 'checkout.total_incl_vat')}</span>{' '}
        <strong>{money(cart.totals.total)}</strong>
        <span className="checkout-summary-includes">
          {cart.totals.deposit > 0
            ? t('checkout.incl_shipping_deposit', {
                shipping: money(shipping),
                deposit: money(cart.totals.deposit),
              })
            : t('checkout.incl_shipping', { shipping: money(shipping) })}
        </span>
      </p>
      <SubscriptionTermsNotice review={review} />
    </section>
  );
}

/** § 312j BGB: what recurs, how often and how to end it, right above the order button. */
function SubscriptionTermsNotice({ review }: { review: CheckoutReview }) {
  const { t } = useI18n();
  const money = useMoney();
  const recurring = recurringLines(review.cart.lines);
  if (recurring.length === 0) return null;
  const text = recurring
    .map((r) => {
      const details = termsDetails(t, money, r.terms).join(', ');
      return `${r.name}: ${recurringText(t, money(r.amount), r.terms)} (${details})`;
    })
    .join('; ');
  return (
    <div className="subscription-terms">
      <h4>{t('subscription.terms_heading')}</h4>
      <p>
        {t(
          review.subscription === 'manual'
            ? 'subscription.terms_notice_manual'
            : 'subscription.terms_notice',
          { recurring: text },
        )}
      </p>
    </div>
  );
}
