import { groupedChildIds } from './grouped-rows.server.ts';
import { type ProductLinkLists, productLinkLists } from './product-links.server.ts';
import { and, asc, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Tx } from '#app/domain/kernel/tx.ts';
import {
  deliveryTimes,
  depositTypes,
  manufacturers,
} from '#app/domain/compliance/compliance.schema.ts';
import { imageUrl } from '#app/domain/media/media.ts';
import {
  attributeTerms,
  attributes,
  categories,
  images,
  productAttributes,
  productCategories,
  productImages,
  products,
} from './catalog.schema.ts';
import { categoryPath } from './category-path.ts';
import type { CsvProduct } from './product-csv.rules.ts';

/** Which products an export holds; variations always follow their product. */
export type ProductExportFilter = {
  categoryId: number | null;
  type: 'simple' | 'variable' | null;
  status: 'publish' | 'draft' | 'pending' | 'private' | null;
};

type ProductRow = typeof products.$inferSelect;

function filterOf(filter: ProductExportFilter) {
  return and(
    isNull(products.parentId),
    // Trashed products are on their way out, as WooCommerce's exporter leaves them.
    ne(products.status, 'trash'),
    filter.type ? eq(products.type, filter.type) : undefined,
    filter.status ? eq(products.status, filter.status) : undefined,
    filter.categoryId
      ? sql`exists (select 1 from ${productCategories} where ${productCategories.productId} = ${products.id} and ${productCategories.categoryId} = ${filter.categoryId})`
      : undefined,
  );
}

/** The most attributes one exported product has: the number of `Attribute N` column groups. */
export async function exportAttributeCount(db: Tx, filter: ProductExportFilter): Promise<number> {
  const counts = db
    .select({ n: sql<number>`count(*)`.as('n') })
    .from(productAttributes)
    .innerJoin(products, eq(products.id, productAttributes.productId))
    .where(filterOf(filter))
    .groupBy(productAttributes.productId)
    .as('counts');
  const [row] = await db
    .select({ most: sql<number>`coalesce(max(${counts.n}), 0)::int` })
    .from(counts);
  return Number(row?.most ?? 0);
}

/** Names and paths the rows refer to, read once per export. */
async function referenceData(db: Tx) {
  const [cats, times, deposits, makers, attrs] = await Promise.all([
    db.select().from(categories),
    db.select().from(deliveryTimes),
    db.select().from(depositTypes),
    db.select({ id: manufacturers.id, slug: manufacturers.slug }).from(manufacturers),
    db.select().from(attributes),
  ]);
  const byId = new Map(cats.map((c) => [c.id, c]));
  const pathOf = (id: number) => categoryPath(byId, id, (c) => c.name.de);
  return {
    pathOf,
    deliveryTime: new Map(times.map((t) => [t.id, t.label.de])),
    depositType: new Map(deposits.map((d) => [d.id, d.name.de])),
    maker: new Map(makers.map((m) => [m.id, m.slug])),
    attributeBySlug: new Map(attrs.map((a) => [a.slug, a])),
    attributeById: new Map(attrs.map((a) => [a.id, a])),
  };
}

/**
 * The selected products in id order, each followed by its variations, a keyset batch at a
 * time; picture addresses are absolute on `origin`.
 */
export async function* productExportBatches(
  db: Tx,
  filter: ProductExportFilter,
  origin: string,
  batchSize = 200,
): AsyncGenerator<CsvProduct[]> {
  const ref = await referenceData(db);
  let after = 0;
  for (;;) {
    const parents = await db
      .select()
      .from(products)
      .where(and(filterOf(filter), gt(products.id, after)))
      .orderBy(asc(products.id))
      .limit(batchSize);
    if (parents.length === 0) return;
    after = parents[parents.length - 1]!.id;
    const parentIds = parents.map((p) => p.id);
    const variations = await db
      .select()
      .from(products)
      .where(inArray(products.parentId, parentIds))
      .orderBy(asc(products.parentId), asc(products.menuOrder), asc(products.id));
    const all = [...parents, ...variations];
    const ids = all.map((p) => p.id);
    const imageIds = all.map((p) => p.imageId).filter((id): id is number => id !== null);
    const [cats, gallery, mains, attrs] = await Promise.all([
      db
        .select()
        .from(productCategories)
        .where(inArray(productCategories.productId, parentIds))
        .orderBy(asc(productCategories.position)),
      db
        .select({ productId: productImages.productId, key: images.key })
        .from(productImages)
        .innerJoin(images, eq(images.id, productImages.imageId))
        .where(and(inArray(productImages.productId, ids), isNull(productImages.videoProvider)))
        .orderBy(asc(productImages.productId), asc(productImages.position)),
      imageIds.length > 0
        ? db
            .select({ id: images.id, key: images.key })
            .from(images)
            .where(inArray(images.id, imageIds))
        : Promise.resolve([]),
      db
        .select()
        .from(productAttributes)
        .where(inArray(productAttributes.productId, parentIds))
        .orderBy(asc(productAttributes.productId), asc(productAttributes.position)),
    ]);
    const termIds = [...new Set(attrs.flatMap((a) => a.termIds))];
    const terms = termIds.length
      ? await db.select().from(attributeTerms).where(inArray(attributeTerms.id, termIds))
      : [];
    const termById = new Map(terms.map((t) => [t.id, t]));
    const lists = await productLinkLists(db, parentIds);
    const groupedOf = await groupedChildIds(db, parentIds);
    const refs = await linkRefs(db, [...lists.values()], [...groupedOf.values()].flat());
    const mainKey = new Map(mains.map((m) => [m.id, m.key]));
    const url = (key: string) => `${origin}${imageUrl(key, 'full')}`;
    const parentById = new Map(parents.map((p) => [p.id, p]));

    const row = (p: ProductRow): CsvProduct => {
      const parent = p.parentId ? parentById.get(p.parentId) : undefined;
      const main = p.imageId ? mainKey.get(p.imageId) : undefined;
      const pictures = [
        ...(main ? [main] : []),
        ...gallery.filter((g) => g.productId === p.id && g.key !== main).map((g) => g.key),
      ];
      const own = attrs.filter((a) => a.productId === p.id);
      const attributeList = parent
        ? Object.entries(p.variationAttributes ?? {}).map(([slug, termSlug]) => {
            const attribute = ref.attributeBySlug.get(slug);
            const term = terms.find((t) => t.attributeId === attribute?.id && t.slug === termSlug);
            return {
              label: attribute?.name.de ?? slug,
              terms: [term?.name.de ?? termSlug],
              visible: true,
            };
          })
        : own.map((a) => ({
            label: ref.attributeById.get(a.attributeId)?.name.de ?? '',
            terms: a.termIds.map((id) => termById.get(id)?.name.de ?? '').filter(Boolean),
            visible: a.visible,
          }));
      return {
        ...p,
        parent: parent ? { id: parent.id, sku: parent.sku } : null,
        categories: cats.filter((c) => c.productId === p.id).map((c) => ref.pathOf(c.categoryId)),
        images: pictures.map(url),
        attributes: attributeList,
        deliveryTime: p.deliveryTimeId ? (ref.deliveryTime.get(p.deliveryTimeId) ?? null) : null,
        depositType: p.depositTypeId ? (ref.depositType.get(p.depositTypeId) ?? null) : null,
        manufacturer: p.manufacturerId ? (ref.maker.get(p.manufacturerId) ?? null) : null,
        responsiblePerson: p.responsiblePersonId
          ? (ref.maker.get(p.responsiblePersonId) ?? null)
          : null,
        ...(parent ? {} : linkCells(lists.get(p.id), refs, groupedOf.get(p.id) ?? [])),
      };
    };
    const ordered = parents.flatMap((p) => [p, ...variations.filter((v) => v.parentId === p.id)]);
    yield ordered.map(row);
  }
}

/** How the file names linked products: their SKU, else `id:N`. */
async function linkRefs(
  db: Tx,
  lists: ProductLinkLists[],
  grouped: number[] = [],
): Promise<Map<number, string>> {
  const ids = [
    ...new Set([...lists.flatMap((l) => [...l.upsellIds, ...l.crossSellIds]), ...grouped]),
  ];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: products.id, sku: products.sku })
    .from(products)
    .where(inArray(products.id, ids));
  return new Map(rows.map((r) => [r.id, r.sku || `id:${r.id}`]));
}

function linkCells(
  lists: ProductLinkLists | undefined,
  refs: Map<number, string>,
  grouped: number[] = [],
) {
  const named = (ids: number[]) => ids.map((id) => refs.get(id) ?? `id:${id}`);
  return {
    groupedProducts: named(grouped),
    tags: (lists?.tags ?? []).map((t) => t.name.de),
    upsells: named(lists?.upsellIds ?? []),
    crossSells: named(lists?.crossSellIds ?? []),
  };
}
