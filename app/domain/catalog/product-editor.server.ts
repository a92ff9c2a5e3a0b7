// The product editor's reads: the product with its categories, and the lists its form offers.
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Actor } from '#app/domain/audit/audit.server.ts';
import {
  type DomainError,
  type Result,
  domainError,
  fail,
  notFound,
} from '#app/domain/kernel/result.ts';
import {
  deliveryTimes,
  depositTypes,
  manufacturers,
} from '#app/domain/compliance/compliance.schema.ts';
import { localize } from '#app/domain/kernel/localized.ts';
import type { Tx } from '#app/domain/kernel/tx.ts';
import type { Locale } from '#app/lib/locale.ts';
import { categories, groupedProducts, productCategories, products } from './catalog.schema.ts';
import type { ProductRow } from './catalog.rules.ts';
import type { ProductEditorChoices, SafetyGaps } from './product-editor.view.ts';
import type { ProductPatch } from './product-patch.ts';
import { createProduct, updateProduct } from './product-writes.server.ts';

const invalid = (code: string) => domainError('invalid', code);

/** A top-level product with its category ids, or null. */
export async function editedProduct(
  db: Tx,
  id: number,
): Promise<{ row: ProductRow; categoryIds: number[]; variations: number } | null> {
  const [row] = await db
    .select()
    .from(products)
    .where(and(eq(products.id, id), isNull(products.parentId)))
    .limit(1);
  if (!row || row.status === 'trash') return null;
  const links = await db
    .select({ id: productCategories.categoryId })
    .from(productCategories)
    .where(eq(productCategories.productId, id))
    .orderBy(asc(productCategories.position));
  const children = await db
    .select({ id: products.id })
    .from(products)
    .where(eq(products.parentId, id));
  return { row, categoryIds: links.map((l) => l.id), variations: children.length };
}

/** Everything the form's lists offer, named in the reader's language. */
export async function editorChoices(
  db: Tx,
  locale: Locale,
): Promise<Omit<ProductEditorChoices, 'shippingClasses'>> {
  const [cats, times, deposits, makers] = [
    await db.select().from(categories).orderBy(asc(categories.position), asc(categories.id)),
    await db.select().from(deliveryTimes).orderBy(asc(deliveryTimes.minDays)),
    await db.select().from(depositTypes).orderBy(asc(depositTypes.id)),
    await db.select().from(manufacturers).orderBy(asc(manufacturers.name)),
  ];
  return {
    categories: cats.map((c) => ({
      id: c.id,
      parentId: c.parentId,
      name: localize(c.name, locale),
    })),
    deliveryTimes: times.map((d) => ({ value: String(d.id), label: localize(d.label, locale) })),
    depositTypes: deposits.map((d) => ({ value: String(d.id), label: localize(d.name, locale) })),
    manufacturers: makers.map((m) => ({ value: String(m.id), label: m.name })),
  };
}

// ---- The product editor: its references, the type change and the version check. ----

/** The version a form is filled in against: the row's last change. */
export const productVersion = (row: Pick<ProductRow, 'updatedAt'>) => row.updatedAt.toISOString();

/** Ids the editor names that must exist: deposit type, manufacturer (the rest: `updateProduct`). */
async function checkEditorReferences(db: Tx, patch: ProductPatch): Promise<DomainError | null> {
  if (patch.depositTypeId) {
    const [found] = await db
      .select({ id: depositTypes.id })
      .from(depositTypes)
      .where(eq(depositTypes.id, patch.depositTypeId));
    if (!found) return invalid('catalog.error.unknown_deposit_type');
  }
  for (const id of [patch.manufacturerId, patch.responsiblePersonId]) {
    if (!id) continue;
    const [found] = await db
      .select({ id: manufacturers.id })
      .from(manufacturers)
      .where(eq(manufacturers.id, id));
    if (!found) return invalid('catalog.error.unknown_manufacturer');
  }
  return null;
}

/** A new product from the editor. */
export async function createEditedProduct(
  db: Tx,
  type: 'simple' | 'variable' | 'grouped' | 'external',
  patch: ProductPatch,
  actor: Actor,
  now = new Date(),
): Promise<Result<ProductRow>> {
  const refused = await checkEditorReferences(db, patch);
  if (refused) return fail(refused);
  return createProduct(db, type, { ...patch, type: undefined }, actor, now);
}

/** What a published or scheduled product lacks of the product-safety data (GPSR). */
export function safetyGaps(row: ProductRow): SafetyGaps {
  if (row.status !== 'publish' && row.status !== 'future') return [];
  // A grouped product sells nothing itself, and an external one is sold elsewhere.
  if (row.type === 'grouped' || row.type === 'external') return [];
  return [
    ...(row.manufacturerId ? [] : (['manufacturer'] as const)),
    ...(row.responsiblePersonId ? [] : (['responsible_person'] as const)),
  ];
}

/**
 * Saves the editor's form against the version it was filled in with: a product changed since
 * is refused as a conflict (the row is locked while checked and written). A variable product
 * keeps its type while it has variations.
 */
export async function editProduct(
  db: Tx,
  id: number,
  patch: ProductPatch,
  version: string,
  actor: Actor,
  now = new Date(),
): Promise<Result<ProductRow>> {
  const refused = await checkEditorReferences(db, patch);
  if (refused) return fail(refused);
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(products)
        .where(and(eq(products.id, id), isNull(products.parentId)))
        .for('update');
      if (!row) return fail(notFound('catalog.error.no_product'));
      if (productVersion(row) !== version) {
        return fail(domainError('conflict', 'catalog.error.changed_since'));
      }
      if (patch.type !== undefined && patch.type !== 'variable' && row.type === 'variable') {
        const [variation] = await tx
          .select({ id: products.id })
          .from(products)
          .where(eq(products.parentId, id))
          .limit(1);
        if (variation) return fail(invalid('catalog.error.has_variations'));
      }
      // A child of a grouped product stays a simple product while it is listed there.
      if ((patch.type !== undefined && patch.type !== 'simple') || patch.subscription) {
        const [group] = await tx
          .select({ id: groupedProducts.productId })
          .from(groupedProducts)
          .where(eq(groupedProducts.childId, id))
          .limit(1);
        if (group) return fail(invalid('catalog.error.in_group'));
      }
      const saved = await updateProduct(tx, id, patch, actor, { now });
      // A refusal inside rolls the whole save back.
      if (!saved.ok) throw new Refused(saved.error);
      return saved;
    });
  } catch (error) {
    if (error instanceof Refused) return fail(error.refusal);
    throw error;
  }
}

class Refused extends Error {
  constructor(readonly refusal: DomainError) {
    super(refusal.code);
  }
}
