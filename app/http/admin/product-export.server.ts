// The product export (/admin/products/export): WooCommerce's product CSV, streamed.
import { adminProductOptions } from '#app/domain/catalog/product-admin.server.ts';
import { productCsvColumns, productCsvRow } from '#app/domain/catalog/product-csv.rules.ts';
import {
  type ProductExportFilter,
  exportAttributeCount,
  productExportBatches,
} from '#app/domain/catalog/product-export.server.ts';
import { csvLine } from '#app/domain/kernel/csv.ts';
import { shopPublicOrigin } from '#app/domain/payments/stripe-setup.server.ts';
import type { MessageArea } from '#app/lib/i18n.ts';
import { messagesFor } from '#app/lib/i18n.server.ts';
import { csvDownload } from './csv-download.server.ts';
import { staffShop } from './staff.server.ts';

type Args = Parameters<typeof staffShop>[0];

const TYPES = ['simple', 'variable'] as const;
const STATUSES = ['publish', 'draft', 'pending', 'private'] as const;

/** One value of a parameter given once; a repeated, unknown or malformed one counts as unset. */
function single(params: URLSearchParams, name: string): string | null {
  const all = params.getAll(name);
  return all.length === 1 ? all[0]! : null;
}

function oneOf<T extends string>(values: readonly T[], value: string | null): T | null {
  return value !== null && (values as readonly string[]).includes(value) ? (value as T) : null;
}

/** The export's filter from the query: anything unknown exports everything. */
export function parseExportFilter(params: URLSearchParams): ProductExportFilter {
  const category = single(params, 'category');
  return {
    categoryId: category && /^[1-9]\d{0,8}$/.test(category) ? Number(category) : null,
    type: oneOf(TYPES, single(params, 'type')),
    status: oneOf(STATUSES, single(params, 'status')),
  };
}

export async function loadProductExport(args: Args, areas: readonly MessageArea[]) {
  const { db, locale, t } = await staffShop(args);
  return {
    // The same category paths the product list's filter offers.
    categories: (await adminProductOptions(db, locale)).categories,
    title: `${t('admin.productExport.title')} | ${t('admin.title')}`,
    messages: messagesFor(locale, areas),
  };
}

/** The CSV file: a byte order mark, WooCommerce's header, a keyset batch of products at a time. */
export async function exportProductsCsv(args: Args): Promise<Response> {
  const { db, env } = await staffShop(args);
  const filter = parseExportFilter(new URL(args.request.url).searchParams);
  const attributeCount = await exportAttributeCount(db, filter);
  const header = `\uFEFF${csvLine(productCsvColumns(attributeCount), 'comma')}`;
  const batches = productExportBatches(db, filter, shopPublicOrigin(env));
  async function* rows() {
    for await (const batch of batches) {
      yield batch.map((p) => csvLine(productCsvRow(p, attributeCount), 'comma')).join('');
    }
  }
  const day = new Date().toISOString().slice(0, 10);
  return csvDownload(`products-${day}.csv`, header, rows());
}
