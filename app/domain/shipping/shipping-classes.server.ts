// The shipping classes a product may name, for the product editor's list.
import { asc } from 'drizzle-orm';
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
