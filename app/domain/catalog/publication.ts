// When a product is shown in the shop: published, or scheduled (`future`) and its publish date
// (`createdAt`, WooCommerce's `date_created`) has come. Decided when asked, so a scheduled
// product appears on time on every instance without a job having run.
import type { ProductStatus } from './catalog.schema.ts';

export function shownNow(
  row: { status: ProductStatus; createdAt: Date | string },
  now: Date = new Date(),
): boolean {
  if (row.status === 'publish') return true;
  return row.status === 'future' && new Date(row.createdAt).getTime() <= now.getTime();
}

/** The status as the back office and the REST API name it: a scheduled product whose date has come is published. */
export function effectiveStatus(
  row: { status: ProductStatus; createdAt: Date | string },
  now: Date = new Date(),
): ProductStatus {
  return row.status === 'future' && shownNow(row, now) ? 'publish' : row.status;
}
