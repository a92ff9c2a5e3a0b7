import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { data, useActionData } from 'react-router';
import {
  EXPRESS_MESSAGE_AREAS,
  ExpressCheckout,
} from '#app/components/express/express-checkout.tsx';
import type { Route } from './+types/order-pay';
import { OrderDetails, OrderOverview } from '#app/components/checkout/order-details.tsx';
import { withParts } from '#app/components/checkout/order-review.tsx';
import { Field } from '#app/components/ui/field.tsx';
import { Notice, NoticeList } from '#app/components/ui/notice.tsx';
import { PaymentChoice, type PaymentProblem } from '#app/components/checkout/payment-stripe.tsx';
import { scrollToNode } from '#app/client/scroll.ts';
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
    'stripe',
    'subscription',
    ...EXPRESS_MESSAGE_AREAS,
  ],
} satisfies MessagesHandle;

export async function loader(args: Route.LoaderArgs) {
  const { locale } = shop(args);
  const { setCookie, ...page } = await orderPayData(args);
  return data(
    { ...page, messages: messagesFor(locale, handle.messageAreas) },
    { headers: setCookie ? { 'Set-Cookie': setCookie } : undefined },
  );
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
  const [problems, setProblems] = useState<PaymentProblem[]>([]);
  const formRef = useRef<HTMLFormElement>(null);
  const noticesRef = useRef<HTMLDivElement>(null);
  const button = methods.find((m) => m.id === chosen)?.orderButtonText ?? t('order.pay_button');
  // The submit only blocks the form; the browser posts it as it is. A method may veto it
  // first (the card provider creates its payment method, then submits again).
  const block = (event: FormEvent<HTMLFormElement>) => {
    if (blocked) {
      event.preventDefault();
      return;
    }
    const veto = new CustomEvent(`checkout_place_order_${chosen ?? ''}`, { cancelable: true });
    if (!event.currentTarget.dispatchEvent(veto)) {
      event.preventDefault();
      return;
    }
    setBlocked(true);
  };
  const paymentErrors = useCallback((next: PaymentProblem[]) => {
    setBlocked(false);
    setProblems(next);
    document.body.dispatchEvent(new CustomEvent('checkout_error', { detail: next }));
  }, []);
  useEffect(() => {
    if (problems.length > 0 && noticesRef.current) {
      scrollToNode(noticesRef.current);
      noticesRef.current.focus({ preventScroll: true });
    }
  }, [problems]);
  // The payment waits for the browser (3-D Secure, a bank): the hash starts it.
  const pending = result && 'redirect' in result ? result.redirect : null;
  useEffect(() => {
    if (pending) window.location.hash = pending;
  }, [pending]);
  return (
    <div className="container order-page woocommerce-order-pay">
      <h1>{t('order.pay_title')}</h1>
      {result && 'message' in result && <Notice kind="error">{result.message}</Notice>}
      <NoticeList
        ref={noticesRef}
        notices={problems.map((p) => ({ kind: 'error' as const, text: p.text, field: p.field }))}
      />
      <OrderOverview order={order} />
      {loaderData.payable && (
        <ExpressCheckout params={loaderData.express} kind="pay_for_order" separator="after" />
      )}
      {loaderData.payable ? (
        <form
          ref={formRef}
          id="order_review"
          method="post"
          className={`order-pay-form${blocked ? ' processing' : ''}`}
          aria-busy={blocked || undefined}
          onSubmit={block}
          noValidate
        >
          <input type="hidden" name="security" value={loaderData.security} />
          <PaymentChoice
            methods={methods}
            chosen={chosen}
            onChosen={setChosen}
            hydrated={hydrated}
            stripe={loaderData.stripe}
            total={order.total}
            formRef={formRef}
            onErrors={paymentErrors}
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
