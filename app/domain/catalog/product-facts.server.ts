// What integrations show beside a product card: its terms, stock figures and descriptions,
// read for many products at once in a fixed number of queries.
import { asc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '#app/domain/kernel/tx.ts';
import { localize } from '#app/domain/kernel/localized.ts';
import type { Locale } from '#app/lib/locale.ts';
import {
  attributeTerms,
  attributes,
  categories,
  images,
  productAttributes,
  productCategories,
  products,
} from './catalog.schema.ts';
import type { StockStatus } from './catalog.schema.ts';
import {
  type ProductRow,
  effectiveStockStatus,
  quantityRules,
  resolveVariation,
  stockLeft,
} from './catalog.rules.ts';
import type { QuantityRules } from './catalog.view.ts';

export type ProductFacts = {
  id: number;
  parentId: number | null;
  shortDescription: string;
  description: string;
  categories: { id: number; name: string; slug: string }[];
  attributes: {
    id: number;
    slug: string;
    name: string;
    usedForVariations: boolean;
    terms: { id: number; name: string; slug: string }[];
  }[];
  /** Managed stock on hand; null when the stock is not counted. */
  stockQuantity: number | null;
  /** The quantity left when it is at or below the product's low-stock mark, else null. */
  lowStockRemaining: number | null;
  backordersAllowed: boolean;
  /** Whether the shopper is told when an amount is on backorder. */
  backorderNotice: boolean;
  stockStatus: StockStatus;
  weightKg: number | null;
  /** The quantity rules with the stock that may still be sold. */
  quantity: QuantityRules;
};

/**
 * Facts of these products and variations (a variation's empty columns come from its parent,
 * its terms and categories are the parent's), by id.
 */
export async function productFacts(
  db: Tx,
  ids: readonly number[],
  locale: Locale,
): Promise<Map<number, ProductFacts>> {
  const facts = new Map<number, ProductFacts>();
  if (ids.length === 0) return facts;
  const rows = await db
    .select()
    .from(products)
    .where(inArray(products.id, [...new Set(ids)]));
  const parentIds = rows.flatMap((r) => (r.parentId ? [r.parentId] : []));
  const parents = parentIds.length
    ? await db.select().from(products).where(inArray(products.id, parentIds))
    : [];
  const parentById = new Map(parents.map((p) => [p.id, p]));
  const owners = [...new Set(rows.map((r) => r.parentId ?? r.id))];
  const [cats, attrs] = await Promise.all([
    db
      .select({ productId: productCategories.productId, category: categories })
      .from(productCategories)
      .innerJoin(categories, eq(categories.id, productCategories.categoryId))
      .where(inArray(productCategories.productId, owners))
      .orderBy(asc(productCategories.position), asc(categories.id)),
    db
      .select({ link: productAttributes, attribute: attributes })
      .from(productAttributes)
      .innerJoin(attributes, eq(attributes.id, productAttributes.attributeId))
      .where(inArray(productAttributes.productId, owners))
      .orderBy(asc(productAttributes.position), asc(attributes.id)),
  ]);
  const termIds = [...new Set(attrs.flatMap((a) => a.link.termIds))];
  const terms = termIds.length
    ? await db
        .select()
        .from(attributeTerms)
        .where(inArray(attributeTerms.id, termIds))
        .orderBy(asc(attributeTerms.position), asc(attributeTerms.id))
    : [];
  for (const raw of rows) {
    const parent = raw.parentId ? parentById.get(raw.parentId) : undefined;
    const row: ProductRow = parent ? resolveVariation(parent, raw) : raw;
    const owner = raw.parentId ?? raw.id;
    const stockQuantity = row.manageStock ? row.stockQuantity : null;
    const status = effectiveStockStatus(row);
    const low = row.lowStockAmount;
    facts.set(raw.id, {
      id: raw.id,
      parentId: raw.parentId,
      shortDescription: localize(row.shortDescription, locale),
      description: localize(row.description, locale),
      categories: cats
        .filter((c) => c.productId === owner)
        .map(({ category }) => ({
          id: category.id,
          name: localize(category.name, locale),
          slug: category.slug,
        })),
      attributes: attrs
        .filter((a) => a.link.productId === owner && (a.link.visible || a.link.usedForVariations))
        .map(({ link, attribute }) => ({
          id: attribute.id,
          slug: attribute.slug,
          name: localize(attribute.name, locale),
          usedForVariations: link.usedForVariations,
          terms: terms
            .filter((t) => link.termIds.includes(t.id))
            .map((t) => ({ id: t.id, name: localize(t.name, locale), slug: t.slug })),
        })),
      stockQuantity,
      lowStockRemaining:
        stockQuantity !== null && low !== null && stockQuantity <= low
          ? Math.max(stockQuantity, 0)
          : null,
      backordersAllowed: row.backorders === 'yes' || row.backorders === 'notify',
      backorderNotice: row.backorders === 'notify',
      stockStatus: status,
      weightKg: row.weightKg,
      quantity: quantityRules(row, stockLeft(row)),
    });
  }
  return facts;
}

/** Image ids by file key. */
export async function imageIds(db: Tx, keys: readonly string[]): Promise<Map<string, number>> {
  if (keys.length === 0) return new Map();
  const rows = await db
    .select({ id: images.id, key: images.key })
    .from(images)
    .where(inArray(images.key, [...new Set(keys)]));
  return new Map(rows.map((r) => [r.key, r.id]));
}
