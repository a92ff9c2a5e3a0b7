import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '#app/lib/db.server.ts';
import { createProduct } from '#db/seed/factories.ts';
import { seedDemoShipping } from '#db/seed/demo-shipping.ts';
import { sessions } from '#app/domain/sessions/sessions.schema.ts';
import { addItem, loadCart } from './cart.server.ts';
import { openTestDatabase } from '../../../tests/support/database.ts';
import { selectShippingRate, updateCartCustomer } from './cart-address.server.ts';

let handle: DatabaseHandle;
const ctx = { currency: 'EUR', locale: 'de' as const };
let counter = 0;

async function owner() {
  const idHash = `shipping-session-${++counter}`;
  await handle.db.insert(sessions).values({ idHash, expiresAt: new Date(Date.now() + 86_400_000) });
  return { idHash };
}

async function product(price: number, extra: Parameters<typeof createProduct>[1] = {}) {
  return (await createProduct(handle.db, { regularPrice: price, ...extra })).product.id;
}

const rates = (cart: Awaited<ReturnType<typeof loadCart>>) =>
  cart.shipping.packages[0]?.rates.map((r) => [r.methodId, r.cost]) ?? [];

beforeAll(async () => {
  handle = await openTestDatabase();
  expect(await seedDemoShipping(handle.db)).toBe(true);
  expect(await seedDemoShipping(handle.db)).toBe(false);
});
afterAll(async () => {
  await handle.close();
});

describe('shipping in the cart', () => {
  it('estimates for Germany until the shopper gives a destination', async () => {
    const me = await owner();
    await addItem(handle.db, me, { id: await product(1999), quantity: 1 }, ctx);
    const cart = await loadCart(handle.db, me, ctx);
    expect(cart.shipping.hasCalculatedShipping).toBe(false);
    expect(cart.shipping.address.country).toBe('DE');
    expect(cart.shipping.needsShipping).toBe(true);
    expect(rates(cart)).toEqual([
      ['flat_rate', 490],
      ['local_pickup', 0],
      ['pickup_point', 390],
    ]);
    expect(cart.shipping.chosen?.methodId).toBe('flat_rate');
    expect(cart.totals.total).toBe(1999 + 490);
  });

  it('splits the shipping VAT over a mixed 19 % / 7 % cart', async () => {
    const me = await owner();
    await addItem(handle.db, me, { id: await product(2000), quantity: 1 }, ctx);
    await addItem(
      handle.db,
      me,
      { id: await product(1000, { taxClass: 'reduced' }), quantity: 2 },
      ctx,
    );
    const cart = await loadCart(handle.db, me, ctx);
    const shipping = cart.totals.breakdown.shipping!;
    // 4,90 € split 50:50 over 20 € at 19 % and 20 € at 7 %.
    expect(shipping.shares).toEqual([
      { rate: 1900, gross: 245, tax: 39, net: 206 },
      { rate: 700, gross: 245, tax: 16, net: 229 },
    ]);
    expect(cart.shipping.chosen?.tax).toBe(55);
    expect(cart.totals.taxLines).toEqual([
      { rate: 1900, amount: 319 + 39 },
      { rate: 700, amount: 131 + 16 },
    ]);
    expect(cart.totals.total).toBe(4000 + 490);
  });

  it('offers free shipping from 50 € and chooses it first; bulky goods never ship free', async () => {
    const me = await owner();
    await addItem(handle.db, me, { id: await product(5000), quantity: 1 }, ctx);
    let cart = await loadCart(handle.db, me, ctx);
    expect(rates(cart)).toEqual([
      ['free_shipping', 0],
      ['flat_rate', 490],
      ['local_pickup', 0],
      ['pickup_point', 390],
    ]);
    expect(cart.totals.total).toBe(5000);
    await addItem(
      handle.db,
      me,
      { id: await product(14900, { shippingClass: 'bulky' }), quantity: 1 },
      ctx,
    );
    cart = await loadCart(handle.db, me, ctx);
    // Bulky goods go by freight, never to a pickup point.
    expect(rates(cart)).toEqual([
      ['flat_rate', 1990],
      ['local_pickup', 0],
    ]);
  });

  it('rates the destination the shopper gives and keeps the chosen rate', async () => {
    const me = await owner();
    await addItem(handle.db, me, { id: await product(2500), quantity: 1 }, ctx);
    const at = await updateCartCustomer(
      handle.db,
      me,
      { shipping: { country: 'AT', postcode: '1010', city: 'Wien' }, check: 'calculator' },
      ctx,
    );
    expect(at.ok).toBe(true);
    let cart = await loadCart(handle.db, me, ctx);
    expect(cart.shipping.hasCalculatedShipping).toBe(true);
    expect(rates(cart)).toEqual([['flat_rate', 1290]]);

    const us = await updateCartCustomer(
      handle.db,
      me,
      {
        shipping: { country: 'US', state: 'ca', postcode: '90210', city: 'Beverly Hills' },
        check: 'calculator',
      },
      ctx,
    );
    expect(us.ok).toBe(true);
    cart = await loadCart(handle.db, me, ctx);
    expect(cart.shipping.address).toMatchObject({ country: 'US', state: 'CA', postcode: '90210' });
    // A tax-free export: the world rate of 24,90 € without the 19 % German VAT it includes.
    expect(rates(cart)).toEqual([['flat_rate', 2092]]);
    expect(cart.totals.vat).toEqual({ kind: 'export', country: 'US' });

    await updateCartCustomer(
      handle.db,
      me,
      { shipping: { country: 'DE', postcode: '04109', city: 'Leipzig' }, check: 'calculator' },
      ctx,
    );
    cart = await loadCart(handle.db, me, ctx);
    expect(cart.shipping.address.state).toBe('');
    const pickup = cart.shipping.packages[0]!.rates.find((r) => r.methodId === 'local_pickup')!;
    expect(
      (await selectShippingRate(handle.db, me, { packageId: 0, rateId: pickup.rateId }, ctx)).ok,
    ).toBe(true);
    cart = await loadCart(handle.db, me, ctx);
    expect(cart.shipping.chosen?.rateId).toBe(pickup.rateId);
    expect(cart.totals.total).toBe(2500);
  });

  it('refuses bad addresses and unknown rates without changing anything', async () => {
    const me = await owner();
    await addItem(handle.db, me, { id: await product(2500), quantity: 1 }, ctx);
    const before = await loadCart(handle.db, me, ctx);
    const bad = [
      { country: 'XX', postcode: '12345', city: 'X' },
      { country: 'DE', postcode: '1234', city: 'Leipzig' },
      { country: 'US', postcode: '90210', city: 'LA' },
      { country: 'US', state: 'ZZ', postcode: '90210', city: 'LA' },
      { country: 'AT', postcode: '1010', city: '' },
    ];
    for (const shipping of bad) {
      const result = await updateCartCustomer(
        handle.db,
        me,
        { shipping, check: 'calculator' },
        ctx,
      );
      expect(result.ok, JSON.stringify(shipping)).toBe(false);
    }
    const postcode = await updateCartCustomer(
      handle.db,
      me,
      { shipping: bad[1]!, check: 'calculator' },
      ctx,
    );
    expect(postcode).toEqual({
      ok: false,
      error: {
        kind: 'invalid',
        code: 'shipping.error.invalid_postcode',
        params: { param: 'shipping_address', field: 'postcode', label: 'Postleitzahl' },
      },
    });
    const rate = await selectShippingRate(
      handle.db,
      me,
      { packageId: 0, rateId: 'free_shipping:999' },
      ctx,
    );
    expect(rate.ok).toBe(false);
    expect(await loadCart(handle.db, me, ctx)).toEqual(before);
  });

  it('does not deliver to the Canary Islands', async () => {
    const me = await owner();
    await addItem(handle.db, me, { id: await product(2500), quantity: 1 }, ctx);
    await updateCartCustomer(
      handle.db,
      me,
      {
        shipping: { country: 'ES', state: 'Las Palmas', postcode: '35001', city: 'Las Palmas' },
        check: 'calculator',
      },
      ctx,
    );
    expect(rates(await loadCart(handle.db, me, ctx))).toEqual([]);
    await updateCartCustomer(
      handle.db,
      me,
      {
        shipping: { country: 'ES', state: 'Madrid', postcode: '28001', city: 'Madrid' },
        check: 'calculator',
      },
      ctx,
    );
    expect(rates(await loadCart(handle.db, me, ctx))).toEqual([['flat_rate', 1290]]);
  });
});
