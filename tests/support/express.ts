import { randomBytes } from 'node:crypto';
import type Stripe from 'stripe';
import { createAttribute, createProduct } from '#db/seed/factories.ts';
import { seedDemoCheckout } from '#db/seed/demo-checkout.ts';
import { seedDemoShipping } from '#db/seed/demo-shipping.ts';
import { type TestShop, startTestShop } from './shop.ts';
import { StoreClient } from './store-client.ts';
import { sandboxStripe } from './sandbox-client.ts';

/** A shop with the demo shipping and payment, a simple and a variable product, and its sandbox. */
export async function startExpressShop() {
  const secret = randomBytes(32).toString('base64url');
  const shop = await startTestShop({ env: { SESSION_SECRET: secret } });
  const db = shop.database.db;
  await seedDemoShipping(db);
  await seedDemoCheckout(db);
  const candle = (
    await createProduct(db, {
      name: { de: 'Kerze', en: 'Candle' },
      regularPrice: 1290,
      manageStock: true,
      stockQuantity: 100_000,
    })
  ).product.id;
  const colour = await createAttribute(db, {
    slug: 'farbe',
    name: { de: 'Farbe', en: 'Colour' },
    swatchType: 'color',
    terms: [
      { slug: 'rot', name: { de: 'Rot', en: 'Red' }, swatch: { color: '#b8372f' } },
      { slug: 'blau', name: { de: 'Blau', en: 'Blue' }, swatch: { color: '#2f5e8e' } },
    ],
  });
  const shirt = await createProduct(db, {
    name: { de: 'Hemd', en: 'Shirt' },
    regularPrice: 4900,
    attributes: [
      {
        attributeId: colour.attribute.id,
        termIds: Object.values(colour.termIds),
        usedForVariations: true,
      },
    ],
    variations: [
      { attributes: { farbe: 'rot' }, regularPrice: 4900 },
      { attributes: { farbe: 'blau' }, regularPrice: 5900 },
    ],
  });
  const { stripe } = sandboxStripe(shop);
  return { shop, stripe, ids: { candle, shirt: shirt.product.id } };
}

export type ExpressShop = Awaited<ReturnType<typeof startExpressShop>>;

/** A shopper with a session (cookie and nonce), as a page's script has one. */
export function shopper(shop: TestShop): Promise<StoreClient> {
  return StoreClient.start(shop.url);
}

/** `POST /wc-ajax/wc_stripe_<name>`, form-encoded like jQuery sends it; `security` appended. */
export function ajax(
  shop: TestShop,
  client: StoreClient | null,
  name: string,
  body: Record<string, string> | string,
  options: { security?: string | null; lang?: 'de' | 'en' } = {},
): Promise<Response> {
  const security = options.security === undefined ? client?.nonce : options.security;
  const cookies = [client?.cookieHeader, options.lang ? `lang=${options.lang}` : null];
  let text = typeof body === 'string' ? body : new URLSearchParams(body).toString();
  if (security) text = `${text}${text ? '&' : ''}security=${encodeURIComponent(security)}`;
  return fetch(`${shop.url}/wc-ajax/wc_stripe_${name}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      cookie: cookies.filter(Boolean).join('; '),
    },
    body: text,
  });
}

/** The sheet's token for a wallet: a card from Apple Pay / Google Pay, or Link, or Amazon Pay. */
export async function walletToken(
  stripe: Stripe,
  wallet: 'apple_pay' | 'google_pay' | 'link' | 'amazon_pay',
  card = '4242424242424242',
): Promise<string> {
  const method = await stripe.paymentMethods.create(
    wallet === 'link' || wallet === 'amazon_pay'
      ? { type: wallet, billing_details: { email: 'erika@example.org' } }
      : // The sandbox's sheet names the wallet on the card (sandbox/stripe/README.md).
        ({ type: 'card', card: { number: card, wallet: { type: wallet } } } as never),
  );
  const token = await stripe.testHelpers.confirmationTokens.create({ payment_method: method.id });
  return token.id;
}

export const BILLING = {
  first_name: 'Erika',
  last_name: 'Mustermann',
  company: '',
  email: 'erika@example.org',
  phone: '+49 (30) 123-4567',
  country: 'DE',
  address_1: 'Hauptstraße 1',
  address_2: '',
  city: 'Berlin',
  state: '',
  postcode: '10115',
};

/** The Store API order payload of spec section 3, as the express script sends it. */
export function expressOrder(
  token: string,
  wallet: string,
  options: {
    billing?: Record<string, string>;
    shipping?: Record<string, string>;
    rate?: string | null;
    terms?: boolean;
    /** The consent to start digital content or services at once. */
    digital?: boolean;
    /** What the sheet and the express area showed (`extensions['ladenzeile/express']`). */
    shown?: { shown_total?: unknown; text_version?: unknown };
  } = {},
) {
  const billing = options.billing ?? BILLING;
  const { email: _email, ...shipping } = options.shipping ?? billing;
  return {
    billing_address: billing,
    shipping_address: { ...shipping, method: options.rate ? [options.rate] : [] },
    payment_method: 'stripe',
    payment_data: [
      { key: 'payment_method', value: 'stripe' },
      { key: 'wc-stripe-payment-method', value: '' },
      { key: 'wc-stripe-confirmation-token', value: token },
      { key: 'express_payment_type', value: wallet },
      { key: 'wc-stripe-is-deferred-intent', value: true },
    ],
    extensions: {
      'woocommerce/order-attribution': { source_type: 'typein' },
      custom_checkout_data: {},
      ...(options.shown ? { 'ladenzeile/express': options.shown } : {}),
    },
    additional_fields: {
      ...(options.terms === false ? {} : { terms: true }),
      ...(options.digital ? { 'terms-digital': true } : {}),
    },
    customer_note: '',
  };
}

/** The express marker headers of spec section 7. */
export function expressHeaders(client: StoreClient, nonce = client.nonce) {
  return {
    cookie: `${client.cookieHeader}; lang=en`,
    'content-type': 'application/json',
    'X-WCStripe-Express-Checkout': 'true',
    'X-WCStripe-Express-Checkout-Nonce': nonce,
  };
}

/** POST /wc/store/v1/checkout as a wallet order. */
export function expressCheckout(client: StoreClient, body: unknown, nonce?: string) {
  return client.raw('/checkout', JSON.stringify(body), expressHeaders(client, nonce));
}
