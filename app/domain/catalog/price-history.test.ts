import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '#app/lib/db.server.ts';
import { createProduct } from '#db/seed/factories.ts';
import { openTestDatabase } from '../../../tests/support/database.ts';
import { priceSteps } from '#app/domain/pricing/price.rules.ts';
import { priceHistory } from './price-history.schema.ts';
import { lowestPricesBefore, recordPrices, updateProductPrices } from './price-history.server.ts';

let handle: DatabaseHandle;
const DAY = 86_400_000;
const T0 = new Date('2026-03-01T10:00:00Z');
const at = (days: number) => new Date(T0.getTime() + days * DAY);

beforeAll(async () => {
  handle = await openTestDatabase();
});

afterAll(async () => {
  await handle?.close();
});

async function history(productId: number) {
  const rows = await handle.db
    .select()
    .from(priceHistory)
    .where(eq(priceHistory.productId, productId))
    .orderBy(asc(priceHistory.validFrom));
  return rows.map((r) => [r.price, r.reduced]);
}

describe('priceSteps', () => {
  const base = { regularPrice: 1000, salePrice: null, saleFrom: null, saleTo: null };
  it('plans a scheduled sale as its start and its end', () => {
    expect(priceSteps({ ...base, salePrice: 800, saleFrom: at(2), saleTo: at(5) }, T0)).toEqual([
      { price: 1000, reduced: false, from: T0 },
      { price: 800, reduced: true, from: at(2) },
      { price: 1000, reduced: false, from: at(5) },
    ]);
  });
  it('records nothing for an item without a price, and no step for a sale price above the regular', () => {
    expect(priceSteps({ ...base, regularPrice: null }, T0)).toEqual([]);
    expect(priceSteps({ ...base, salePrice: 1200, saleFrom: at(1) }, T0)).toEqual([
      { price: 1000, reduced: false, from: T0 },
    ]);
  });
});

describe('price history', () => {
  it('is started by the factory and grows with every change through the update path', async () => {
    const { product } = await createProduct(handle.db, { regularPrice: 2000 });
    expect(await history(product.id)).toEqual([[2000, false]]);
    // Setting the same price again records nothing.
    await recordPrices(handle.db, [product.id]);
    expect(await history(product.id)).toEqual([[2000, false]]);
    await updateProductPrices(handle.db, product.id, { salePrice: 1500 });
    expect(await history(product.id)).toEqual([
      [2000, false],
      [1500, true],
    ]);
  });

  it('follows a variation that inherits its parent’s price', async () => {
    const { product, variations } = await createProduct(handle.db, {
      type: 'variable',
      regularPrice: 3000,
      variations: [{ attributes: {} }, { attributes: {}, regularPrice: 3500 }],
    } as never);
    const [inherits, own] = variations;
    expect(await history(inherits!.id)).toEqual([[3000, false]]);
    await updateProductPrices(handle.db, product.id, { regularPrice: 2800 });
    expect(await history(inherits!.id)).toEqual([
      [3000, false],
      [2800, false],
    ]);
    expect(await history(own!.id)).toEqual([[3500, false]]);
  });

  it('names the lowest price of the 30 days before the reduction began', async () => {
    const { product } = await createProduct(handle.db, { regularPrice: 1000 });
    await handle.db.delete(priceHistory).where(eq(priceHistory.productId, product.id));
    const now = at(100);
    const step = (days: number, price: number, reduced = false) => ({
      productId: product.id,
      price,
      reduced,
      validFrom: at(days),
    });
    await handle.db.insert(priceHistory).values([
      step(0, 700), // in force until day 50: before the window, it does not count
      step(50, 1000),
      step(70, 900, true), // inside the 30 days before day 95
      step(75, 1000),
      step(95, 800, true), // the reduction shown now
      step(120, 1000), // planned for later: not part of the past
    ]);
    expect((await lowestPricesBefore(handle.db, [product.id], now)).get(product.id)).toBe(900);
    // The price in force when the window opens counts as well.
    await handle.db.delete(priceHistory).where(eq(priceHistory.validFrom, at(70)));
    await handle.db.insert(priceHistory).values(step(60, 950));
    expect((await lowestPricesBefore(handle.db, [product.id], now)).get(product.id)).toBe(950);
  });

  it('leaves out a product with no earlier price and answers nothing for no ids', async () => {
    const { product } = await createProduct(handle.db, { regularPrice: 1000 });
    expect((await lowestPricesBefore(handle.db, [product.id])).has(product.id)).toBe(false);
    expect((await lowestPricesBefore(handle.db, [])).size).toBe(0);
  });
});
