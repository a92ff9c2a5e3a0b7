// What a product write names must exist and be well formed: SKU free, categories, pictures,
// delivery time, attributes and terms, an external product's address.
import { eq, inArray } from 'drizzle-orm';
import { type DomainError, domainError } from '#app/domain/kernel/result.ts';
import type { Tx } from '#app/domain/kernel/tx.ts';
import { deliveryTimes } from '#app/domain/compliance/compliance.schema.ts';
import { attributeTerms, attributes, categories, images, products } from './catalog.schema.ts';
import type { ProductPatch } from './product-patch.ts';
import { BUTTON_TEXT_MAX, cleanButtonText, cleanExternalUrl } from './external-url.ts';

const invalid = (code: string, params?: Record<string, string | number>) =>
  domainError('invalid', code, params);

export async function checkReferences(db: Tx, patch: ProductPatch): Promise<DomainError | null> {
  if (patch.sku) {
    const [other] = await db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.sku, patch.sku))
      .limit(1);
    if (other) return invalid('catalog.error.sku_taken', { sku: patch.sku });
  }
  const missing = async (table: typeof categories | typeof images, ids: number[] | undefined) => {
    if (!ids?.length) return [];
    const found = await db.select({ id: table.id }).from(table).where(inArray(table.id, ids));
    const known = new Set(found.map((f) => f.id));
    return ids.filter((id) => !known.has(id));
  };
  const cats = await missing(categories, patch.categoryIds);
  if (cats.length > 0) return invalid('catalog.error.unknown_category', { id: cats[0]! });
  if (
    patch.externalUrl !== undefined &&
    patch.externalUrl !== null &&
    cleanExternalUrl(patch.externalUrl) !== patch.externalUrl
  ) {
    return invalid('catalog.error.external_url');
  }
  for (const text of Object.values(patch.buttonText ?? {})) {
    if (typeof text === 'string' && cleanButtonText(text) === null) {
      return invalid('catalog.error.button_text', { max: BUTTON_TEXT_MAX });
    }
  }
  const pics = await missing(images, patch.imageIds);
  if (pics.length > 0) return invalid('catalog.error.unknown_image', { id: pics[0]! });
  if (patch.deliveryTimeId !== undefined && patch.deliveryTimeId !== null) {
    const [time] = await db
      .select({ id: deliveryTimes.id })
      .from(deliveryTimes)
      .where(eq(deliveryTimes.id, patch.deliveryTimeId));
    if (!time) return invalid('catalog.error.unknown_delivery_time');
  }
  for (const link of patch.attributes ?? []) {
    const terms = await db
      .select({ id: attributeTerms.id })
      .from(attributeTerms)
      .where(eq(attributeTerms.attributeId, link.attributeId));
    const [attribute] = await db
      .select({ id: attributes.id })
      .from(attributes)
      .where(eq(attributes.id, link.attributeId));
    if (!attribute) return invalid('catalog.error.unknown_attribute', { id: link.attributeId });
    const known = new Set(terms.map((t) => t.id));
    if (link.termIds.some((id) => !known.has(id))) {
      return invalid('catalog.error.unknown_term', { id: link.attributeId });
    }
  }
  return null;
}
