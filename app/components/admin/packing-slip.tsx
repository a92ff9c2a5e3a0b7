import { useHydrated } from '#app/client/use-hydrated.ts';
import { AdminPage, type Crumb } from '#app/components/admin/frame.tsx';
import { addressLines } from '#app/components/checkout/order-details.tsx';
import type { OrderView } from '#app/domain/orders/order.view.ts';
import type { ShopOwner } from '#app/domain/settings/shop-owner.ts';
import { pickupPointLines } from '#app/domain/shipping/pickup-points.ts';
import { formatDate, formatNumber, useI18n } from '#app/lib/i18n.ts';

export type PackingSlipData = {
  id: number;
  number: number;
  createdAt: string;
  address: OrderView['shipping'];
  pickupPoint: Record<string, string> | null;
  shippingMethods: string[];
  customerNote: string;
  lines: {
    id: number;
    name: string;
    variation: { attribute: string; value: string }[];
    sku: string | null;
    quantity: number;
  }[];
};

/** Prints the page; shown once the script runs (without it, the browser's own print command). */
export function PrintButton() {
  const { t } = useI18n();
  if (!useHydrated()) return null;
  return (
    <button type="button" className="button slip-print" onClick={() => window.print()}>
      {t('admin.shipment.slip.print')}
    </button>
  );
}

/** One order's packing slip: sender, recipient, order number and date, lines without prices. */
export function PackingSlip({ slip, owner }: { slip: PackingSlipData; owner: ShopOwner }) {
  const { t, locale } = useI18n();
  const sender = [
    owner.name,
    owner.street,
    [owner.postcode, owner.city].filter(Boolean).join(' '),
    owner.country,
  ].filter((part) => part && part.trim() !== '' && part !== '—');
  const titleId = `slip-${slip.id}`;
  return (
    <article className="packing-slip" aria-labelledby={titleId}>
      <header className="slip-head">
        <p className="slip-sender">{sender.join(' · ')}</p>
        <h2 id={titleId}>
          {t('admin.shipment.slip.title')} {slip.number}
        </h2>
      </header>
      <div className="slip-meta">
        <section aria-labelledby={`${titleId}-to`}>
          <h3 id={`${titleId}-to`}>{t('admin.shipment.slip.ship_to')}</h3>
          <address className="slip-address">
            {addressLines(slip.address, locale).map((line, i) => (
              <span key={i}>{line}</span>
            ))}
          </address>
          {slip.pickupPoint && (
            <>
              <h3>{t('admin.shipment.slip.pickup')}</h3>
              <address className="slip-address">
                {pickupPointLines(slip.pickupPoint).map((line, i) => (
                  <span key={i}>{line}</span>
                ))}
              </address>
            </>
          )}
        </section>
        <dl className="slip-facts">
          <div>
            <dt>{t('admin.shipment.slip.order')}</dt>
            <dd>{slip.number}</dd>
          </div>
          <div>
            <dt>{t('admin.shipment.slip.date')}</dt>
            <dd>
              <time dateTime={slip.createdAt}>{formatDate(slip.createdAt, locale)}</time>
            </dd>
          </div>
          {slip.shippingMethods.length > 0 && (
            <div>
              <dt>{t('admin.shipment.slip.shipping_method')}</dt>
              <dd>{slip.shippingMethods.join(', ')}</dd>
            </div>
          )}
        </dl>
      </div>
      <table className="slip-lines">
        <thead>
          <tr>
            <th scope="col">{t('admin.shipment.slip.product')}</th>
            <th scope="col">{t('admin.shipment.slip.sku')}</th>
            <th scope="col" className="num">
              {t('admin.shipment.slip.quantity')}
            </th>
          </tr>
        </thead>
        <tbody>
          {slip.lines.map((line) => (
            <tr key={line.id}>
              <td>
                {line.name}
                {line.variation.map((v) => (
                  <span key={v.attribute} className="slip-sub">
                    {v.attribute}: {v.value}
                  </span>
                ))}
              </td>
              <td>{line.sku || '–'}</td>
              <td className="num">{formatNumber(line.quantity, locale)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {slip.customerNote && (
        <section className="slip-note" aria-labelledby={`${titleId}-note`}>
          <h3 id={`${titleId}-note`}>{t('admin.shipment.slip.note')}</h3>
          <p>{slip.customerNote}</p>
        </section>
      )}
    </article>
  );
}

/** The printable page of one or several packing slips: a print button, then one sheet each. */
export function PackingSlipSheets({
  title,
  crumbs,
  slips,
  owner,
}: {
  title: string;
  crumbs: Crumb[];
  slips: PackingSlipData[];
  owner: ShopOwner;
}) {
  return (
    <AdminPage title={title} crumbs={crumbs}>
      <p className="slip-actions">
        <PrintButton />
      </p>
      <div className="slip-sheets">
        {slips.map((slip) => (
          <PackingSlip key={slip.id} slip={slip} owner={owner} />
        ))}
      </div>
    </AdminPage>
  );
}
