// Shipping classes: the product editor's choice of them, and their catalog list in the back office.
import { asc, sql } from 'drizzle-orm';
import { type ListDef, productCount } from '#app/domain/catalog/catalog-lists.server.ts';
import { products } from '#app/domain/catalog/catalog.schema.ts';
import { localize } from '#app/domain/kernel/localized.ts';
import type { Tx } from '#app/domain/kernel/tx.ts';
import type { Locale } from '#app/lib/locale.ts';
import { shippingClasses } from './shipping.schema.ts';

export async function shippingClassOptions(
  db: Tx,
  locale: Locale,
): Promise<{ value: string; label: string }[]> {
  const rows = await db.select().from(shippingClasses).orderBy(asc(shippingClasses.id));
  return rows.map((c) => ({ value: c.slug, label: localize(c.name, locale) }));
}

/** Products and rates name a class by its slug, so the slug stays while products use it. */
export const SHIPPING_CLASS_LIST: ListDef = {
  kind: 'shipping-classes',
  table: shippingClasses,
  entity: 'shipping_class',
  usage: productCount(sql`${products.shippingClass} = ${shippingClasses.slug}`),
  slugReferenced: true,
};
