import type { Route } from './+types/order-received';
import {
  BankDetails,
  OrderDetails,
  OrderOverview,
} from '#app/components/checkout/order-details.tsx';
import { OrderShipmentList, SHIPMENT_MESSAGES } from '#app/components/checkout/order-shipments.tsx';
import { INVOICE_LINK_MESSAGES, InvoiceLinks } from '#app/components/checkout/invoice-links.tsx';
import { Notice } from '#app/components/ui/notice.tsx';
import { orderReceivedData } from '#app/http/pages/order-pages.server.ts';
import { shop } from '#app/http/request.server.ts';
import { messagesFor } from '#app/lib/i18n.server.ts';
import { type MessagesHandle, useI18n } from '#app/lib/i18n.ts';

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data?.title },
  { name: 'robots', content: 'noindex' },
];

export const handle = {
  messageAreas: [
    'order',
    'cart',
    'coupon',
    'checkout.total_incl_vat',
    ...SHIPMENT_MESSAGES,
    ...INVOICE_LINK_MESSAGES,
  ],
} satisfies MessagesHandle;

export async function loader(args: Route.LoaderArgs) {
  const { locale } = shop(args);
  return {
    ...(await orderReceivedData(args)),
    messages: messagesFor(locale, handle.messageAreas),
  };
}

export default function OrderReceivedPage({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { order } = loaderData;
  return (
    <div className="container order-page order-received">
      <h1>{t('order.received_title')}</h1>
      {order.status === 'failed' ? (
        // Back from a bank or provider that refused the payment: no thanks, a way to pay again.
        <Notice kind="error">
          {t('order.payment_failed_notice')}{' '}
          <a
            className="button"
            href={`/checkout/order-pay/${order.id}?key=${encodeURIComponent(order.key)}`}
          >
            {t('order.pay_again')}
          </a>
        </Notice>
      ) : (
        <Notice kind="success">{t('order.thank_you')}</Notice>
      )}
      <OrderOverview order={order} />
      <BankDetails order={order} />
      <OrderShipmentList order={order} />
      <InvoiceLinks invoices={loaderData.invoices} />
      <OrderDetails order={order} />
    </div>
  );
}
