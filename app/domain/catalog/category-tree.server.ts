// Categories as a tree: edit, move (re-parent and reorder) and delete, each in one transaction
// that also refreshes the listing rows whose category paths changed.
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { type Actor, recordChange } from '#app/domain/audit/audit.server.ts';
import type { Localized } from '#app/domain/kernel/localized.ts';
import { type Result, domainError, fail, notFound, ok } from '#app/domain/kernel/result.ts';
import type { Tx } from '#app/domain/kernel/tx.ts';
import { categories, images, productCategories } from './catalog.schema.ts';
import {
  type Move,
  type Placement,
  type TreeNode,
  canHold,
  orderAfter,
  placementOf,
  subtreeOf,
} from './category-tree.ts';
import { slugify } from './product-writes.server.ts';

export type CategoryNode = typeof categories.$inferSelect & { count: number };

/** Every category with the number of products filed directly under it, in tree order. */
export async function categoryNodes(db: Tx): Promise<CategoryNode[]> {
  const rows = await db
    .select({
      category: categories,
      count: sql<number>`(select count(*) from ${productCategories} where ${productCategories.categoryId} = ${categories.id})::int`,
    })
    .from(categories)
    .orderBy(asc(categories.position), asc(categories.id));
  return rows.map((r) => ({ ...r.category, count: Number(r.count) }));
}

async function treeOf(db: Tx): Promise<TreeNode[]> {
  return db
    .select({ id: categories.id, parentId: categories.parentId, position: categories.position })
    .from(categories);
}

/** The listing keeps each product's categories with their ancestors: redo those below `ids`. */
async function refreshListings(db: Tx, ids: number[]) {
  if (!ids.length) return;
  const products = db
    .selectDistinct({ id: productCategories.productId })
    .from(productCategories)
    .where(inArray(productCategories.categoryId, ids));
  await db.execute(sql`select product_listing_refresh(array(${products}))`);
}

async function place(tx: Tx, nodes: TreeNode[], id: number, to: Placement) {
  const order = orderAfter(nodes, id, to);
  for (const [position, sibling] of order.entries()) {
    await tx
      .update(categories)
      .set(sibling === id ? { parentId: to.parentId, position } : { position })
      .where(eq(categories.id, sibling));
  }
}

export type CategoryInput = {
  name: Localized;
  description: Localized | null;
  slug: string;
  parentId: number | null;
  imageId: number | null;
};

const cycle = () =>
  domainError('conflict', 'admin.categories.error.cycle', { field: 'category-parent' });

/** Creates (id null) or edits a category; a new one goes last under its parent. */
export async function saveCategory(
  db: Tx,
  id: number | null,
  input: CategoryInput,
  actor: Actor,
): Promise<Result<{ id: number }>> {
  const slug = slugify(input.slug || input.name.de);
  return db.transaction(async (tx) => {
    const nodes = await treeOf(tx);
    const self = id === null ? null : nodes.find((n) => n.id === id);
    if (id !== null && !self) return fail(notFound('admin.catalogLists.error.unknown'));
    if (input.parentId !== null && !nodes.some((n) => n.id === input.parentId))
      return fail(
        domainError('invalid', 'catalog.error.unknown_category', {
          id: input.parentId,
          field: 'category-parent',
        }),
      );
    if (id !== null && !canHold(nodes, id, input.parentId)) return fail(cycle());
    if (input.imageId !== null) {
      const [image] = await tx
        .select({ id: images.id })
        .from(images)
        .where(eq(images.id, input.imageId));
      if (!image)
        return fail(
          domainError('invalid', 'admin.catalogLists.error.image', { field: 'category-image' }),
        );
    }
    const [taken] = await tx
      .select({ id: categories.id })
      .from(categories)
      .where(and(eq(categories.slug, slug), id !== null ? ne(categories.id, id) : undefined));
    if (taken)
      return fail(
        domainError('conflict', 'admin.catalogLists.error.slug_taken', {
          slug,
          field: 'category-slug',
        }),
      );
    const fields = {
      name: input.name,
      description: input.description,
      slug,
      imageId: input.imageId,
    };
    if (id === null) {
      const position = nodes.filter((n) => n.parentId === input.parentId).length;
      const [row] = await tx
        .insert(categories)
        .values({ ...fields, parentId: input.parentId, position })
        .returning();
      await recordChange(tx, actor, {
        entity: 'category',
        entityId: row!.id,
        action: 'create',
        after: { ...fields, parentId: input.parentId },
      });
      return ok({ id: row!.id });
    }
    const [before] = await tx.select().from(categories).where(eq(categories.id, id));
    await tx.update(categories).set(fields).where(eq(categories.id, id));
    if (self!.parentId !== input.parentId) {
      const index = nodes.filter((n) => n.parentId === input.parentId).length;
      await place(tx, nodes, id, { parentId: input.parentId, index });
      await refreshListings(tx, [...subtreeOf(nodes, id)]);
    }
    const [after] = await tx.select().from(categories).where(eq(categories.id, id));
    await recordChange(tx, actor, {
      entity: 'category',
      entityId: id,
      action: 'update',
      before,
      after,
    });
    return ok({ id });
  });
}

/**
 * Puts a category under a parent (null: the top level) at an index among its new siblings;
 * a category never goes below itself.
 */
export async function placeCategory(
  db: Tx,
  id: number,
  to: Placement,
  actor: Actor,
): Promise<Result<{ id: number }>> {
  return db.transaction(async (tx) => {
    const nodes = await treeOf(tx);
    const self = nodes.find((n) => n.id === id);
    if (!self) return fail(notFound('admin.catalogLists.error.unknown'));
    if (to.parentId !== null && !nodes.some((n) => n.id === to.parentId))
      return fail(domainError('invalid', 'catalog.error.unknown_category', { id: to.parentId }));
    if (!canHold(nodes, id, to.parentId)) return fail(cycle());
    await place(tx, nodes, id, to);
    if (self.parentId !== to.parentId) await refreshListings(tx, [...subtreeOf(nodes, id)]);
    await recordChange(tx, actor, {
      entity: 'category',
      entityId: id,
      action: 'move',
      before: { parentId: self.parentId, position: self.position },
      after: { parentId: to.parentId, index: to.index },
    });
    return ok({ id });
  });
}

/** A keyboard move: up, down, in (under the category above) or out (after its parent). */
export async function moveCategory(
  db: Tx,
  id: number,
  move: Move,
  actor: Actor,
): Promise<Result<{ id: number }>> {
  const nodes = await treeOf(db);
  if (!nodes.some((n) => n.id === id)) return fail(notFound('admin.catalogLists.error.unknown'));
  const to = placementOf(nodes, id, move);
  if (!to) return fail(domainError('invalid', `admin.categories.error.cannot_${move}`));
  return placeCategory(db, id, to, actor);
}

/**
 * Deletes a category no product is filed under (a used one is refused: the shop does not move
 * products silently); its subcategories move up to its parent in its place.
 */
export async function deleteCategory(
  db: Tx,
  id: number,
  actor: Actor,
): Promise<Result<{ id: number }>> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(categories).where(eq(categories.id, id));
    if (!before) return fail(notFound('admin.catalogLists.error.unknown'));
    const [used] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(productCategories)
      .where(eq(productCategories.categoryId, id));
    if (Number(used?.n ?? 0) > 0)
      return fail(
        domainError('conflict', 'admin.catalogLists.error.in_use', { count: Number(used!.n) }),
      );
    const nodes = await treeOf(tx);
    const below = [...subtreeOf(nodes, id)].filter((n) => n !== id);
    await tx
      .update(categories)
      .set({
        parentId: before.parentId,
        position: sql`${categories.position} + ${before.position}`,
      })
      .where(eq(categories.parentId, id));
    await tx.delete(categories).where(eq(categories.id, id));
    await refreshListings(tx, below);
    await recordChange(tx, actor, { entity: 'category', entityId: id, action: 'delete', before });
    return ok({ id });
  });
}

/** Changes some fields of a category (the REST API's partial update); the rest stays. */
export async function updateCategoryFields(
  db: Tx,
  id: number,
  changes: Partial<CategoryInput>,
  actor: Actor,
): Promise<Result<{ id: number }>> {
  const [row] = await db.select().from(categories).where(eq(categories.id, id));
  if (!row) return fail(notFound('catalog.error.no_category'));
  return saveCategory(
    db,
    id,
    {
      name: changes.name ?? row.name,
      description: changes.description !== undefined ? changes.description : row.description,
      slug: changes.slug || row.slug,
      parentId: changes.parentId !== undefined ? changes.parentId : row.parentId,
      imageId: changes.imageId !== undefined ? changes.imageId : row.imageId,
    },
    actor,
  );
}
