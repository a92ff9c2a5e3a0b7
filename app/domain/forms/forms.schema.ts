import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { Localized } from '#app/domain/kernel/localized.ts';
import type { FormDefinition, SubmissionStatus } from './forms.types.ts';

export const contactForms = pgTable('contact_forms', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  title: jsonb('title').$type<Localized>().notNull(),
  definition: jsonb('definition').$type<FormDefinition>().notNull(),
  /** Raised on every change of the definition; sent with each submission. */
  version: integer('version').notNull().default(1),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type StoredFile = { name: string; size: number; type: string; storedAs: string | null };

/**
 * Every submission is kept, valid or not, before any mail is tried, so nothing a visitor
 * sends is lost and the rate limit can count attempts.
 */
export const formSubmissions = pgTable(
  'form_submissions',
  {
    id: serial('id').primaryKey(),
    formId: integer('form_id')
      .notNull()
      .references(() => contactForms.id, { onDelete: 'cascade' }),
    status: text('status').$type<SubmissionStatus | 'pending'>().notNull(),
    fields: jsonb('fields').$type<Record<string, string[]>>().notNull(),
    files: jsonb('files').$type<StoredFile[]>().notNull().default([]),
    locale: text('locale').notNull(),
    postedDataHash: text('posted_data_hash').notNull(),
    /** Keyed hashes, not addresses: enough to rate-limit, nothing to leak. */
    clientHash: text('client_hash').notNull(),
    sessionIdHash: text('session_id_hash'),
    mailError: text('mail_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
  },
  (t) => [
    index('form_submissions_client_idx').on(t.clientHash, t.createdAt),
    index('form_submissions_session_idx').on(t.sessionIdHash, t.createdAt),
    index('form_submissions_form_idx').on(t.formId, t.createdAt),
    // The back office's list, newest first, and the dashboard's count of new messages.
    index('form_submissions_created_idx').on(t.createdAt, t.id),
  ],
);
