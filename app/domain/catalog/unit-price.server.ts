import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '#app/domain/kernel/tx.ts';
import { activePrice, unitPrice } from '#app/domain/pricing/price.rules.ts';
import { taxSetup } from '#app/domain/pricing/vat-rates.server.ts';
import { products } from './catalog.schema.ts';
import { shownRow } from './product-view.server.ts';
import { type ProductRow, resolveVariation } from './catalog.rules.ts';
import type { UnitPriceView } from './catalog.view.ts';
import { type ShownPrice, chargedPrice, claimMatches, shownPrice } from './unit-price.rules.ts';
import { shownProducts } from './publication.server.ts';

/** One price a page shows, as the page reports it: a product or variation id and its prices. */
export type UnitPriceClaim = {
  key: string;
  productId: number;
  price: ShownPrice;
  quantity: number;
};

export type UnitPriceAnswer = {
  key: string;
  productId: number;
  /** Null when the item is unknown, has no unit price, or the claimed price is not the shop's. */
  unitPrice: UnitPriceView | null;
};

/**
 * Unit prices for the prices a page shows, computed from the catalog alone: a claim is answered
 * only when its price pair is exactly what the shop charges for that product or variation now,
 * so the answer can never be a unit price of a price the shop would not charge. A variable
 * product (no variation chosen yet) is answered for its cheapest variation, as its "from" price.
 */
export async function unitPricesFor(
  db: Tx,
  claims: readonly UnitPriceClaim[],
  now: Date = new Date(),
): Promise<UnitPriceAnswer[]> {
  const ids = [...new Set(claims.map((c) => c.productId))];
  if (ids.length === 0) return [];
  const rows = await db
    .select()
    .from(products)
    .where(and(inArray(products.id, ids), shownProducts()));
  const parentIds = [...new Set(rows.map((r) => r.parentId).filter((id) => id !== null))];
  const variableIds = rows.filter((r) => r.type === 'variable').map((r) => r.id);
  const [parents, children, tax] = await Promise.all([
    parentIds.length
      ? db
          .select()
          .from(products)
          .where(and(inArray(products.id, parentIds), shownProducts()))
      : [],
    variableIds.length
      ? db
          .select()
          .from(products)
          .where(and(inArray(products.parentId, variableIds), eq(products.status, 'publish')))
      : [],
    taxSetup(db),
  ]);
  const parentById = new Map(parents.map((p) => [p.id, p]));
  const rowById = new Map(rows.map((r) => [r.id, r]));

  /** The row whose price and unit columns decide, with a variation's gaps filled by its parent. */
  // Prices as the pages show them: net-entered ones with the shop country's VAT on top.
  const pricedRow = (row: ProductRow): ProductRow | null => {
    if (row.parentId !== null) {
      const parent = parentById.get(row.parentId);
      return parent && parent.type === 'variable'
        ? shownRow(resolveVariation(parent, row), tax)
        : null;
    }
    if (row.type === 'variable') {
      const live = children
        .filter((c) => c.parentId === row.id)
        .map((c) => shownRow(resolveVariation(row, c), tax));
      let cheapest: ProductRow | null = null;
      let lowest = Infinity;
      for (const v of live) {
        const active = activePrice(v, now);
        if (active !== null && active < lowest) {
          lowest = active;
          cheapest = v;
        }
      }
      return cheapest;
    }
    return row.type === 'simple' ? shownRow(row, tax) : null;
  };

  return claims.map((claim) => {
    const row = rowById.get(claim.productId);
    const priced = row ? pricedRow(row) : null;
    const actual = priced ? shownPrice(priced, now) : null;
    if (!priced || !actual || !claimMatches(claim.price, actual)) {
      return { key: claim.key, productId: claim.productId, unitPrice: null };
    }
    const amount = unitPrice(chargedPrice(actual), priced);
    return {
      key: claim.key,
      productId: claim.productId,
      unitPrice:
        amount === null
          ? null
          : {
              amount,
              base: priced.unitBase!,
              unit: priced.unit!,
              productUnits: priced.productUnits!,
            },
    };
  });
}
