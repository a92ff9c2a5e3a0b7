import { Money } from '#app/components/ui/price.tsx';
import { type OrderView, feeMessageKey } from '#app/domain/orders/order.view.ts';
import { pickupPointLines } from '#app/domain/shipping/pickup-points.ts';
import { countryName, stateName } from '#app/domain/customers/address-locale.ts';
import { formatRate } from '#app/domain/pricing/tax.ts';
import { VatRows } from '#app/components/cart/vat-rows.tsx';
import { LineName } from './line-name.tsx';
import { type TextKey, formatDate, useI18n } from '#app/lib/i18n.ts';
import type { Locale } from '#app/lib/locale.ts';

export function statusText(status: string, t: (key: TextKey) => string): string {
  return t(`order.status.${status}` as TextKey);
}

/** Number, date, e-mail, total and payment method, as WooCommerce lists them on top. */
export function OrderOverview({ order }: { order: OrderView }) {
  const { t, locale } = useI18n();
  return (
    <ul className="woocommerce-order-overview order_details">
      <li>
        {t('order.number')}: <strong>{order.number}</strong>
      </li>
      <li>
        {t('order.date')}: <strong>{formatDate(order.createdAt, locale)}</strong>
      </li>
      {order.billing.email && (
        <li>
          {t('order.email')}: <strong>{order.billing.email}</strong>
        </li>
      )}
      <li>
        {t('order.total')}:{' '}
        <strong>
          <Money amount={order.total} />
        </strong>
      </li>
      {order.paymentMethodTitle && (
        <li>
          {t('order.payment_method')}: <strong>{order.paymentMethodTitle}</strong>
        </li>
      )}
    </ul>
  );
}

export function BankDetails({ order }: { order: OrderView }) {
  const { t } = useI18n();
  if (order.bankDetails.length === 0) return null;
  return (
    <section className="order-bank-details" aria-labelledby="bank-details-title">
      <h2 id="bank-details-title">{t('order.bank_details')}</h2>
      <p>{t('order.bank_intro')}</p>
      <dl>
        {order.bankDetails.map((d) => (
          <div key={d.key}>
            <dt>{t(`order.bank.${d.key}` as TextKey)}</dt>
            <dd>
              <strong>{d.value}</strong>
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** An address as the lines a letter shows, empty parts left out. */
export function addressLines(address: OrderView['billing'], locale: Locale): string[] {
  return [
    [address.first_name, address.last_name].filter(Boolean).join(' '),
    address.company,
    address.address_1,
    address.address_2,
    [address.postcode, address.city].filter(Boolean).join(' '),
    address.state ? stateName(address.country, address.state, locale) : '',
    address.country ? countryName(address.country, locale) : '',
  ].filter((l) => l && l.trim() !== '');
}

function Address({ address }: { address: OrderView['billing'] }) {
  const { locale } = useI18n();
  const lines = addressLines(address, locale);
  return (
    <address>
      {lines.map((line, i) => (
        <span key={i} className="address-line">
          {line}
        </span>
      ))}
      {address.phone && <span className="address-line">{address.phone}</span>}
      {address.email && <span className="address-line">{address.email}</span>}
    </address>
  );
}

/** Where the goods wait: the chosen pickup point or parcel locker. */
function PickupPointAddress({ point }: { point: Record<string, string> }) {
  const { t } = useI18n();
  return (
    <div className="order-pickup-point">
      <h2>{t('order.pickup_point')}</h2>
      <address>
        {pickupPointLines(point).map((line, i) => (
          <span key={i} className="address-line">
            {line}
          </span>
        ))}
      </address>
    </div>
  );
}

/** The order's lines and sums, then the addresses: order received, view order, order pay. */
export function OrderDetails({ order }: { order: OrderView }) {
  const { t, locale } = useI18n();
  const feeLabel = (fee: { key: string; name: string }) => {
    const key = feeMessageKey(fee.key);
    return key ? t(key) : fee.name;
  };
  return (
    <>
      <section className="woocommerce-order-details" aria-labelledby="order-details-title">
        <h2 id="order-details-title">{t('order.details')}</h2>
        <table className="shop_table order_details">
          <thead>
            <tr>
              <th scope="col">{t('order.product')}</th>
              <th scope="col" className="product-total">
                {t('cart.subtotal')}
              </th>
            </tr>
          </thead>
          <tbody>
            {order.items.map((item, i) => (
              <tr key={i}>
                <td>
                  <LineName line={item} />
                </td>
                <td className="product-total">
                  <Money amount={item.subtotal} />
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">{t('cart.items_total')}</th>
              <td>
                <Money amount={order.itemsTotal} />
              </td>
            </tr>
            {order.coupons.map((c) => (
              <tr key={c.code}>
                <th scope="row">{t('coupon.row', { code: c.code })}</th>
                <td>
                  −<Money amount={c.discount} />
                </td>
              </tr>
            ))}
            {order.shipping_lines.map((s, i) => (
              <tr key={i}>
                <th scope="row">{t('cart.shipping')}</th>
                <td>
                  <Money amount={s.total} /> <span className="muted">({s.name})</span>
                </td>
              </tr>
            ))}
            {order.depositTotal > 0 && (
              <tr>
                <th scope="row">{t('cart.deposit_total')}</th>
                <td>
                  <Money amount={order.depositTotal} />
                </td>
              </tr>
            )}
            {order.fees.map((fee) => (
              <tr key={fee.key} className="fee">
                <th scope="row">{feeLabel(fee)}</th>
                <td>
                  <Money amount={fee.total} />
                </td>
              </tr>
            ))}
            {order.paymentMethodTitle && (
              <tr>
                <th scope="row">{t('order.payment_method')}</th>
                <td>{order.paymentMethodTitle}</td>
              </tr>
            )}
            <tr className="order-total">
              <th scope="row">{t('cart.total')}</th>
              <td>
                <strong>
                  <Money amount={order.total} />
                </strong>
              </td>
            </tr>
            {order.taxLines.map((line) => (
              <tr key={line.rate} className="tax-rate">
                <th scope="row">{t('cart.tax_line', { rate: formatRate(line.rate, locale) })}</th>
                <td>
                  <Money amount={line.amount} />
                </td>
              </tr>
            ))}
            <VatRows vat={order.vat} />
            {order.customerNote && (
              <tr>
                <th scope="row">{t('order.customer_note')}</th>
                <td className="customer-note">{order.customerNote}</td>
              </tr>
            )}
          </tfoot>
        </table>
      </section>
      <section className="woocommerce-customer-details order-addresses">
        <div>
          <h2>{t('order.billing_address')}</h2>
          <Address address={order.billing} />
        </div>
        {order.shipping_lines.length > 0 && (
          <div>
            <h2>{t('order.shipping_address')}</h2>
            <Address address={order.shipping} />
          </div>
        )}
        {order.pickupPoint && <PickupPointAddress point={order.pickupPoint} />}
      </section>
    </>
  );
}
