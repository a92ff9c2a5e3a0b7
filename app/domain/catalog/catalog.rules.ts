// Pure catalog rules: variations, quantities and stock. No database, so they are table-tested.
import type { StockStatus, products } from './catalog.schema.ts';
import type { QuantityRules } from './catalog.view.ts';

export type ProductRow = typeof products.$inferSelect;

/** Columns a variation never inherits from its parent. */
const OWN_COLUMNS = new Set<keyof ProductRow>([
  'id',
  'parentId',
  'type',
  'slug',
  'status',
  'featured',
  'menuOrder',
  'variationAttributes',
  'defaultAttributes',
  'createdAt',
  'updatedAt',
]);

/** A variation with every empty column filled from its parent. */
export function resolveVariation(parent: ProductRow, variation: ProductRow): ProductRow {
  const merged = { ...variation } as Record<string, unknown>;
  for (const [key, value] of Object.entries(parent)) {
    if (OWN_COLUMNS.has(key as keyof ProductRow)) continue;
    if (merged[key] === null || merged[key] === undefined) merged[key] = value;
  }
  return merged as ProductRow;
}

export type QuantityFields = Pick<
  ProductRow,
  'soldIndividually' | 'quantityStep' | 'minQuantity' | 'maxQuantity'
>;

export function quantityRules(row: QuantityFields, stockLeft: number | null): QuantityRules {
  const soldIndividually = row.soldIndividually ?? false;
  const step = row.quantityStep && row.quantityStep > 0 ? row.quantityStep : 1;
  const min = soldIndividually
    ? 1
    : row.minQuantity && row.minQuantity > 0
      ? row.minQuantity
      : step;
  let max = soldIndividually ? 1 : (row.maxQuantity ?? null);
  if (stockLeft !== null && (max === null || stockLeft < max)) max = stockLeft;
  return { min, max, step, soldIndividually };
}

export type StockFields = {
  manageStock: boolean | null;
  stockQuantity: number | null;
  stockStatus: StockStatus | null;
  backorders: 'no' | 'notify' | 'yes' | null;
};

/** Stock that may still be sold, or null when unlimited (unmanaged or backorders allowed). */
export function stockLeft(row: Omit<StockFields, 'stockStatus'>): number | null {
  if (!row.manageStock || row.stockQuantity === null) return null;
  if (row.backorders && row.backorders !== 'no') return null;
  return Math.max(0, row.stockQuantity);
}

/** Managed stock decides from the quantity and backorders; otherwise the status set by hand. */
export function effectiveStockStatus(s: StockFields): StockStatus {
  if (s.manageStock && s.stockQuantity !== null) {
    if (s.stockQuantity > 0) return 'instock';
    return s.backorders && s.backorders !== 'no' ? 'onbackorder' : 'outofstock';
  }
  return s.stockStatus ?? 'instock';
}

export function isInStock(s: StockFields): boolean {
  return effectiveStockStatus(s) !== 'outofstock';
}

/** A variable product is in stock when any variation is, else on backorder when any is. */
export function combinedStockStatus(variations: readonly StockFields[]): StockStatus {
  const statuses = variations.map(effectiveStockStatus);
  if (statuses.includes('instock')) return 'instock';
  if (statuses.includes('onbackorder')) return 'onbackorder';
  return 'outofstock';
}
