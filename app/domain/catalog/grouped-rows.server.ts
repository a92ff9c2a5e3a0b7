// The children of grouped products: checked and written with the product, read for its page,
// its card and the back office. A child is a simple product of its own (no variable, grouped,
// external or subscription product), listed in the order chosen.
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { type DomainError, domainError } from '#app/domain/kernel/result.ts';
import type { Tx } from '#app/domain/kernel/tx.ts';
import { groupedProducts, products } from './catalog.schema.ts';
import type { ProductRow } from './catalog.rules.ts';
import { shownProducts } from './publication.server.ts';

/** At most this many children per grouped product. */
export const GROUPED_MAX = 100;

const invalid = (code: string, params?: Record<string, string | number>) =>
  domainError('invalid', code, params);

/** Refuses the product itself, unknown ids and children that cannot be bought alone. */
export async function checkGroupedChildren(
  db: Tx,
  self: number | null,
  ids: number[] | undefined,
): Promise<DomainError | null> {
  if (!ids) return null;
  if (ids.length > GROUPED_MAX)
    return invalid('catalog.error.too_many_children', { max: GROUPED_MAX });
  if (self !== null && ids.includes(self)) return invalid('catalog.error.group_self');
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return null;
  const found = await db
    .select({ id: products.id, type: products.type, subscription: products.subscription })
    .from(products)
    .where(and(inArray(products.id, wanted), isNull(products.parentId)));
  const byId = new Map(found.map((f) => [f.id, f]));
  for (const id of wanted) {
    const row = byId.get(id);
    if (!row) return invalid('catalog.error.unknown_child', { id });
    if (row.type !== 'simple' || row.subscription) {
      return invalid('catalog.error.child_not_simple', { id });
    }
  }
  return null;
}

/** Replaces the children of a grouped product (inside the product's transaction). */
export async function writeGroupedChildren(db: Tx, productId: number, ids: number[] | undefined) {
  if (!ids) return;
  await db.delete(groupedProducts).where(eq(groupedProducts.productId, productId));
  const wanted = [...new Set(ids)].filter((id) => id !== productId);
  if (wanted.length > 0) {
    await db
      .insert(groupedProducts)
      .values(wanted.map((childId, position) => ({ productId, childId, position })));
  }
}

/** Every child id of each product, in order, whatever the child's status (back office, API). */
export async function groupedChildIds(
  db: Tx,
  productIds: number[],
): Promise<Map<number, number[]>> {
  const lists = new Map<number, number[]>(productIds.map((id) => [id, []]));
  if (productIds.length === 0) return lists;
  const rows = await db
    .select({ productId: groupedProducts.productId, childId: groupedProducts.childId })
    .from(groupedProducts)
    .where(inArray(groupedProducts.productId, productIds))
    .orderBy(asc(groupedProducts.productId), asc(groupedProducts.position));
  for (const r of rows) lists.get(r.productId)?.push(r.childId);
  return lists;
}

/** The children a shopper sees of each grouped product, in order. */
export async function shownGroupedChildren(
  db: Tx,
  productIds: number[],
): Promise<Map<number, ProductRow[]>> {
  const lists = new Map<number, ProductRow[]>();
  if (productIds.length === 0) return lists;
  const rows = await db
    .select({ productId: groupedProducts.productId, child: products })
    .from(groupedProducts)
    .innerJoin(products, eq(products.id, groupedProducts.childId))
    .where(and(inArray(groupedProducts.productId, productIds), shownProducts()))
    .orderBy(asc(groupedProducts.productId), asc(groupedProducts.position));
  for (const r of rows) {
    const list = lists.get(r.productId) ?? [];
    list.push(r.child);
    lists.set(r.productId, list);
  }
  return lists;
}
