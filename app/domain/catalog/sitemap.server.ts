// What search engines are told exists: published products, categories and their last change.
// Each query is bounded (keyset batches over the primary key) so a sitemap of a catalog of
// any size costs the same per URL.
import { and, asc, eq, gt, gte, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Tx } from '#app/domain/kernel/tx.ts';
import { contactForms } from '#app/domain/forms/forms.schema.ts';
import { settings } from '#app/domain/settings/settings.schema.ts';
import {
  categories,
  images,
  productCategories,
  productImages,
  products,
} from './catalog.schema.ts';
import { shownProducts } from './publication.server.ts';

/** The sitemap protocol's limit of URLs per file. */
export const SITEMAP_URL_LIMIT = 50_000;
const BATCH = 1_000;

export type SitemapPage = { page: number; count: number; lastmod: Date | null };
export type SitemapProduct = { slug: string; lastmod: Date; imageKey: string | null };
export type SitemapCategory = { slug: string; lastmod: Date | null };

/** Product rows that have a page of their own. */
const listed = and(isNull(products.parentId), shownProducts(), isNotNull(products.slug));

/**
 * A product changes when it or one of its variations does (price, stock): the newest change
 * among each product's variations, joined where many products are dated at once.
 */
const variationChanges = sql`(select parent_id, max(updated_at) as changed from ${products} where parent_id is not null group by parent_id) as variation_changes`;

function toDate(value: unknown): Date | null {
  if (value === null || value === undefined) return null;
  const date = value instanceof Date ? value : new Date(String(value));
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * The product sitemap files: products in id order cut into files of `perFile`, each with its
 * size and newest change. New products land in the last file, so earlier files stay stable.
 */
export async function productSitemapPages(
  db: Tx,
  perFile = SITEMAP_URL_LIMIT,
): Promise<SitemapPage[]> {
  const ranked = db
    .select({
      chunk: sql<number>`(row_number() over (order by ${products.id}) - 1) / ${perFile}`.as(
        'chunk',
      ),
      changed: sql<string>`greatest(${products.updatedAt}, variation_changes.changed)`.as(
        'changed',
      ),
    })
    .from(products)
    .leftJoin(variationChanges, sql`variation_changes.parent_id = ${products.id}`)
    .where(listed)
    .as('ranked');
  const rows = await db
    .select({
      chunk: ranked.chunk,
      count: sql<number>`count(*)`.mapWith(Number),
      lastmod: sql<string>`max(${ranked.changed})`,
    })
    .from(ranked)
    .groupBy(ranked.chunk)
    .orderBy(ranked.chunk);
  return rows.map((r) => ({
    page: Number(r.chunk) + 1,
    count: r.count,
    lastmod: toDate(r.lastmod),
  }));
}

/** One product file's size and newest change, without reading the other files. */
export async function productSitemapFile(
  db: Tx,
  page: number,
  perFile = SITEMAP_URL_LIMIT,
): Promise<SitemapPage> {
  const result = await db.execute<{ count: number; lastmod: unknown }>(sql`
    with chunk as (
      select ${products.id} as id, ${products.updatedAt} as updated_at from ${products}
      where ${listed} order by ${products.id} offset ${(page - 1) * perFile} limit ${perFile}
    )
    select count(*)::int as count,
      greatest(max(chunk.updated_at),
        (select max(v.updated_at) from ${products} v where v.parent_id in (select id from chunk))
      ) as lastmod
    from chunk`);
  const [row] = (result as unknown as { rows: { count: number; lastmod: unknown }[] }).rows;
  return { page, count: Number(row?.count ?? 0), lastmod: toDate(row?.lastmod) };
}

/**
 * The products of one sitemap file, in batches, so that the caller can write each batch out
 * before the next is read. Nothing for a page past the end.
 */
export async function* sitemapProducts(
  db: Tx,
  page: number,
  perFile = SITEMAP_URL_LIMIT,
): AsyncGenerator<SitemapProduct[]> {
  const [start] = await db
    .select({ id: products.id })
    .from(products)
    .where(listed)
    .orderBy(asc(products.id))
    .offset((page - 1) * perFile)
    .limit(1);
  if (!start) return;
  let remaining = perFile;
  let after: number | null = null;
  while (remaining > 0) {
    const rows = await db
      .select({ id: products.id, slug: products.slug, updatedAt: products.updatedAt })
      .from(products)
      .where(and(listed, after === null ? gte(products.id, start.id) : gt(products.id, after)))
      .orderBy(asc(products.id))
      .limit(Math.min(BATCH, remaining));
    if (rows.length === 0) return;
    // Set-based per batch: two index lookups for a thousand products, not two per product.
    const ids = rows.map((r) => r.id);
    // One array parameter instead of a thousand bound values (much cheaper to plan and bind).
    const idArray = sql`${`{${ids.join(',')}}`}::int[]`;
    const [variationChanges, pictures] = await Promise.all([
      db
        .select({ parentId: products.parentId, changed: sql<string>`max(${products.updatedAt})` })
        .from(products)
        .where(sql`${products.parentId} = any(${idArray})`)
        .groupBy(products.parentId),
      db
        .selectDistinctOn([productImages.productId], {
          productId: productImages.productId,
          key: images.key,
        })
        .from(productImages)
        .innerJoin(images, eq(images.id, productImages.imageId))
        .where(sql`${productImages.productId} = any(${idArray})`)
        .orderBy(productImages.productId, productImages.position),
    ]);
    const variationChange = new Map(variationChanges.map((v) => [v.parentId!, toDate(v.changed)]));
    const pictureOf = new Map(pictures.map((p) => [p.productId, p.key]));
    yield rows.map((r) => {
      const changed = variationChange.get(r.id);
      return {
        slug: r.slug!,
        lastmod: changed && changed > r.updatedAt ? changed : r.updatedAt,
        imageKey: pictureOf.get(r.id) ?? null,
      };
    });
    remaining -= rows.length;
    after = ids[ids.length - 1]!;
    if (rows.length < BATCH) return;
  }
}

/**
 * Every category with the newest change among the published products in it or in any of its
 * subcategories (null while it holds none).
 */
export async function sitemapCategories(db: Tx): Promise<SitemapCategory[]> {
  const [tree, changes] = await Promise.all([
    db
      .select({ id: categories.id, slug: categories.slug, parentId: categories.parentId })
      .from(categories)
      .orderBy(asc(categories.position), asc(categories.id))
      .limit(SITEMAP_URL_LIMIT),
    db
      .select({
        categoryId: productCategories.categoryId,
        changed: sql<string>`max(greatest(${products.updatedAt}, variation_changes.changed))`,
      })
      .from(productCategories)
      .innerJoin(products, eq(products.id, productCategories.productId))
      .leftJoin(variationChanges, sql`variation_changes.parent_id = ${products.id}`)
      .where(listed)
      .groupBy(productCategories.categoryId),
  ]);
  const latest = new Map<number, Date>();
  for (const c of changes) {
    const date = toDate(c.changed);
    if (date) latest.set(c.categoryId, date);
  }
  const parentOf = new Map(tree.map((c) => [c.id, c.parentId]));
  // A change inside a subcategory changes every listing above it.
  for (const [id, date] of [...latest]) {
    const seen = new Set([id]);
    for (let p = parentOf.get(id); p != null && !seen.has(p); p = parentOf.get(p)) {
      seen.add(p);
      const current = latest.get(p);
      if (!current || current < date) latest.set(p, date);
    }
  }
  return tree.map((c) => ({ slug: c.slug, lastmod: latest.get(c.id) ?? null }));
}

/** When the content of the shop's other pages last changed, from the rows they are built from. */
export async function contentDates(
  db: Tx,
  forms: string[],
): Promise<{ forms: Map<string, Date>; owner: Date | null }> {
  const [formRows, [owner]] = await Promise.all([
    forms.length
      ? db
          .select({ slug: contactForms.slug, updatedAt: contactForms.updatedAt })
          .from(contactForms)
          .where(inArray(contactForms.slug, forms))
      : [],
    db
      .select({ updatedAt: settings.updatedAt })
      .from(settings)
      .where(eq(settings.key, 'shop.owner'))
      .limit(1),
  ]);
  return {
    forms: new Map(formRows.map((r) => [r.slug, r.updatedAt])),
    owner: owner?.updatedAt ?? null,
  };
}
