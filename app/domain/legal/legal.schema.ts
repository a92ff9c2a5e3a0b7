import { integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { LegalPage } from '#app/content/legal.ts';
import type { Locale } from '#app/lib/locale.ts';

/**
 * Every published wording of a legal page (terms, cancellation policy, privacy policy, …) in
 * both languages, numbered per page. A version is never changed once published: an order
 * names the versions its customer accepted, and its mails and pages show exactly those.
 */
export const legalVersions = pgTable(
  'legal_versions',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull(),
    version: integer('version').notNull(),
    content: jsonb('content').$type<Record<Locale, LegalPage>>().notNull(),
    /** template: rendered from the shop's starter texts and owner details; edited: written by the owner. */
    source: text('source', { enum: ['template', 'edited'] }).notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('legal_versions_slug_version_idx').on(t.slug, t.version)],
);

export type LegalVersionRow = typeof legalVersions.$inferSelect;
