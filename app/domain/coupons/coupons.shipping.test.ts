import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '#app/lib/db.server.ts';
import { addItem, loadCart } from '#app/domain/cart/cart.server.ts';
import { sessions } from '#app/domain/sessions/sessions.schema.ts';
import { createCoupon, createProduct } from '#db/seed/factories.ts';
import { seedDemoShipping } from '#db/seed/demo-shipping.ts';
import { openTestDatabase } from '../../../tests/support/database.ts';
import { applyCoupon } from '#app/domain/cart/apply-coupon.server.ts';

let handle: DatabaseHandle;
const ctx = { currency: 'EUR', locale: 'de' as const };

beforeAll(async () => {
  handle = await openTestDatabase();
  // The demo zones: Germany ships free from 50 € or with a free-shipping coupon.
  await seedDemoShipping(handle.db);
});
afterAll(async () => {
  await handle.close();
});

describe('a free-shipping coupon', () => {
  it('unlocks free shipping below its minimum amount and takes nothing off the goods', async () => {
    const me = { idHash: 'free-shipping-session' };
    await handle.db
      .insert(sessions)
      .values({ ...me, expiresAt: new Date(Date.now() + 86_400_000) });
    const { product } = await createProduct(handle.db, { regularPrice: 1200 });
    await addItem(handle.db, me, { id: product.id, quantity: 1 }, ctx);
    const coupon = await createCoupon(handle.db, {
      kind: 'fixed_cart',
      amount: 0,
      freeShipping: true,
    });
    const methods = async () =>
      (await loadCart(handle.db, me, ctx)).shipping.packages[0]?.rates.map((r) => r.methodId);
    expect(await methods()).toEqual(['flat_rate', 'local_pickup', 'pickup_point']);
    expect((await applyCoupon(handle.db, me, coupon.code, ctx)).ok).toBe(true);
    expect(await methods()).toEqual(['free_shipping', 'flat_rate', 'local_pickup', 'pickup_point']);
    const cart = await loadCart(handle.db, me, ctx);
    expect(cart.coupons[0]).toMatchObject({ discount: 0, freeShipping: true });
    expect(cart.totals.total).toBe(1200);
  });
});
