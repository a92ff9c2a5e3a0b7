import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Money } from '#app/components/ui/price.tsx';
import type { CustomerSectionsData } from '#app/domain/privacy/admin-customers.view.ts';
import { type TextKey, formatDate, formatDateTime, useI18n } from '#app/lib/i18n.ts';

type CustomerData = CustomerSectionsData;

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="admin-card admin-customer-section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

function Table({
  caption,
  head,
  children,
}: {
  caption: string;
  head: string[];
  children: ReactNode;
}) {
  return (
    <div className="admin-table-wrap" role="region" tabIndex={0} aria-label={caption}>
      <table className="admin-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {head.map((h) => (
              <th key={h} scope="col">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/** Where an order came from, in one short line: source and campaign. */
function attributionText(fields: Record<string, string>): string {
  const parts = [fields.source_type, fields.utm_source, fields.utm_medium, fields.utm_campaign];
  return parts.filter(Boolean).join(' · ');
}

/** The customer page's read-only sections: orders, subscriptions, payment methods, reviews, log. */
export function CustomerSections({ data }: { data: CustomerData }) {
  const { t, locale } = useI18n();
  const { customer, figures, orders, subscriptions, paymentMethods, reviews, changes } = data;
  const yesNo = (value: boolean | null) =>
    value === null ? '–' : t(value ? 'admin.customers.yes' : 'admin.customers.no');
  return (
    <>
      <Section id="customer-orders" title={t('admin.customers.orders')}>
        <p>
          {t('admin.customers.orders_summary', { count: figures.orders })}{' '}
          <Money amount={figures.spent} />
        </p>
        {orders.length === 0 ? (
          <p className="admin-empty">{t('admin.customers.no_orders')}</p>
        ) : (
          <>
            <Table
              caption={t('admin.customers.orders')}
              head={[
                t('admin.customers.col.order'),
                t('admin.customers.col.date'),
                t('admin.customers.col.status'),
                t('admin.customers.col.total'),
                t('admin.customers.col.terms'),
                t('admin.customers.col.digital'),
                t('admin.customers.col.attribution'),
              ]}
            >
              {orders.map((o) => (
                <tr key={o.id}>
                  <td>
                    <Link to={`/admin/orders/${o.id}`}>#{o.number}</Link>
                  </td>
                  <td>
                    <time dateTime={o.createdAt}>{formatDateTime(o.createdAt, locale)}</time>
                  </td>
                  <td>{t(`order.status.${o.status}` as TextKey)}</td>
                  <td className="num">
                    <Money amount={o.total} />
                  </td>
                  <td>{yesNo(o.consent?.terms ?? null)}</td>
                  <td>{yesNo(o.consent?.digital ?? null)}</td>
                  <td>{attributionText(o.attribution) || '–'}</td>
                </tr>
              ))}
            </Table>
            <p>
              <Link to={`/admin/orders?customer=${customer.id}`}>
                {t('admin.customers.all_orders', { name: customer.name })}
              </Link>
            </p>
          </>
        )}
      </Section>
      <Section id="customer-subscriptions" title={t('admin.customers.subscriptions')}>
        {subscriptions.length === 0 ? (
          <p className="admin-empty">{t('admin.customers.none')}</p>
        ) : (
          <ul>
            {subscriptions.map((s) => (
              <li key={s.id}>
                {s.name} – {t(`subscription.status.${s.status}` as TextKey)}
                {s.nextPaymentAt &&
                  ` – ${t('admin.customers.next_payment', { date: formatDate(s.nextPaymentAt, locale) })}`}
              </li>
            ))}
          </ul>
        )}
      </Section>
      <Section id="customer-payment-methods" title={t('admin.customers.payment_methods')}>
        {paymentMethods.length === 0 ? (
          <p className="admin-empty">{t('admin.customers.none')}</p>
        ) : (
          <ul>
            {paymentMethods.map((m) => (
              <li key={`${m.type}-${m.brand}-${m.last4}`}>
                {t('admin.customers.method', { brand: m.brand ?? m.type, last4: m.last4 })}
              </li>
            ))}
          </ul>
        )}
      </Section>
      <Section id="customer-reviews" title={t('admin.customers.reviews')}>
        {reviews.length === 0 ? (
          <p className="admin-empty">{t('admin.customers.none')}</p>
        ) : (
          <ul>
            {reviews.map((r) => (
              <li key={r.id}>
                <time dateTime={r.createdAt}>{formatDate(r.createdAt, locale)}</time>
                {r.rating !== null &&
                  ` – ${t('admin.customers.rating', { rating: r.rating })}`} –{' '}
                {r.content.slice(0, 200)}
              </li>
            ))}
          </ul>
        )}
      </Section>
      <Section id="customer-log" title={t('admin.customers.log')}>
        {changes.length === 0 ? (
          <p className="admin-empty">{t('admin.customers.none')}</p>
        ) : (
          <ul>
            {changes.map((c) => (
              <li key={c.id}>
                <time dateTime={c.at}>{formatDateTime(c.at, locale)}</time> –{' '}
                {t(`admin.customers.log.${c.action}` as TextKey)} – {c.actor || c.channel}
                {c.fields.length > 0 && ` (${c.fields.join(', ')})`}
              </li>
            ))}
          </ul>
        )}
      </Section>
    </>
  );
}
