// Cutting an import into batches that never split a product from its variations, so each
// batch can run on its own (the storefront answers between batches) with the engine's rule of
// one transaction per product intact.
import { parseParent, parseType } from './product-import.rules.ts';
import type { ImportRow } from './product-import.rows.ts';

const keyOf = (ref: { id: number } | { sku: string }) =>
  'id' in ref ? `id:${ref.id}` : `sku:${ref.sku}`;

/** Rows in batches of about `size`; a product's variations go into its product's batch. */
export function batchRows(rows: readonly ImportRow[], size: number): ImportRow[][] {
  const buckets: ImportRow[][] = [];
  const byKey = new Map<string, ImportRow[]>();
  for (const row of rows) {
    if (parseType(row.cells.get('type') ?? '').kind === 'variation') continue;
    const bucket = [row];
    buckets.push(bucket);
    const id = (row.cells.get('id') ?? '').trim();
    const sku = (row.cells.get('sku') ?? '').trim();
    if (/^\d{1,9}$/.test(id)) byKey.set(`id:${Number(id)}`, bucket);
    if (sku) byKey.set(`sku:${sku}`, bucket);
  }
  for (const row of rows) {
    if (parseType(row.cells.get('type') ?? '').kind !== 'variation') continue;
    const ref = parseParent(row.cells.get('parent') ?? '');
    const key = ref ? keyOf(ref) : `line:${row.line}`;
    let bucket = byKey.get(key);
    if (!bucket) {
      bucket = [];
      buckets.push(bucket);
      byKey.set(key, bucket);
    }
    bucket.push(row);
  }
  const batches: ImportRow[][] = [];
  let current: ImportRow[] = [];
  for (const bucket of buckets) {
    if (current.length > 0 && current.length + bucket.length > size) {
      batches.push(current);
      current = [];
    }
    current.push(...bucket);
  }
  if (current.length > 0) batches.push(current);
  return batches;
}
