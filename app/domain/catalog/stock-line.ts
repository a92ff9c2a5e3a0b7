import type { Translate } from '#app/lib/i18n.ts';
import type { StockStatus } from './catalog.schema.ts';

/** WooCommerce's class of each stock status in its stock markup (`<p class="stock in-stock">`). */
export const STOCK_CLASS: Record<StockStatus, string> = {
  instock: 'in-stock',
  outofstock: 'out-of-stock',
  onbackorder: 'available-on-backorder',
};

/**
 * The words of the product page's stock line: how many are left while few are (`left`, null
 * otherwise), else the status. Shared by the page, the Store API and the classic variation call.
 */
export function stockLineText(t: Translate, status: string, left: number | null): string {
  if (left !== null) return t('stock.left', { count: left });
  return t(
    status === 'outofstock'
      ? 'stock.outofstock'
      : status === 'onbackorder'
        ? 'stock.onbackorder'
        : 'stock.instock',
  );
}
