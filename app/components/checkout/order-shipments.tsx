import type { OrderView } from '#app/domain/orders/order.view.ts';
import { CARRIER_NAMES } from '#app/domain/orders/shipments.rules.ts';
import { type MessageArea, formatDate, formatNumber, useI18n } from '#app/lib/i18n.ts';
import stylesheet from '#app/styles/order-shipments.css?url';

/** The texts the customer's order pages need for their shipments (shared with the mail). */
export const SHIPMENT_MESSAGES = [
  'mail.shipped.heading',
  'mail.shipped.shipped_on',
  'mail.shipped.carrier',
  'mail.shipped.carrier_other',
  'mail.shipped.tracking_number',
  'mail.shipped.track',
  'mail.shipped.lines',
] as const satisfies readonly MessageArea[];

/** The parcels of the order so far: carrier, tracking number with its link, what is inside. */
export function OrderShipmentList({ order }: { order: OrderView }) {
  const { t, locale } = useI18n();
  if (order.shipments.length === 0) return null;
  return (
    <section className="order-shipments" aria-labelledby="order-shipments-title">
      <link rel="stylesheet" href={stylesheet} />
      <h2 id="order-shipments-title">{t('mail.shipped.heading')}</h2>
      <ol className="order-shipment-list">
        {order.shipments.map((s) => (
          <li key={s.id}>
            <h3>{t('mail.shipped.shipped_on', { date: formatDate(s.createdAt, locale) })}</h3>
            <dl>
              <div>
                <dt>{t('mail.shipped.carrier')}</dt>
                <dd>{CARRIER_NAMES[s.carrier] || t('mail.shipped.carrier_other')}</dd>
              </div>
              <div>
                <dt>{t('mail.shipped.tracking_number')}</dt>
                <dd>{s.trackingNumber}</dd>
              </div>
            </dl>
            {s.trackingLink && (
              <p>
                <a href={s.trackingLink} rel="noreferrer">
                  {t('mail.shipped.track')}: {s.trackingNumber}
                </a>
              </p>
            )}
            <p className="order-shipment-lines-title">{t('mail.shipped.lines')}</p>
            <ul>
              {s.lines.map((l) => (
                <li key={l.itemId}>
                  {formatNumber(l.quantity, locale)} × {l.name}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ol>
    </section>
  );
}
