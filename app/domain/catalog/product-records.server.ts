// Products as the back office and the REST API see them: every status, with their links.
import {
  type SQL,
  and,
  asc,
  count,
  desc,
  eq,
  ilike,
  inArray,
  isNull,
  ne,
  or,
  sql,
} from 'drizzle-orm';
import type { Localized } from '#app/domain/kernel/localized.ts';
import type { Tx } from '#app/domain/kernel/tx.ts';
import type { Locale } from '#app/lib/locale.ts';
import {
  type ProductStatus,
  type StockStatus,
  attributeTerms,
  attributes,
  categories,
  images,
  productAttributes,
  productCategories,
  productImages,
  productTags,
  products,
} from './catalog.schema.ts';
import type { ProductRow } from './catalog.rules.ts';
import { productListing } from './listing.schema.ts';
import { type ProductLinkLists, productLinkLists } from './product-links.server.ts';
import { groupedChildIds } from './grouped-rows.server.ts';

export type TermRef = { id: number; slug: string; name: Localized };

export type ProductLinks = {
  categories: TermRef[];
  images: (typeof images.$inferSelect)[];
  attributes: {
    id: number;
    slug: string;
    name: Localized;
    position: number;
    visible: boolean;
    variation: boolean;
    options: TermRef[];
  }[];
  /** The variations, in their order, with their own columns (not resolved). */
  variations: ProductRow[];
  rating: { average: number; count: number };
  /** Upsells, cross-sells and tags. */
  lists?: ProductLinkLists;
  /** A grouped product's children, in order. */
  groupedIds?: number[];
};

export type ProductRecord = { row: ProductRow; links: ProductLinks };

/** A variation with its parent, and its attributes named. */
export type VariationRecord = {
  row: ProductRow;
  parent: ProductRow;
  attributes: { id: number; slug: string; name: Localized; option: TermRef | null }[];
};

export const STOCK_RANKS: Record<StockStatus, number> = {
  instock: 0,
  onbackorder: 1,
  outofstock: 2,
};

export type ProductQuery = {
  search?: string;
  sku?: string;
  categoryId?: number;
  statuses: ProductStatus[] | null;
  type?: 'simple' | 'variable' | 'grouped' | 'external';
  stockStatus?: StockStatus;
  onSale?: boolean;
  minPrice?: number;
  maxPrice?: number;
  include?: number[];
  /** Only products with this tag. */
  tagId?: number;
  exclude?: number[];
  page: number;
  perPage: number;
  orderBy:
    | 'date'
    | 'id'
    | 'include'
    | 'title'
    | 'slug'
    | 'price'
    | 'popularity'
    | 'rating'
    | 'menu_order'
    | 'modified';
  order: 'asc' | 'desc';
  locale: Locale;
};

const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function conditions(q: ProductQuery): SQL | undefined {
  const listing = (cond: SQL) =>
    sql`exists (select 1 from ${productListing} where ${productListing.productId} = ${products.id} and ${cond})`;
  const text = q.search ? likeText(q.search) : null;
  return and(
    isNull(products.parentId),
    // As WordPress's `any`: every status but the trash.
    q.statuses ? inArray(products.status, q.statuses) : ne(products.status, 'trash'),
    text
      ? or(
          ilike(sql`${products.name}->>'de'`, text),
          ilike(sql`${products.name}->>'en'`, text),
          ilike(products.sku, text),
        )
      : undefined,
    q.sku !== undefined ? eq(products.sku, q.sku) : undefined,
    q.type ? eq(products.type, q.type) : undefined,
    q.categoryId !== undefined
      ? listing(sql`${q.categoryId}::int = any(${productListing.categoryIds})`)
      : undefined,
    q.stockStatus
      ? listing(sql`${productListing.stockRank} = ${STOCK_RANKS[q.stockStatus]}`)
      : undefined,
    q.onSale !== undefined ? listing(sql`${productListing.onSale} = ${q.onSale}`) : undefined,
    q.minPrice !== undefined ? listing(sql`${productListing.price} >= ${q.minPrice}`) : undefined,
    q.maxPrice !== undefined ? listing(sql`${productListing.price} <= ${q.maxPrice}`) : undefined,
    q.include?.length ? inArray(products.id, q.include) : undefined,
    q.tagId !== undefined
      ? sql`exists (select 1 from ${productTags} where ${productTags.productId} = ${products.id} and ${productTags.tagId} = ${q.tagId})`
      : undefined,
    q.exclude?.length
      ? sql`${products.id} <> all(${`{${q.exclude.join(',')}}`}::int[])`
      : undefined,
  );
}

function ordering(q: ProductQuery): SQL[] {
  const dir = q.order === 'asc' ? asc : desc;
  const fromListing = (column: SQL) =>
    sql`(select ${column} from ${productListing} where ${productListing.productId} = ${products.id})`;
  switch (q.orderBy) {
    case 'id':
      return [dir(products.id)];
    case 'include':
      return q.include?.length
        ? [
            sql`array_position(${`{${q.include.join(',')}}`}::int[], ${products.id})`,
            asc(products.id),
          ]
        : [dir(products.id)];
    case 'title':
      return [
        dir(sql`lower(coalesce(${products.name}->>${q.locale}, ${products.name}->>'de'))`),
        dir(products.id),
      ];
    case 'slug':
      return [dir(products.slug), dir(products.id)];
    case 'price':
      return [dir(fromListing(sql`${productListing.price}`)), dir(products.id)];
    case 'popularity':
      return [dir(fromListing(sql`${productListing.reviewCount}`)), dir(products.id)];
    case 'rating':
      return [dir(fromListing(sql`${productListing.rating}`)), dir(products.id)];
    case 'menu_order':
      return [dir(products.menuOrder), dir(products.id)];
    case 'modified':
      return [dir(products.updatedAt), dir(products.id)];
    default:
      return [dir(products.createdAt), dir(products.id)];
  }
}

/** One page of top-level products of any status, and how many match. */
export async function findProducts(
  db: Tx,
  q: ProductQuery,
): Promise<{ records: ProductRecord[]; total: number }> {
  const where = conditions(q);
  const [totalRow] = await db.select({ n: count() }).from(products).where(where);
  const rows = await db
    .select()
    .from(products)
    .where(where)
    .orderBy(...ordering(q))
    .limit(q.perPage)
    .offset((q.page - 1) * q.perPage);
  return { records: await withLinks(db, rows), total: Number(totalRow?.n ?? 0) };
}

/** A top-level product of any status, or null. */
export async function productRecord(db: Tx, id: number): Promise<ProductRecord | null> {
  const [row] = await db
    .select()
    .from(products)
    .where(and(eq(products.id, id), isNull(products.parentId)))
    .limit(1);
  if (!row) return null;
  const [record] = await withLinks(db, [row]);
  return record ?? null;
}

/** Categories, pictures, attributes, variations and ratings of these products, in five reads. */
export async function withLinks(db: Tx, rows: ProductRow[]): Promise<ProductRecord[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const cats = await db
    .select({
      productId: productCategories.productId,
      id: categories.id,
      slug: categories.slug,
      name: categories.name,
    })
    .from(productCategories)
    .innerJoin(categories, eq(categories.id, productCategories.categoryId))
    .where(inArray(productCategories.productId, ids))
    .orderBy(asc(productCategories.position), asc(categories.id));
  const pics = await db
    .select({ productId: productImages.productId, image: images })
    .from(productImages)
    .innerJoin(images, eq(images.id, productImages.imageId))
    .where(inArray(productImages.productId, ids))
    .orderBy(asc(productImages.position));
  const attrs = await db
    .select({ link: productAttributes, attribute: attributes })
    .from(productAttributes)
    .innerJoin(attributes, eq(attributes.id, productAttributes.attributeId))
    .where(inArray(productAttributes.productId, ids))
    .orderBy(asc(productAttributes.position), asc(attributes.id));
  const termIds = [...new Set(attrs.flatMap((a) => a.link.termIds))];
  const terms =
    termIds.length > 0
      ? await db.select().from(attributeTerms).where(inArray(attributeTerms.id, termIds))
      : [];
  const termById = new Map(terms.map((t) => [t.id, t]));
  const children = await db
    .select()
    .from(products)
    .where(inArray(products.parentId, ids))
    .orderBy(asc(products.menuOrder), asc(products.id));
  const ratings = await db
    .select({
      productId: productListing.productId,
      rating: productListing.rating,
      count: productListing.reviewCount,
    })
    .from(productListing)
    .where(inArray(productListing.productId, ids));
  const lists = await productLinkLists(db, ids);
  const grouped = await groupedChildIds(db, ids);
  return rows.map((row) => {
    const rating = ratings.find((r) => r.productId === row.id);
    return {
      row,
      links: {
        categories: cats.filter((c) => c.productId === row.id),
        images: pics.filter((p) => p.productId === row.id).map((p) => p.image),
        attributes: attrs
          .filter((a) => a.link.productId === row.id)
          .map((a) => ({
            id: a.attribute.id,
            slug: a.attribute.slug,
            name: a.attribute.name,
            position: a.link.position,
            visible: a.link.visible,
            variation: a.link.usedForVariations,
            options: a.link.termIds
              .map((t) => termById.get(t))
              .filter((t) => t !== undefined)
              .sort((x, y) => x.position - y.position || x.id - y.id),
          })),
        variations: children.filter((c) => c.parentId === row.id),
        rating: {
          average: rating ? Math.round(Number(rating.rating) * 100) / 100 : 0,
          count: rating ? Number(rating.count) : 0,
        },
        lists: lists.get(row.id),
        groupedIds: grouped.get(row.id) ?? [],
      },
    };
  });
}

/** The variations of a product, or one of them; null when the parent is no variable product. */
export async function variationRecords(
  db: Tx,
  parentId: number,
  only?: number,
): Promise<VariationRecord[] | null> {
  const [parent] = await db
    .select()
    .from(products)
    .where(and(eq(products.id, parentId), isNull(products.parentId)))
    .limit(1);
  if (!parent) return null;
  const rows = await db
    .select()
    .from(products)
    .where(
      and(eq(products.parentId, parentId), only !== undefined ? eq(products.id, only) : undefined),
    )
    .orderBy(asc(products.menuOrder), asc(products.id));
  const slugs = [...new Set(rows.flatMap((r) => Object.keys(r.variationAttributes ?? {})))];
  const attrRows =
    slugs.length > 0
      ? await db.select().from(attributes).where(inArray(attributes.slug, slugs))
      : [];
  const termRows =
    attrRows.length > 0
      ? await db
          .select()
          .from(attributeTerms)
          .where(
            inArray(
              attributeTerms.attributeId,
              attrRows.map((a) => a.id),
            ),
          )
      : [];
  return rows.map((row) => ({
    row,
    parent,
    attributes: Object.entries(row.variationAttributes ?? {}).flatMap(([slug, term]) => {
      const attribute = attrRows.find((a) => a.slug === slug);
      if (!attribute) return [];
      const option = termRows.find((t) => t.attributeId === attribute.id && t.slug === term);
      return [
        {
          id: attribute.id,
          slug,
          name: attribute.name,
          option: option ? { id: option.id, slug: option.slug, name: option.name } : null,
        },
      ];
    }),
  }));
}
