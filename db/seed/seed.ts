import path from 'node:path';
import { count, eq, isNull, sql } from 'drizzle-orm';
import { categories, productAttachments, products } from '#app/domain/catalog/catalog.schema.ts';
import type { RenderedImage } from '#app/domain/media/images.server.ts';
import { settings } from '#app/domain/settings/settings.schema.ts';
import type { Database, Tx } from '#app/lib/db.server.ts';
import {
  buildDemoCatalog,
  type DemoCatalog,
  type DemoProduct,
  type DemoVariation,
} from '#db/seed/demo-catalog.ts';
import { renderPdfSheet } from '#db/seed/art/pdf-sheet.ts';
import { seedDemoCoupons } from '#db/seed/demo-coupons.ts';
import { seedDemoPriceHistory } from '#db/seed/demo-price-history.ts';
import { renderProductImage } from '#db/seed/art/render.ts';
import {
  createAttribute,
  createCategory,
  createDeliveryTime,
  createDepositType,
  createManufacturer,
  createProduct,
  createReview,
  ensureImage,
  slugify,
  type ImageInput,
  type ImageOptions,
  type VariationInput,
} from '#db/seed/factories.ts';

export type SeedResult = { seeded: boolean; products: number };

/** Distinct from the migration lock, so that seeding waits only for another seed. */
const SEED_LOCK = 72177102;
const RENDER_CONCURRENCY = 2;

/**
 * Fills an empty shop with the demo catalogue. Does nothing when any product exists, so a
 * restart costs one query. Pictures and PDFs are rendered before the transaction opens, so the
 * database is locked only for the inserts.
 */
export async function seedDemoCatalog(
  db: Database,
  { mediaDir, now = new Date() }: { mediaDir: string; now?: Date },
): Promise<SeedResult> {
  const existing = await countProducts(db);
  if (existing > 0) return { seeded: false, products: existing };

  const catalog = buildDemoCatalog(now);
  const rendered = await renderImages(collectImages(catalog), mediaDir);
  const attachmentSizes = new Map<string, number>();
  for (const product of catalog.products) {
    for (const a of product.attachments ?? []) {
      const { byteSize } = await renderPdfSheet(
        a.sheetTitle,
        a.lines,
        path.join(mediaDir, a.fileName),
      );
      attachmentSizes.set(a.fileName, byteSize);
    }
  }

  return db.transaction(async (tx) => {
    // Two instances starting together: the second waits here and then finds the products.
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    const raced = await countProducts(tx);
    if (raced > 0) return { seeded: false, products: raced };
    const created = await insertCatalog(
      tx,
      catalog,
      { rendered, imageIds: new Map() },
      attachmentSizes,
      now,
    );
    return { seeded: true, products: created };
  });
}

async function countProducts(db: Tx): Promise<number> {
  const [row] = await db.select({ n: count() }).from(products).where(isNull(products.parentId));
  return row?.n ?? 0;
}

/** Every picture the catalogue uses, once per key. */
function collectImages(catalog: DemoCatalog): ImageInput[] {
  const byKey = new Map<string, ImageInput>();
  const add = (image: ImageInput | undefined) => {
    if (image && !byKey.has(image.spec.key)) byKey.set(image.spec.key, image);
  };
  for (const attribute of catalog.attributes)
    for (const term of attribute.terms) add(term.swatch?.image);
  for (const product of catalog.products) {
    product.imageSpecs.forEach(add);
    for (const variation of product.variations ?? []) add(variation.imageSpec);
  }
  return [...byKey.values()];
}

async function renderImages(
  imageInputs: ImageInput[],
  mediaDir: string,
): Promise<Map<string, RenderedImage>> {
  const rendered = new Map<string, RenderedImage>();
  let next = 0;
  const worker = async () => {
    while (next < imageInputs.length) {
      const spec = imageInputs[next++]!.spec;
      rendered.set(spec.key, await renderProductImage(spec, mediaDir));
    }
  };
  await Promise.all(Array.from({ length: RENDER_CONCURRENCY }, worker));
  return rendered;
}

function lookup(ids: Map<string, number>, kind: string, slug: string): number {
  const id = ids.get(slug);
  if (id === undefined) throw new Error(`Demo catalogue: unknown ${kind} "${slug}"`);
  return id;
}

async function insertCatalog(
  tx: Tx,
  catalog: DemoCatalog,
  images: ImageOptions,
  attachmentSizes: Map<string, number>,
  now: Date,
): Promise<number> {
  const ids = {
    deliveryTime: new Map<string, number>(),
    deposit: new Map<string, number>(),
    manufacturer: new Map<string, number>(),
    category: new Map<string, number>(),
    attribute: new Map<string, number>(),
    term: new Map<string, Map<string, number>>(),
    product: new Map<string, number>(),
  };

  for (const d of catalog.deliveryTimes)
    ids.deliveryTime.set(d.slug, (await createDeliveryTime(tx, d)).id);
  for (const d of catalog.depositTypes)
    ids.deposit.set(d.slug, (await createDepositType(tx, d)).id);
  for (const m of catalog.manufacturers)
    ids.manufacturer.set(m.slug, (await createManufacturer(tx, m)).id);

  const positions = new Map<string, number>();
  for (const c of catalog.categories) {
    const parentKey = c.parent ?? '';
    const position = positions.get(parentKey) ?? 0;
    positions.set(parentKey, position + 1);
    const row = await createCategory(tx, {
      slug: c.slug,
      name: c.name,
      description: c.description ?? null,
      parentId: c.parent ? lookup(ids.category, 'category', c.parent) : null,
      position,
    });
    ids.category.set(c.slug, row.id);
  }

  for (const a of catalog.attributes) {
    const terms = [];
    for (const t of a.terms) {
      const { image, ...swatch } = t.swatch ?? {};
      const imageId = image ? await ensureImage(tx, image, images) : null;
      terms.push({
        slug: t.slug,
        name: t.name,
        swatch: t.swatch ? { ...swatch, ...(imageId ? { imageId } : {}) } : null,
      });
    }
    const created = await createAttribute(tx, {
      slug: a.slug,
      name: a.name,
      swatchType: a.swatchType,
      terms,
    });
    ids.attribute.set(a.slug, created.attribute.id);
    ids.term.set(a.slug, new Map(Object.entries(created.termIds)));
  }

  const refs = (
    p: Pick<DemoProduct, 'deliveryTime' | 'deposit' | 'manufacturer' | 'responsiblePerson'>,
  ) => ({
    ...(p.deliveryTime
      ? { deliveryTimeId: lookup(ids.deliveryTime, 'delivery time', p.deliveryTime) }
      : {}),
    ...(p.deposit ? { depositTypeId: lookup(ids.deposit, 'deposit type', p.deposit) } : {}),
    ...(p.manufacturer
      ? { manufacturerId: lookup(ids.manufacturer, 'manufacturer', p.manufacturer) }
      : {}),
    ...(p.responsiblePerson
      ? { responsiblePersonId: lookup(ids.manufacturer, 'manufacturer', p.responsiblePerson) }
      : {}),
  });
  const toVariation = (v: DemoVariation): VariationInput => {
    const { deliveryTime, deposit, manufacturer, responsiblePerson, ...rest } = v;
    return { ...rest, ...refs({ deliveryTime, deposit, manufacturer, responsiblePerson }) };
  };

  for (const [menuOrder, p] of catalog.products.entries()) {
    const {
      categories: categorySlugs,
      attributes: productAttributes = [],
      variations,
      attachments = [],
      deliveryTime,
      deposit,
      manufacturer,
      responsiblePerson,
      ...columns
    } = p;
    const { product } = await createProduct(
      tx,
      {
        menuOrder,
        ...columns,
        ...refs({ deliveryTime, deposit, manufacturer, responsiblePerson }),
        categoryIds: categorySlugs.map((slug) => lookup(ids.category, 'category', slug)),
        attributes: productAttributes.map((a) => {
          const termIds = ids.term.get(a.attribute) ?? new Map<string, number>();
          return {
            attributeId: lookup(ids.attribute, 'attribute', a.attribute),
            termIds: a.terms.map((t) => lookup(termIds, `${a.attribute} term`, t)),
            usedForVariations: a.variations ?? false,
            visible: a.visible ?? true,
          };
        }),
        variations: variations?.map(toVariation),
      },
      images,
    );
    ids.product.set(p.slug, product.id);
    for (const a of attachments) {
      await tx.insert(productAttachments).values({
        productId: product.id,
        kind: a.kind,
        title: a.title,
        fileName: a.fileName,
        mimeType: 'application/pdf',
        byteSize: attachmentSizes.get(a.fileName) ?? 0,
      });
    }
  }

  await seedDemoPriceHistory(tx, ids.product, now);

  // Top-level categories are illustrated with the main picture of one of their products.
  for (const c of catalog.categories) {
    if (!c.imageFrom) continue;
    const key = catalog.products.find((p) => p.slug === c.imageFrom)?.imageSpecs[0]?.spec.key;
    const imageId = key ? images.imageIds?.get(key) : undefined;
    if (imageId) {
      await tx
        .update(categories)
        .set({ imageId })
        .where(eq(categories.id, lookup(ids.category, 'category', c.slug)));
    }
  }

  const day = 24 * 60 * 60 * 1000;
  for (const r of catalog.reviews) {
    await createReview(tx, {
      productId: lookup(ids.product, 'product', r.product),
      author: r.author,
      email: `${slugify(r.author)}@example.com`,
      rating: r.rating,
      content: r.content,
      locale: r.locale,
      status: 'approved',
      verifiedOwner: r.verifiedOwner,
      createdAt: new Date(now.getTime() - r.daysAgo * day - (r.author.length % 12) * 3_600_000),
    });
  }

  await seedDemoCoupons(tx, { coffeeAndTea: lookup(ids.category, 'category', 'kaffee-tee') }, now);

  await tx
    .insert(settings)
    .values({ key: 'shop.owner', value: catalog.owner })
    .onConflictDoNothing();
  return catalog.products.length;
}
