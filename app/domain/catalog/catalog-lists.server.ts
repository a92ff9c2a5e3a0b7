// One way to list, create, edit and delete the catalog's simple lists (tags, delivery times,
// deposit types, manufacturers, shipping classes, attributes and their terms).
import { type SQL, and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { type Actor, recordChange } from '#app/domain/audit/audit.server.ts';
import {
  deliveryTimes,
  depositTypes,
  manufacturers,
} from '#app/domain/compliance/compliance.schema.ts';
import { localize } from '#app/domain/kernel/localized.ts';
import {
  type DomainError,
  type Result,
  domainError,
  fail,
  notFound,
  ok,
} from '#app/domain/kernel/result.ts';
import type { Tx } from '#app/domain/kernel/tx.ts';
import {
  type Swatch,
  attributeTerms,
  attributes,
  images,
  productAttributes,
  productTags,
  products,
  tags,
} from './catalog.schema.ts';
import { LIST_FIELDS, type ListKind, type ParsedEntry } from './catalog-lists.ts';
import type { ImageChoice } from './catalog-lists.view.ts';
import type { Locale } from '#app/lib/locale.ts';
import { slugify } from './product-writes.server.ts';

type Row = Record<string, unknown> & { id: number; slug: string };

export type ListDef = {
  kind: ListKind;
  table: PgTable & { id: PgColumn; slug: PgColumn };
  entity: string;
  /** How many products use the entry (a subquery on the entry's row): a used one stays. */
  usage: SQL<number>;
  /** Entries referred to by their slug elsewhere keep it while they are used. */
  slugReferenced?: true;
  order?: PgColumn;
  /** Terms belong to an attribute: the scope column (and its key), unique slugs within it. */
  scope?: PgColumn;
  scopeKey?: string;
  /** Checks against other tables (a chosen picture exists). */
  check?: (db: Tx, values: Record<string, unknown>) => Promise<DomainError | null>;
  toColumns?: (values: Record<string, unknown>) => Record<string, unknown>;
  fromRow?: (row: Row) => Record<string, unknown>;
};

export const productCount = (where: SQL) =>
  sql<number>`(select count(*) from ${products} where ${where})::int`;
const count = (table: PgTable, where: SQL) =>
  sql<number>`(select count(*) from ${table} where ${where})::int`;

/** The lists the catalog holds; shipping classes are the shipping's (same pattern). */
export const CATALOG_LISTS: Record<Exclude<ListKind, 'shipping-classes'>, ListDef> = {
  tags: {
    kind: 'tags',
    table: tags,
    entity: 'tag',
    usage: count(productTags, sql`${productTags.tagId} = ${tags.id}`),
  },
  'delivery-times': {
    kind: 'delivery-times',
    table: deliveryTimes,
    entity: 'delivery_time',
    usage: productCount(sql`${products.deliveryTimeId} = ${deliveryTimes.id}`),
  },
  'deposit-types': {
    kind: 'deposit-types',
    table: depositTypes,
    entity: 'deposit_type',
    usage: productCount(sql`${products.depositTypeId} = ${depositTypes.id}`),
  },
  manufacturers: {
    kind: 'manufacturers',
    table: manufacturers,
    entity: 'manufacturer',
    usage: productCount(
      sql`${products.manufacturerId} = ${manufacturers.id} or ${products.responsiblePersonId} = ${manufacturers.id}`,
    ),
  },
  attributes: {
    kind: 'attributes',
    table: attributes,
    entity: 'attribute',
    usage: count(productAttributes, sql`${productAttributes.attributeId} = ${attributes.id}`),
    slugReferenced: true,
  },
  terms: {
    kind: 'terms',
    table: attributeTerms,
    entity: 'attribute_term',
    usage: count(productAttributes, sql`${attributeTerms.id} = any(${productAttributes.termIds})`),
    slugReferenced: true,
    order: attributeTerms.position,
    scope: attributeTerms.attributeId,
    scopeKey: 'attributeId',
    check: async (db, { swatchImage }) => {
      if (swatchImage === null || swatchImage === undefined) return null;
      const [image] = await db
        .select({ id: images.id })
        .from(images)
        .where(eq(images.id, swatchImage as number));
      return image
        ? null
        : domainError('invalid', 'admin.catalogLists.error.image', { field: 'swatchImage' });
    },
    toColumns: ({ swatchColor, swatchImage, swatchLabel, position, ...rest }) => {
      const swatch: Swatch = {};
      if (swatchColor) swatch.color = swatchColor as string;
      if (swatchImage) swatch.imageId = swatchImage as number;
      if (swatchLabel) swatch.label = swatchLabel as Swatch['label'];
      return {
        ...rest,
        position: position ?? 0,
        swatch: Object.keys(swatch).length ? swatch : null,
      };
    },
    fromRow: (row) => {
      const swatch = (row.swatch ?? {}) as Swatch;
      return {
        ...row,
        swatchColor: swatch.color ?? null,
        swatchImage: swatch.imageId ?? null,
        swatchLabel: swatch.label ?? null,
      };
    },
  },
};

export type ListEntry = { id: number; slug: string; used: number; values: Record<string, unknown> };

const entryOf = (def: ListDef, row: Row, used: number): ListEntry => ({
  id: row.id,
  slug: row.slug,
  used: Number(used),
  values: def.fromRow ? def.fromRow(row) : row,
});

const inScope = (def: ListDef, scope?: number) =>
  def.scope && scope !== undefined ? eq(def.scope, scope) : undefined;

async function rowsOf(db: Tx, def: ListDef, where: SQL | undefined) {
  const rows = await db
    .select({ row: def.table as never, used: def.usage })
    .from(def.table)
    .where(where)
    .orderBy(...(def.order ? [asc(def.order)] : []), asc(def.table.id));
  return rows as unknown as { row: Row; used: number }[];
}

/** Every entry of a list (of one attribute's terms), with how many products use it. */
export async function listEntries(db: Tx, def: ListDef, scope?: number): Promise<ListEntry[]> {
  const rows = await rowsOf(db, def, inScope(def, scope));
  return rows.map(({ row, used }) => entryOf(def, row, used));
}

async function rowOf(db: Tx, def: ListDef, id: number, scope?: number) {
  const [found] = await rowsOf(db, def, and(eq(def.table.id, id), inScope(def, scope)));
  return found ?? null;
}

/** One entry, or null when there is none with this id (in this scope). */
export async function findEntry(
  db: Tx,
  def: ListDef,
  id: number,
  scope?: number,
): Promise<ListEntry | null> {
  const found = await rowOf(db, def, id, scope);
  return found ? entryOf(def, found.row, found.used) : null;
}

async function slugTaken(db: Tx, def: ListDef, slug: string, self: number | null, scope?: number) {
  const [taken] = await db
    .select({ id: def.table.id })
    .from(def.table)
    .where(
      and(
        eq(def.table.slug, slug),
        self !== null ? ne(def.table.id, self) : undefined,
        inScope(def, scope),
      ),
    );
  return Boolean(taken);
}

const slugError = (slug: string) =>
  domainError('conflict', 'admin.catalogLists.error.slug_taken', { slug, field: 'slug' });

/**
 * Creates (id null) or updates an entry in one transaction with its audit entry. A slug must be
 * unique (within the attribute for terms); a slug others refer to stays while it is used.
 */
export async function saveEntry(
  db: Tx,
  def: ListDef,
  id: number | null,
  entry: ParsedEntry,
  actor: Actor,
  scope?: number,
): Promise<Result<ListEntry>> {
  const slug = slugify(entry.slug).slice(0, def.kind === 'attributes' ? 28 : 190);
  const columns = {
    ...(def.toColumns ? def.toColumns(entry.values) : entry.values),
    slug,
    ...(def.scopeKey && scope !== undefined ? { [def.scopeKey]: scope } : {}),
  };
  return db.transaction(async (tx) => {
    if (await slugTaken(tx, def, slug, id, scope)) return fail(slugError(slug));
    const refused = def.check ? await def.check(tx, entry.values) : null;
    if (refused) return fail(refused);
    if (id === null) {
      const [row] = (await tx
        .insert(def.table)
        .values(columns as never)
        .returning()) as Row[];
      await recordChange(tx, actor, {
        entity: def.entity,
        entityId: row!.id,
        action: 'create',
        after: columns,
      });
      return ok(entryOf(def, row!, 0));
    }
    const found = await rowOf(tx, def, id, scope);
    if (!found) return fail(notFound('admin.catalogLists.error.unknown'));
    const { row: before, used } = found;
    if (def.slugReferenced && used > 0 && before.slug !== slug)
      return fail(
        domainError('conflict', 'admin.catalogLists.error.slug_in_use', {
          count: used,
          field: 'slug',
        }),
      );
    const [row] = (await tx
      .update(def.table)
      .set(columns as never)
      .where(eq(def.table.id, id))
      .returning()) as Row[];
    await recordChange(tx, actor, {
      entity: def.entity,
      entityId: id,
      action: 'update',
      before,
      after: row!,
    });
    return ok(entryOf(def, row!, used));
  });
}

/** Deletes an entry no product uses; a used one is refused with the number of products. */
export async function deleteEntry(
  db: Tx,
  def: ListDef,
  id: number,
  actor: Actor,
  scope?: number,
): Promise<Result<{ id: number }>> {
  return db.transaction(async (tx) => {
    const found = await rowOf(tx, def, id, scope);
    if (!found) return fail(notFound('admin.catalogLists.error.unknown'));
    const { row: before, used } = found;
    if (used > 0)
      return fail(domainError('conflict', 'admin.catalogLists.error.in_use', { count: used }));
    await tx.delete(def.table).where(eq(def.table.id, id));
    await recordChange(tx, actor, { entity: def.entity, entityId: id, action: 'delete', before });
    return ok({ id });
  });
}

/** The newest pictures to choose a swatch or category picture from. */
export async function imageChoices(db: Tx, locale: Locale, limit = 60): Promise<ImageChoice[]> {
  const rows = await db
    .select({ id: images.id, key: images.key, alt: images.alt })
    .from(images)
    .orderBy(desc(images.id))
    .limit(limit);
  return rows.map((r) => ({ id: r.id, key: r.key, alt: localize(r.alt, locale) }));
}

/**
 * Changes some fields of an entry (the REST API's partial update); the others keep their
 * values, and the same rules as the back office's form apply.
 */
export async function updateEntryFields(
  db: Tx,
  def: ListDef,
  id: number,
  changes: { slug?: string; values: Record<string, unknown> },
  actor: Actor,
  scope?: number,
): Promise<Result<ListEntry>> {
  const current = await findEntry(db, def, id, scope);
  if (!current) return fail(notFound('admin.catalogLists.error.unknown'));
  const values = Object.fromEntries(
    LIST_FIELDS[def.kind].map((f) => [f.name, current.values[f.name] ?? null]),
  );
  for (const [name, value] of Object.entries(changes.values))
    if (value !== undefined) values[name] = value;
  return saveEntry(db, def, id, { slug: changes.slug || current.slug, values }, actor, scope);
}
