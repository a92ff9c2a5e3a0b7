import { renewalKeepsMethod } from '#app/domain/subscriptions/order-subscriptions.server.ts';
import { dueTodayPerUnit } from '#app/domain/subscriptions/subscriptions.rules.ts';
import { eq } from 'drizzle-orm';
import type { CartView } from '#app/domain/cart/cart.view.ts';
import { products } from '#app/domain/catalog/catalog.schema.ts';
import type { ProductDetail } from '#app/domain/catalog/catalog.view.ts';
import { guestCheckoutEnabled } from '#app/domain/checkout/checkout-customer.server.ts';
import { consentTextVersion } from '#app/domain/checkout/express.server.ts';
import { SHOP_COUNTRY } from '#app/domain/customers/address-locale.ts';
import type { Tx } from '#app/domain/kernel/tx.ts';
import { ACCEPTED_AT_CHECKOUT, legalVersionsInForce } from '#app/domain/legal/legal.server.ts';
import { needsPayment } from '#app/domain/orders/lifecycle.rules.ts';
import type { OrderRow } from '#app/domain/orders/orders.schema.ts';
import { enabledMethods } from '#app/domain/payments/payments.server.ts';
import {
  type ExpressPageKind,
  expressSettings,
} from '#app/domain/payments/stripe/express-settings.server.ts';
import { STRIPE_GATEWAY_ID } from '#app/domain/payments/stripe/methods.ts';
import { ossEnabled } from '#app/domain/pricing/vat.server.ts';
import { minorUnit } from '#app/domain/pricing/money.ts';
import { shippingCountries } from '#app/domain/shipping/shipping.server.ts';
import type { Env } from '#app/lib/env.server.ts';
import type { Translate } from '#app/lib/i18n.ts';
import { type Session, sessionNonce } from '#app/lib/session.server.ts';
import { stripeSetup } from '#app/domain/payments/stripe-setup.server.ts';
import { type Sheet, cartSheet, orderSheet, productSheet } from './express-sheet.server.ts';
import type { ExpressCheckoutParams } from '#app/domain/payments/stripe/express.view.ts';

export type { ExpressPageKind };

/** The nonce names of spec section 3 (express checkout data). */
export const EXPRESS_NONCES = [
  'shipping',
  'update_shipping',
  'normalize_address',
  'get_cart_details',
  'add_to_cart',
  'clear_cart',
  'wc_store_api',
  'wc_store_api_express_checkout',
  'get_selected_product_data',
] as const;

/**
 * Express checkout data of a page (spec section 3). Safe to send to the browser: amounts are
 * the server's, nonces are the visitor's own.
 *
 * The product page is shared by every visitor (decision 0016), so there it knows nobody: its
 * nonces are '' and `login_required` says only whether the site (or a subscription on the
 * page) needs an account to check out. The browser then takes the session's nonce from the `Nonce` header of
 * `GET /wc/store/v1/cart` (which starts a session) and treats a signed-in visitor
 * (`usePersonal().account`) as not needing to log in. The type lives in
 * app/domain/payments/stripe/express.view.ts, where the browser reads it too.
 */
export type { ExpressCheckoutParams };

export const EXPRESS_AJAX_URL = '/wc-ajax/%%endpoint%%';

export type ExpressPage =
  | {
      kind: 'product';
      product: Pick<ProductDetail, 'id' | 'type' | 'name' | 'price' | 'deposit' | 'subscription'>;
    }
  | { kind: 'cart' | 'checkout'; cart: CartView; session: Session | null }
  | { kind: 'pay_for_order'; order: OrderRow; session: Session | null };

/** The legal text versions a consent given now refers to (see consentTextVersion). */
export async function consentTextVersionInForce(db: Tx): Promise<string> {
  return consentTextVersion(await legalVersionsInForce(db, ACCEPTED_AT_CHECKOUT));
}

/** Whether the product ships (a digital product or service does not). */
export async function productShips(db: Tx, id: number): Promise<boolean> {
  const [row] = await db
    .select({ digital: products.digital })
    .from(products)
    .where(eq(products.id, id));
  return !row?.digital;
}

/**
 * A subscription renews with a kept method: only a customer account may buy it. On order-pay,
 * a renewal order of a subscription charged off-session keeps the method it is paid with.
 */
async function holdsSubscription(db: Tx, page: ExpressPage): Promise<boolean> {
  if (page.kind === 'product') return page.product.subscription != null;
  if (page.kind === 'pay_for_order') return renewalKeepsMethod(db, page.order);
  return page.cart.lines.some((l) => l.subscription != null);
}

function hasFreeTrial(page: ExpressPage): boolean {
  if (page.kind === 'product') return (page.product.subscription?.trialDays ?? 0) > 0;
  if (page.kind === 'pay_for_order') return false;
  return page.cart.lines.some((l) => (l.subscription?.terms.trialDays ?? 0) > 0);
}

/** null when express checkout is off for this page kind or Stripe's card method is not on. */
export async function expressCheckoutParams(
  ctx: { db: Tx; env: Env; t: Translate; currency: string },
  page: ExpressPage,
): Promise<ExpressCheckoutParams | null> {
  const { db, env, t } = ctx;
  const [settings, methods] = await Promise.all([expressSettings(db), enabledMethods(db)]);
  if (!settings.pages[page.kind]) return null;
  if (!methods.some((m) => m.id === STRIPE_GATEWAY_ID)) return null;
  if (page.kind === 'pay_for_order' && !needsPayment(page.order.status, page.order.total)) {
    return null;
  }
  const session = page.kind === 'product' ? null : page.session;
  const nonce = session ? sessionNonce(session, env) : '';
  let sheet: Sheet;
  let needsShipping: boolean;
  // Digital content or services: the second consent (start before the withdrawal period ends).
  let digital: boolean;
  if (page.kind === 'product') {
    const p = page.product;
    const variable = p.type === 'variable';
    const listed = p.price.active ?? 0;
    // A subscription's sheet shows what is due today (sign-up fee, nothing during a trial).
    const due = p.subscription ? dueTodayPerUnit(listed, p.subscription) : listed;
    sheet = productSheet(
      { name: p.name, unitPrice: variable ? 0 : due, deposit: p.deposit },
      1,
      ctx.currency,
      t,
    );
    needsShipping = await productShips(db, p.id);
    digital = !needsShipping;
  } else if (page.kind === 'pay_for_order') {
    sheet = orderSheet(page.order, t);
    // The order's shipping was chosen when it was placed; the sheet does not ask again.
    needsShipping = false;
    // Given when the order was placed (the order keeps it).
    digital = false;
  } else {
    sheet = cartSheet(page.cart, t);
    needsShipping = page.cart.shipping.needsShipping;
    digital = page.cart.lines.some((l) => l.digital);
  }
  const unit = minorUnit(sheet.currency);
  const [allowed, guestsMayBuy, textVersion, oss, subscription] = await Promise.all([
    shippingCountries(db),
    // An order waiting for payment is paid with its key; nobody needs to log in for it.
    page.kind === 'pay_for_order' ? true : guestCheckoutEnabled(db),
    consentTextVersionInForce(db),
    ossEnabled(db),
    holdsSubscription(db, page),
  ]);
  return {
    ajax_url: EXPRESS_AJAX_URL,
    nonce: Object.fromEntries(
      EXPRESS_NONCES.map((n) => [n, nonce]),
    ) as ExpressCheckoutParams['nonce'],
    is_product_page: page.kind === 'product',
    is_pay_for_order: page.kind === 'pay_for_order',
    pay_for_order:
      page.kind === 'pay_for_order'
        ? {
            order_id: page.order.id,
            key: page.order.orderKey,
            billing_email: page.order.billingAddress.email ?? '',
          }
        : null,
    checkout: {
      currency_code: sheet.currency.toLowerCase(),
      country_code: SHOP_COUNTRY,
      currency_minor_unit: unit,
      needs_shipping: needsShipping,
      needs_payer_phone: settings.payerPhone,
      allowed_shipping_countries: allowed,
      total_label: t('shop.name'),
      // Spec section 2: with a free trial the wallets show even for a total of 0.
      has_free_trial: hasFreeTrial(page),
      has_subscription: subscription,
      // VAT follows the destination; without one to ship to it follows the billing country.
      taxes_based_on_billing: oss && !needsShipping,
    },
    cart_total: sheet.minorTotal,
    display_items: sheet.displayItems,
    request_shipping: needsShipping,
    product:
      page.kind === 'product'
        ? { id: page.product.id, needs_variation: page.product.type === 'variable' }
        : null,
    button: { ...settings.button },
    wallets: {
      applePay: 'always',
      googlePay: 'always',
      link: 'auto',
      amazonPay: 'auto',
      paypal: 'never',
    },
    // An order waiting for payment is paid with its key, a renewal's too.
    login_required:
      (!guestsMayBuy || (subscription && page.kind !== 'pay_for_order')) && !session?.customerId,
    consent: { text_version: textVersion, digital },
    stripe: {
      key: stripeSetup(env).publishableKey,
      sandboxScriptUrl: stripeSetup(env).sandboxScriptUrl,
    },
  };
}
