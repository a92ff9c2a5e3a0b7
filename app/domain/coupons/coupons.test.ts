import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '#app/lib/db.server.ts';
import { addItem, loadCart, updateItemQuantity } from '#app/domain/cart/cart.server.ts';
import { sessions } from '#app/domain/sessions/sessions.schema.ts';
import { createCategory, createCoupon, createProduct } from '#db/seed/factories.ts';
import { openTestDatabase } from '../../../tests/support/database.ts';
import { applyCoupon, removeCoupon } from '#app/domain/cart/apply-coupon.server.ts';
import { findCouponByCode, recordCouponUse } from './coupons.server.ts';
import { couponUses, coupons } from './coupons.schema.ts';
import { cartCoupons } from '#app/domain/cart/cart.schema.ts';

let handle: DatabaseHandle;
const ctx = { currency: 'EUR', locale: 'en' as const };
let counter = 0;

async function owner() {
  const idHash = `coupon-session-${++counter}`;
  await handle.db.insert(sessions).values({ idHash, expiresAt: new Date(Date.now() + 86_400_000) });
  return { idHash, customerId: null };
}

/** A session whose cart holds `quantity` of a 12,00 € product at 19 %. */
async function cartWith(quantity = 1, extra: Parameters<typeof createProduct>[1] = {}) {
  const me = await owner();
  const { product } = await createProduct(handle.db, {
    name: { de: 'Kerze', en: 'Candle' },
    regularPrice: 1200,
    ...extra,
  });
  const added = await addItem(handle.db, me, { id: product.id, quantity }, ctx);
  expect(added.ok).toBe(true);
  return { me, product, key: added.ok ? added.value.key : '' };
}

const errorCode = (result: { ok: boolean; error?: { code: string } }) =>
  result.ok ? null : result.error!.code;

beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(async () => {
  await handle.close();
});

describe('applying and removing coupons', () => {
  it('applies a code in any case and shows its discount in the cart', async () => {
    const coupon = await createCoupon(handle.db, { kind: 'percent', amount: 1000 });
    const { me } = await cartWith(2);
    const applied = await applyCoupon(handle.db, me, `  ${coupon.code.toLowerCase()} `, ctx);
    expect(applied).toEqual({ ok: true, value: { code: coupon.code } });
    const cart = await loadCart(handle.db, me, ctx);
    expect(cart.coupons).toEqual([
      { code: coupon.code, kind: 'percent', discount: 240, discountTax: 38, freeShipping: false },
    ]);
    expect(cart.totals.total).toBe(2160);
    expect(errorCode(await applyCoupon(handle.db, me, coupon.code, ctx))).toBe(
      'coupon.error.already_applied',
    );
  });

  it('refuses unknown, empty, expired and used-up codes and changes nothing', async () => {
    const expired = await createCoupon(handle.db, { expiresAt: new Date(Date.now() - 60_000) });
    const usedUp = await createCoupon(handle.db, { usageLimit: 1, usageCount: 1 });
    const { me } = await cartWith();
    expect(await applyCoupon(handle.db, me, 'GIBTESNICHT', ctx)).toEqual({
      ok: false,
      error: { kind: 'invalid', code: 'coupon.error.not_exist', params: { code: 'GIBTESNICHT' } },
    });
    expect(errorCode(await applyCoupon(handle.db, me, '   ', ctx))).toBe('coupon.error.enter_code');
    expect(errorCode(await applyCoupon(handle.db, me, expired.code, ctx))).toBe(
      'coupon.error.expired',
    );
    expect(errorCode(await applyCoupon(handle.db, me, usedUp.code, ctx))).toBe(
      'coupon.error.usage_limit',
    );
    expect((await loadCart(handle.db, me, ctx)).coupons).toEqual([]);
  });

  it('refuses a coupon for a session without a cart', async () => {
    const coupon = await createCoupon(handle.db);
    expect(errorCode(await applyCoupon(handle.db, await owner(), coupon.code, ctx))).toBe(
      'coupon.error.cart_contents',
    );
  });

  it('lets an individual-use coupon replace the others and block later ones', async () => {
    const first = await createCoupon(handle.db, { kind: 'fixed_cart', amount: 100 });
    const solo = await createCoupon(handle.db, { individualUse: true });
    const later = await createCoupon(handle.db, { kind: 'fixed_cart', amount: 200 });
    const { me } = await cartWith();
    expect((await applyCoupon(handle.db, me, first.code, ctx)).ok).toBe(true);
    expect((await applyCoupon(handle.db, me, solo.code, ctx)).ok).toBe(true);
    expect((await loadCart(handle.db, me, ctx)).coupons.map((c) => c.code)).toEqual([solo.code]);
    expect(await applyCoupon(handle.db, me, later.code, ctx)).toMatchObject({
      ok: false,
      error: { code: 'coupon.error.individual_use', params: { code: solo.code } },
    });
  });

  it('limits a category coupon to that category, parents included', async () => {
    const food = await createCategory(handle.db, { name: { de: 'Essen', en: 'Food' } });
    const tea = await createCategory(handle.db, {
      name: { de: 'Tee', en: 'Tea' },
      parentId: food.id,
    });
    const coupon = await createCoupon(handle.db, { amount: 2000, categoryIds: [food.id] });
    const { me } = await cartWith(1);
    expect(errorCode(await applyCoupon(handle.db, me, coupon.code, ctx))).toBe(
      'coupon.error.not_applicable',
    );
    const { product } = await createProduct(handle.db, {
      name: { de: 'Grüntee', en: 'Green tea' },
      regularPrice: 500,
      taxClass: 'reduced',
      categoryIds: [tea.id],
    });
    expect((await addItem(handle.db, me, { id: product.id, quantity: 1 }, ctx)).ok).toBe(true);
    expect((await applyCoupon(handle.db, me, coupon.code, ctx)).ok).toBe(true);
    const cart = await loadCart(handle.db, me, ctx);
    expect(cart.coupons[0]).toMatchObject({ discount: 100, discountTax: 7 });
    expect(cart.totals.total).toBe(1200 + 400);
  });

  it('flags a free-shipping coupon for the shipping methods', async () => {
    const coupon = await createCoupon(handle.db, {
      kind: 'fixed_cart',
      amount: 0,
      freeShipping: true,
    });
    const { me } = await cartWith();
    expect((await applyCoupon(handle.db, me, coupon.code, ctx)).ok).toBe(true);
    expect((await loadCart(handle.db, me, ctx)).coupons).toEqual([
      { code: coupon.code, kind: 'fixed_cart', discount: 0, discountTax: 0, freeShipping: true },
    ]);
  });

  it('removes an applied coupon and refuses one that is not applied', async () => {
    const coupon = await createCoupon(handle.db);
    const { me } = await cartWith();
    const other = await cartWith();
    await applyCoupon(handle.db, me, coupon.code, ctx);
    await applyCoupon(handle.db, other.me, coupon.code, ctx);
    expect(errorCode(await removeCoupon(handle.db, await owner(), coupon.code))).toBe(
      'coupon.error.not_applied',
    );
    expect(await removeCoupon(handle.db, me, coupon.code.toLowerCase())).toEqual({
      ok: true,
      value: { code: coupon.code },
    });
    expect(errorCode(await removeCoupon(handle.db, me, coupon.code))).toBe(
      'coupon.error.not_applied',
    );
    // The other shopper's cart keeps its coupon.
    expect((await loadCart(handle.db, other.me, ctx)).coupons.map((c) => c.code)).toEqual([
      coupon.code,
    ]);
  });
});

describe('re-validation when the cart changes', () => {
  it('drops a coupon whose minimum spend is no longer met, with a notice once', async () => {
    const coupon = await createCoupon(handle.db, {
      kind: 'fixed_cart',
      amount: 500,
      minimumSpend: 3000,
    });
    const { me, key } = await cartWith(3);
    expect(errorCode(await applyCoupon(handle.db, me, coupon.code, ctx))).toBe(null);
    expect((await loadCart(handle.db, me, ctx)).totals.total).toBe(3100);
    await updateItemQuantity(handle.db, me, { key, quantity: 2 }, ctx);
    // A read-only look (the header's mini cart) leaves the coupon for the cart page to drop.
    const glance = await loadCart(handle.db, me, { ...ctx, readOnly: true });
    expect(glance.coupons).toEqual([]);
    expect(glance.totals.total).toBe(2400);
    const after = await loadCart(handle.db, me, ctx);
    expect(after.coupons).toEqual([]);
    expect(after.totals.total).toBe(2400);
    expect(after.removedCoupons).toEqual([
      {
        code: coupon.code,
        reason: {
          kind: 'limit',
          code: 'coupon.error.minimum_spend',
          params: { amount: '€30.00' },
        },
      },
    ]);
    expect((await loadCart(handle.db, me, ctx)).removedCoupons).toEqual([]);
  });

  it('drops a coupon that expired or was used up since it was applied', async () => {
    const coupon = await createCoupon(handle.db, { usageLimit: 1 });
    const { me } = await cartWith();
    await applyCoupon(handle.db, me, coupon.code, ctx);
    await handle.db.update(coupons).set({ usageCount: 1 }).where(eq(coupons.id, coupon.id));
    const cart = await loadCart(handle.db, me, ctx);
    expect(cart.coupons).toEqual([]);
    expect(cart.removedCoupons[0]?.reason.code).toBe('coupon.error.usage_limit');
  });

  it('forgets the coupons of an emptied cart', async () => {
    const coupon = await createCoupon(handle.db);
    const { me, key } = await cartWith();
    await applyCoupon(handle.db, me, coupon.code, ctx);
    await updateItemQuantity(handle.db, me, { key, quantity: 0 }, ctx);
    expect((await loadCart(handle.db, me, ctx)).coupons).toEqual([]);
    const rows = await handle.db
      .select()
      .from(cartCoupons)
      .where(eq(cartCoupons.couponId, coupon.id));
    expect(rows).toEqual([]);
  });
});

describe('counting a use when an order is placed', () => {
  it('counts up to the usage limit and no further', async () => {
    const coupon = await createCoupon(handle.db, { usageLimit: 2 });
    const use = () =>
      handle.db.transaction((tx) => recordCouponUse(tx, coupon.id, { email: 'A@example.com' }));
    expect(await use()).toEqual({ ok: true, value: undefined });
    expect(await use()).toEqual({ ok: true, value: undefined });
    expect(errorCode(await use())).toBe('coupon.error.usage_limit');
    expect((await findCouponByCode(handle.db, coupon.code))?.usageCount).toBe(2);
    const uses = await handle.db
      .select()
      .from(couponUses)
      .where(eq(couponUses.couponId, coupon.id));
    expect(uses.map((u) => u.email)).toEqual(['a@example.com', 'a@example.com']);
  });

  it('counts per customer by customer id or billing e-mail', async () => {
    const coupon = await createCoupon(handle.db, { usageLimitPerCustomer: 1 });
    const use = (who: { customerId?: number; email?: string }) =>
      handle.db.transaction((tx) => recordCouponUse(tx, coupon.id, who));
    expect((await use({ customerId: 7, email: 'kim@example.com' })).ok).toBe(true);
    expect(errorCode(await use({ email: 'KIM@example.com' }))).toBe('coupon.error.usage_limit');
    expect(errorCode(await use({ customerId: 7 }))).toBe('coupon.error.usage_limit');
    expect((await use({ email: 'alex@example.com' })).ok).toBe(true);
    expect((await findCouponByCode(handle.db, coupon.code))?.usageCount).toBe(2);
  });

  it('refuses a used-up coupon at apply time by the shopper’s earlier uses', async () => {
    const coupon = await createCoupon(handle.db, { usageLimitPerCustomer: 1 });
    await handle.db.transaction((tx) =>
      recordCouponUse(tx, coupon.id, { email: 'jo@example.com' }),
    );
    const { me } = await cartWith();
    expect(
      errorCode(await applyCoupon(handle.db, me, coupon.code, { ...ctx, email: 'jo@example.com' })),
    ).toBe('coupon.error.usage_limit');
    expect((await applyCoupon(handle.db, me, coupon.code, ctx)).ok).toBe(true);
  });

  it('leaves the count alone when the caller rolls its order back', async () => {
    const coupon = await createCoupon(handle.db, { usageLimit: 1 });
    await expect(
      handle.db.transaction(async (tx) => {
        await recordCouponUse(tx, coupon.id, {});
        throw new Error('payment failed');
      }),
    ).rejects.toThrow('payment failed');
    expect((await findCouponByCode(handle.db, coupon.code))?.usageCount).toBe(0);
  });
});
