import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '#app/lib/db.server.ts';
import { addItem, loadCart } from '#app/domain/cart/cart.server.ts';
import { products } from '#app/domain/catalog/catalog.schema.ts';
import { coupons } from '#app/domain/coupons/coupons.schema.ts';
import { applyCoupon } from '#app/domain/cart/apply-coupon.server.ts';
import { orderItems, orders } from '#app/domain/orders/orders.schema.ts';
import {
  ORDER_CHANGED,
  cancelUnpaidOrders,
  transitionOrder,
} from '#app/domain/orders/lifecycle.server.ts';
import { orderOutbox } from '#app/domain/orders/outbox.server.ts';
import { legalVersionsInForce } from '#app/domain/legal/legal.server.ts';
import { PAYMENT_SETTINGS_KEY, DEFAULT_PAYMENT_SETTINGS } from '#app/domain/payments/payments.ts';
import { putSetting } from '#app/domain/settings/settings.server.ts';
import { sessions } from '#app/domain/sessions/sessions.schema.ts';
import { createCoupon, createProduct } from '#db/seed/factories.ts';
import { createShippingZone } from '#db/seed/shipping-factories.ts';
import { GERMAN_BILLING } from '../../../tests/support/addresses.ts';
import { openTestDatabase } from '../../../tests/support/database.ts';
import { type CheckoutInput } from './checkout-input.ts';
import { checkoutReview } from './checkout-review.server.ts';
import { placeOrder } from './place-order.server.ts';

let handle: DatabaseHandle;
const ctx = { currency: 'EUR', locale: 'en' as const, emailLabel: 'Email address' };
let counter = 0;

async function owner() {
  const idHash = `checkout-session-${++counter}`;
  await handle.db.insert(sessions).values({ idHash, expiresAt: new Date(Date.now() + 86_400_000) });
  return { idHash, customerId: null };
}

const berlin = GERMAN_BILLING;

function checkout(overrides: Partial<CheckoutInput> = {}): CheckoutInput {
  return {
    billing: berlin,
    shipping: null,
    customerNote: '',
    paymentMethod: 'bacs',
    shippingRates: {},
    consent: { terms: true, digital: false },
    idempotencyKey: null,
    ...overrides,
  };
}

async function cartWith(productId: number, quantity = 1) {
  const me = await owner();
  const added = await addItem(handle.db, me, { id: productId, quantity }, ctx);
  expect(added.ok).toBe(true);
  return me;
}

async function stockOf(id: number) {
  const [row] = await handle.db.select().from(products).where(eq(products.id, id));
  return row!.stockQuantity;
}

beforeAll(async () => {
  handle = await openTestDatabase();
  await createShippingZone(handle.db, {
    name: { de: 'Deutschland', en: 'Germany' },
    locations: [{ type: 'country', code: 'DE' }],
    methods: [
      {
        methodId: 'flat_rate',
        title: { de: 'Versand', en: 'Shipping' },
        settings: {
          cost: 490,
          taxable: true,
          classCosts: {},
          noClassCost: 0,
          calculation: 'per_class',
        },
      },
    ],
  });
  await putSetting(handle.db, PAYMENT_SETTINGS_KEY, {
    ...DEFAULT_PAYMENT_SETTINGS,
    bankAccount: {
      accountHolder: 'Ladenzeile',
      bankName: 'Bank',
      iban: 'DE02120300000000202051',
      bic: 'BYLADEM1001',
    },
  });
});
afterAll(async () => {
  await handle.close();
});

describe('placing an order', () => {
  it('prices the cart on the server, takes the stock and empties the cart', async () => {
    const { product } = await createProduct(handle.db, {
      regularPrice: 1190,
      manageStock: true,
      stockQuantity: 5,
    });
    const me = await cartWith(product.id, 2);
    const placed = await placeOrder(handle.db, me, checkout(), ctx);
    if (!placed.ok) throw new Error(placed.error.code);
    const { order } = placed.value;
    expect(order.status).toBe('on-hold');
    expect(order.itemsTotal).toBe(2380);
    expect(order.shippingTotal).toBe(490);
    expect(order.total).toBe(2870);
    expect(order.taxLines).toEqual([{ rate: 1900, amount: 458 }]);
    expect(order.number).toBeGreaterThanOrEqual(10001);
    expect(order.orderKey).toMatch(/^wc_order_/);
    expect(order.consent.terms).toBe(true);
    // The wording accepted with the terms box: the versions in force when the order was placed.
    const inForce = await legalVersionsInForce(handle.db, ['agb', 'widerruf', 'datenschutz']);
    expect(order.legalVersions).toEqual({
      agb: inForce.get('agb')!.version,
      widerruf: inForce.get('widerruf')!.version,
      datenschutz: inForce.get('datenschutz')!.version,
    });
    expect(await stockOf(product.id)).toBe(3);
    const items = await handle.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    expect(items).toHaveLength(1);
    expect(items[0]!.stockProductId).toBe(product.id);
    expect((await loadCart(handle.db, me, ctx)).lines).toHaveLength(0);
  });

  it('refuses a checkout without consent to the terms, and changes nothing', async () => {
    const { product } = await createProduct(handle.db, {
      regularPrice: 1000,
      manageStock: true,
      stockQuantity: 2,
    });
    const me = await cartWith(product.id);
    const placed = await placeOrder(
      handle.db,
      me,
      checkout({ consent: { terms: false, digital: false } }),
      ctx,
    );
    expect(placed.ok ? null : placed.error.code).toBe('checkout.error.terms');
    expect(await stockOf(product.id)).toBe(2);
  });

  it('asks a separate consent for digital goods and ships nothing for them', async () => {
    const { product } = await createProduct(handle.db, { regularPrice: 2500, digital: true });
    const me = await cartWith(product.id);
    const review = await checkoutReview(handle.db, me, ctx);
    expect(review.needsDigitalConsent).toBe(true);
    expect(review.cart.shipping.needsShipping).toBe(false);
    const refused = await placeOrder(handle.db, me, checkout(), ctx);
    expect(refused.ok ? null : refused.error).toMatchObject({
      code: 'checkout.error.digital',
      params: { field: 'terms-digital' },
    });
    const placed = await placeOrder(
      handle.db,
      me,
      checkout({ consent: { terms: true, digital: true } }),
      ctx,
    );
    if (!placed.ok) throw new Error(placed.error.code);
    expect(placed.value.order.consent.digital).toBe(true);
    expect(placed.value.order.shippingTotal).toBe(0);
    expect(placed.value.order.total).toBe(2500);
  });

  it('names every broken field: required, email and phone', async () => {
    const { product } = await createProduct(handle.db, { regularPrice: 1000 });
    const me = await cartWith(product.id);
    const placed = await placeOrder(
      handle.db,
      me,
      checkout({ billing: { ...berlin, email: 'not-an-email' } }),
      ctx,
    );
    expect(placed.ok ? null : placed.error).toMatchObject({
      code: 'checkout.error.email',
      params: { field: 'billing_email' },
    });
    const phone = await placeOrder(
      handle.db,
      me,
      checkout({ billing: { ...berlin, phone: '030<b>' } }),
      ctx,
    );
    expect(phone.ok ? null : phone.error.code).toBe('checkout.error.phone');
    const missing = await placeOrder(
      handle.db,
      me,
      checkout({ billing: { ...berlin, city: ' ' } }),
      ctx,
    );
    expect(missing.ok ? null : missing.error.params?.field).toBe('billing_city');
  });

  it('refuses a payment method that is off or not available for the total', async () => {
    const { product } = await createProduct(handle.db, { regularPrice: 60_000 });
    const me = await cartWith(product.id);
    const invoice = await placeOrder(handle.db, me, checkout({ paymentMethod: 'invoice' }), ctx);
    expect(invoice.ok ? null : invoice.error.code).toBe('checkout.error.payment_method');
    const unknown = await placeOrder(handle.db, me, checkout({ paymentMethod: 'stolen' }), ctx);
    expect(unknown.ok ? null : unknown.error.code).toBe('checkout.error.payment_method');
    const review = await checkoutReview(handle.db, me, ctx);
    expect(review.paymentMethods.map((m) => m.id)).toEqual([
      'bacs',
      'cod',
      'stripe',
      'stripe_sepa_debit',
    ]);
  });

  it('returns the first order for a repeated idempotency key, and only to its session', async () => {
    const { product } = await createProduct(handle.db, {
      regularPrice: 1000,
      manageStock: true,
      stockQuantity: 4,
    });
    const me = await cartWith(product.id);
    const first = await placeOrder(handle.db, me, checkout({ idempotencyKey: 'key-once' }), ctx);
    // The shopper fills the cart again and submits the same form once more.
    await addItem(handle.db, me, { id: product.id, quantity: 1 }, ctx);
    const second = await placeOrder(handle.db, me, checkout({ idempotencyKey: 'key-once' }), ctx);
    expect(first.ok && second.ok).toBe(true);
    if (!first.ok || !second.ok) return;
    expect(second.value.order.id).toBe(first.value.order.id);
    expect(second.value.created).toBe(false);
    expect(await stockOf(product.id)).toBe(3);
    const stranger = await cartWith(product.id);
    const foreign = await placeOrder(
      handle.db,
      stranger,
      checkout({ idempotencyKey: 'key-once' }),
      ctx,
    );
    expect(foreign.ok ? null : foreign.error.kind).toBe('conflict');
  });

  it('never sells more than the stock unless backorders are allowed', async () => {
    const { product } = await createProduct(handle.db, {
      regularPrice: 1000,
      manageStock: true,
      stockQuantity: 1,
    });
    const a = await cartWith(product.id);
    const b = await cartWith(product.id);
    expect((await placeOrder(handle.db, a, checkout(), ctx)).ok).toBe(true);
    const late = await placeOrder(handle.db, b, checkout(), ctx);
    expect(late.ok ? null : late.error.kind).toBe('out_of_stock');
    expect(await stockOf(product.id)).toBe(0);

    const { product: backorder } = await createProduct(handle.db, {
      regularPrice: 1000,
      manageStock: true,
      stockQuantity: 1,
      backorders: 'notify',
    });
    const c = await cartWith(backorder.id, 3);
    expect((await placeOrder(handle.db, c, checkout(), ctx)).ok).toBe(true);
    expect(await stockOf(backorder.id)).toBe(-2);
  });

  it('counts a coupon use and refuses the use beyond its limit', async () => {
    const { product } = await createProduct(handle.db, { regularPrice: 2000 });
    const coupon = await createCoupon(handle.db, { kind: 'percent', amount: 1000, usageLimit: 1 });
    const a = await cartWith(product.id);
    const b = await cartWith(product.id);
    expect((await applyCoupon(handle.db, a, coupon.code, ctx)).ok).toBe(true);
    expect((await applyCoupon(handle.db, b, coupon.code, ctx)).ok).toBe(true);
    const first = await placeOrder(handle.db, a, checkout(), ctx);
    if (!first.ok) throw new Error(first.error.code);
    expect(first.value.order.discountTotal).toBe(200);
    expect(first.value.order.couponLines.map((c) => c.code)).toEqual([coupon.code]);
    const second = await placeOrder(handle.db, b, checkout(), ctx);
    expect(second.ok).toBe(false);
    const [row] = await handle.db.select().from(coupons).where(eq(coupons.id, coupon.id));
    expect(row!.usageCount).toBe(1);
  });
});

describe('order statuses', () => {
  it('gives stock and coupon uses back on cancellation and refuses impossible moves', async () => {
    const { product } = await createProduct(handle.db, {
      regularPrice: 1000,
      manageStock: true,
      stockQuantity: 3,
    });
    const coupon = await createCoupon(handle.db, {
      kind: 'fixed_cart',
      amount: 100,
      usageLimit: 1,
    });
    const me = await cartWith(product.id, 2);
    await applyCoupon(handle.db, me, coupon.code, ctx);
    const placed = await placeOrder(handle.db, me, checkout(), ctx);
    if (!placed.ok) throw new Error(placed.error.code);
    expect(await stockOf(product.id)).toBe(1);
    const cancelled = await transitionOrder(handle.db, placed.value.order.id, 'cancelled');
    expect(cancelled.ok).toBe(true);
    expect(await stockOf(product.id)).toBe(3);
    const [row] = await handle.db.select().from(coupons).where(eq(coupons.id, coupon.id));
    expect(row!.usageCount).toBe(0);
    const changes = await orderOutbox(handle.db, placed.value.order.id);
    expect(changes.at(-1)).toMatchObject({
      kind: ORDER_CHANGED,
      payload: { to: 'cancelled', announce: 'status' },
    });
    const again = await transitionOrder(handle.db, placed.value.order.id, 'processing');
    expect(again.ok ? null : again.error.kind).toBe('not_allowed');
    // A refused change queues nothing.
    expect(await orderOutbox(handle.db, placed.value.order.id)).toHaveLength(changes.length);
  });

  it('takes stock again when a failed order is retried, and marks paid orders', async () => {
    const { product } = await createProduct(handle.db, {
      regularPrice: 1000,
      manageStock: true,
      stockQuantity: 2,
    });
    const me = await cartWith(product.id);
    const placed = await placeOrder(handle.db, me, checkout(), ctx);
    if (!placed.ok) throw new Error(placed.error.code);
    const id = placed.value.order.id;
    expect((await transitionOrder(handle.db, id, 'failed')).ok).toBe(true);
    expect(await stockOf(product.id)).toBe(2);
    expect((await transitionOrder(handle.db, id, 'pending')).ok).toBe(true);
    expect(await stockOf(product.id)).toBe(1);
    const paid = await transitionOrder(handle.db, id, 'processing');
    expect(paid.ok && paid.value.order.paidAt).toBeInstanceOf(Date);
  });

  it('cancels unpaid orders after the hold time and restores their stock', async () => {
    const { product } = await createProduct(handle.db, {
      regularPrice: 1000,
      manageStock: true,
      stockQuantity: 2,
    });
    const me = await cartWith(product.id);
    const placed = await placeOrder(handle.db, me, checkout(), ctx);
    if (!placed.ok) throw new Error(placed.error.code);
    const id = placed.value.order.id;
    // As a card payment left unfinished: the order waits for its money.
    await handle.db.update(orders).set({ status: 'pending' }).where(eq(orders.id, id));
    expect(await cancelUnpaidOrders(handle.db, new Date(Date.now() + 30 * 60_000))).toBe(0);
    expect(
      await cancelUnpaidOrders(handle.db, new Date(Date.now() + 61 * 60_000)),
    ).toBeGreaterThanOrEqual(1);
    const [row] = await handle.db.select().from(orders).where(eq(orders.id, id));
    expect(row!.status).toBe('cancelled');
    expect(await stockOf(product.id)).toBe(2);
  });
});
