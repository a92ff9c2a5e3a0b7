import { type FormEvent, useState } from 'react';
import { useActionData } from 'react-router';
import type { Route } from './+types/order-pay';
import { OrderDetails, OrderOverview } from '#app/components/checkout/order-details.tsx';
import { PaymentMethods, withParts } from '#app/components/checkout/order-review.tsx';
import { Field } from '#app/components/ui/field.tsx';
import { Notice } from '#app/components/ui/notice.tsx';
import { useHydrated } from '#app/client/use-hydrated.ts';
import { handleOrderPay, orderPayData } from '#app/http/pages/order-pages.server.ts';
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
    'checkout',
    'shipping',
    'forms.required_mark',
    'forms.optional_mark',
  ],
} satisfies MessagesHandle;

export async function loader(args: Route.LoaderArgs) {
  const { locale } = shop(args);
  return {
    ...(await orderPayData(args)),
    messages: messagesFor(locale, handle.messageAreas),
  };
}

export async function action(args: Route.ActionArgs) {
  return handleOrderPay(args);
}

/** The order-pay page (recognised by its page class): pay a pending or failed order. */
export default function OrderPayPage({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const result = useActionData<typeof action>();
  const hydrated = useHydrated();
  const { order, methods } = loaderData;
  const [chosen, setChosen] = useState(loaderData.chosen);
  const [blocked, setBlocked] = useState(false);
  const button = methods.find((m) => m.id === chosen)?.orderButtonText ?? t('order.pay_button');
  // The submit only blocks the form; the browser posts it as it is.
  const block = (event: FormEvent<HTMLFormElement>) => {
    if (blocked) event.preventDefault();
    else setBlocked(true);
  };
  return (
    <div className="container order-page woocommerce-order-pay">
      <h1>{t('order.pay_title')}</h1>
      {result && 'message' in result && <Notice kind="error">{result.message}</Notice>}
      <OrderOverview order={order} />
      {loaderData.payable ? (
        <form
          id="order_review"
          method="post"
          className={`order-pay-form${blocked ? ' processing' : ''}`}
          aria-busy={blocked || undefined}
          onSubmit={block}
          noValidate
        >
          <input type="hidden" name="security" value={loaderData.security} />
          <PaymentMethods
            methods={methods}
            chosen={chosen}
            onChoose={
              hydrated
                ? (id) => {
                    setChosen(id);
                    document.body.dispatchEvent(new CustomEvent('payment_method_selected'));
                  }
                : undefined
            }
          />
          <Field
            id="terms"
            layout="choice"
            required
            label={withParts(t('checkout.terms'), {
              agb: <a href="/agb">{t('checkout.terms_agb')}</a>,
              widerruf: <a href="/widerruf">{t('checkout.terms_widerruf')}</a>,
            })}
          >
            {(control) => <input {...control} type="checkbox" name="terms" value="1" />}
          </Field>
          <button type="submit" id="place_order" className="button button-large button-block">
            {button}
          </button>
        </form>
      ) : (
        <Notice kind="info">{t('order.pay_not_needed')}</Notice>
      )}
      <OrderDetails order={order} />
    </div>
  );
}
