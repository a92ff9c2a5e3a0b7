import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { lowestPricesBefore } from './price-history.server.ts';
import { taxSetup } from '#app/domain/pricing/vat-rates.server.ts';
import type { Tx } from '#app/domain/kernel/tx.ts';
import { REFERENCE_TTL_MS, shortLived } from '#app/domain/kernel/short-lived.server.ts';
import { type Locale } from '#app/lib/locale.ts';
import { localize } from '#app/domain/kernel/localized.ts';
import { loadComplianceRefs } from '#app/domain/compliance/compliance.server.ts';
import {
  attributeTerms,
  attributes,
  categories,
  images,
  productAttachments,
  productAttributes,
  productCategories,
  productImages,
  products,
} from './catalog.schema.ts';
import { productListing } from './listing.schema.ts';
import { parseVideo } from './video.ts';
import {
  type ProductRow,
  effectiveStockStatus,
  quantityRules,
  resolveVariation,
  stockLeft,
} from './catalog.rules.ts';
import { complianceOf, groupBy, imageView, priceView, summaryOf } from './product-view.server.ts';
import type {
  AttributeView,
  CategoryNode,
  ProductDetail,
  ProductSummary,
  VariationView,
} from './catalog.view.ts';
import { shownProducts } from './publication.server.ts';
import { shownGroupedChildren } from './grouped-rows.server.ts';

const published = and(isNull(products.parentId), shownProducts());

/** Builds card data for product rows with a fixed number of queries, whatever the count. */
export async function summarise(
  db: Tx,
  rows: ProductRow[],
  locale: Locale,
): Promise<ProductSummary[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const groupedIds = rows.filter((r) => r.type === 'grouped').map((r) => r.id);
  const [variationRows, gallery, ratings, refs, tax, children] = await Promise.all([
    db.select().from(products).where(inArray(products.parentId, ids)),
    galleryRows(db, ids),
    ratingRows(db, ids),
    loadComplianceRefs(db, rows, locale),
    taxSetup(db),
    shownGroupedChildren(db, groupedIds),
  ]);
  const childRows = [...children.values()].flat();
  const lowest = await lowestPricesBefore(db, [
    ...ids,
    ...variationRows.map((v) => v.id),
    ...childRows.map((c) => c.id),
  ]);
  const galleryOf = groupBy(gallery, (g) => g.productId);
  const variationsOf = groupBy(variationRows, (v) => v.parentId!);
  const ratingOfProduct = new Map(ratings.map((r) => [r.productId, r]));
  return rows.map((row) => {
    const pics = galleryOf.get(row.id) ?? [];
    const variations =
      row.type === 'grouped'
        ? (children.get(row.id) ?? [])
        : (variationsOf.get(row.id) ?? []).map((v) => resolveVariation(row, v));
    return summaryOf(
      row,
      variations,
      pics.map((p) => imageView(p.image, locale)),
      refs,
      locale,
      ratingView(ratingOfProduct.get(row.id)),
      lowest,
      tax,
    );
  });
}

function galleryRows(db: Tx, ids: number[]) {
  return db
    .select({
      productId: productImages.productId,
      position: productImages.position,
      image: images,
      videoProvider: productImages.videoProvider,
      videoId: productImages.videoId,
    })
    .from(productImages)
    .innerJoin(images, eq(images.id, productImages.imageId))
    .where(inArray(productImages.productId, ids))
    .orderBy(asc(productImages.productId), asc(productImages.position));
}

// The listing row holds the average and count of approved top-level reviews, kept current by
// triggers in the same transaction (decision 19); the average as the shown value's digits.
function ratingRows(db: Tx, ids: number[]) {
  return db
    .select({
      productId: productListing.productId,
      average: sql<string>`${productListing.rating}::numeric`,
      count: productListing.reviewCount,
    })
    .from(productListing)
    .where(inArray(productListing.productId, ids));
}

function ratingView(row: { average: string | null; count: number } | undefined) {
  return {
    average: row ? Math.round(Number(row.average) * 100) / 100 : 0,
    count: row ? Number(row.count) : 0,
  };
}

export async function getProduct(
  db: Tx,
  by: { slug: string } | { id: number },
  locale: Locale,
): Promise<ProductDetail | null> {
  const [row] = await db
    .select()
    .from(products)
    .where(and(published, 'slug' in by ? eq(products.slug, by.slug) : eq(products.id, by.id)))
    .limit(1);
  if (!row) return null;
  const [variationRows, pictures, ratings, cats, attrs, attachmentRows] = await Promise.all([
    db
      .select()
      .from(products)
      .where(eq(products.parentId, row.id))
      .orderBy(asc(products.menuOrder), asc(products.id)),
    galleryRows(db, [row.id]),
    ratingRows(db, [row.id]),
    db
      .select({ slug: categories.slug, name: categories.name })
      .from(productCategories)
      .innerJoin(categories, eq(categories.id, productCategories.categoryId))
      .where(eq(productCategories.productId, row.id))
      .orderBy(asc(productCategories.position)),
    loadAttributes(db, row.id, locale),
    db.select().from(productAttachments).where(eq(productAttachments.productId, row.id)),
  ]);
  const variations = variationRows
    .filter((v) => v.status === 'publish')
    .map((v) => resolveVariation(row, v));
  const gallery = pictures.map((p) => {
    const video = p.videoProvider ? parseVideo(p.videoProvider, p.videoId) : null;
    return { ...imageView(p.image, locale), video: video?.ok ? video.value : null };
  });
  const galleryByImageId = new Map(pictures.map((p) => [p.image.id, p.image]));
  const missingImageIds = [
    ...new Set(
      variationRows
        .map((v) => v.imageId)
        .filter((id): id is number => id !== null && !galleryByImageId.has(id)),
    ),
  ];
  const [refs, extraImages, tax] = await Promise.all([
    loadComplianceRefs(db, [row, ...variations], locale),
    missingImageIds.length
      ? db.select().from(images).where(inArray(images.id, missingImageIds))
      : [],
    taxSetup(db),
  ]);
  const imageById = new Map([...galleryByImageId, ...extraImages.map((i) => [i.id, i] as const)]);
  const childRows =
    row.type === 'grouped' ? ((await shownGroupedChildren(db, [row.id])).get(row.id) ?? []) : [];
  const lowest = await lowestPricesBefore(db, [
    row.id,
    ...variations.map((v) => v.id),
    ...childRows.map((c) => c.id),
  ]);
  const summary = summaryOf(
    row,
    row.type === 'grouped' ? childRows : variations,
    gallery,
    refs,
    locale,
    ratingView(ratings[0]),
    lowest,
    tax,
  );
  const children = await summarise(db, childRows, locale);
  const attachments = attachmentRows.map((a) => ({
    title: localize(a.title, locale),
    url: `/media/${encodeURIComponent(a.fileName)}`,
    mimeType: a.mimeType,
    byteSize: a.byteSize,
  }));
  const now = new Date();
  const variationViews: VariationView[] = variations.map((v) => {
    const price = priceView(v, now, lowest, tax);
    return {
      id: v.id,
      attributes: v.variationAttributes ?? {},
      sku: v.sku,
      gtin: v.gtin,
      price,
      stockStatus: effectiveStockStatus(v),
      stockQuantity: v.manageStock ? v.stockQuantity : null,
      isPurchasable: price.active !== null,
      image:
        v.imageId && imageById.has(v.imageId) ? imageView(imageById.get(v.imageId)!, locale) : null,
      weightKg: v.weightKg,
      quantity: quantityRules(v, stockLeft(v)),
      compliance: complianceOf(v, price.active, refs, attachments, locale),
      description: localize(v.description, locale),
    };
  });
  return {
    ...summary,
    ...(row.type === 'grouped'
      ? {
          children: children.map((c, i) => ({
            ...c,
            quantity: quantityRules(childRows[i]!, stockLeft(childRows[i]!)),
          })),
        }
      : {}),
    description: localize(row.description, locale),
    sku: row.sku,
    gtin: row.gtin,
    weightKg: row.weightKg,
    dimensionsCm:
      row.lengthCm && row.widthCm && row.heightCm
        ? { length: row.lengthCm, width: row.widthCm, height: row.heightCm }
        : null,
    categories: cats.map((c) => ({ slug: c.slug, name: localize(c.name, locale) })),
    gallery,
    attributes: attrs,
    variationCount: variationViews.length,
    defaultAttributes: row.defaultAttributes ?? {},
    variationsHaveUnitPrice: variationViews.some((v) => v.compliance.unitPrice !== null),
    variations: variationViews,
    stockQuantity: row.manageStock ? row.stockQuantity : null,
    lowStockAmount: row.lowStockAmount,
    quantity: quantityRules(row, stockLeft(row)),
    compliance: complianceOf(row, summary.price.active, refs, attachments, locale),
  };
}

async function loadAttributes(db: Tx, productId: number, locale: Locale): Promise<AttributeView[]> {
  const rows = await db
    .select({ link: productAttributes, attribute: attributes })
    .from(productAttributes)
    .innerJoin(attributes, eq(attributes.id, productAttributes.attributeId))
    .where(eq(productAttributes.productId, productId))
    .orderBy(asc(productAttributes.position));
  const termIds = rows.flatMap((r) => r.link.termIds);
  const terms = termIds.length
    ? await db
        .select({ term: attributeTerms, image: images })
        .from(attributeTerms)
        .leftJoin(images, sql`${images.id} = (${attributeTerms.swatch} ->> 'imageId')::int`)
        .where(inArray(attributeTerms.id, termIds))
        .orderBy(asc(attributeTerms.position), asc(attributeTerms.id))
    : [];
  return rows.map(({ link, attribute }) => ({
    slug: attribute.slug,
    name: localize(attribute.name, locale),
    swatchType: attribute.swatchType,
    visible: link.visible,
    usedForVariations: link.usedForVariations,
    terms: terms
      .filter((t) => link.termIds.includes(t.term.id))
      .map(({ term, image }) => ({
        slug: term.slug,
        name: localize(term.name, locale),
        color: term.swatch?.color ?? null,
        imageKey: image?.key ?? null,
        label: term.swatch?.label ? localize(term.swatch.label, locale) : null,
      })),
  }));
}

export async function categoryTree(db: Tx, locale: Locale): Promise<CategoryNode[]> {
  const rows = await shortLived(db, 'categories', REFERENCE_TTL_MS, () =>
    db
      .select({ category: categories, image: images })
      .from(categories)
      .leftJoin(images, eq(images.id, categories.imageId))
      .orderBy(asc(categories.position), asc(categories.id)),
  );
  const nodes = new Map<number, CategoryNode & { parentId: number | null }>();
  for (const { category, image } of rows) {
    nodes.set(category.id, {
      id: category.id,
      slug: category.slug,
      name: localize(category.name, locale),
      description: localize(category.description, locale),
      image: image ? imageView(image, locale) : null,
      children: [],
      parentId: category.parentId,
    });
  }
  const roots: CategoryNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId === null ? undefined : nodes.get(node.parentId);
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

export function findCategory(
  tree: CategoryNode[],
  slug: string,
): { node: CategoryNode; trail: CategoryNode[] } | null {
  for (const node of tree) {
    if (node.slug === slug) return { node, trail: [node] };
    const inner = findCategory(node.children, slug);
    if (inner) return { node: inner.node, trail: [node, ...inner.trail] };
  }
  return null;
}

/** Published sellable rows by id (products and variations), for the cart. */
export async function productRowsById(db: Tx, ids: number[]): Promise<Map<number, ProductRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select().from(products).where(inArray(products.id, ids));
  return new Map(rows.map((r) => [r.id, r]));
}
