// Shipping classes as one of the back office's catalog lists.
import { sql } from 'drizzle-orm';
import { type ListDef, productCount } from '#app/domain/catalog/catalog-lists.server.ts';
import { products } from '#app/domain/catalog/catalog.schema.ts';
import { shippingClasses } from './shipping.schema.ts';

/** Products and rates name a class by its slug, so the slug stays while products use it. */
export const SHIPPING_CLASS_LIST: ListDef = {
  kind: 'shipping-classes',
  table: shippingClasses,
  entity: 'shipping_class',
  usage: productCount(sql`${products.shippingClass} = ${shippingClasses.slug}`),
  slugReferenced: true,
};
