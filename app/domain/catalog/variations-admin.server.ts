// The variations tab of a variable product: its attributes, generating variations, editing
// them one by one or in bulk, the preselected combination and the swatches. Each save is one
// transaction; the product and variation writes go through product-writes.server.ts.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Actor } from '#app/domain/audit/audit.server.ts';
import { deliveryTimes, depositTypes } from '#app/domain/compliance/compliance.schema.ts';
import {
  type DomainError,
  type Result,
  domainError,
  fail,
  notFound,
  ok,
} from '#app/domain/kernel/result.ts';
import type { Tx } from '#app/domain/kernel/tx.ts';
import {
  type SwatchType,
  attributeTerms,
  attributes,
  images,
  productAttributes,
  productImages,
  products,
} from './catalog.schema.ts';
import type { ProductRow } from './catalog.rules.ts';
import { swatchSettings } from './swatch-settings.server.ts';
import type { AttributeLink, ProductPatch } from './product-patch.ts';
import { createVariation, deleteProduct, updateProduct } from './product-writes.server.ts';
import {
  type Combination,
  VARIATIONS_GENERATE_MAX,
  type VariationBulkEdit,
  bulkPrices,
  missingCombinations,
  sameCombination,
} from './variations-admin.rules.ts';

const invalid = (code: string, params?: Record<string, string | number>) =>
  domainError('invalid', code, params);
const stale = () => domainError('conflict', 'admin.variations.error.stale');

/** Thrown inside a transaction to undo it and answer with the error. */
class Refused extends Error {
  constructor(readonly error: DomainError) {
    super(error.code);
  }
}

export async function inTransaction<T>(db: Tx, work: (tx: Tx) => Promise<T>): Promise<Result<T>> {
  try {
    return ok(await db.transaction((tx) => work(tx)));
  } catch (error) {
    if (error instanceof Refused) return fail(error.error);
    throw error;
  }
}

/** A write's failure undoes the whole save. */
function must<T>(result: Result<T>): T {
  if (!result.ok) throw new Refused(result.error);
  return result.value;
}

export async function variableProduct(db: Tx, id: number): Promise<Result<ProductRow>> {
  const [row] = await db.select().from(products).where(eq(products.id, id)).limit(1);
  if (!row || row.parentId !== null || row.status === 'trash') {
    return fail(notFound('catalog.error.no_product'));
  }
  if (row.type !== 'variable') return fail(notFound('catalog.error.not_variable'));
  return ok(row);
}

async function variationsOf(db: Tx, productId: number) {
  return db
    .select()
    .from(products)
    .where(eq(products.parentId, productId))
    .orderBy(asc(products.menuOrder), asc(products.id));
}

/**
 * What a save was filled in against: the product and its variations' last changes. Any
 * change since, by anyone, makes the save stale.
 */
export function tabVersion(product: ProductRow, variations: readonly ProductRow[]): string {
  const times = [product, ...variations].map((r) => r.updatedAt.getTime());
  return `${Math.max(...times)}.${variations.length}`;
}

export const variationVersion = (row: ProductRow) => String(row.updatedAt.getTime());

type LinkedAttribute = {
  attributeId: number;
  slug: string;
  name: { de: string; en?: string };
  swatchType: SwatchType;
  termIds: number[];
  visible: boolean;
  usedForVariations: boolean;
  terms: {
    id: number;
    slug: string;
    name: { de: string; en?: string };
    color: string | null;
    imageKey: string | null;
  }[];
};

export async function linkedAttributes(db: Tx, productId: number): Promise<LinkedAttribute[]> {
  const links = await db
    .select({ link: productAttributes, attribute: attributes })
    .from(productAttributes)
    .innerJoin(attributes, eq(attributes.id, productAttributes.attributeId))
    .where(eq(productAttributes.productId, productId))
    .orderBy(asc(productAttributes.position));
  const ids = links.map((l) => l.attribute.id);
  const terms = ids.length
    ? await db
        .select({ term: attributeTerms, imageKey: images.key })
        .from(attributeTerms)
        .leftJoin(images, sql`${images.id} = (${attributeTerms.swatch} ->> 'imageId')::int`)
        .where(inArray(attributeTerms.attributeId, ids))
        .orderBy(asc(attributeTerms.position), asc(attributeTerms.id))
    : [];
  return links.map(({ link, attribute }) => ({
    attributeId: attribute.id,
    slug: attribute.slug,
    name: attribute.name,
    swatchType: attribute.swatchType,
    termIds: link.termIds,
    visible: link.visible,
    usedForVariations: link.usedForVariations,
    terms: terms
      .filter((t) => t.term.attributeId === attribute.id)
      .map(({ term, imageKey }) => ({
        id: term.id,
        slug: term.slug,
        name: term.name,
        color: term.swatch?.color ?? null,
        imageKey: imageKey ?? null,
      })),
  }));
}

/** The chosen terms of the attributes used for variations, as slugs, in the shop's order. */
function variationAxes(linked: readonly LinkedAttribute[]) {
  return linked
    .filter((a) => a.usedForVariations)
    .map((a) => ({
      slug: a.slug,
      terms: a.terms.filter((t) => a.termIds.includes(t.id)).map((t) => t.slug),
    }));
}

/** Everything the tab shows; not found for other products than variable ones. */
export async function variationsTab(db: Tx, productId: number) {
  const found = await variableProduct(db, productId);
  if (!found.ok) return found;
  const product = found.value;
  const [variations, linked, allAttributes, pictures, times, deposits, settings] = [
    await variationsOf(db, productId),
    await linkedAttributes(db, productId),
    await db.select().from(attributes).orderBy(asc(attributes.id)),
    await db
      .select({ id: images.id, key: images.key, alt: images.alt })
      .from(images)
      .where(
        inArray(
          images.id,
          db
            .select({ id: productImages.imageId })
            .from(productImages)
            .where(eq(productImages.productId, productId)),
        ),
      ),
    await db
      .select()
      .from(deliveryTimes)
      .orderBy(asc(deliveryTimes.minDays), asc(deliveryTimes.id)),
    await db.select().from(depositTypes).orderBy(asc(depositTypes.id)),
    await swatchSettings(db),
  ];
  return ok({
    product,
    variations,
    linked,
    allAttributes,
    pictures,
    deliveryTimes: times,
    depositTypes: deposits,
    swatchSettings: settings,
    version: tabVersion(product, variations),
  });
}

async function checkVersion(db: Tx, product: ProductRow, version: string | null) {
  if (version === null) return null;
  return tabVersion(product, await variationsOf(db, product.id)) === version ? null : stale();
}

export type AttributeChoice = {
  attributeId: number;
  termIds: number[];
  visible: boolean;
  usedForVariations: boolean;
};

/**
 * Sets the product's attributes. An attribute or term that variations still use is refused,
 * unless `removeVariations`: then those variations are deleted in the same save.
 */
export async function saveVariationAttributes(
  db: Tx,
  productId: number,
  choices: readonly AttributeChoice[],
  options: { version: string | null; removeVariations: boolean },
  actor: Actor,
): Promise<Result<{ removed: number }>> {
  const found = await variableProduct(db, productId);
  if (!found.ok) return found;
  const conflict = await checkVersion(db, found.value, options.version);
  if (conflict) return fail(conflict);
  const linked = await linkedAttributes(db, productId);
  const known = await db.select().from(attributes);
  const bySlugId = new Map(known.map((a) => [a.id, a.slug]));
  for (const choice of choices) {
    if (!bySlugId.has(choice.attributeId)) {
      return fail(invalid('catalog.error.unknown_attribute', { id: choice.attributeId }));
    }
  }
  const termSlugs = new Map<number, Map<number, string>>();
  const allTerms = await db.select().from(attributeTerms);
  for (const term of allTerms) {
    if (!termSlugs.has(term.attributeId)) termSlugs.set(term.attributeId, new Map());
    termSlugs.get(term.attributeId)!.set(term.id, term.slug);
  }
  // Which (attribute, term) pairs stay usable for variations after the save.
  const kept = new Map<string, Set<string>>();
  for (const choice of choices) {
    if (!choice.usedForVariations) continue;
    const slugs = termSlugs.get(choice.attributeId) ?? new Map<number, string>();
    kept.set(
      bySlugId.get(choice.attributeId)!,
      new Set(choice.termIds.map((id) => slugs.get(id) ?? '')),
    );
  }
  const variations = await variationsOf(db, productId);
  const orphaned = variations.filter((v) =>
    Object.entries(v.variationAttributes ?? {}).some(([slug, term]) => {
      const terms = kept.get(slug);
      if (!terms) return linked.some((l) => l.slug === slug && l.usedForVariations);
      return term !== '' && !terms.has(term);
    }),
  );
  if (orphaned.length > 0 && !options.removeVariations) {
    return fail(invalid('admin.variations.error.attribute_in_use', { count: orphaned.length }));
  }
  const links: AttributeLink[] = choices.map((c) => ({ ...c }));
  return inTransaction(db, async (tx) => {
    for (const v of orphaned)
      must(await deleteProduct(tx, v.id, true, actor, { parentId: productId }));
    must(await updateProduct(tx, productId, { attributes: links }, actor));
    return { removed: orphaned.length };
  });
}

/** The combination a new variation would have, checked against the product's attributes. */
function checkCombination(
  linked: readonly LinkedAttribute[],
  wanted: Combination,
): Result<Combination> {
  const axes = variationAxes(linked);
  if (axes.length === 0) return fail(invalid('admin.variations.error.no_attributes'));
  const combination: Combination = {};
  for (const axis of axes) {
    const term = wanted[axis.slug] ?? '';
    if (term !== '' && !axis.terms.includes(term)) {
      return fail(invalid('admin.variations.error.unknown_term'));
    }
    combination[axis.slug] = term;
  }
  if (Object.keys(wanted).some((slug) => !axes.some((a) => a.slug === slug))) {
    return fail(invalid('admin.variations.error.unknown_term'));
  }
  return ok(combination);
}

/** Creates every missing combination of the chosen terms, or refuses above the limit. */
export async function generateVariations(
  db: Tx,
  productId: number,
  version: string | null,
  actor: Actor,
  now = new Date(),
): Promise<Result<{ created: number }>> {
  const found = await variableProduct(db, productId);
  if (!found.ok) return found;
  const conflict = await checkVersion(db, found.value, version);
  if (conflict) return fail(conflict);
  const linked = await linkedAttributes(db, productId);
  const axes = variationAxes(linked);
  if (axes.length === 0) return fail(invalid('admin.variations.error.no_attributes'));
  const existing = (await variationsOf(db, productId)).map((v) => v.variationAttributes ?? {});
  const missing = missingCombinations(axes, existing);
  if (missing.length > VARIATIONS_GENERATE_MAX) {
    return fail(
      domainError('limit', 'admin.variations.error.too_many', { max: VARIATIONS_GENERATE_MAX }),
    );
  }
  const start = existing.length;
  return inTransaction(db, async (tx) => {
    for (const [index, combination] of missing.entries()) {
      must(
        await createVariation(
          tx,
          productId,
          { variationAttributes: combination, menuOrder: start + index },
          actor,
          now,
        ),
      );
    }
    return { created: missing.length };
  });
}

/** One variation of a chosen combination ('' = any term); an existing one is refused. */
export async function addVariation(
  db: Tx,
  productId: number,
  wanted: Combination,
  version: string | null,
  actor: Actor,
): Promise<Result<ProductRow>> {
  const found = await variableProduct(db, productId);
  if (!found.ok) return found;
  const conflict = await checkVersion(db, found.value, version);
  if (conflict) return fail(conflict);
  const linked = await linkedAttributes(db, productId);
  const checked = checkCombination(linked, wanted);
  if (!checked.ok) return checked;
  const variations = await variationsOf(db, productId);
  const slugs = Object.keys(checked.value);
  if (variations.some((v) => sameCombination(v.variationAttributes ?? {}, checked.value, slugs))) {
    return fail(domainError('conflict', 'admin.variations.error.duplicate'));
  }
  return createVariation(
    db,
    productId,
    {
      variationAttributes: checked.value,
      menuOrder: variations.length,
    },
    actor,
  );
}

/** Saves one variation's form; `version` is the variation's own as the form was filled in. */
export async function saveVariation(
  db: Tx,
  productId: number,
  variationId: number,
  patch: ProductPatch,
  version: string | null,
  actor: Actor,
): Promise<Result<ProductRow>> {
  const found = await variableProduct(db, productId);
  if (!found.ok) return found;
  const [row] = await db.select().from(products).where(eq(products.id, variationId));
  if (!row || row.parentId !== productId) return fail(notFound('catalog.error.no_variation'));
  if (version !== null && variationVersion(row) !== version) return fail(stale());
  if (patch.imageId !== undefined && patch.imageId !== null) {
    const [picture] = await db
      .select({ id: productImages.imageId })
      .from(productImages)
      .where(and(eq(productImages.productId, productId), eq(productImages.imageId, patch.imageId)));
    if (!picture && found.value.imageId !== patch.imageId) {
      return fail(invalid('admin.variations.error.unknown_picture'));
    }
  }
  if (patch.depositTypeId !== undefined && patch.depositTypeId !== null) {
    const [deposit] = await db
      .select({ id: depositTypes.id })
      .from(depositTypes)
      .where(eq(depositTypes.id, patch.depositTypeId));
    if (!deposit) return fail(invalid('admin.variations.error.unknown_deposit'));
  }
  // The sale price must stay below the regular one the variation ends up with.
  const regular =
    (patch.regularPrice !== undefined ? patch.regularPrice : row.regularPrice) ??
    found.value.regularPrice;
  const sale = patch.salePrice !== undefined ? patch.salePrice : row.salePrice;
  if (sale !== null && (regular === null || sale >= regular)) {
    return fail(invalid('admin.variations.error.sale_above_regular'));
  }
  return updateProduct(db, variationId, patch, actor, { parentId: productId });
}

/**
 * One bulk change to the chosen variations (all when `ids` is null). Prices go through the
 * product writes, so the price history keeps the 30-day lowest price right.
 */
export async function bulkEditVariations(
  db: Tx,
  productId: number,
  ids: readonly number[] | null,
  edit: VariationBulkEdit,
  version: string | null,
  actor: Actor,
  now = new Date(),
): Promise<Result<{ changed: number; skipped: number }>> {
  const found = await variableProduct(db, productId);
  if (!found.ok) return found;
  const parent = found.value;
  const conflict = await checkVersion(db, parent, version);
  if (conflict) return fail(conflict);
  const all = await variationsOf(db, productId);
  const chosen = ids === null ? all : all.filter((v) => ids.includes(v.id));
  if (chosen.length === 0) return fail(invalid('admin.variations.error.none_chosen'));
  if (edit.action === 'delivery_time' && edit.deliveryTimeId !== null) {
    const [time] = await db
      .select({ id: deliveryTimes.id })
      .from(deliveryTimes)
      .where(eq(deliveryTimes.id, edit.deliveryTimeId));
    if (!time) return fail(invalid('catalog.error.unknown_delivery_time'));
  }
  return inTransaction(db, async (tx) => {
    let changed = 0;
    let skipped = 0;
    for (const v of chosen) {
      const options = { parentId: productId, now };
      if (edit.action === 'delete') {
        must(await deleteProduct(tx, v.id, true, actor, options));
        changed++;
        continue;
      }
      let patch: ProductPatch | null = null;
      switch (edit.action) {
        case 'regular_price':
        case 'sale_price': {
          // An inherited price changes from the parent's: the variation then has its own.
          const next = bulkPrices(edit, v.regularPrice ?? parent.regularPrice, v.salePrice);
          if (next === 'refused') skipped++;
          else if (next) patch = next;
          break;
        }
        case 'stock':
          patch = { manageStock: true, stockQuantity: edit.quantity };
          break;
        case 'delivery_time':
          patch = { deliveryTimeId: edit.deliveryTimeId };
          break;
        case 'enable':
        case 'disable':
          patch = { status: edit.action === 'enable' ? 'publish' : 'private' };
          break;
      }
      if (!patch) continue;
      must(await updateProduct(tx, v.id, patch, actor, options));
      changed++;
    }
    return { changed, skipped };
  });
}

/** The combination the product page starts with; every attribute may stay unchosen (''). */
export async function saveDefaultAttributes(
  db: Tx,
  productId: number,
  wanted: Combination,
  version: string | null,
  actor: Actor,
): Promise<Result<ProductRow>> {
  const found = await variableProduct(db, productId);
  if (!found.ok) return found;
  const conflict = await checkVersion(db, found.value, version);
  if (conflict) return fail(conflict);
  const checked = checkCombination(await linkedAttributes(db, productId), wanted);
  if (!checked.ok) return checked;
  const chosen = Object.fromEntries(Object.entries(checked.value).filter(([, term]) => term));
  return updateProduct(
    db,
    productId,
    { defaultAttributes: Object.keys(chosen).length > 0 ? chosen : null },
    actor,
  );
}
