import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { type LegalPage, type LegalSlug, isLegalSlug, legalPage } from '#app/content/legal.ts';
import type { Tx } from '#app/domain/kernel/tx.ts';
import { databaseOfTransaction } from '#app/lib/db.server.ts';
import { getSetting } from '#app/domain/settings/settings.server.ts';
import {
  type ShopOwner,
  UNSET_OWNER,
  displayOwner,
  shopOwnerSchema,
} from '#app/domain/settings/shop-owner.ts';
import { LOCALES, type Locale } from '#app/lib/locale.ts';
import { type LegalVersionRow, legalVersions } from './legal.schema.ts';

/** The pages a customer accepts with the terms box at checkout. */
export const ACCEPTED_AT_CHECKOUT = [
  'agb',
  'widerruf',
  'datenschutz',
] as const satisfies readonly LegalSlug[];

export type LegalVersion = {
  slug: string;
  version: number;
  publishedAt: Date;
  content: Record<Locale, LegalPage>;
  /** 'template': the starter text with the owner's details; 'edited': written by the shop. */
  source: 'template' | 'edited';
};

function view(row: LegalVersionRow): LegalVersion {
  return {
    slug: row.slug,
    version: row.version,
    publishedAt: row.publishedAt,
    content: row.content,
    source: row.source,
  };
}

/** The starter text of a page in every language, with the owner's details as they are now. */
function fromTemplate(slug: LegalSlug, owner: ShopOwner): Record<Locale, LegalPage> {
  return Object.fromEntries(
    LOCALES.map((locale) => [locale, legalPage(slug, locale, displayOwner(owner, locale))]),
  ) as Record<Locale, LegalPage>;
}

/**
 * Publishes a new version of a page: the next number for its slug. Two publishers racing for
 * the same number: the unique index lets one win, the other takes the next number.
 */
export async function publishLegalVersion(
  db: Tx,
  slug: LegalSlug,
  content: Record<Locale, LegalPage>,
  options: { source?: 'template' | 'edited'; now?: Date } = {},
): Promise<LegalVersion> {
  for (let attempt = 0; ; attempt++) {
    const published = await tryPublish(db, slug, content, options);
    if (published) return published;
    if (attempt >= 5) throw new Error(`could not publish a version of ${slug}`);
  }
}

/** One attempt at the next number; null when another publisher took it first. */
async function tryPublish(
  db: Tx,
  slug: LegalSlug,
  content: Record<Locale, LegalPage>,
  options: { source?: 'template' | 'edited'; now?: Date },
): Promise<LegalVersion | null> {
  const [row] = await db
    .insert(legalVersions)
    .values({
      slug,
      version: sql`(select coalesce(max(${legalVersions.version}), 0) + 1 from ${legalVersions} where ${legalVersions.slug} = ${slug})`,
      content,
      source: options.source ?? 'edited',
      publishedAt: options.now ?? new Date(),
    })
    .onConflictDoNothing()
    .returning();
  return row ? view(row) : null;
}

/**
 * Publishes the starter text as the next version unless the newest version already holds it,
 * judged in the same statement: a checkout that read the old version before another one's
 * commit does not publish the same text a second time.
 */
async function tryPublishTemplate(
  db: Tx,
  slug: LegalSlug,
  content: Record<Locale, LegalPage>,
): Promise<LegalVersion | null> {
  const json = JSON.stringify(content);
  const inserted = (await db.execute(sql`
    insert into ${legalVersions} (slug, version, content, source, published_at)
    select ${slug}, coalesce(max(version), 0) + 1, ${json}::jsonb, 'template', now()
    from ${legalVersions} where slug = ${slug}
    having not exists (
      select 1 from ${legalVersions} newest
      where newest.slug = ${slug} and newest.content = ${json}::jsonb
        and newest.version = (select max(version) from ${legalVersions} where slug = ${slug}))
    on conflict do nothing
    returning id`)) as unknown as { rows: { id: number }[] };
  const id = inserted.rows[0]?.id;
  if (id === undefined) return null;
  const [row] = await db.select().from(legalVersions).where(eq(legalVersions.id, id));
  return row ? view(row) : null;
}

async function latest(db: Tx, slugs: readonly string[]): Promise<Map<string, LegalVersionRow>> {
  const rows = await db
    .selectDistinctOn([legalVersions.slug])
    .from(legalVersions)
    .where(inArray(legalVersions.slug, [...slugs]))
    .orderBy(legalVersions.slug, desc(legalVersions.version));
  return new Map(rows.map((r) => [r.slug, r]));
}

/**
 * The version of each page in force now. A page with no version yet, or whose version came
 * from the starter texts and no longer matches them (new wording, changed owner details), gets
 * a new version from the starter texts first; a version the owner wrote is never replaced.
 */
export async function legalVersionsInForce(
  db: Tx,
  slugs: readonly LegalSlug[],
): Promise<Map<string, LegalVersion>> {
  const owner = await getSetting(db, 'shop.owner', shopOwnerSchema, UNSET_OWNER);
  const current = await latest(db, slugs);
  const result = new Map<string, LegalVersion>();
  for (const slug of slugs) {
    result.set(slug, await templateInForce(db, slug, fromTemplate(slug, owner), current.get(slug)));
  }
  return result;
}

/**
 * The version in force, publishing the starter text when it is newer. Checkouts running at
 * once may all find it missing: the one whose insert wins publishes it, the others read it
 * back instead of publishing the same text again.
 */
async function templateInForce(
  db: Tx,
  slug: LegalSlug,
  template: Record<Locale, LegalPage>,
  found: LegalVersionRow | undefined,
): Promise<LegalVersion> {
  let row = found;
  for (let attempt = 0; ; attempt++) {
    if (row && (row.source === 'edited' || sameContent(row.content, template))) return view(row);
    const published = await tryPublishTemplate(db, slug, template);
    if (published) return published;
    if (attempt >= 5) throw new Error(`could not publish a version of ${slug}`);
    row = (await latest(db, [slug])).get(slug);
  }
}

export async function legalVersionInForce(db: Tx, slug: LegalSlug): Promise<LegalVersion> {
  return (await legalVersionsInForce(db, [slug])).get(slug)!;
}

/** Equal as JSON values: the database hands jsonb objects back with their keys reordered. */
function sameContent(a: unknown, b: unknown): boolean {
  return canonical(a) === canonical(b);
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value).sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * Published versions never change (a new wording is a new version): each one read is kept per
 * database, so the mails of many orders read the texts once. Only reads outside a transaction
 * are kept, since a version read inside one may still be rolled back.
 */
const keptVersions = new WeakMap<object, Map<string, LegalVersion>>();

/** The exact versions named (an order's accepted ones); missing ones are left out. */
export async function legalVersionsByNumber(
  db: Tx,
  wanted: Record<string, number>,
): Promise<Map<string, LegalVersion>> {
  const entries = Object.entries(wanted).filter(
    ([slug, v]) => isLegalSlug(slug) && Number.isSafeInteger(v),
  );
  if (entries.length === 0) return new Map();
  const kept = databaseOfTransaction(db) ? null : (keptVersions.get(db) ?? new Map());
  if (kept) keptVersions.set(db, kept);
  const found = new Map<string, LegalVersion>();
  const missing = entries.filter(([slug, version]) => {
    const known = kept?.get(`${slug}:${version}`);
    if (known) found.set(slug, known);
    return !known;
  });
  if (missing.length === 0) return found;
  const rows = await db
    .select()
    .from(legalVersions)
    .where(
      or(
        ...missing.map(([slug, version]) =>
          and(eq(legalVersions.slug, slug), eq(legalVersions.version, version)),
        ),
      ),
    );
  for (const row of rows) {
    const version = view(row);
    found.set(row.slug, version);
    kept?.set(`${row.slug}:${row.version}`, version);
  }
  return found;
}

/** A page's versions, newest first. */
export async function legalVersionHistory(
  db: Tx,
  slug: LegalSlug,
  limit = 20,
): Promise<LegalVersion[]> {
  const rows = await db
    .select()
    .from(legalVersions)
    .where(eq(legalVersions.slug, slug))
    .orderBy(desc(legalVersions.version))
    .limit(limit);
  return rows.map(view);
}

/**
 * The shop's own wording for a page, published as its next version; nothing is published when
 * it equals the version in force (null then).
 */
export async function publishEditedLegalPage(
  db: Tx,
  slug: LegalSlug,
  content: Record<Locale, LegalPage>,
): Promise<LegalVersion | null> {
  const current = await legalVersionInForce(db, slug);
  if (sameContent(current.content, content)) return null;
  return publishLegalVersion(db, slug, content, { source: 'edited' });
}

/**
 * Goes back to the starter text (with the owner's details as they are now) as a new version;
 * null when that is what is in force already.
 */
export async function restoreLegalStarterText(
  db: Tx,
  slug: LegalSlug,
): Promise<LegalVersion | null> {
  const owner = await getSetting(db, 'shop.owner', shopOwnerSchema, UNSET_OWNER);
  const template = fromTemplate(slug, owner);
  const current = (await latest(db, [slug])).get(slug);
  if (current?.source === 'template' && sameContent(current.content, template)) return null;
  return publishLegalVersion(db, slug, template, { source: 'template' });
}
