// Products whose stock is counted, for the back office: the low-stock list and its count.
import { and, asc, count, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { localize } from '#app/domain/kernel/localized.ts';
import type { Tx } from '#app/domain/kernel/tx.ts';
import { getSetting } from '#app/domain/settings/settings.server.ts';
import type { Locale } from '#app/lib/locale.ts';
import { products } from './catalog.schema.ts';
import type { StockFilter, StockPage, StockQuery } from './stock-admin.view.ts';

export const STOCK_PER_PAGE = 50;

/** The shop's low-stock threshold for products without their own (WooCommerce's default). */
export const LOW_STOCK_SETTING = 'stock.low_amount';
export const LOW_STOCK_DEFAULT = 2;

export function lowStockDefault(db: Tx): Promise<number> {
  return getSetting(
    db,
    LOW_STOCK_SETTING,
    z.number().int().min(0).max(1_000_000),
    LOW_STOCK_DEFAULT,
  );
}

const parent = alias(products, 'parent');
const quantity = sql<number>`coalesce(${products.stockQuantity}, 0)`;

/**
 * The rows one filter selects. Only rows that count their own stock: a variation without its
 * own stock shares its parent's row. A variation without a threshold takes its parent's, then
 * the shop's; low is "at or below the threshold", as the product page's "only n left" counts.
 * The partial index `products_managed_stock_idx (stock_quantity, id) where manage_stock` holds
 * exactly these rows in the list's order.
 */
function condition(filter: StockFilter, fallback: number): SQL | undefined {
  const threshold = sql`coalesce(${products.lowStockAmount}, ${parent.lowStockAmount}, ${fallback})`;
  return and(
    sql`${products.manageStock}`,
    filter === 'low' ? sql`${quantity} <= ${threshold}` : undefined,
    filter === 'out' ? sql`${quantity} <= 0` : undefined,
  );
}

export async function stockCount(db: Tx, filter: StockFilter, fallback?: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(products)
    .leftJoin(parent, eq(parent.id, products.parentId))
    .where(condition(filter, fallback ?? (await lowStockDefault(db))));
  return Number(row?.n ?? 0);
}

/** One page of the list, fewest in stock first. */
export async function stockPage(db: Tx, query: StockQuery, locale: Locale): Promise<StockPage> {
  const fallback = await lowStockDefault(db);
  const [total, rows] = await Promise.all([
    stockCount(db, query.stock, fallback),
    db
      .select({
        id: products.id,
        name: products.name,
        parentName: parent.name,
        attributes: products.variationAttributes,
        sku: products.sku,
        quantity,
        own: products.lowStockAmount,
        inherited: parent.lowStockAmount,
        slug: sql<string | null>`coalesce(${parent.slug}, ${products.slug})`,
        status: sql<string>`coalesce(${parent.status}, ${products.status})`,
      })
      .from(products)
      .leftJoin(parent, eq(parent.id, products.parentId))
      .where(condition(query.stock, fallback))
      .orderBy(asc(products.stockQuantity), asc(products.id))
      .limit(STOCK_PER_PAGE)
      .offset((query.page - 1) * STOCK_PER_PAGE),
  ]);
  return {
    total,
    fallback,
    page: query.page,
    pages: Math.max(1, Math.ceil(total / STOCK_PER_PAGE)),
    rows: rows.map((row) => {
      const base = localize(row.parentName ?? row.name, locale);
      const terms = Object.values(row.attributes ?? {}).filter(Boolean);
      return {
        id: row.id,
        name: row.parentName && terms.length ? `${base} – ${terms.join(', ')}` : base,
        sku: row.sku,
        quantity: Number(row.quantity),
        threshold: row.own ?? row.inherited ?? fallback,
        href: row.slug && row.status === 'publish' ? `/product/${row.slug}` : null,
      };
    }),
  };
}
