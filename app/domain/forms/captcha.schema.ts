import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { sessions } from '#app/domain/sessions/sessions.schema.ts';

/** One image captcha shown on one form to one session; answered at most once. */
export const captchaChallenges = pgTable(
  'captcha_challenges',
  {
    /** Random, URL-safe; sent in the form as `kc_key`. */
    key: text('key').primaryKey(),
    sessionIdHash: text('session_id_hash')
      .notNull()
      .references(() => sessions.idHash, { onDelete: 'cascade' }),
    formId: integer('form_id').notNull(),
    /** `salt.hmac`: HMAC-SHA256 of the normalised answer keyed by a per-row salt. */
    answerHash: text('answer_hash').notNull(),
    /** The answer under AES-256-GCM with a key derived from the server secret, for the audio. */
    answerSealed: text('answer_sealed').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    index('captcha_challenges_expires_idx').on(t.expiresAt),
    // Lets the cascade from a deleted session find its rows without a scan.
    index('captcha_challenges_session_idx').on(t.sessionIdHash),
  ],
);
