import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addItem, loadCart } from '#app/domain/cart/cart.server.ts';
import { getProduct } from '#app/domain/catalog/catalog.server.ts';
import { GUEST_CHECKOUT_SETTING } from '#app/domain/checkout/checkout-customer.server.ts';
import { EXPRESS_SETTINGS_KEY } from '#app/domain/payments/stripe/express-settings.server.ts';
import { sessions } from '#app/domain/sessions/sessions.schema.ts';
import { putSetting } from '#app/domain/settings/settings.server.ts';
import type { DatabaseHandle } from '#app/lib/db.server.ts';
import { parseEnv } from '#app/lib/env.server.ts';
import { serverTranslator } from '#app/lib/i18n.server.ts';
import { type Session, verifyNonce } from '#app/lib/session.server.ts';
import { seedDemoCheckout } from '#db/seed/demo-checkout.ts';
import { seedDemoShipping } from '#db/seed/demo-shipping.ts';
import { createProduct } from '#db/seed/factories.ts';
import { openTestDatabase } from '../../../tests/support/database.ts';
import { expressCheckoutParams } from './express-page-data.server.ts';

let handle: DatabaseHandle;
const env = parseEnv({ NODE_ENV: 'test', SESSION_SECRET: 'x'.repeat(43), DATA_DIR: '/tmp' });
const ctx = () => ({ db: handle.db, env, t: serverTranslator('en'), currency: 'EUR' });
let counter = 0;

async function session(customerId: number | null = null) {
  const idHash = `express-page-${++counter}`;
  await handle.db.insert(sessions).values({ idHash, expiresAt: new Date(Date.now() + 86_400_000) });
  return { idHash, customerId, data: {}, cartState: null } as Session;
}

beforeAll(async () => {
  handle = await openTestDatabase();
  await seedDemoShipping(handle.db);
  await seedDemoCheckout(handle.db);
});
afterAll(async () => {
  await handle.close();
});

describe('express checkout page data', () => {
  it('gives the cart page the server total, items in provider decimals and the session nonce', async () => {
    const me = await session();
    const id = (await createProduct(handle.db, { regularPrice: 1250 })).product.id;
    await addItem(handle.db, me, { id, quantity: 2 }, { currency: 'EUR', locale: 'en' });
    const cart = await loadCart(handle.db, me, { currency: 'EUR', locale: 'en' });
    const params = (await expressCheckoutParams(ctx(), { kind: 'cart', cart, session: me }))!;
    expect(params.cart_total).toBe(cart.totals.total);
    expect(params.cart_total).toBeGreaterThan(2500);
    expect(params.display_items[0]!.amount).toBe(2500);
    expect(params.display_items.reduce((s, i) => s + i.amount, 0)).toBe(params.cart_total);
    expect(params.checkout).toMatchObject({
      currency_code: 'eur',
      country_code: 'DE',
      currency_minor_unit: 2,
      needs_shipping: true,
      needs_payer_phone: false,
      has_free_trial: false,
      has_subscription: false,
    });
    expect(params.checkout.allowed_shipping_countries).toContain('DE');
    expect(params.request_shipping).toBe(true);
    expect(params.button).toEqual({ height: 48, radius: 4, type: 'buy', theme: 'dark' });
    expect(params.ajax_url).toBe('/wc-ajax/%%endpoint%%');
    expect(verifyNonce(me, params.nonce.wc_store_api_express_checkout, env)).toBe(true);
    expect(params.consent.text_version).toMatch(/^agb:\d+,widerruf:\d+,datenschutz:\d+$/);
    expect(params.login_required).toBe(false);
  });

  it('knows nobody on the shared product page and prices one piece', async () => {
    const created = await createProduct(handle.db, {
      name: { de: 'Tasse', en: 'Mug' },
      regularPrice: 990,
    });
    const product = (await getProduct(handle.db, { id: created.product.id }, 'en'))!;
    const params = (await expressCheckoutParams(ctx(), { kind: 'product', product }))!;
    expect(params.is_product_page).toBe(true);
    expect(params.product).toEqual({ id: created.product.id, needs_variation: false });
    expect(params.cart_total).toBe(990);
    expect(params.display_items).toEqual([{ label: 'Mug', amount: 990 }]);
    expect(Object.values(params.nonce).every((n) => n === '')).toBe(true);
  });

  it('says has_free_trial for a free-trial product and cart, whose total today is 0', async () => {
    const created = await createProduct(handle.db, {
      name: { de: 'Kurs-Abo', en: 'Course subscription' },
      regularPrice: 690,
      digital: true,
      subscription: { period: 'month', interval: 1, trialDays: 14, signUpFee: 0, length: null },
    });
    const product = (await getProduct(handle.db, { id: created.product.id }, 'en'))!;
    const onProduct = (await expressCheckoutParams(ctx(), { kind: 'product', product }))!;
    expect(onProduct.checkout.has_free_trial).toBe(true);
    expect(onProduct.cart_total).toBe(0);
    const me = await session();
    await addItem(
      handle.db,
      me,
      { id: created.product.id, quantity: 1 },
      { currency: 'EUR', locale: 'en' },
    );
    const cart = await loadCart(handle.db, me, { currency: 'EUR', locale: 'en' });
    expect(cart.totals.total).toBe(0);
    const onCart = (await expressCheckoutParams(ctx(), { kind: 'cart', cart, session: me }))!;
    expect(onCart.checkout.has_free_trial).toBe(true);
    // A subscription needs an account: a logged-out shopper is asked to log in first.
    expect(onProduct.checkout.has_subscription).toBe(true);
    expect(onCart.checkout.has_subscription).toBe(true);
    expect(onCart.login_required).toBe(true);
    const known = { ...me, customerId: 1 };
    const asCustomer = await expressCheckoutParams(ctx(), { kind: 'cart', cart, session: known });
    expect(asCustomer!.login_required).toBe(false);
    // A subscription with a sign-up fee and no trial is charged today: no free trial.
    const fee = await createProduct(handle.db, {
      regularPrice: 990,
      subscription: { period: 'month', interval: 1, trialDays: 0, signUpFee: 490, length: null },
    });
    const paid = (await getProduct(handle.db, { id: fee.product.id }, 'en'))!;
    const onPaid = (await expressCheckoutParams(ctx(), { kind: 'product', product: paid }))!;
    expect(onPaid.checkout.has_free_trial).toBe(false);
    expect(onPaid.checkout.has_subscription).toBe(true);
    expect(onPaid.cart_total).toBe(990 + 490);
  });

  it('follows the settings: page kinds off, phone, appearance, login required', async () => {
    await putSetting(handle.db, EXPRESS_SETTINGS_KEY, {
      pages: { product: false, cart: true, checkout: true, pay_for_order: true },
      payerPhone: true,
      button: { height: 60, radius: 8, type: 'default', theme: 'light' },
    });
    await putSetting(handle.db, GUEST_CHECKOUT_SETTING, false);
    const created = await createProduct(handle.db, { regularPrice: 500 });
    const product = (await getProduct(handle.db, { id: created.product.id }, 'en'))!;
    expect(await expressCheckoutParams(ctx(), { kind: 'product', product })).toBeNull();
    const cart = await loadCart(handle.db, null, { currency: 'EUR', locale: 'en' });
    const guest = (await expressCheckoutParams(ctx(), { kind: 'cart', cart, session: null }))!;
    expect(guest.checkout.needs_payer_phone).toBe(true);
    expect(guest.button).toEqual({ height: 60, radius: 8, type: 'default', theme: 'light' });
    expect(guest.login_required).toBe(true);
    expect(guest.cart_total).toBe(0);
    const customer = await session(7);
    const known = (await expressCheckoutParams(ctx(), {
      kind: 'cart',
      cart,
      session: customer,
    }))!;
    expect(known.login_required).toBe(false);
    await putSetting(handle.db, GUEST_CHECKOUT_SETTING, true);
    await putSetting(handle.db, EXPRESS_SETTINGS_KEY, {});
  });
});
