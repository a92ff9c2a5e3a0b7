import { type SQL, and, asc, avg, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { lowestPricesBefore } from './price-history.server.ts';
import type { Tx } from '#app/domain/kernel/tx.ts';
import { REFERENCE_TTL_MS, shortLived } from '#app/domain/kernel/short-lived.server.ts';
import { type Locale } from '#app/lib/locale.ts';
import { localize } from '#app/domain/kernel/localized.ts';
import { reviews } from '#app/domain/reviews/reviews.schema.ts';
import {
  type ComplianceRefs,
  depositFor,
  foodView,
  loadComplianceRefs,
} from '#app/domain/compliance/compliance.server.ts';
import { currentPrice, lowestPrice, unitPrice } from '#app/domain/pricing/price.rules.ts';
import { vatRate } from '#app/domain/pricing/tax.ts';
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
  type StockStatus,
} from './catalog.schema.ts';
import { productListing } from './listing.schema.ts';
import type { ImageView } from '#app/domain/media/media.ts';
import { parseVideo } from './video.ts';
import {
  type ListingFacets,
  type ListingFilters,
  type ListingOrder,
  type ListingSort,
  sortOf,
} from './listing.ts';
import {
  type ResolvedFilters,
  catalogCounted,
  filterConditions,
  listingFacets,
  resolveAttributeFilters,
} from './listing.server.ts';
import { LISTING_RESULT_LIMIT, searchProductIds } from '#app/domain/search/search.server.ts';
import {
  type ProductRow,
  combinedStockStatus,
  effectiveStockStatus,
  quantityRules,
  resolveVariation,
  stockLeft,
} from './catalog.rules.ts';
import type {
  AttributeView,
  CategoryNode,
  ComplianceView,
  Listing,
  PriceView,
  ProductDetail,
  ProductSummary,
  UnitPriceView,
  VariationView,
} from './catalog.view.ts';

function imageView(row: typeof images.$inferSelect, locale: Locale): ImageView {
  return {
    key: row.key,
    alt: localize(row.alt, locale),
    caption: localize(row.caption, locale),
    width: row.width,
    height: row.height,
    sizes: row.sizes,
  };
}

/** The lowest earlier price of a reduced item; its current price when it has no earlier one. */
function lowestPrior(
  id: number | undefined,
  onSale: boolean,
  active: number | null,
  lowest: Map<number, number>,
): number | null {
  if (!onSale || id === undefined) return null;
  return lowest.get(id) ?? active;
}

/** The price display of one product or variation at `now`. */
function priceView(row: ProductRow, now: Date, lowest: Map<number, number>): PriceView {
  const { saleEndsAt, ...price } = currentPrice(row, now);
  return {
    ...price,
    range: null,
    saleEndsAt: saleEndsAt ? saleEndsAt.toISOString() : null,
    lowestPrior: lowestPrior(row.id, price.onSale, price.active, lowest),
  };
}

function unitPriceView(row: ProductRow, price: number | null): UnitPriceView | null {
  if (price === null) return null;
  const amount = unitPrice(price, row);
  if (amount === null) return null;
  return { amount, base: row.unitBase!, unit: row.unit!, productUnits: row.productUnits! };
}

export type ListingQuery = {
  locale: Locale;
  page: number;
  perPage: number;
  categorySlug?: string;
  featured?: boolean;
  orderby?: ListingOrder;
  /** Column and direction; wins over `orderby` (the Store API's `orderby` and `order`). */
  sort?: ListingSort;
  ids?: number[];
  search?: string;
  /** Narrowing by price, attributes, stock, sale and rating; unknown attributes are ignored. */
  filters?: ListingFilters;
  /** Also count products per attribute term and category for the filter panel. */
  facets?: boolean;
};

const published = and(isNull(products.parentId), eq(products.status, 'publish'));
const listed = productListing;

async function categoryIdOf(db: Tx, slug: string): Promise<number | null> {
  const [row] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(eq(categories.slug, slug));
  return row?.id ?? null;
}

function orderFor({ key, direction }: ListingSort, locale: Locale) {
  const by = direction === 'asc' ? asc : desc;
  // Ties keep the order of creation, except where the order is by date itself.
  switch (key) {
    case 'price':
      // Products without a price come last either way.
      return [sql`${listed.price} ${sql.raw(direction)} nulls last`, asc(listed.productId)];
    case 'date':
      return [by(listed.createdAt), by(listed.productId)];
    case 'rating':
      return [by(listed.rating), asc(listed.productId)];
    case 'popularity':
      return [by(listed.reviewCount), asc(listed.productId)];
    case 'title':
      return [by(sql`${products.name} ->> ${locale}`), asc(products.id)];
    default:
      return [by(listed.menuOrder), by(listed.productId)];
  }
}

/** A stable text for the parts of a query the counts depend on. */
function countKey(q: ListingQuery, categoryId: number | null, search: number[] | null) {
  return JSON.stringify([
    q.locale,
    categoryId,
    q.featured ?? false,
    q.ids ?? null,
    search,
    q.filters ?? null,
    q.facets ?? false,
  ]);
}

export async function listProducts(
  db: Tx,
  q: ListingQuery,
): Promise<(Listing & { facets?: ListingFacets }) | null> {
  const conditions: SQL[] = [eq(listed.published, true)];
  let categoryCondition: SQL | undefined;
  let categoryId: number | null = null;
  if (q.categorySlug !== undefined) {
    categoryId = await categoryIdOf(db, q.categorySlug);
    if (categoryId === null) return null;
    // The row lists every ancestor of its categories: one id finds the whole subtree.
    categoryCondition = sql`${listed.categoryIds} && array[${categoryId}]::int[]`;
    conditions.push(categoryCondition);
  }
  if (q.featured) conditions.push(eq(listed.featured, true));
  // Search results, best first; without an explicit sort order they stay in that order.
  let relevance: number[] | null = null;
  if (q.search) {
    relevance = await searchProductIds(db, { query: q.search, limit: LISTING_RESULT_LIMIT });
    conditions.push(
      sql`${listed.productId} = any(string_to_array(${relevance.join(',') || '-1'}, ',')::int[])`,
    );
  }
  if (q.ids) conditions.push(inArray(listed.productId, q.ids.length ? q.ids : [-1]));
  const { attributes: attributeFilters = [], ...otherFilters } = q.filters ?? {};
  const filters: ResolvedFilters = {
    ...otherFilters,
    attributes: (await resolveAttributeFilters(db, attributeFilters)).resolved,
  };
  const where = and(...conditions, ...filterConditions(filters));
  const [counted, rows] = await Promise.all([
    catalogCounted(db, countKey(q, categoryId, relevance), async () => {
      const [[totalRow], facets] = await Promise.all([
        db.select({ total: count() }).from(listed).where(where),
        q.facets
          ? listingFacets(db, {
              base: conditions,
              baseWithoutCategory: conditions.filter((c) => c !== categoryCondition),
              filters,
              locale: q.locale,
            })
          : undefined,
      ]);
      return { total: Number(totalRow?.total ?? 0), facets };
    }),
    db
      .select({ product: products })
      .from(listed)
      .innerJoin(products, eq(products.id, listed.productId))
      .where(where)
      .orderBy(
        ...(relevance && (q.orderby ?? 'relevance') === 'relevance' && !q.sort
          ? [
              sql`array_position(string_to_array(${relevance.join(',') || '-1'}, ',')::int[], ${listed.productId})`,
            ]
          : orderFor(q.sort ?? sortOf(q.orderby ?? 'menu_order'), q.locale)),
      )
      .limit(q.perPage)
      .offset((q.page - 1) * q.perPage),
  ]);
  const { total, facets } = counted;
  const items = await summarise(
    db,
    rows.map((r) => r.product),
    q.locale,
  );
  return {
    items,
    total,
    page: q.page,
    pages: Math.max(1, Math.ceil(total / q.perPage)),
    ...(facets ? { facets } : {}),
  };
}

/** Builds card data for product rows with a fixed number of queries, whatever the count. */
export async function summarise(
  db: Tx,
  rows: ProductRow[],
  locale: Locale,
): Promise<ProductSummary[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [variationRows, gallery, ratings, refs] = await Promise.all([
    db.select().from(products).where(inArray(products.parentId, ids)),
    galleryRows(db, ids),
    ratingRows(db, ids),
    loadComplianceRefs(db, rows, locale),
  ]);
  const lowest = await lowestPricesBefore(db, [...ids, ...variationRows.map((v) => v.id)]);
  const galleryOf = groupBy(gallery, (g) => g.productId);
  const variationsOf = groupBy(variationRows, (v) => v.parentId!);
  const ratingOfProduct = new Map(ratings.map((r) => [r.productId, r]));
  return rows.map((row) => {
    const pics = galleryOf.get(row.id) ?? [];
    const variations = (variationsOf.get(row.id) ?? []).map((v) => resolveVariation(row, v));
    return summaryOf(
      row,
      variations,
      pics.map((p) => imageView(p.image, locale)),
      refs,
      locale,
      ratingView(ratingOfProduct.get(row.id)),
      lowest,
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

function ratingRows(db: Tx, ids: number[]) {
  return db
    .select({ productId: reviews.productId, average: avg(reviews.rating), count: count() })
    .from(reviews)
    .where(
      and(
        inArray(reviews.productId, ids),
        eq(reviews.status, 'approved'),
        // Replies are no reviews: the same rule as the listing rows (migration 0013).
        isNull(reviews.parentId),
      ),
    )
    .groupBy(reviews.productId);
}

function ratingView(row: { average: string | null; count: number } | undefined) {
  return {
    average: row ? Math.round(Number(row.average) * 100) / 100 : 0,
    count: row ? Number(row.count) : 0,
  };
}

function summaryOf(
  row: ProductRow,
  variations: ProductRow[],
  gallery: ImageView[],
  refs: ComplianceRefs,
  locale: Locale,
  rating: { average: number; count: number },
  lowest: Map<number, number>,
): ProductSummary {
  const now = new Date();
  const taxClass = row.taxClass ?? 'standard';
  let price: PriceView;
  let stockStatus: StockStatus;
  let unit: UnitPriceView | null;
  if (row.type === 'variable' && variations.length > 0) {
    const live = variations.filter((v) => v.status === 'publish');
    const { cheapest, regular, active, onSale, range } = lowestPrice(live, now);
    price = {
      regular,
      active,
      onSale,
      range,
      saleEndsAt: null,
      lowestPrior: lowestPrior(cheapest?.id, onSale, active, lowest),
    };
    stockStatus = combinedStockStatus(live);
    unit = cheapest ? unitPriceView(cheapest, active) : null;
  } else {
    price = priceView(row, now, lowest);
    stockStatus = effectiveStockStatus(row);
    unit = unitPriceView(row, price.active);
  }
  const main = gallery[0] ?? null;
  return {
    id: row.id,
    slug: row.slug ?? String(row.id),
    type: row.type === 'variable' ? 'variable' : 'simple',
    name: localize(row.name, locale),
    shortDescription: localize(row.shortDescription, locale),
    image: main,
    hoverImage: gallery[1] ?? null,
    price,
    unitPrice: unit,
    taxClass,
    taxRate: vatRate(taxClass),
    deposit: depositFor(refs, row.depositTypeId, row.depositQuantity),
    rating,
    stockStatus,
    isPurchasable: price.active !== null && row.status === 'publish',
    soldIndividually: row.soldIndividually ?? false,
    deliveryTime: row.deliveryTimeId ? (refs.deliveryTimes.get(row.deliveryTimeId) ?? null) : null,
    variations: variations
      .filter((v) => v.status === 'publish')
      .map((v) => ({ id: v.id, attributes: v.variationAttributes ?? {} })),
    subscription: row.type === 'simple' ? (row.subscription ?? null) : null,
  };
}

function groupBy<T, K>(items: T[], key: (item: T) => K): Map<K, T[]> {
  const map = new Map<K, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = map.get(k);
    if (list) list.push(item);
    else map.set(k, [item]);
  }
  return map;
}

function complianceOf(
  row: ProductRow,
  price: number | null,
  refs: ComplianceRefs,
  attachments: ComplianceView['attachments'],
  locale: Locale,
): ComplianceView {
  const manufacturer = row.manufacturerId
    ? (refs.manufacturers.get(row.manufacturerId) ?? null)
    : null;
  const responsiblePerson = row.responsiblePersonId
    ? (refs.manufacturers.get(row.responsiblePersonId) ?? null)
    : null;
  const safetyInstructions = localize(row.safetyInstructions, locale);
  return {
    deliveryTime: row.deliveryTimeId ? (refs.deliveryTimes.get(row.deliveryTimeId) ?? null) : null,
    unitPrice: unitPriceView(row, price),
    deposit: depositFor(refs, row.depositTypeId, row.depositQuantity),
    food: foodView(row.food, locale),
    manufacturer,
    responsiblePerson,
    safetyInstructions,
    attachments,
    powerSupply: row.powerSupply,
    defectDescription: localize(row.defectDescription, locale),
    taxInfo: localize(row.taxInfo, locale),
    shippingCostsInfo: localize(row.shippingCostsInfo, locale),
    hasProductSafetyInformation:
      manufacturer !== null ||
      responsiblePerson !== null ||
      safetyInstructions !== '' ||
      attachments.length > 0,
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
  const [refs, extraImages] = await Promise.all([
    loadComplianceRefs(db, [row, ...variations], locale),
    missingImageIds.length
      ? db.select().from(images).where(inArray(images.id, missingImageIds))
      : [],
  ]);
  const imageById = new Map([...galleryByImageId, ...extraImages.map((i) => [i.id, i] as const)]);
  const lowest = await lowestPricesBefore(db, [row.id, ...variations.map((v) => v.id)]);
  const summary = summaryOf(row, variations, gallery, refs, locale, ratingView(ratings[0]), lowest);
  const attachments = attachmentRows.map((a) => ({
    title: localize(a.title, locale),
    url: `/media/${encodeURIComponent(a.fileName)}`,
    mimeType: a.mimeType,
    byteSize: a.byteSize,
  }));
  const now = new Date();
  const variationViews: VariationView[] = variations.map((v) => {
    const price = priceView(v, now, lowest);
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
    };
  });
  return {
    ...summary,
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
