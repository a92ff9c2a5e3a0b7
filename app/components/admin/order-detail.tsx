import { Link } from 'react-router';
import { VatRows } from '#app/components/cart/vat-rows.tsx';
import { Money } from '#app/components/ui/price.tsx';
import { addressLines } from '#app/components/checkout/order-details.tsx';
import { type OrderView, feeMessageKey } from '#app/domain/orders/order.view.ts';
import { formatRate } from '#app/domain/pricing/tax.ts';
import { type TextKey, formatDateTime, formatNumber, useI18n } from '#app/lib/i18n.ts';
import type { StripePaymentView } from '#app/domain/payments/stripe/charge-details.view.ts';
import { AdminTable } from './admin-table.tsx';
import { StripePayment } from './stripe-payment.tsx';

export type AdminOrderLine = {
  name: string;
  variation: { attribute: string; value: string }[];
  sku: string | null;
  quantity: number;
  unitPrice: number;
  total: number;
};

export type AdminOrderNote = {
  id: number;
  forCustomer: boolean;
  author: string | null;
  text: string;
  createdAt: string;
};

export type AdminAuditEntry = {
  id: number;
  at: string;
  who: string;
  action: string;
  changes: { field: string; before: string; after: string }[];
};

/** The order's lines with SKU and unit price, then its sums with the VAT of each rate. */
export function OrderLines({ order, lines }: { order: OrderView; lines: AdminOrderLine[] }) {
  const { t, locale } = useI18n();
  const feeLabel = (fee: { key: string; name: string }) => {
    const key = feeMessageKey(fee.key);
    return key ? t(key) : fee.name;
  };
  return (
    <section className="admin-card" aria-labelledby="admin-lines">
      <h2 id="admin-lines">{t('admin.lines')}</h2>
      <AdminTable
        labelledBy="admin-lines"
        columns={[
          { label: t('admin.col.product') },
          { label: t('admin.col.sku') },
          { label: t('admin.col.quantity'), numeric: true },
          { label: t('admin.col.unit_price'), numeric: true },
          { label: t('admin.col.line_total'), numeric: true },
        ]}
      >
        {lines.map((line, i) => (
          <tr key={i}>
            <td>
              {line.name}
              {line.variation.map((v) => (
                <span key={v.attribute} className="admin-sub">
                  {v.attribute}: {v.value}
                </span>
              ))}
            </td>
            <td>{line.sku || '–'}</td>
            <td className="num">{formatNumber(line.quantity, locale)}</td>
            <td className="num">
              <Money amount={line.unitPrice} />
            </td>
            <td className="num">
              <Money amount={line.total} />
            </td>
          </tr>
        ))}
      </AdminTable>
      <h3>{t('admin.totals')}</h3>
      <table className="admin-table admin-totals">
        <tbody>
          <tr>
            <th scope="row">{t('cart.items_total')}</th>
            <td className="num">
              <Money amount={order.itemsTotal} />
            </td>
          </tr>
          {order.coupons.map((c) => (
            <tr key={c.code}>
              <th scope="row">{t('coupon.row', { code: c.code })}</th>
              <td className="num">
                −<Money amount={c.discount} />
              </td>
            </tr>
          ))}
          {order.shipping_lines.map((s, i) => (
            <tr key={i}>
              <th scope="row">
                {t('cart.shipping')} ({s.name})
              </th>
              <td className="num">
                <Money amount={s.total} />
              </td>
            </tr>
          ))}
          {order.depositTotal > 0 && (
            <tr>
              <th scope="row">{t('cart.deposit_total')}</th>
              <td className="num">
                <Money amount={order.depositTotal} />
              </td>
            </tr>
          )}
          {order.fees.map((fee) => (
            <tr key={fee.key}>
              <th scope="row">{feeLabel(fee)}</th>
              <td className="num">
                <Money amount={fee.total} />
              </td>
            </tr>
          ))}
          <tr className="admin-grand-total">
            <th scope="row">{t('cart.total')}</th>
            <td className="num">
              <Money amount={order.total} />
            </td>
          </tr>
          {order.taxLines.map((line) => (
            <tr key={line.rate}>
              <th scope="row">{t('cart.tax_line', { rate: formatRate(line.rate, locale) })}</th>
              <td className="num">
                <Money amount={line.amount} />
              </td>
            </tr>
          ))}
          <VatRows vat={order.vat} />
        </tbody>
      </table>
    </section>
  );
}

export function AddressBlock({ address }: { address: OrderView['billing'] }) {
  const { locale } = useI18n();
  const lines = [...addressLines(address, locale), address.phone, address.email ?? ''].filter(
    (line) => line.trim() !== '',
  );
  return (
    <address className="admin-address">
      {lines.map((line, i) => (
        <span key={i}>{line}</span>
      ))}
    </address>
  );
}

/** Customer, addresses and payment: the side column; `editHref` while addresses may change. */
export function OrderSide({
  order,
  paidAt,
  stripePayment,
  editHref,
}: {
  order: OrderView;
  paidAt: string | null;
  /** The Stripe payment intent and charge, and its dashboard page with real keys. */
  stripePayment?: StripePaymentView | null;
  editHref?: string | null;
}) {
  const { t, locale } = useI18n();
  return (
    <>
      <section className="admin-card" aria-labelledby="admin-billing">
        <div className="admin-card-head">
          <h2 id="admin-billing">{t('admin.billing')}</h2>
          {editHref && <Link to={editHref}>{t('admin.action.edit_addresses')}</Link>}
        </div>
        <AddressBlock address={order.billing} />
        <h2>{t('admin.shipping')}</h2>
        {order.shipsToDifferentAddress ? (
          <AddressBlock address={order.shipping} />
        ) : (
          <p>{t('admin.same_address')}</p>
        )}
      </section>
      <section className="admin-card" aria-labelledby="admin-payment">
        <h2 id="admin-payment">{t('admin.payment')}</h2>
        <p>{order.paymentMethodTitle || order.paymentMethod}</p>
        <p>
          <span className={`admin-status is-${order.status}`}>
            {t(`order.status.${order.status}` as TextKey)}
          </span>{' '}
          {paidAt
            ? t('admin.paid_at', { date: formatDateTime(paidAt, locale) })
            : t('admin.unpaid')}
        </p>
        {stripePayment && <StripePayment payment={stripePayment} />}
        {order.customerNote && (
          <>
            <h3>{t('order.customer_note')}</h3>
            <p className="admin-note-text">{order.customerNote}</p>
          </>
        )}
      </section>
    </>
  );
}

/** The order's notes, oldest first, each marked as sent to the customer or kept private. */
export function OrderTimeline({ notes }: { notes: AdminOrderNote[] }) {
  const { t, locale } = useI18n();
  return (
    <section className="admin-card" aria-labelledby="admin-notes">
      <h2 id="admin-notes">{t('admin.notes')}</h2>
      {notes.length === 0 ? (
        <p>{t('admin.no_notes')}</p>
      ) : (
        <ol className="admin-timeline">
          {notes.map((note) => (
            <li key={note.id}>
              <time dateTime={note.createdAt}>{formatDateTime(note.createdAt, locale)}</time>{' '}
              <span className="admin-sub">
                ({t(note.forCustomer ? 'admin.note_customer' : 'admin.note_private')}
                {note.author ? `, ${t('admin.action.note_by', { author: note.author })}` : ''})
              </span>
              <p>{note.text}</p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** The audit log's entries for the order, newest first. */
export function AuditTable({ entries }: { entries: AdminAuditEntry[] }) {
  const { t, locale } = useI18n();
  return (
    <section className="admin-card" aria-labelledby="admin-audit">
      <h2 id="admin-audit">{t('admin.audit')}</h2>
      {entries.length === 0 ? (
        <p>{t('admin.audit_empty')}</p>
      ) : (
        <AdminTable
          labelledBy="admin-audit"
          columns={[
            { label: t('admin.col.when') },
            { label: t('admin.col.who') },
            { label: t('admin.col.action') },
            { label: t('admin.col.changes') },
          ]}
        >
          {entries.map((entry) => (
            <tr key={entry.id}>
              <td>
                <time dateTime={entry.at}>{formatDateTime(entry.at, locale)}</time>
              </td>
              <td>{entry.who}</td>
              <td>{entry.action}</td>
              <td>
                <ul className="admin-changes">
                  {entry.changes.map((c) => (
                    <li key={c.field}>
                      <code>{c.field}</code>: {c.before} → {c.after}
                    </li>
                  ))}
                </ul>
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
    </section>
  );
}
