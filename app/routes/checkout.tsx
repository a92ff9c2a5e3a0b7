import { useState } from 'react';
import { Link, useActionData } from 'react-router';
import {
  EXPRESS_MESSAGE_AREAS,
  ExpressCheckout,
} from '#app/components/express/express-checkout.tsx';
import type { Route } from './+types/checkout';
import { CheckoutForm } from '#app/components/checkout/checkout-form.tsx';
import { CheckoutCoupon, CheckoutLogin } from '#app/components/checkout/checkout-toggles.tsx';
import { checkoutPageData, handleCheckoutPost } from '#app/http/pages/checkout-page.server.ts';
import { messagesFor } from '#app/lib/i18n.server.ts';
import { type MessagesHandle, useI18n } from '#app/lib/i18n.ts';
import { shop } from '#app/http/request.server.ts';

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data?.title },
  { name: 'robots', content: 'noindex' },
];

export const handle = {
  messageAreas: [
    'checkout',
    'cart',
    'coupon',
    'shipping',
    'stripe',
    'subscription',
    'forms.required_mark',
    'forms.optional_mark',
    'password',
    'account.strength.short',
    'account.strength.bad',
    'account.strength.good',
    'account.strength.strong',
    'account.strength.mismatch',
    'account.strength_label',
    'account.strength_hint',
    'account.strength_required',
    'account.error.password_mismatch',
    ...EXPRESS_MESSAGE_AREAS,
  ],
} satisfies MessagesHandle;

export async function loader(args: Route.LoaderArgs) {
  const { locale } = shop(args);
  return {
    ...(await checkoutPageData(args)),
    messages: messagesFor(locale, handle.messageAreas),
  };
}

export async function action(args: Route.ActionArgs) {
  return handleCheckoutPost(args);
}

export default function CheckoutPage({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const result = useActionData<typeof action>();
  // A refused order comes back priced for the method the shopper chose.
  const review = result?.review ?? loaderData.review;
  // An applied coupon asks the form to refresh its order review.
  const [round, setRound] = useState(0);
  if (review.cart.lines.length === 0) {
    return (
      <div className="container checkout-page">
        <h1>{t('checkout.title')}</h1>
        <p className="cart-empty">{t('checkout.empty')}</p>
        <Link to="/cart" className="button">
          {t('checkout.back_to_cart')}
        </Link>
      </div>
    );
  }
  return (
    <div className="container checkout-page">
      <h1>{t('checkout.title')}</h1>
      <div className="checkout-toggles">
        {!loaderData.isLoggedIn && <CheckoutLogin />}
        <CheckoutCoupon
          security={loaderData.security}
          answer={result?.coupon}
          onApplied={() => setRound((n) => n + 1)}
        />
      </div>
      <ExpressCheckout params={loaderData.express} kind="checkout" separator="after" />
      <CheckoutForm
        key={loaderData.checkoutKey}
        review={review}
        values={result?.values ?? loaderData.values}
        shipToDifferent={result?.shipToDifferent ?? loaderData.shipToDifferent}
        security={loaderData.security}
        checkoutKey={loaderData.checkoutKey}
        messages={result?.messages ?? []}
        terms={loaderData.terms}
        refreshSignal={round}
        account={loaderData.account}
        stripe={loaderData.stripe}
      />
    </div>
  );
}
