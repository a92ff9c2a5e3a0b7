// Coupons written by managers (back office and REST API): the list, one coupon, and the
// commands, each checked as a whole and logged. The cart reads the same rows on every request,
// so a change applies to the next cart at once.
import { type SQL, and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { type Actor, recordChange } from '#app/domain/audit/audit.server.ts';
import { categories, products } from '#app/domain/catalog/catalog.schema.ts';
import type { Tx } from '#app/domain/kernel/tx.ts';
import { queueWebhookEvent } from '#app/domain/webhooks/webhooks.server.ts';
import { localize } from '#app/domain/kernel/localized.ts';
import type { Locale } from '#app/lib/locale.ts';
import { type Result, domainError, fail, notFound, ok } from '#app/domain/kernel/result.ts';
import { berlinDate } from '#app/domain/catalog/product-editor.rules.ts';
import {
  ADMIN_COUPONS_PER_PAGE,
  type CouponFields,
  type FieldProblem,
  couponFieldProblems,
} from './admin-coupons.rules.ts';
import type { AdminCouponPage, AdminCouponQuery } from './admin-coupons.view.ts';
import { coupons } from './coupons.schema.ts';

export type CouponRow = typeof coupons.$inferSelect;

const SORT_EXPRESSIONS = {
  created: sql`${coupons.createdAt}`,
  code: sql`lower(${coupons.code})`,
  usage: sql`${coupons.usageCount}`,
  expires: sql`coalesce(${coupons.expiresAt}, 'infinity'::timestamptz)`,
} as const;

/** A `like` pattern matching the term anywhere, its wildcards taken literally. */
const containsPattern = (term: string) =>
  `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const expiredCondition = (now: Date) =>
  sql`((${coupons.expiresAt} is not null and ${coupons.expiresAt} <= ${now.toISOString()}::timestamptz)
    or (${coupons.usageLimit} is not null and ${coupons.usageCount} >= ${coupons.usageLimit}))`;

function listCondition(query: AdminCouponQuery, now: Date): SQL | undefined {
  return and(
    query.search ? sql`lower(${coupons.code}) like ${containsPattern(query.search)}` : undefined,
    query.kind ? eq(coupons.kind, query.kind) : undefined,
    query.status === 'expired'
      ? expiredCondition(now)
      : query.status === 'active'
        ? sql`not ${expiredCondition(now)}`
        : undefined,
  );
}

export const isExpired = (row: CouponRow, now: Date) =>
  (row.expiresAt !== null && row.expiresAt.getTime() <= now.getTime()) ||
  (row.usageLimit !== null && row.usageCount >= row.usageLimit);

/** A page of coupons, keyset-paged by (sort expression, id). */
export async function adminCouponPage(
  db: Tx,
  query: AdminCouponQuery,
  now = new Date(),
): Promise<AdminCouponPage> {
  const expression = SORT_EXPRESSIONS[query.sort];
  const backwards = query.before !== null;
  const ascending = (query.dir === 'asc') !== backwards;
  const cursorId = query.after ?? query.before;
  const cursor =
    cursorId === null
      ? undefined
      : sql`(${expression}, ${coupons.id}) ${sql.raw(ascending ? '>' : '<')}
          (select ${expression}, ${coupons.id} from ${coupons} where ${coupons.id} = ${cursorId})`;
  const by = ascending ? asc : desc;
  const found = await db
    .select()
    .from(coupons)
    .where(and(listCondition(query, now), cursor))
    .orderBy(by(expression), by(coupons.id))
    .limit(ADMIN_COUPONS_PER_PAGE + 1);
  const more = found.length > ADMIN_COUPONS_PER_PAGE;
  const shown = found.slice(0, ADMIN_COUPONS_PER_PAGE);
  if (backwards) shown.reverse();
  const rows = shown.map((c) => ({
    id: c.id,
    code: c.code,
    description: c.description,
    kind: c.kind as CouponFields['kind'],
    amount: c.amount,
    freeShipping: c.freeShipping,
    usageCount: c.usageCount,
    usageLimit: c.usageLimit,
    lastDay: c.expiresAt ? berlinDate(new Date(c.expiresAt.getTime() - 1)) : null,
    expired: isExpired(c, now),
    createdAt: c.createdAt.toISOString(),
  }));
  const first = rows[0]?.id ?? null;
  const last = rows.at(-1)?.id ?? null;
  return {
    rows,
    next: backwards ? last : more ? last : null,
    previous: backwards ? (more ? first : null) : cursorId !== null ? first : null,
  };
}

export async function findCoupon(db: Tx, id: number): Promise<CouponRow | null> {
  const [row] = await db.select().from(coupons).where(eq(coupons.id, id)).limit(1);
  return row ?? null;
}

export function fieldsOf(row: CouponRow): CouponFields {
  return {
    code: row.code,
    description: row.description,
    kind: row.kind as CouponFields['kind'],
    amount: row.amount,
    freeShipping: row.freeShipping,
    expiresAt: row.expiresAt,
    minimumSpend: row.minimumSpend,
    maximumSpend: row.maximumSpend,
    productIds: row.productIds,
    excludedProductIds: row.excludedProductIds,
    categoryIds: row.categoryIds,
    excludedCategoryIds: row.excludedCategoryIds,
    usageLimit: row.usageLimit,
    usageLimitPerCustomer: row.usageLimitPerCustomer,
    individualUse: row.individualUse,
    excludeSaleItems: row.excludeSaleItems,
    allowedEmails: row.allowedEmails,
    itemLimit: row.itemLimit,
  };
}

/** The audit log's picture of a coupon: its fields, dates as text. */
const audited = (c: CouponFields) => ({ ...c, expiresAt: c.expiresAt?.toISOString() ?? null });

/** A refusal that names every field's problem. */
export type CouponRefusal = { kind: 'invalid' | 'conflict'; problems: FieldProblem[] };

async function missingIds(db: Tx, table: 'products' | 'categories', wanted: number[]) {
  if (wanted.length === 0) return [];
  const found =
    table === 'products'
      ? await db
          .select({ id: products.id })
          .from(products)
          .where(and(inArray(products.id, wanted), ne(products.status, 'trash')))
      : await db
          .select({ id: categories.id })
          .from(categories)
          .where(inArray(categories.id, wanted));
  const known = new Set(found.map((r) => r.id));
  return wanted.filter((id) => !known.has(id));
}

/** Every problem of a coupon about to be saved: its own rules, then what the database knows. */
async function problemsOf(
  db: Tx,
  fields: CouponFields,
  id: number | null,
): Promise<CouponRefusal | null> {
  const problems = couponFieldProblems(fields);
  if (problems.length > 0) return { kind: 'invalid', problems };
  for (const [field, table, list] of [
    ['product_ids', 'products', fields.productIds],
    ['excluded_product_ids', 'products', fields.excludedProductIds],
    ['product_categories', 'categories', fields.categoryIds],
    ['excluded_product_categories', 'categories', fields.excludedCategoryIds],
  ] as const) {
    const missing = await missingIds(db, table, list);
    if (missing.length > 0) {
      problems.push({
        field,
        code:
          table === 'products'
            ? 'admin.coupons.error.unknown_products'
            : 'admin.coupons.error.unknown_categories',
        params: { ids: missing.slice(0, 10).join(', ') },
      });
    }
  }
  if (problems.length > 0) return { kind: 'invalid', problems };
  if (await codeTaken(db, fields.code, id)) {
    return {
      kind: 'conflict',
      problems: [
        { field: 'code', code: 'admin.coupons.error.code_taken', params: { code: fields.code } },
      ],
    };
  }
  return null;
}

/** Whether another coupon has this code in any case. */
export async function codeTaken(db: Tx, code: string, exceptId: number | null): Promise<boolean> {
  const [row] = await db
    .select({ id: coupons.id })
    .from(coupons)
    .where(
      and(
        sql`lower(${coupons.code}) = lower(${code})`,
        exceptId === null ? undefined : ne(coupons.id, exceptId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' &&
  error !== null &&
  ((error as { code?: string }).code === '23505' ||
    (error as { cause?: { code?: string } }).cause?.code === '23505');

const takenRefusal = (code: string): CouponRefusal => ({
  kind: 'conflict',
  problems: [{ field: 'code', code: 'admin.coupons.error.code_taken', params: { code } }],
});

export type CouponWrite = { ok: true; value: CouponRow } | { ok: false; refusal: CouponRefusal };

/** Creates a coupon; a code taken meanwhile (two saves racing) is refused like any other. */
export async function createCoupon(
  db: Tx,
  fields: CouponFields,
  actor: Actor,
): Promise<CouponWrite> {
  const refusal = await problemsOf(db, fields, null);
  if (refusal) return { ok: false, refusal };
  try {
    const row = await db.transaction(async (tx) => {
      const [created] = await tx
        .insert(coupons)
        .values({ ...fields })
        .returning();
      await recordChange(tx, actor, {
        entity: 'coupon',
        entityId: created!.id,
        action: 'created',
        after: audited(fields),
      });
      await queueWebhookEvent(tx, 'coupon.created', created!.id);
      return created!;
    });
    return { ok: true, value: row };
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, refusal: takenRefusal(fields.code) };
    throw error;
  }
}

/**
 * Replaces a coupon's fields (the caller merged what it did not change). Its usage count is
 * the shop's, never written here.
 */
export async function updateCoupon(
  db: Tx,
  id: number,
  change: (current: CouponFields) => CouponFields,
  actor: Actor,
): Promise<CouponWrite | null> {
  try {
    return await db.transaction(async (tx) => {
      const [current] = await tx.select().from(coupons).where(eq(coupons.id, id)).for('update');
      if (!current) return null;
      const before = fieldsOf(current);
      const fields = change(before);
      const refusal = await problemsOf(tx, fields, id);
      if (refusal) return { ok: false as const, refusal };
      const [updated] = await tx.update(coupons).set(fields).where(eq(coupons.id, id)).returning();
      await recordChange(tx, actor, {
        entity: 'coupon',
        entityId: id,
        action: 'updated',
        before: audited(before),
        after: audited(fields),
      });
      await queueWebhookEvent(tx, 'coupon.updated', id);
      return { ok: true as const, value: updated! };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, refusal: takenRefusal('') };
    throw error;
  }
}

/**
 * Deletes a coupon for good. Carts drop it (their rows go with it); placed orders keep their
 * coupon lines, code and discount included.
 */
export async function deleteCoupon(db: Tx, id: number, actor: Actor): Promise<Result<CouponRow>> {
  return db.transaction(async (tx) => {
    const [deleted] = await tx.delete(coupons).where(eq(coupons.id, id)).returning();
    if (!deleted) return fail(notFound('admin.coupons.error.not_found'));
    await recordChange(tx, actor, {
      entity: 'coupon',
      entityId: id,
      action: 'deleted',
      before: audited(fieldsOf(deleted)),
    });
    await queueWebhookEvent(tx, 'coupon.deleted', id);
    return ok(deleted);
  });
}

/** The refusal's first problem as a domain failure, for wire formats that report one. */
export function refusalError(refusal: CouponRefusal) {
  const first = refusal.problems[0]!;
  return domainError(refusal.kind, first.code, { ...first.params, field: first.field });
}

/** Coupons for the REST list: filters, order and a page, with the total count. */
export async function restCouponList(
  db: Tx,
  query: {
    search?: string;
    code?: string;
    include?: number[];
    exclude?: number[];
    orderby: 'date' | 'id' | 'title' | 'slug' | 'modified' | 'include';
    order: 'asc' | 'desc';
    offset: number;
    limit: number;
  },
): Promise<{ rows: CouponRow[]; total: number }> {
  const where = and(
    query.search ? sql`lower(${coupons.code}) like ${containsPattern(query.search)}` : undefined,
    query.code !== undefined ? sql`lower(${coupons.code}) = lower(${query.code})` : undefined,
    query.include?.length ? inArray(coupons.id, query.include) : undefined,
    query.exclude?.length ? sql`${coupons.id} not in ${query.exclude}` : undefined,
  );
  const by = query.order === 'asc' ? asc : desc;
  const order =
    query.orderby === 'title' || query.orderby === 'slug'
      ? [by(sql`lower(${coupons.code})`), by(coupons.id)]
      : query.orderby === 'id'
        ? [by(coupons.id)]
        : query.orderby === 'include' && query.include?.length
          ? [
              sql`array_position(${sql`ARRAY[${sql.join(
                query.include.map((i) => sql`${i}`),
                sql`, `,
              )}]::int[]`}, ${coupons.id})`,
            ]
          : [by(coupons.createdAt), by(coupons.id)];
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(coupons)
      .where(where)
      .orderBy(...order)
      .limit(query.limit)
      .offset(query.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(coupons)
      .where(where),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}

/** Products named by a coupon, for the editor to show what a list of ids means. */
export async function productLabels(
  db: Tx,
  ids: readonly number[],
  locale: Locale,
): Promise<{ id: number; name: string }[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: products.id, name: products.name, sku: products.sku })
    .from(products)
    .where(inArray(products.id, [...ids]));
  return rows.map((r) => ({
    id: r.id,
    name: [localize(r.name, locale), r.sku].filter(Boolean).join(' · ') || `#${r.id}`,
  }));
}

/** Every category, by name, for the editor's restriction lists. */
export async function categoryChoices(
  db: Tx,
  locale: Locale,
): Promise<{ id: number; name: string }[]> {
  const rows = await db
    .select({ id: categories.id, name: categories.name })
    .from(categories)
    .limit(2000);
  return rows
    .map((r) => ({ id: r.id, name: localize(r.name, locale) }))
    .sort((a, b) => a.name.localeCompare(b.name, locale));
}
