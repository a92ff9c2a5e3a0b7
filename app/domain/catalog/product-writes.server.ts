// Creating, changing and deleting products and variations: one transaction each, prices
// recorded for the Omnibus note, stock status kept in step, every change in the audit log.
import { checkGroupedChildren, writeGroupedChildren } from './grouped-rows.server.ts';
import { checkReferences } from './product-references.server.ts';
import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { type Actor, recordChange } from '#app/domain/audit/audit.server.ts';
import type { Localized } from '#app/domain/kernel/localized.ts';
import { type Result, domainError, fail, notFound, ok } from '#app/domain/kernel/result.ts';
import type { Tx } from '#app/domain/kernel/tx.ts';
import {
  images,
  productAttributes,
  productCategories,
  productImages,
  products,
} from './catalog.schema.ts';
import { type ProductRow, effectiveStockStatus } from './catalog.rules.ts';
import type { LocalizedPatch, ProductPatch } from './product-patch.ts';
import { recordPrices } from './price-history.server.ts';
import type { StockReason } from './stock-history.schema.ts';
import { type StockCause, recordStockSet } from './stock.server.ts';
import { checkProductLinks, writeProductLinks } from './product-links.server.ts';
import { queueWebhookEvent } from '#app/domain/webhooks/webhooks.server.ts';

/** A write's stock change is the REST API's when an API key made it, else the product form's. */
function stockCause(actor: Actor, reason?: StockReason): StockCause {
  return { reason: reason ?? (actor.channel === 'api' ? 'rest_api' : 'product_edit'), actor };
}

const invalid = (code: string, params?: Record<string, string | number>) =>
  domainError('invalid', code, params);

/** The audit log's view of a product: its own columns, dates as text. */
function auditFields(row: ProductRow): Record<string, unknown> {
  const { createdAt: _c, updatedAt: _u, ...rest } = row;
  return JSON.parse(JSON.stringify(rest)) as Record<string, unknown>;
}

function merge(before: Localized | null, patch: LocalizedPatch | undefined): Localized | null {
  if (patch === undefined) return before;
  const next: Localized = { de: before?.de ?? '', ...(before?.en ? { en: before.en } : {}) };
  if (patch.de !== undefined) next.de = patch.de;
  if (patch.en !== undefined) next.en = patch.en;
  // German is every text's fallback, so it is never left empty when English is given.
  if (!next.de && next.en) next.de = next.en;
  return next;
}

export function slugify(text: string): string {
  // German letters as German addresses spell them (Größe: groesse), as the seed's slugs do.
  const base = text
    .toLowerCase()
    .replace(/[äöüß]/g, (c) => ({ ä: 'ae', ö: 'oe', ü: 'ue', ß: 'ss' })[c] ?? c)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 180);
  return base || 'product';
}

/** WordPress's way: the wanted slug, else `-2`, `-3`... */
async function freeSlug(db: Tx, wanted: string, self: number | null): Promise<string> {
  const taken = await db
    .select({ slug: products.slug })
    .from(products)
    .where(
      and(
        sql`(${products.slug} = ${wanted} or ${products.slug} like ${`${wanted.replace(/[\\%_]/g, (c) => `\\${c}`)}-%`})`,
        self !== null ? ne(products.id, self) : undefined,
      ),
    );
  const used = new Set(taken.map((t) => t.slug));
  if (!used.has(wanted)) return wanted;
  for (let n = 2; ; n++) if (!used.has(`${wanted}-${n}`)) return `${wanted}-${n}`;
}

/** Managed stock decides the status; unmanaged stock has no quantity (WooCommerce's rule). */
function stockColumns(before: ProductRow | null, patch: ProductPatch, variation: boolean) {
  const touched = ['manageStock', 'stockQuantity', 'stockStatus', 'backorders'].some(
    (key) => key in patch && patch[key as keyof ProductPatch] !== undefined,
  );
  if (before && !touched) return {};
  const manageStock =
    patch.manageStock !== undefined ? patch.manageStock : (before?.manageStock ?? null);
  let stockQuantity =
    patch.stockQuantity !== undefined ? patch.stockQuantity : (before?.stockQuantity ?? null);
  const backorders =
    patch.backorders !== undefined ? patch.backorders : (before?.backorders ?? null);
  let stockStatus =
    patch.stockStatus !== undefined ? patch.stockStatus : (before?.stockStatus ?? null);
  if (manageStock) {
    stockQuantity ??= 0;
    stockStatus = effectiveStockStatus({ manageStock, stockQuantity, stockStatus, backorders });
  } else if (manageStock === false || !variation) {
    stockQuantity = null;
  }
  return { manageStock, stockQuantity, stockStatus, backorders };
}

async function writeLinks(db: Tx, productId: number, patch: ProductPatch) {
  if (patch.categoryIds) {
    await db.delete(productCategories).where(eq(productCategories.productId, productId));
    const ids = [...new Set(patch.categoryIds)];
    if (ids.length > 0) {
      await db
        .insert(productCategories)
        .values(ids.map((categoryId, position) => ({ productId, categoryId, position })));
    }
  }
  if (patch.imageIds) {
    // A picture that stays keeps its video (the list names pictures only).
    const videos = new Map(
      (
        await db
          .select({
            imageId: productImages.imageId,
            videoProvider: productImages.videoProvider,
            videoId: productImages.videoId,
          })
          .from(productImages)
          .where(eq(productImages.productId, productId))
      ).map((r) => [r.imageId, r]),
    );
    await db.delete(productImages).where(eq(productImages.productId, productId));
    const ids = [...new Set(patch.imageIds)];
    if (ids.length > 0) {
      await db.insert(productImages).values(
        ids.map((imageId, position) => ({
          productId,
          imageId,
          position,
          videoProvider: videos.get(imageId)?.videoProvider ?? null,
          videoId: videos.get(imageId)?.videoId ?? null,
        })),
      );
    }
    for (const { imageId, alt } of patch.imageAlts ?? []) {
      if (!ids.includes(imageId)) continue;
      await db
        .update(images)
        .set({ alt: sql`${images.alt} || ${JSON.stringify(alt)}::jsonb` })
        .where(eq(images.id, imageId));
    }
  }
  if (patch.attributes) {
    await db.delete(productAttributes).where(eq(productAttributes.productId, productId));
    const seen = new Set<number>();
    const links = patch.attributes.filter(
      (l) => !seen.has(l.attributeId) && seen.add(l.attributeId),
    );
    if (links.length > 0) {
      await db.insert(productAttributes).values(
        links.map((l, position) => ({
          productId,
          attributeId: l.attributeId,
          termIds: [...new Set(l.termIds)],
          position,
          visible: l.visible,
          usedForVariations: l.usedForVariations,
        })),
      );
    }
  }
}

function columns(before: ProductRow | null, patch: ProductPatch, variation: boolean) {
  const {
    name,
    description,
    shortDescription,
    categoryIds: _c,
    imageIds,
    attributes: _a,
    sku,
    // Upsells, cross-sells and tags live in their own tables (product-links.server.ts).
    upsellIds: _u,
    crossSellIds: _x,
    tagIds: _t,
    tagNames: _n,
    // A grouped product's children live in their own table (grouped-rows.server.ts).
    groupedIds: _g,
    publishAt,
    ...plain
  } = patch;
  return {
    ...plain,
    ...(publishAt !== undefined ? { createdAt: publishAt } : {}),
    ...(name !== undefined ? { name: merge(before?.name ?? null, name) } : {}),
    ...(description !== undefined
      ? { description: merge(before?.description ?? null, description) }
      : {}),
    ...(shortDescription !== undefined
      ? { shortDescription: merge(before?.shortDescription ?? null, shortDescription) }
      : {}),
    ...(sku !== undefined ? { sku: sku || null } : {}),
    // The first picture is the product's own; a variation has only that one.
    ...(imageIds !== undefined ? { imageId: imageIds[0] ?? null } : {}),
    ...stockColumns(before, patch, variation),
  };
}

/** A SKU taken by a concurrent writer between the check and the write: the same refusal. */
async function skuGuard(
  sku: string | null | undefined,
  write: () => Promise<Result<ProductRow>>,
): Promise<Result<ProductRow>> {
  try {
    return await write();
  } catch (error) {
    for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
      const { code, message } = e as { code?: string; message?: string };
      if (code === '23505' && message?.includes('sku')) {
        return fail(invalid('catalog.error.sku_taken', { sku: sku ?? '' }));
      }
    }
    throw error;
  }
}

async function loadRow(db: Tx, id: number) {
  const [row] = await db.select().from(products).where(eq(products.id, id)).limit(1);
  return row ?? null;
}

/** A new simple, variable, grouped or external product. */
export async function createProduct(
  db: Tx,
  type: 'simple' | 'variable' | 'grouped' | 'external',
  patch: ProductPatch,
  actor: Actor,
  now = new Date(),
): Promise<Result<ProductRow>> {
  if (!patch.name?.de && !patch.name?.en) return fail(invalid('catalog.error.name_required'));
  const refused =
    (await checkReferences(db, patch)) ??
    (await checkProductLinks(db, null, patch)) ??
    (await checkGroupedChildren(db, null, patch.groupedIds));
  if (refused) return fail(refused);
  return skuGuard(patch.sku, () =>
    db.transaction(async (tx) => {
      const name = merge(null, patch.name)!;
      const slug = await freeSlug(tx, slugify(patch.slug || name.de), null);
      const fields = columns(null, patch, false);
      const [row] = await tx
        .insert(products)
        .values({
          // A product states what its variations inherit: WooCommerce's defaults.
          taxClass: 'standard',
          soldIndividually: false,
          ...fields,
          manageStock: fields.manageStock ?? false,
          backorders: fields.backorders ?? 'no',
          stockStatus: fields.stockStatus ?? 'instock',
          type,
          slug,
          status: patch.status ?? 'publish',
          createdAt: patch.publishAt ?? now,
          updatedAt: now,
        })
        .returning();
      await writeLinks(tx, row!.id, patch);
      await writeProductLinks(tx, row!.id, patch, slugify);
      await writeGroupedChildren(tx, row!.id, patch.groupedIds);
      await recordPrices(tx, [row!.id], now);
      await recordStockSet(tx, row!.id, null, row!, stockCause(actor));
      await recordChange(tx, actor, {
        entity: 'product',
        entityId: row!.id,
        action: 'create',
        after: auditFields(row!),
      });
      await queueWebhookEvent(tx, 'product.created', row!.id);
      return ok(row!);
    }),
  );
}

/** Changes a product or a variation (`parentId` given: it must be that product's). */
export async function updateProduct(
  db: Tx,
  id: number,
  patch: ProductPatch,
  actor: Actor,
  options: { parentId?: number; now?: Date; stockReason?: StockReason } = {},
): Promise<Result<ProductRow>> {
  const now = options.now ?? new Date();
  const before = await loadRow(db, id);
  const variation = options.parentId !== undefined;
  if (!before || (variation ? before.parentId !== options.parentId : before.parentId !== null)) {
    return fail(notFound(variation ? 'catalog.error.no_variation' : 'catalog.error.no_product'));
  }
  const refused = await checkReferences(db, {
    ...patch,
    sku: patch.sku && patch.sku !== before.sku ? patch.sku : undefined,
  });
  if (refused) return fail(refused);
  const linksRefused = variation
    ? null
    : ((await checkProductLinks(db, id, patch)) ??
      (await checkGroupedChildren(db, id, patch.groupedIds)));
  if (linksRefused) return fail(linksRefused);
  return skuGuard(patch.sku, () =>
    db.transaction(async (tx) => {
      const slug =
        patch.slug !== undefined && !variation
          ? await freeSlug(tx, slugify(patch.slug), id)
          : undefined;
      // The stock as it stands under the row lock, so the history's change is the true one
      // even when an order took some since `before` was read.
      const [held] = await tx
        .select({ manageStock: products.manageStock, stockQuantity: products.stockQuantity })
        .from(products)
        .where(eq(products.id, id))
        .for('update');
      const [row] = await tx
        .update(products)
        .set({ ...columns(before, patch, variation), ...(slug ? { slug } : {}), updatedAt: now })
        .where(eq(products.id, id))
        .returning();
      await writeLinks(tx, id, variation ? { ...patch, imageIds: undefined } : patch);
      if (!variation) await writeProductLinks(tx, id, patch, slugify);
      if (!variation) await writeGroupedChildren(tx, id, patch.groupedIds);
      await recordPrices(tx, [id], now);
      await recordStockSet(tx, id, held ?? before, row!, stockCause(actor, options.stockReason));
      await recordChange(tx, actor, {
        entity: 'product',
        entityId: id,
        action: 'update',
        before: auditFields(before),
        after: auditFields(row!),
      });
      // A variation is part of its product: the product is announced as changed.
      if (variation) await queueWebhookEvent(tx, 'product.updated', before.parentId!);
      else await queueWebhookEvent(tx, productTopic(before, row!), id);
      return ok(row!);
    }),
  );
}

/** A new variation of a variable product. */
export async function createVariation(
  db: Tx,
  parentId: number,
  patch: ProductPatch,
  actor: Actor,
  now = new Date(),
): Promise<Result<ProductRow>> {
  const parent = await loadRow(db, parentId);
  if (!parent || parent.parentId !== null) return fail(notFound('catalog.error.no_product'));
  if (parent.type !== 'variable') return fail(invalid('catalog.error.not_variable'));
  const refused = await checkReferences(db, patch);
  if (refused) return fail(refused);
  return skuGuard(patch.sku, () =>
    db.transaction(async (tx) => {
      const [row] = await tx
        .insert(products)
        .values({
          ...columns(null, patch, true),
          type: 'variation',
          parentId,
          status: patch.status ?? 'publish',
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      await recordPrices(tx, [row!.id], now);
      await recordStockSet(tx, row!.id, null, row!, stockCause(actor));
      await recordChange(tx, actor, {
        entity: 'product',
        entityId: row!.id,
        action: 'create',
        after: auditFields(row!),
      });
      await queueWebhookEvent(tx, 'product.updated', parentId);
      return ok(row!);
    }),
  );
}

/**
 * Moves a product to the trash, or deletes it (with its variations) for good. Orders keep
 * their lines: an order line holds its own copy of name, SKU and prices, not a reference.
 */
export async function deleteProduct(
  db: Tx,
  id: number,
  force: boolean,
  actor: Actor,
  options: { parentId?: number; now?: Date; stockReason?: StockReason } = {},
): Promise<Result<ProductRow>> {
  const before = await loadRow(db, id);
  const variation = options.parentId !== undefined;
  if (!before || (variation ? before.parentId !== options.parentId : before.parentId !== null)) {
    return fail(notFound(variation ? 'catalog.error.no_variation' : 'catalog.error.no_product'));
  }
  if (!force) {
    if (variation) return fail(invalid('catalog.error.variation_no_trash'));
    if (before.status === 'trash')
      return fail(domainError('conflict', 'catalog.error.already_trashed'));
    return updateProduct(db, id, { status: 'trash' }, actor, options);
  }
  return db.transaction(async (tx) => {
    await tx.delete(products).where(eq(products.id, id));
    // The parent's listing row follows the variations it still has.
    if (before.parentId !== null) {
      await tx
        .update(products)
        .set({ updatedAt: options.now ?? new Date() })
        .where(eq(products.id, before.parentId));
    }
    await recordChange(tx, actor, {
      entity: 'product',
      entityId: id,
      action: 'delete',
      before: auditFields(before),
      after: null,
    });
    if (before.parentId === null) await queueWebhookEvent(tx, 'product.deleted', id);
    else await queueWebhookEvent(tx, 'product.updated', before.parentId);
    return ok(before);
  });
}

/** Top-level product ids of these ids that exist (for batch answers). */
export async function existingProducts(db: Tx, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(and(inArray(products.id, ids), isNull(products.parentId)));
  return new Set(rows.map((r) => r.id));
}

// Webhooks: a product moved to the trash is announced as deleted, one taken out as restored.
function productTopic(
  before: Pick<ProductRow, 'status'>,
  after: Pick<ProductRow, 'status'>,
): 'product.updated' | 'product.deleted' | 'product.restored' {
  if (after.status === 'trash' && before.status !== 'trash') return 'product.deleted';
  if (before.status === 'trash' && after.status !== 'trash') return 'product.restored';
  return 'product.updated';
}
