import { Link } from 'react-router';
import type { Route } from './+types/account-view-order';
import { BankDetails, OrderDetails, statusText } from '#app/components/checkout/order-details.tsx';
import { OrderShipmentList, SHIPMENT_MESSAGES } from '#app/components/checkout/order-shipments.tsx';
import { INVOICE_LINK_MESSAGES, InvoiceLinks } from '#app/components/checkout/invoice-links.tsx';
import { viewOrderData } from '#app/http/pages/account-orders.server.ts';
import { shop } from '#app/http/request.server.ts';
import { messagesFor } from '#app/lib/i18n.server.ts';
import {
  type MessagesHandle,
  type TextKey,
  formatDate,
  formatDateTime,
  useI18n,
} from '#app/lib/i18n.ts';

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data?.title },
  { name: 'robots', content: 'noindex' },
];

export const handle = {
  messageAreas: [
    'order',
    'cart',
    'coupon',
    'account',
    'footer.withdrawal',
    ...SHIPMENT_MESSAGES,
    ...INVOICE_LINK_MESSAGES,
  ],
} satisfies MessagesHandle;

export async function loader(args: Route.LoaderArgs) {
  const { locale } = shop(args);
  return {
    ...(await viewOrderData(args)),
    messages: messagesFor(locale, handle.messageAreas),
  };
}

export default function ViewOrderPage({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const { order } = loaderData;
  return (
    <div className="container account-page order-page">
      <p>
        <Link to="/my-account/orders">← {t('account.orders.back')}</Link>
      </p>
      <h1>{t('order.view_title', { number: order.number })}</h1>
      <p className="order-status-line">
        {t('order.status_line', {
          number: order.number,
          date: formatDate(order.createdAt, locale),
          status: statusText(order.status, t),
        })}
      </p>
      {loaderData.payPath && (
        <p>
          <a href={loaderData.payPath} className="button">
            {t('account.orders.pay')}
          </a>
        </p>
      )}
      {order.withdrawnAt && (
        <p className="order-withdrawn">
          {t('order.withdrawn_at', { at: formatDateTime(order.withdrawnAt, locale) })}
        </p>
      )}
      {order.mayWithdraw && (
        <p>
          <Link to={`/vertrag-widerrufen?order=${order.id}`} className="button button-secondary">
            {t('footer.withdrawal')}
          </Link>
        </p>
      )}
      <BankDetails order={order} />
      <OrderShipmentList order={order} />
      {order.notes.length > 0 && (
        <section aria-labelledby="order-notes-title" className="order-notes">
          <h2 id="order-notes-title">{t('order.notes')}</h2>
          <ol className="commentlist notes">
            {order.notes.map((note, i) => (
              <li key={i}>
                <time dateTime={note.createdAt}>{formatDate(note.createdAt, locale)}</time>:{' '}
                {t(note.code as TextKey, note.params)}
              </li>
            ))}
          </ol>
        </section>
      )}
      <InvoiceLinks invoices={loaderData.invoices} />
      <OrderDetails order={order} />
    </div>
  );
}
