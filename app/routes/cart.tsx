import { Form, Link, data, redirect, useActionData, useNavigation } from 'react-router';
import { unitPricePlaces, withUnitPrices } from '#app/domain/cart/unit-price-places.server.ts';
import {
  EXPRESS_MESSAGE_AREAS,
  ExpressCheckout,
} from '#app/components/express/express-checkout.tsx';
import type { Route } from './+types/cart';
import { startingSession } from '#app/client/session-start.ts';
import { CartLine } from '#app/components/cart/cart-line.tsx';
import { CartTotals } from '#app/components/cart/cart-totals.tsx';
import { CouponForm, CouponProvider } from '#app/components/cart/coupons.tsx';
import { ShippingTotals } from '#app/components/cart/shipping-totals.tsx';
import { Notice } from '#app/components/ui/notice.tsx';
import { type MessagesHandle, type TextKey, useI18n } from '#app/lib/i18n.ts';
import { messagesFor } from '#app/lib/i18n.server.ts';
import { handleCartForm } from '#app/http/pages/cart-form.server.ts';
import { removeByLink } from '#app/http/pages/cart-remove-link.server.ts';
import { shop } from '#app/http/request.server.ts';
import { loadCart } from '#app/domain/cart/cart.server.ts';
import { sessionNonce } from '#app/lib/session.server.ts';
import { expressCheckoutParams } from '#app/http/stripe/express-page-data.server.ts';
import { LinkedProductGrid } from '#app/components/product-card-content.tsx';
import { crossSellCards } from '#app/domain/catalog/product-links.server.ts';

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data?.title },
  { name: 'robots', content: 'noindex' },
];

export const handle = {
  messageAreas: [
    'cart',
    'coupon',
    'price',
    'unit',
    'product.gallery',
    'product.quantity_for',
    'shipping',
    'subscription',
    ...EXPRESS_MESSAGE_AREAS,
    // The cross-sells' product cards.
    'product',
    'rating',
    'delivery',
    'stock',
  ],
} satisfies MessagesHandle;

export async function loader(args: Route.LoaderArgs) {
  const request = shop(args);
  const { db, env, locale, currency, t, session } = request;
  const current = await session();
  // The mini cart's remove link lands here (WooCommerce's remove address): remove, then show.
  const linked = await removeByLink(new URL(args.request.url), request, current);
  if (linked && 'redirect' in linked) {
    const headers = new Headers();
    for (const cookie of linked.cookies) headers.append('Set-Cookie', cookie);
    throw redirect(linked.redirect, { status: 303, headers });
  }
  const cart = await loadCart(db, current, { currency, locale });
  const places = await unitPricePlaces(db);
  return data(
    {
      cart: withUnitPrices(cart, places.cart),
      linkNotice: linked && { ok: linked.ok, message: linked.message },
      // The token the coupon form's wc-ajax calls carry as `security`.
      security: current ? sessionNonce(current, env) : null,
      express: await expressCheckoutParams(
        { db, env, t, currency },
        { kind: 'cart', cart, session: current },
      ),
      crossSells: await crossSellCards(
        db,
        [...new Set(cart.lines.map((l) => l.productId))],
        locale,
      ),
      title: `${t('cart.title')} | ${t('shop.name')}`,
      messages: messagesFor(locale, handle.messageAreas),
    },
    { status: linked?.status ?? 200 },
  );
}

export async function action(args: Route.ActionArgs) {
  return handleCartForm(args);
}

/** The quick view adds through this action and may start the session: never beside another. */
export function clientAction({ serverAction }: Route.ClientActionArgs) {
  return startingSession(serverAction);
}

export default function CartPage({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const { cart } = loaderData;
  const busy = navigation.state !== 'idle' && navigation.formAction?.startsWith('/cart');
  return (
    <div className="container cart-page">
      <h1>{t('cart.title')}</h1>
      {loaderData.linkNotice && !result && (
        <Notice kind={loaderData.linkNotice.ok ? 'success' : 'error'}>
          {loaderData.linkNotice.message}
        </Notice>
      )}
      {result && !result.intent.endsWith('_coupon') && (
        <Notice kind={result.ok ? 'success' : 'error'}>{result.message}</Notice>
      )}
      {cart.problems.map((problem) => (
        <Notice key={problem.key} kind="error">
          {t(problem.error.code as TextKey, problem.error.params)}
        </Notice>
      ))}
      {cart.removedCoupons.map((removed) => (
        <Notice key={removed.code} kind="error">
          {t('coupon.removed_invalid', { code: removed.code })}{' '}
          {t(removed.reason.code as TextKey, removed.reason.params)}
        </Notice>
      ))}
      {cart.lines.length === 0 ? (
        <div className="cart-empty">
          <p>{t('cart.empty')}</p>
          <Link to="/shop" className="button">
            {t('cart.continue')}
          </Link>
        </div>
      ) : (
        <div className="cart-layout">
          <Form
            method="post"
            className={`cart-form${busy ? ' is-busy' : ''}`}
            aria-busy={busy || undefined}
          >
            <input type="hidden" name="intent" value="update" />
            <table className="cart-table">
              <caption className="visually-hidden">{t('cart.title')}</caption>
              <thead>
                <tr>
                  <th scope="col" className="cart-col-image">
                    <span className="visually-hidden">{t('product.gallery')}</span>
                  </th>
                  <th scope="col">{t('cart.product')}</th>
                  <th scope="col" className="cart-col-price">
                    {t('cart.price')}
                  </th>
                  <th scope="col">{t('cart.quantity')}</th>
                  <th scope="col" className="cart-col-subtotal">
                    {t('cart.subtotal')}
                  </th>
                  <th scope="col">
                    <span className="visually-hidden">{t('cart.remove')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {cart.lines.map((line) => (
                  <CartLine key={line.key} line={line} />
                ))}
              </tbody>
            </table>
            <div className="cart-actions">
              <Link to="/shop" className="button button-secondary">
                {t('cart.continue')}
              </Link>
              <button type="submit" className="button button-secondary">
                {t('cart.update')}
              </button>
            </div>
          </Form>
          <section className="cart-totals" aria-labelledby="totals-title">
            <h2 id="totals-title">{t('cart.totals')}</h2>
            <CouponProvider security={loaderData.security} result={result}>
              <CouponForm />
              <CartTotals
                totals={cart.totals}
                lines={cart.lines}
                coupons={cart.coupons}
                shipping={
                  cart.shipping.needsShipping ? (
                    <ShippingTotals
                      shipping={cart.shipping}
                      calculatorError={
                        result && !result.ok && result.intent === 'calc_shipping'
                          ? result
                          : undefined
                      }
                    />
                  ) : undefined
                }
                shippingNote={t('cart.shipping_at_checkout')}
              />
            </CouponProvider>
            <Link to="/checkout" className="button button-large button-block">
              {t('cart.checkout')}
            </Link>
            <ExpressCheckout params={loaderData.express} kind="cart" separator="before" />
          </section>
        </div>
      )}
      {cart.lines.length > 0 && loaderData.crossSells.length > 0 && (
        <section aria-labelledby="cross-sells-title" className="cross-sells">
          <h2 id="cross-sells-title">{t('cart.cross_sells_title')}</h2>
          <LinkedProductGrid products={loaderData.crossSells} />
        </section>
      )}
    </div>
  );
}
