// Categories, attributes and their terms as the REST API lists and creates them.
import { and, asc, count, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import { type Actor, recordChange } from '#app/domain/audit/audit.server.ts';
import type { Localized } from '#app/domain/kernel/localized.ts';
import { type Result, domainError, fail, ok } from '#app/domain/kernel/result.ts';
import type { Tx } from '#app/domain/kernel/tx.ts';
import { attributeTerms, attributes, categories, productCategories } from './catalog.schema.ts';
import { slugify } from './product-writes.server.ts';

export type CategoryRow = typeof categories.$inferSelect & { count: number };
export type AttributeRow = typeof attributes.$inferSelect;
export type TermRow = typeof attributeTerms.$inferSelect & { count: number };

export type TermQuery = { search?: string; page: number; perPage: number; include?: number[] };

const like = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const named = (column: typeof categories.name | typeof attributeTerms.name, text?: string) =>
  text
    ? or(ilike(sql`${column}->>'de'`, like(text)), ilike(sql`${column}->>'en'`, like(text)))
    : undefined;

export async function findCategories(
  db: Tx,
  q: TermQuery & { parent?: number; slug?: string },
): Promise<{ rows: CategoryRow[]; total: number }> {
  const where = and(
    named(categories.name, q.search),
    q.parent !== undefined
      ? q.parent === 0
        ? sql`${categories.parentId} is null`
        : eq(categories.parentId, q.parent)
      : undefined,
    q.slug !== undefined ? eq(categories.slug, q.slug) : undefined,
    q.include?.length ? inArray(categories.id, q.include) : undefined,
  );
  const [total] = await db.select({ n: count() }).from(categories).where(where);
  const rows = await db
    .select({
      category: categories,
      count: sql<number>`(select count(*) from ${productCategories} where ${productCategories.categoryId} = ${categories.id})::int`,
    })
    .from(categories)
    .where(where)
    .orderBy(asc(categories.position), asc(categories.id))
    .limit(q.perPage)
    .offset((q.page - 1) * q.perPage);
  return {
    rows: rows.map((r) => ({ ...r.category, count: Number(r.count) })),
    total: Number(total?.n ?? 0),
  };
}

export async function createCategory(
  db: Tx,
  input: { name: Localized; slug?: string; parentId?: number; description?: Localized },
  actor: Actor,
): Promise<Result<CategoryRow>> {
  const slug = slugify(input.slug || input.name.de);
  if (input.parentId !== undefined) {
    const [parent] = await db.select().from(categories).where(eq(categories.id, input.parentId));
    if (!parent)
      return fail(domainError('invalid', 'catalog.error.unknown_category', { id: input.parentId }));
  }
  const [taken] = await db.select().from(categories).where(eq(categories.slug, slug));
  if (taken) return fail(domainError('invalid', 'catalog.error.term_exists', { id: taken.id }));
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(categories)
      .values({
        name: input.name,
        slug,
        parentId: input.parentId ?? null,
        description: input.description ?? null,
      })
      .returning();
    await recordChange(tx, actor, {
      entity: 'category',
      entityId: row!.id,
      action: 'create',
      after: { slug, name: input.name },
    });
    return ok({ ...row!, count: 0 });
  });
}

export async function findAttributes(db: Tx): Promise<AttributeRow[]> {
  return db.select().from(attributes).orderBy(asc(attributes.id));
}

export async function createAttribute(
  db: Tx,
  input: { name: Localized; slug?: string },
  actor: Actor,
): Promise<Result<AttributeRow>> {
  const slug = slugify(input.slug?.replace(/^pa_/, '') || input.name.de).slice(0, 28);
  const [taken] = await db.select().from(attributes).where(eq(attributes.slug, slug));
  if (taken) return fail(domainError('invalid', 'catalog.error.attribute_exists', { slug }));
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(attributes).values({ name: input.name, slug }).returning();
    await recordChange(tx, actor, {
      entity: 'attribute',
      entityId: row!.id,
      action: 'create',
      after: { slug, name: input.name },
    });
    return ok(row!);
  });
}

export async function findTerms(
  db: Tx,
  attributeId: number,
  q: TermQuery,
): Promise<{ rows: TermRow[]; total: number }> {
  const where = and(
    eq(attributeTerms.attributeId, attributeId),
    named(attributeTerms.name, q.search),
    q.include?.length ? inArray(attributeTerms.id, q.include) : undefined,
  );
  const [total] = await db.select({ n: count() }).from(attributeTerms).where(where);
  const rows = await db
    .select({
      term: attributeTerms,
      count: sql<number>`(select count(*) from product_attributes pa where ${attributeTerms.id} = any(pa.term_ids))::int`,
    })
    .from(attributeTerms)
    .where(where)
    .orderBy(asc(attributeTerms.position), asc(attributeTerms.id))
    .limit(q.perPage)
    .offset((q.page - 1) * q.perPage);
  return {
    rows: rows.map((r) => ({ ...r.term, count: Number(r.count) })),
    total: Number(total?.n ?? 0),
  };
}

export async function createTerm(
  db: Tx,
  attributeId: number,
  input: { name: Localized; slug?: string; menuOrder?: number },
  actor: Actor,
): Promise<Result<TermRow>> {
  const slug = slugify(input.slug || input.name.de);
  const [taken] = await db
    .select()
    .from(attributeTerms)
    .where(and(eq(attributeTerms.attributeId, attributeId), eq(attributeTerms.slug, slug)));
  if (taken) return fail(domainError('invalid', 'catalog.error.term_exists', { id: taken.id }));
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(attributeTerms)
      .values({ attributeId, name: input.name, slug, position: input.menuOrder ?? 0 })
      .returning();
    await recordChange(tx, actor, {
      entity: 'attribute_term',
      entityId: row!.id,
      action: 'create',
      after: { attributeId, slug, name: input.name },
    });
    return ok({ ...row!, count: 0 });
  });
}

/** A term of an attribute by its slug or its name in either language. */
export async function termByOption(
  db: Tx,
  attributeId: number,
  option: string,
): Promise<TermRow | null> {
  const [row] = await db
    .select()
    .from(attributeTerms)
    .where(
      and(
        eq(attributeTerms.attributeId, attributeId),
        or(
          eq(attributeTerms.slug, option),
          sql`lower(${attributeTerms.name}->>'de') = lower(${option})`,
          sql`lower(${attributeTerms.name}->>'en') = lower(${option})`,
        ),
      ),
    )
    .limit(1);
  return row ? { ...row, count: 0 } : null;
}

/** An attribute by id, or by its name or slug (`pa_color`) as variations name it. */
export async function attributeByRef(
  db: Tx,
  ref: { id?: number; name?: string },
): Promise<AttributeRow | null> {
  if (ref.id !== undefined) {
    const [row] = await db.select().from(attributes).where(eq(attributes.id, ref.id));
    return row ?? null;
  }
  if (!ref.name) return null;
  const name = ref.name;
  const [row] = await db
    .select()
    .from(attributes)
    .where(
      or(
        eq(attributes.slug, name.replace(/^pa_/, '')),
        sql`lower(${attributes.name}->>'de') = lower(${name})`,
        sql`lower(${attributes.name}->>'en') = lower(${name})`,
      ),
    )
    .limit(1);
  return row ?? null;
}
