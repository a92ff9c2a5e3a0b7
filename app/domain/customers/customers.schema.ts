import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * What a signed-in person may do: shoppers buy and review; shop managers also run the shop
 * (moderation, orders, API keys); administrators may do all that and manage staff.
 */
export const CUSTOMER_ROLES = ['customer', 'shop_manager', 'administrator'] as const;
export type CustomerRole = (typeof CUSTOMER_ROLES)[number];

export type StoredAddress = Partial<Record<string, string>>;

/**
 * What the back office's search matches in a customer: names, e-mail and billing company, lower
 * case. The migration's trigram index is on this very expression, so queries use it as is.
 */
export const CUSTOMER_SEARCH_TEXT = `lower(first_name || ' ' || last_name || ' ' || email || ' ' || coalesce(billing_address ->> 'company', ''))`;
/** The back office's name order: last name, then first name, case-insensitive. */
export const CUSTOMER_NAME_SORT = `lower(last_name || ' ' || first_name)`;
export const CUSTOMER_BILLING_COUNTRY = `(billing_address ->> 'country')`;

export const customers = pgTable(
  'customers',
  {
    id: serial('id').primaryKey(),
    /** Stored lower-cased and trimmed; unique among accounts. */
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    displayName: text('display_name').notNull().default(''),
    role: text('role', { enum: CUSTOMER_ROLES }).notNull().default('customer'),
    /** 'pending' until a double opt-in link is followed. */
    status: text('status', { enum: ['active', 'pending'] })
      .notNull()
      .default('active'),
    locale: text('locale').notNull().default('de'),
    billingAddress: jsonb('billing_address').$type<StoredAddress>().notNull().default({}),
    shippingAddress: jsonb('shipping_address').$type<StoredAddress>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('customers_email_idx').on(t.email),
    index('customers_role_idx')
      .on(t.role)
      .where(sql`${t.role} <> 'customer'`),
    // The back office's customer list: each sort and filter walks an index, keyset-paged.
    index('customers_created_idx').on(t.createdAt, t.id),
    index('customers_name_sort_idx').on(sql.raw(CUSTOMER_NAME_SORT), t.id),
    index('customers_country_idx').on(sql.raw(CUSTOMER_BILLING_COUNTRY), t.createdAt, t.id),
    index('customers_search_trgm_idx').using(
      'gin',
      sql.raw(`${CUSTOMER_SEARCH_TEXT} gin_trgm_ops`),
    ),
  ],
);

export type CustomerRow = typeof customers.$inferSelect;

/** What a mailed link does: activate a new account, reset a password, confirm a new email. */
export const TOKEN_PURPOSES = ['activate', 'reset', 'email_change'] as const;
export type TokenPurpose = (typeof TOKEN_PURPOSES)[number];

/**
 * Single-use links sent by mail. Only the SHA-256 of the secret is stored, so a copy of the
 * table opens no account; a used or expired row is refused and purged later.
 */
export const customerTokens = pgTable(
  'customer_tokens',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: TOKEN_PURPOSES }).notNull(),
    tokenHash: text('token_hash').notNull(),
    /** The address an email change goes to, once confirmed. */
    newEmail: text('new_email'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('customer_tokens_hash_idx').on(t.tokenHash),
    index('customer_tokens_customer_idx').on(t.customerId, t.purpose),
  ],
);

/**
 * Failed logins, one row each, by account (the email tried) and by client address: the
 * throttle counts the recent ones. Rows older than the window are purged.
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: serial('id').primaryKey(),
    scope: text('scope', { enum: ['account', 'address'] }).notNull(),
    subject: text('subject').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('login_failures_subject_idx').on(t.scope, t.subject, t.at)],
);

/**
 * Small per-account values that are not part of the account itself: the shop manager's
 * dismissal of the coming-soon banner, where a registration came from. Keys are fixed by the
 * code that writes them; nothing from a request names a key.
 */
export const customerMeta = pgTable(
  'customer_meta',
  {
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    value: text('value').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.key] })],
);
