import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '#app/lib/db.server.ts';
import { createAttribute, createDepositType, createProduct } from '#db/seed/factories.ts';
import { sessions } from '#app/domain/sessions/sessions.schema.ts';
import { openTestDatabase } from '../../../tests/support/database.ts';
import { eq } from 'drizzle-orm';
import { putSetting } from '#app/domain/settings/settings.server.ts';
import { cartItems, carts } from './cart.schema.ts';
import { products } from '#app/domain/catalog/catalog.schema.ts';
import { cartCoupons } from './cart.schema.ts';
import { writeCartCustomer, readCartCustomer } from './cart-customer.server.ts';
import { createCoupon } from '#db/seed/factories.ts';
import {
  GUEST_CART_DAYS_SETTING,
  addItem,
  cartContents,
  cartItemCount,
  purgeAbandonedGuestCarts,
  sessionCartSummary,
  cartItemKey,
  loadCart,
  removeItem,
  updateItemQuantity,
} from './cart.server.ts';

let handle: DatabaseHandle;
const ctx = { currency: 'EUR', locale: 'de' as const };
let counter = 0;

async function owner() {
  const idHash = `test-session-${++counter}`;
  await handle.db.insert(sessions).values({ idHash, expiresAt: new Date(Date.now() + 86_400_000) });
  return { idHash };
}

beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(async () => {
  await handle.close();
});

describe('cart', () => {
  it('keys lines by product, variation and attributes regardless of attribute order', () => {
    expect(cartItemKey(1, 2, { a: 'x', b: 'y' })).toBe(cartItemKey(1, 2, { b: 'y', a: 'x' }));
    expect(cartItemKey(1, 2, { a: 'x' })).not.toBe(cartItemKey(1, 3, { a: 'x' }));
  });

  it('merges repeated adds into one line and totals VAT per rate with deposits', async () => {
    const db = handle.db;
    const me = await owner();
    const bottle = await createDepositType(db, { amount: 8, packagingType: 'reusable' });
    const beer = await createProduct(db, {
      name: { de: 'Bier', en: 'Beer' },
      regularPrice: 1899,
      depositTypeId: bottle.id,
      depositQuantity: 20,
    });
    const tea = await createProduct(db, {
      name: { de: 'Tee', en: 'Tea' },
      regularPrice: 499,
      taxClass: 'reduced',
    });
    expect((await addItem(db, me, { id: beer.product.id, quantity: 1 }, ctx)).ok).toBe(true);
    expect((await addItem(db, me, { id: beer.product.id, quantity: 1 }, ctx)).ok).toBe(true);
    expect((await addItem(db, me, { id: tea.product.id, quantity: 3 }, ctx)).ok).toBe(true);
    const cart = await loadCart(db, me, ctx);
    expect(cart.lines.map((l) => [l.name, l.quantity, l.lineTotal])).toEqual([
      ['Bier', 2, 3798],
      ['Tee', 3, 1497],
    ]);
    expect(cart.totals).toMatchObject({
      items: 3798 + 1497,
      deposit: 320,
      total: 3798 + 1497 + 320,
    });
    // 19 %: 3798 → 606, deposit 320 → 51; 7 %: 1497 → 98
    expect(cart.totals.taxLines).toEqual([
      { rate: 1900, amount: 606 + 51 },
      { rate: 700, amount: 98 },
    ]);
    expect(cart.totals.tax).toBe(606 + 51 + 98);
    expect(await cartItemCount(db, me)).toBe(5);
  });

  it('ignores any price a client might claim: totals come from the catalog', async () => {
    const db = handle.db;
    const me = await owner();
    const { product } = await createProduct(db, {
      name: { de: 'Teuer', en: 'Dear' },
      regularPrice: 10000,
    });
    await addItem(db, me, { id: product.id, quantity: 1, price: 1 } as never, ctx);
    expect((await loadCart(db, me, ctx)).totals.total).toBe(10000);
  });

  it('enforces minimum, step, maximum and stock, also on quantity updates', async () => {
    const db = handle.db;
    const me = await owner();
    const fabric = await createProduct(db, {
      name: { de: 'Stoff', en: 'Fabric' },
      regularPrice: 1299,
      minQuantity: 0.5,
      quantityStep: 0.5,
      maxQuantity: 10,
      manageStock: true,
      stockQuantity: 4,
    });
    expect((await addItem(db, me, { id: fabric.product.id, quantity: 0.25 }, ctx)).ok).toBe(false);
    expect((await addItem(db, me, { id: fabric.product.id, quantity: 0.7 }, ctx)).ok).toBe(false);
    const added = await addItem(db, me, { id: fabric.product.id, quantity: 2.5 }, ctx);
    expect(added.ok).toBe(true);
    const key = added.ok ? added.value.key : '';
    const tooMuch = await updateItemQuantity(db, me, { key, quantity: 4.5 }, ctx);
    expect(tooMuch.ok ? null : tooMuch.error).toMatchObject({
      kind: 'out_of_stock',
      code: 'cart.error.not_enough_stock',
    });
    expect((await updateItemQuantity(db, me, { key, quantity: 3.5 }, ctx)).ok).toBe(true);
    const cart = await loadCart(db, me, ctx);
    expect(cart.lines[0]).toMatchObject({ quantity: 3.5, lineTotal: 4547 });
    expect(cart.itemCount).toBe(1);
    expect((await updateItemQuantity(db, me, { key, quantity: 0 }, ctx)).ok).toBe(true);
    expect((await loadCart(db, me, ctx)).lines).toEqual([]);
  });

  it('resolves a variation from chosen values and refuses incomplete, unknown or sold-out choices', async () => {
    const db = handle.db;
    const me = await owner();
    const colour = await createAttribute(db, {
      slug: `farbe-cart-${++counter}`,
      name: { de: 'Farbe', en: 'Colour' },
      terms: [
        { slug: 'rot', name: { de: 'Rot', en: 'Red' } },
        { slug: 'blau', name: { de: 'Blau', en: 'Blue' } },
      ],
    });
    const size = await createAttribute(db, {
      slug: `groesse-cart-${counter}`,
      name: { de: 'Größe', en: 'Size' },
      terms: [
        { slug: 's', name: { de: 'S', en: 'S' } },
        { slug: 'm', name: { de: 'M', en: 'M' } },
      ],
    });
    const c = colour.attribute.slug;
    const z = size.attribute.slug;
    const shirt = await createProduct(db, {
      name: { de: 'Hemd', en: 'Shirt' },
      regularPrice: 2000,
      attributes: [
        {
          attributeId: colour.attribute.id,
          termIds: Object.values(colour.termIds),
          usedForVariations: true,
        },
        {
          attributeId: size.attribute.id,
          termIds: Object.values(size.termIds),
          usedForVariations: true,
        },
      ],
      variations: [
        // Red in any size the product offers; blue only in M, sold out.
        { attributes: { [c]: 'rot', [z]: '' } },
        { attributes: { [c]: 'blau', [z]: 'm' }, manageStock: true, stockQuantity: 0 },
      ],
    });
    const add = (variation: Record<string, string>) =>
      addItem(db, me, { id: shirt.product.id, quantity: 1, variation }, ctx);
    const code = (r: Awaited<ReturnType<typeof add>>) => (r.ok ? null : r.error.code);
    expect(code(await add({ [c]: 'rot' }))).toBe('cart.error.choose_options');
    expect(code(await add({ [c]: 'blau', [z]: 's' }))).toBe('cart.error.no_matching_variation');
    // "Any" size takes only sizes the product offers.
    expect(code(await add({ [c]: 'rot', [z]: 'xxl' }))).toBe('cart.error.no_matching_variation');
    expect(code(await add({ [c]: 'blau', [z]: 'm' }))).toBe('cart.error.out_of_stock');
    expect((await add({ [c]: 'rot', [z]: 'm' })).ok).toBe(true);
    const cart = await loadCart(db, me, ctx);
    expect(cart.lines.map((l) => l.variation.map((v) => v.value))).toEqual([['Rot', 'M']]);
  });

  it('lets concurrent adds of the last piece into one cart end with exactly one', async () => {
    const db = handle.db;
    const me = await owner();
    const { product } = await createProduct(db, {
      name: { de: 'Letztes', en: 'Last' },
      regularPrice: 500,
      manageStock: true,
      stockQuantity: 1,
    });
    const results = await Promise.all(
      [1, 2, 3, 4].map(() => addItem(db, me, { id: product.id, quantity: 1 }, ctx)),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect((await loadCart(db, me, ctx)).lines[0]!.quantity).toBe(1);
  });

  it('removes only lines of its own cart', async () => {
    const db = handle.db;
    const me = await owner();
    const other = await owner();
    const { product } = await createProduct(db, {
      name: { de: 'Meins', en: 'Mine' },
      regularPrice: 100,
    });
    const added = await addItem(db, me, { id: product.id, quantity: 1 }, ctx);
    const key = added.ok ? added.value.key : '';
    expect((await removeItem(db, other, key)).ok).toBe(false);
    expect((await loadCart(db, me, ctx)).lines).toHaveLength(1);
    expect((await removeItem(db, me, key)).ok).toBe(true);
  });

  it('purges guest carts left unchanged longer than the configured days, and only those', async () => {
    const db = handle.db;
    const tea = await createProduct(db, { name: { de: 'Tee', en: 'Tea' }, regularPrice: 499 });
    const [stale, recent, customers] = [await owner(), await owner(), await owner()];
    for (const who of [stale, recent, customers]) {
      expect((await addItem(db, who, { id: tea.product.id, quantity: 1 }, ctx)).ok).toBe(true);
    }
    const day = 86_400_000;
    const age = (who: { idHash: string }, days: number) =>
      db
        .update(carts)
        .set({ updatedAt: new Date(Date.now() - days * day) })
        .where(eq(carts.sessionIdHash, who.idHash));
    await putSetting(db, GUEST_CART_DAYS_SETTING, 3);
    await age(stale, 4);
    await age(recent, 2);
    await age(customers, 40);
    await db.update(carts).set({ customerId: 7 }).where(eq(carts.sessionIdHash, customers.idHash));

    expect(await purgeAbandonedGuestCarts(db)).toBeGreaterThanOrEqual(1);
    expect(await cartItemCount(db, stale)).toBe(0);
    expect(await cartItemCount(db, recent)).toBe(1);
    expect(await cartItemCount(db, customers)).toBe(1);

    // A change makes the cart young again.
    await age(recent, 5);
    const [line] = (await loadCart(db, recent, ctx)).lines;
    await updateItemQuantity(db, recent, { key: line!.key, quantity: 2 }, ctx);
    await purgeAbandonedGuestCarts(db);
    expect(await cartItemCount(db, recent)).toBe(2);
    // A malformed setting falls back to the default (14 days).
    await putSetting(db, GUEST_CART_DAYS_SETTING, 'forever');
    await age(recent, 13);
    await purgeAbandonedGuestCarts(db);
    expect(await cartItemCount(db, recent)).toBe(2);
  });

  it('sums a live session’s cart in one query, and knows nothing of expired or unknown sessions', async () => {
    const db = handle.db;
    const tea = await createProduct(db, { name: { de: 'Tee', en: 'Tea' }, regularPrice: 499 });
    const cloth = await createProduct(db, {
      name: { de: 'Stoff', en: 'Cloth' },
      regularPrice: 1299,
      minQuantity: 0.5,
      quantityStep: 0.5,
    });
    const me = await owner();
    expect(await sessionCartSummary(db, me.idHash)).toEqual({ itemCount: 0, customerId: null });
    await addItem(db, me, { id: tea.product.id, quantity: 3 }, ctx);
    await addItem(db, me, { id: cloth.product.id, quantity: 1.5 }, ctx);
    // A measured length counts as one item, as the header shows it.
    expect(await sessionCartSummary(db, me.idHash)).toEqual({ itemCount: 4, customerId: null });
    expect(await sessionCartSummary(db, 'no-such-session')).toBeNull();
    await db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.idHash, me.idHash));
    expect(await sessionCartSummary(db, me.idHash)).toBeNull();
  });

  it('moves the revision on every change to lines, coupons, customer and owner, whoever writes', async () => {
    const db = handle.db;
    const tea = await createProduct(db, { name: { de: 'Tee', en: 'Tea' }, regularPrice: 499 });
    const me = await owner();
    await addItem(db, me, { id: tea.product.id, quantity: 1 }, ctx);
    const [cart] = await db.select().from(carts).where(eq(carts.sessionIdHash, me.idHash));
    const revision = async () =>
      (await db.select({ r: carts.revision }).from(carts).where(eq(carts.id, cart!.id)))[0]!.r;
    const seen = [await revision()];
    const moved = async (change: () => Promise<unknown>) => {
      await change();
      const now = await revision();
      expect(now).toBeGreaterThan(seen.at(-1)!);
      seen.push(now);
    };
    const key = cartItemKey(tea.product.id, null, {});
    await moved(() => updateItemQuantity(db, me, { key, quantity: 3 }, ctx));
    // Another instance writing the line directly, past this code's own bookkeeping.
    await moved(() =>
      db.update(cartItems).set({ quantity: 4 }).where(eq(cartItems.cartId, cart!.id)),
    );
    const coupon = await createCoupon(db, { code: `REV${counter}` });
    await moved(() => db.insert(cartCoupons).values({ cartId: cart!.id, couponId: coupon.id }));
    await moved(() => db.delete(cartCoupons).where(eq(cartCoupons.cartId, cart!.id)));
    await moved(async () =>
      writeCartCustomer(db, cart!.id, {
        ...(await readCartCustomer(db, cart!.id)),
        calculated: true,
      }),
    );
    await moved(() => db.update(carts).set({ customerId: 42 }).where(eq(carts.id, cart!.id)));
    await moved(() => removeItem(db, me, key));
    // Touching the cart's own time is no change to what it holds.
    const before = await revision();
    await db.update(carts).set({ updatedAt: new Date() }).where(eq(carts.id, cart!.id));
    expect(await revision()).toBe(before);
  });
});

describe('cart contents before a checkout', () => {
  it('knows a digital line, also a variation taking the flag from its parent, and no other', async () => {
    const db = handle.db;
    const size = await createAttribute(db, {
      slug: `laufzeit-cart-${++counter}`,
      name: { de: 'Laufzeit', en: 'Term' },
      terms: [{ slug: 'jahr', name: { de: 'Jahr', en: 'Year' } }],
    });
    const licence = await createProduct(db, {
      digital: true,
      regularPrice: 4900,
      attributes: [
        {
          attributeId: size.attribute.id,
          termIds: Object.values(size.termIds),
          usedForVariations: true,
        },
      ],
      variations: [{ attributes: { [size.attribute.slug]: 'jahr' }, digital: null }],
    });
    const book = await createProduct(db, { regularPrice: 1200 });

    const physical = await owner();
    expect((await addItem(db, physical, { id: book.product.id, quantity: 1 }, ctx)).ok).toBe(true);
    expect(await cartContents(db, physical, 'EUR')).toEqual({ currency: 'EUR', digital: false });

    const buyer = await owner();
    const variation = { [size.attribute.slug]: 'jahr' };
    const added = await addItem(db, buyer, { id: licence.product.id, quantity: 1, variation }, ctx);
    expect(added.ok).toBe(true);
    expect(await addItem(db, buyer, { id: book.product.id, quantity: 1 }, ctx)).toMatchObject({
      ok: true,
    });
    expect(await cartContents(db, buyer, 'EUR')).toEqual({ currency: 'EUR', digital: true });
    // The variation has no flag of its own: the parent's decides.
    await db.delete(cartItems).where(eq(cartItems.productId, book.product.id));
    await db.update(products).set({ digital: false }).where(eq(products.id, licence.product.id));
    expect(await cartContents(db, buyer, 'EUR')).toEqual({ currency: 'EUR', digital: false });
    await db
      .update(products)
      .set({ digital: true })
      .where(eq(products.id, licence.variations[0]!.id));
    expect(await cartContents(db, buyer, 'EUR')).toEqual({ currency: 'EUR', digital: true });

    expect(await cartContents(db, await owner(), 'CHF')).toEqual({
      currency: 'CHF',
      digital: false,
    });
    expect(await cartContents(db, null, 'EUR')).toEqual({ currency: 'EUR', digital: false });
  });
});

describe('the checkout customer of a cart', () => {
  it('lays the rates a request chooses over those chosen before, in one write', async () => {
    const db = handle.db;
    const me = await owner();
    const [cart] = await db
      .insert(carts)
      .values({ sessionIdHash: me.idHash, currency: 'EUR' })
      .returning();
    const address = { ...(await readCartCustomer(db, cart!.id)).billingAddress, country: 'DE' };
    const customer = { billingAddress: address, shippingAddress: address, calculated: true };
    // No row yet: the rates as given.
    const first = await writeCartCustomer(
      db,
      cart!.id,
      {
        ...customer,
        chosenRates: { '0': 'flat_rate:1', '1': 'free_shipping:2' },
      },
      { keepRates: true },
    );
    expect(first.chosenRates).toEqual({ '0': 'flat_rate:1', '1': 'free_shipping:2' });
    const second = await writeCartCustomer(
      db,
      cart!.id,
      {
        ...customer,
        chosenRates: { '0': 'local_pickup:3' },
      },
      { keepRates: true },
    );
    expect(second.chosenRates).toEqual({ '0': 'local_pickup:3', '1': 'free_shipping:2' });
    expect(await readCartCustomer(db, cart!.id)).toEqual(second);
    const none = await writeCartCustomer(
      db,
      cart!.id,
      {
        ...customer,
        chosenRates: {},
      },
      { keepRates: true },
    );
    expect(none.chosenRates).toEqual(second.chosenRates);
  });
});
