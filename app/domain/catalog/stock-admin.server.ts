// Products whose stock is counted, for the back office: the low-stock list and its count.
import { and, count, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { Tx } from '#app/domain/kernel/tx.ts';
import { getSetting } from '#app/domain/settings/settings.server.ts';
import { products } from './catalog.schema.ts';
import type { StockFilter } from './stock-admin.view.ts';

/** The shop's low-stock threshold for products without their own (WooCommerce's default). */
export const LOW_STOCK_SETTING = 'stock.low_amount';
export const LOW_STOCK_DEFAULT = 2;
/** What the threshold may be: a whole amount, 0 up to a million. */
export const LOW_STOCK_LIMITS = { min: 0, max: 1_000_000 } as const;
export const lowStockSchema = z.number().int().min(LOW_STOCK_LIMITS.min).max(LOW_STOCK_LIMITS.max);

/** Each stock mail can be switched off; both are on in a new shop, as the shop manager expects. */
export const STOCK_NOTICE_SETTINGS = { low: 'stock.notify_low', out: 'stock.notify_out' } as const;

export function stockNoticeWanted(db: Tx, notice: keyof typeof STOCK_NOTICE_SETTINGS) {
  return getSetting(db, STOCK_NOTICE_SETTINGS[notice], z.boolean(), true);
}

export function lowStockDefault(db: Tx): Promise<number> {
  return getSetting(db, LOW_STOCK_SETTING, lowStockSchema, LOW_STOCK_DEFAULT);
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
    // A trashed product (or a variation of one) is no longer sold: no stock to-do.
    sql`coalesce(${parent.status}, ${products.status}) <> 'trash'`,
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
