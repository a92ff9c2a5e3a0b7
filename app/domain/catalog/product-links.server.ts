// Upsells, cross-sells and tags of a product: checked, written with the product, and read for
// the back office, the REST API and the storefront (product page, cart, tag pages).
import { and, asc, eq, inArray, isNull, ne, notInArray, or, sql } from 'drizzle-orm';
import { type DomainError, domainError } from '#app/domain/kernel/result.ts';
import { type Localized, localize } from '#app/domain/kernel/localized.ts';
import type { Tx } from '#app/domain/kernel/tx.ts';
import type { Locale } from '#app/lib/locale.ts';
import {
  type ProductLinkKind,
  productLinks,
  productTags,
  products,
  tags,
} from './catalog.schema.ts';
import type { ProductLinksPatch } from './product-patch.ts';
import { TAG_NAME_MAX, cleanTagName } from './product-links.rules.ts';
import { summarise } from './catalog.server.ts';
import type { ProductSummary } from './catalog.view.ts';
import { shownProducts } from './publication.server.ts';

/** At most this many upsells or cross-sells per product, and tags per product. */
export const LINKS_MAX = 100;

const invalid = (code: string, params?: Record<string, string | number>) =>
  domainError('invalid', code, params);

const unique = (ids: number[]) => [...new Set(ids)];

/**
 * Refuses a product linking itself, ids of no top-level product, unknown tag ids and tag names
 * no one could read. `self` is null for a product not created yet.
 */
export async function checkProductLinks(
  db: Tx,
  self: number | null,
  patch: ProductLinksPatch,
): Promise<DomainError | null> {
  for (const [field, ids] of [
    ['upsell_ids', patch.upsellIds],
    ['cross_sell_ids', patch.crossSellIds],
  ] as const) {
    if (!ids) continue;
    if (ids.length > LINKS_MAX) return invalid('catalog.error.too_many_links', { max: LINKS_MAX });
    if (self !== null && ids.includes(self)) return invalid('catalog.error.self_link', { field });
    const wanted = unique(ids);
    if (wanted.length === 0) continue;
    const found = await db
      .select({ id: products.id })
      .from(products)
      .where(
        and(inArray(products.id, wanted), isNull(products.parentId), ne(products.status, 'trash')),
      );
    const known = new Set(found.map((f) => f.id));
    const missing = wanted.find((id) => !known.has(id));
    if (missing !== undefined) {
      return invalid('catalog.error.unknown_linked_product', { id: missing, field });
    }
  }
  if (patch.tagIds?.length) {
    if (patch.tagIds.length > LINKS_MAX) {
      return invalid('catalog.error.too_many_links', { max: LINKS_MAX });
    }
    const wanted = unique(patch.tagIds);
    const found = await db.select({ id: tags.id }).from(tags).where(inArray(tags.id, wanted));
    const known = new Set(found.map((f) => f.id));
    const missing = wanted.find((id) => !known.has(id));
    if (missing !== undefined) return invalid('catalog.error.unknown_tag', { id: missing });
  }
  if (patch.tagNames) {
    if (patch.tagNames.length > LINKS_MAX) {
      return invalid('catalog.error.too_many_links', { max: LINKS_MAX });
    }
    for (const raw of patch.tagNames) {
      if (cleanTagName(raw) === null) {
        return invalid('catalog.error.tag_name_invalid', { max: TAG_NAME_MAX });
      }
    }
  }
  return null;
}

/** Tag ids for names: an existing tag named so (German or English, any case), else a new one. */
async function tagIdsByName(
  db: Tx,
  names: string[],
  slugify: (text: string) => string,
): Promise<number[]> {
  const ids: number[] = [];
  for (const raw of names) {
    const name = cleanTagName(raw);
    if (name === null) continue;
    const slug = slugify(name).slice(0, 190);
    const [found] = await db
      .select({ id: tags.id })
      .from(tags)
      .where(
        or(
          sql`lower(${tags.name}->>'de') = lower(${name})`,
          sql`lower(${tags.name}->>'en') = lower(${name})`,
          eq(tags.slug, slug),
        ),
      )
      .orderBy(asc(tags.id))
      .limit(1);
    if (found) {
      ids.push(found.id);
      continue;
    }
    const [created] = await db
      .insert(tags)
      .values({ slug, name: { de: name } })
      .onConflictDoNothing()
      .returning({ id: tags.id });
    const id =
      created?.id ??
      (await db.select({ id: tags.id }).from(tags).where(eq(tags.slug, slug)))[0]?.id;
    if (id !== undefined) ids.push(id);
  }
  return ids;
}

/**
 * Writes the lists the patch names (inside the product's transaction); others stay. New tags get
 * their slug from `slugify`, the products' own (passed in: the product writes call this).
 */
export async function writeProductLinks(
  db: Tx,
  productId: number,
  patch: ProductLinksPatch,
  slugify: (text: string) => string,
) {
  const lists: [ProductLinkKind, number[] | undefined][] = [
    ['upsell', patch.upsellIds],
    ['cross_sell', patch.crossSellIds],
  ];
  for (const [kind, ids] of lists) {
    if (!ids) continue;
    await db
      .delete(productLinks)
      .where(and(eq(productLinks.productId, productId), eq(productLinks.kind, kind)));
    const wanted = unique(ids).filter((id) => id !== productId);
    if (wanted.length > 0) {
      await db
        .insert(productLinks)
        .values(wanted.map((linkedId, position) => ({ productId, kind, linkedId, position })));
    }
  }
  if (patch.tagIds || patch.tagNames) {
    const ids = unique([
      ...(patch.tagIds ?? []),
      ...(await tagIdsByName(db, patch.tagNames ?? [], slugify)),
    ]);
    await db.delete(productTags).where(eq(productTags.productId, productId));
    if (ids.length > 0) {
      await db.insert(productTags).values(ids.map((tagId) => ({ productId, tagId })));
    }
  }
}

export type LinkedTag = { id: number; slug: string; name: Localized };
export type ProductLinkLists = { upsellIds: number[]; crossSellIds: number[]; tags: LinkedTag[] };

/** The lists of these products, in two reads. */
export async function productLinkLists(
  db: Tx,
  ids: number[],
): Promise<Map<number, ProductLinkLists>> {
  const result = new Map<number, ProductLinkLists>(
    ids.map((id) => [id, { upsellIds: [], crossSellIds: [], tags: [] }]),
  );
  if (ids.length === 0) return result;
  const links = await db
    .select()
    .from(productLinks)
    .where(inArray(productLinks.productId, ids))
    .orderBy(asc(productLinks.productId), asc(productLinks.position));
  for (const link of links) {
    const lists = result.get(link.productId)!;
    (link.kind === 'upsell' ? lists.upsellIds : lists.crossSellIds).push(link.linkedId);
  }
  const tagRows = await db
    .select({ productId: productTags.productId, id: tags.id, slug: tags.slug, name: tags.name })
    .from(productTags)
    .innerJoin(tags, eq(tags.id, productTags.tagId))
    .where(inArray(productTags.productId, ids))
    .orderBy(asc(tags.slug));
  for (const { productId, ...tag } of tagRows) result.get(productId)!.tags.push(tag);
  return result;
}

// ---- The storefront ----

/** Linked products a shopper may see (published, top level), as cards, in the chosen order. */
async function linkedCards(
  db: Tx,
  from: number[],
  kind: ProductLinkKind,
  locale: Locale,
  limit: number,
  skip: number[] = [],
): Promise<ProductSummary[]> {
  if (from.length === 0) return [];
  const rows = await db
    .select({ product: products, position: productLinks.position })
    .from(productLinks)
    .innerJoin(products, eq(products.id, productLinks.linkedId))
    .where(
      and(
        inArray(productLinks.productId, from),
        eq(productLinks.kind, kind),
        shownProducts(),
        isNull(products.parentId),
        skip.length > 0 ? notInArray(products.id, skip) : undefined,
      ),
    )
    .orderBy(asc(productLinks.position), asc(productLinks.productId))
    .limit(limit * 4);
  const seen = new Set<number>();
  const picked = rows
    .map((r) => r.product)
    .filter((p) => !seen.has(p.id) && seen.add(p.id))
    .slice(0, limit);
  return summarise(db, picked, locale);
}

/** The product page's "You may also like". */
export function upsellCards(db: Tx, productId: number, locale: Locale, limit = 8) {
  return linkedCards(db, [productId], 'upsell', locale, limit);
}

/** The cart's suggestions: its products' cross-sells not in the cart already. */
export function crossSellCards(db: Tx, inCart: number[], locale: Locale, limit = 4) {
  return linkedCards(db, inCart, 'cross_sell', locale, limit, inCart);
}

/** A product's tags for its page, by name. */
export async function productTagLinks(
  db: Tx,
  productId: number,
  locale: Locale,
): Promise<{ slug: string; name: string }[]> {
  const rows = await db
    .select({ slug: tags.slug, name: tags.name })
    .from(productTags)
    .innerJoin(tags, eq(tags.id, productTags.tagId))
    .where(eq(productTags.productId, productId));
  return rows
    .map((r) => ({ slug: r.slug, name: localize(r.name, locale) }))
    .sort((a, b) => a.name.localeCompare(b.name, locale));
}

/** A tag by its slug, named in the reader's language; null when there is none. */
export async function tagBySlug(
  db: Tx,
  slug: string,
  locale: Locale,
): Promise<{ id: number; slug: string; name: string; description: string } | null> {
  const [row] = await db.select().from(tags).where(eq(tags.slug, slug)).limit(1);
  if (!row) return null;
  return {
    id: row.id,
    slug: row.slug,
    name: localize(row.name, locale),
    description: row.description ? localize(row.description, locale) : '',
  };
}

// ---- The back office ----

export type LinkChoice = { id: number; name: string; sku: string | null };

/** Products the editor offers to link, found by name or SKU (or id), top level, not trashed. */
export async function findLinkableProducts(
  db: Tx,
  text: string,
  locale: Locale,
  except: number | null,
  limit = 20,
): Promise<LinkChoice[]> {
  const needle = text.trim();
  const like = `%${needle.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const asId = /^\d{1,9}$/.test(needle) ? Number(needle) : null;
  const rows = await db
    .select({ id: products.id, name: products.name, sku: products.sku })
    .from(products)
    .where(
      and(
        isNull(products.parentId),
        ne(products.status, 'trash'),
        except !== null ? ne(products.id, except) : undefined,
        needle
          ? or(
              sql`${products.name}->>'de' ilike ${like}`,
              sql`${products.name}->>'en' ilike ${like}`,
              sql`${products.sku} ilike ${like}`,
              asId !== null ? eq(products.id, asId) : undefined,
            )
          : undefined,
      ),
    )
    .orderBy(asc(sql`lower(${products.name}->>'de')`), asc(products.id))
    .limit(limit);
  return rows.map((r) => ({ id: r.id, name: localize(r.name, locale), sku: r.sku }));
}

/** Names and SKUs of these products, in the order given (unknown ids left out). */
export async function linkChoicesById(
  db: Tx,
  ids: number[],
  locale: Locale,
): Promise<LinkChoice[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: products.id, name: products.name, sku: products.sku })
    .from(products)
    .where(inArray(products.id, unique(ids)));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    return r ? [{ id: r.id, name: localize(r.name, locale), sku: r.sku }] : [];
  });
}

/** Every tag, for the editor's choice. */
export async function tagChoices(db: Tx, locale: Locale) {
  const rows = await db.select().from(tags).orderBy(asc(tags.slug));
  return rows.map((r) => ({ id: r.id, slug: r.slug, name: localize(r.name, locale) }));
}

/** Product ids for SKUs or `id:N` references (the CSV's columns), in order; null: not found. */
export async function productIdsByRefs(
  db: Tx,
  refs: string[],
): Promise<{ resolved: (number | null)[]; unknown: string[] }> {
  const resolved: (number | null)[] = [];
  const unknown: string[] = [];
  for (const ref of refs) {
    const byId = /^id:(\d{1,9})$/i.exec(ref);
    const [row] = await db
      .select({ id: products.id })
      .from(products)
      .where(
        and(
          isNull(products.parentId),
          ne(products.status, 'trash'),
          byId ? eq(products.id, Number(byId[1])) : eq(products.sku, ref),
        ),
      )
      .limit(1);
    resolved.push(row?.id ?? null);
    if (!row) unknown.push(ref);
  }
  return { resolved, unknown };
}

/**
 * The product a person typed to add: `#12` or `12` (an id), a SKU, an exact name, else the one
 * product whose name or SKU holds the text. Null when none or several match.
 */
export async function resolveProductRef(db: Tx, text: string): Promise<number | null> {
  const needle = text.trim();
  if (!needle) return null;
  const live = and(isNull(products.parentId), ne(products.status, 'trash'));
  const asId = /^#?([1-9]\d{0,8})$/.exec(needle);
  if (asId) {
    const [row] = await db
      .select({ id: products.id })
      .from(products)
      .where(and(live, eq(products.id, Number(asId[1]))));
    if (row) return row.id;
  }
  const exact = await db
    .select({ id: products.id })
    .from(products)
    .where(
      and(
        live,
        or(
          eq(products.sku, needle),
          sql`lower(${products.name}->>'de') = lower(${needle})`,
          sql`lower(${products.name}->>'en') = lower(${needle})`,
        ),
      ),
    )
    .limit(2);
  if (exact.length === 1) return exact[0]!.id;
  if (exact.length > 1) return null;
  const found = await findLinkableProducts(db, needle, 'de', null, 2);
  return found.length === 1 ? found[0]!.id : null;
}
