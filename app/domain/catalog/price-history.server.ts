import { and, eq, gt, inArray, or, sql } from 'drizzle-orm';
import { products } from './catalog.schema.ts';
import { resolveVariation } from './catalog.rules.ts';
import type { Tx } from '#app/domain/kernel/tx.ts';
import {
  LOWEST_PRICE_DAYS,
  type PriceFields,
  priceSteps,
} from '#app/domain/pricing/price.rules.ts';
import { priceHistory } from './price-history.schema.ts';

/**
 * Brings the price history of these products (and the variations that inherit their price) up
 * to date with their price columns: steps planned for later are replaced, and the price from
 * `now` is recorded when it differs from the one in force.
 */
export async function recordPrices(db: Tx, productIds: number[], now = new Date()): Promise<void> {
  if (productIds.length === 0) return;
  const rows = await db
    .select()
    .from(products)
    .where(or(inArray(products.id, productIds), inArray(products.parentId, productIds)));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const missingParents = rows
    .filter((r) => r.parentId !== null && !byId.has(r.parentId))
    .map((r) => r.parentId!);
  if (missingParents.length > 0) {
    for (const parent of await db
      .select()
      .from(products)
      .where(inArray(products.id, missingParents))) {
      byId.set(parent.id, parent);
    }
  }
  const touched = rows.filter((r) => r.type !== 'variable');
  if (touched.length === 0) return;
  const ids = touched.map((r) => r.id);
  await db
    .delete(priceHistory)
    .where(and(inArray(priceHistory.productId, ids), gt(priceHistory.validFrom, now)));
  const inForce = await pricesInForce(db, ids, now);
  const values = touched.flatMap((row) => {
    const parent = row.parentId !== null ? byId.get(row.parentId) : undefined;
    const fields: PriceFields = parent ? resolveVariation(parent, row) : row;
    const steps = priceSteps(fields, now);
    const current = inForce.get(row.id);
    // The price now is kept as it stands when nothing changed.
    const first = steps[0];
    const skipFirst =
      first && current && current.price === first.price && current.reduced === first.reduced;
    return (skipFirst ? steps.slice(1) : steps).map((s) => ({
      productId: row.id,
      price: s.price,
      reduced: s.reduced,
      validFrom: s.from,
    }));
  });
  if (values.length > 0) await db.insert(priceHistory).values(values);
}

async function pricesInForce(db: Tx, ids: number[], now: Date) {
  const rows = await db
    .selectDistinctOn([priceHistory.productId], {
      productId: priceHistory.productId,
      price: priceHistory.price,
      reduced: priceHistory.reduced,
    })
    .from(priceHistory)
    .where(
      and(
        inArray(priceHistory.productId, ids),
        sql`${priceHistory.validFrom} <= ${now.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(priceHistory.productId, sql`${priceHistory.validFrom} desc`);
  return new Map(rows.map((r) => [r.productId, r]));
}

/** The price columns a shop manager or an import sets. */
export type PriceUpdate = Partial<PriceFields>;

/** Sets a product's or variation's prices and records the change, in one transaction. */
export async function updateProductPrices(
  db: Tx,
  productId: number,
  update: PriceUpdate,
  now = new Date(),
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(products)
      .set({ ...update, updatedAt: now })
      .where(eq(products.id, productId));
    await recordPrices(tx, [productId], now);
  });
}

/**
 * The lowest price each product or variation was sold at in the 30 days before its price in
 * force began (PAngV § 11): for a reduced price, the reference the shopper may compare with.
 * One statement over the (product, valid_from) index; a product with no earlier price is left
 * out, and the caller then shows the current price itself as the lowest.
 */
export async function lowestPricesBefore(
  db: Tx,
  productIds: number[],
  now = new Date(),
): Promise<Map<number, number>> {
  if (productIds.length === 0) return new Map();
  const at = now.toISOString();
  const result = await db.execute<{ product_id: number; lowest: number | null }>(sql`
    select c.product_id,
      (select min(h.price) from ${priceHistory} h
        where h.product_id = c.product_id
          and h.valid_from < c.valid_from
          and h.valid_from >= coalesce(
            (select max(e.valid_from) from ${priceHistory} e
              where e.product_id = c.product_id
                and e.valid_from <= c.valid_from - make_interval(days => ${LOWEST_PRICE_DAYS})),
            '-infinity'::timestamptz)) as lowest
    from (
      select distinct on (product_id) product_id, valid_from
      from ${priceHistory}
      where product_id = any(${`{${productIds.join(',')}}`}::int[]) and valid_from <= ${at}::timestamptz
      order by product_id, valid_from desc
    ) c`);
  const rows = (result as unknown as { rows: { product_id: number; lowest: number | null }[] })
    .rows;
  return new Map(
    rows.filter((r) => r.lowest !== null).map((r) => [Number(r.product_id), Number(r.lowest)]),
  );
}
