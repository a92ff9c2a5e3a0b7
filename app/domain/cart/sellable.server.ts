import { and, asc, eq, sql } from 'drizzle-orm';
import type { Tx } from '#app/domain/kernel/tx.ts';
import { type Result, domainError, fail, ok } from '#app/domain/kernel/result.ts';
import {
  attributeTerms,
  attributes,
  productAttributes,
  products,
} from '#app/domain/catalog/catalog.schema.ts';
import { findVariation } from '#app/domain/catalog/variation-match.ts';
import { productRowsById } from '#app/domain/catalog/catalog.server.ts';
import { type ProductRow, resolveVariation } from '#app/domain/catalog/catalog.rules.ts';
import { invalidProduct } from './cart.errors.ts';
import { localize } from '#app/domain/kernel/localized.ts';
import type { Locale } from '#app/lib/locale.ts';
import { shownNow } from '#app/domain/catalog/publication.ts';

export type Sellable = {
  parent: ProductRow;
  row: ProductRow;
  variationId: number | null;
  variation: Record<string, string>;
};

/** Finds what exactly is being bought: a simple product, or one variation of a variable product. */
export async function resolveSellable(
  db: Tx,
  input: { id: number; variation?: Record<string, string> },
  locale: Locale = 'de',
): Promise<Result<Sellable>> {
  const found = await productRowsById(db, [input.id]);
  const row = found.get(input.id);
  if (!row || !shownNow(row)) {
    return fail(invalidProduct);
  }
  if (row.type === 'simple') return ok({ parent: row, row, variationId: null, variation: {} });
  // A grouped product is bought through its children; an external one at its seller's.
  if (row.type === 'grouped' || row.type === 'external') {
    return fail(
      domainError('unavailable', 'cart.error.not_purchasable', {
        name: localize(row.name, locale),
      }),
    );
  }
  const parent =
    row.type === 'variation'
      ? (await productRowsById(db, [row.parentId!])).get(row.parentId!)
      : row;
  if (!parent || !shownNow(parent)) {
    return fail(invalidProduct);
  }
  const chosen = input.variation ?? {};
  const offered = await offeredTerms(db, parent.id);
  let variationRow: ProductRow | undefined;
  if (row.type === 'variation') {
    variationRow = row;
  } else {
    if ([...offered.keys()].some((attribute) => !chosen[attribute])) {
      return fail(domainError('invalid', 'cart.error.choose_options'));
    }
    const variations = await db
      .select()
      .from(products)
      .where(and(eq(products.parentId, parent.id), eq(products.status, 'publish')))
      .orderBy(asc(products.menuOrder), asc(products.id));
    variationRow = findVariation(
      variations.map((v) => ({ row: v, attributes: v.variationAttributes ?? {} })),
      chosen,
      offered,
    )?.row;
    if (!variationRow) {
      return fail(domainError('invalid', 'cart.error.no_matching_variation'));
    }
  }
  const attrs = { ...(variationRow.variationAttributes ?? {}) };
  for (const [k, term] of Object.entries(attrs)) {
    if (term !== '') continue;
    // "Any" takes the shopper's value, but only one the product offers.
    const value = chosen[k];
    if (!value) return fail(domainError('invalid', 'cart.error.choose_options'));
    if (!offered.get(k)?.has(value)) {
      return fail(domainError('invalid', 'cart.error.no_matching_variation'));
    }
    attrs[k] = value;
  }
  return ok({
    parent,
    row: resolveVariation(parent, variationRow),
    variationId: variationRow.id,
    variation: attrs,
  });
}

/** The terms each variation attribute of a product offers: attribute slug -> term slugs. */
async function offeredTerms(db: Tx, productId: number): Promise<Map<string, Set<string>>> {
  const rows = await db
    .select({ attribute: attributes.slug, term: attributeTerms.slug })
    .from(productAttributes)
    .innerJoin(attributes, eq(attributes.id, productAttributes.attributeId))
    .innerJoin(attributeTerms, sql`${attributeTerms.id} = any(${productAttributes.termIds})`)
    .where(
      and(
        eq(productAttributes.productId, productId),
        eq(productAttributes.usedForVariations, true),
      ),
    );
  const offered = new Map<string, Set<string>>();
  for (const { attribute, term } of rows) {
    const terms = offered.get(attribute) ?? new Set<string>();
    terms.add(term);
    offered.set(attribute, terms);
  }
  return offered;
}
