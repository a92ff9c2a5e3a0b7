import {
  bigint,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { customers } from '#app/domain/customers/customers.schema.ts';

/** What a key may do: read (GET), write (POST, PUT, PATCH, DELETE), or both. */
export const API_KEY_PERMISSIONS = ['read', 'write', 'read_write'] as const;
export type ApiKeyPermission = (typeof API_KEY_PERMISSIONS)[number];

/**
 * REST API keys of staff accounts. The consumer key is kept only as its SHA-256 (looked up by
 * it, like WooCommerce); the secret is needed to check OAuth signatures, so it is kept
 * encrypted (AES-256-GCM) with a key from the environment, never in plain text.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    description: text('description').notNull().default(''),
    permissions: text('permissions', { enum: API_KEY_PERMISSIONS }).notNull(),
    consumerKeyHash: text('consumer_key_hash').notNull(),
    /** The key's last seven characters, to tell keys apart in lists and the audit log. */
    truncatedKey: text('truncated_key').notNull(),
    /** `iv.tag.ciphertext`, each base64url. */
    secretEncrypted: text('secret_encrypted').notNull(),
    lastAccess: timestamp('last_access', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** The one-time token of the form that made it: the same form posted again makes no key. */
    createToken: text('create_token'),
  },
  (t) => [
    uniqueIndex('api_keys_consumer_key_idx').on(t.consumerKeyHash),
    uniqueIndex('api_keys_create_token_idx').on(t.createToken),
    index('api_keys_customer_idx').on(t.customerId),
  ],
);

/**
 * OAuth 1.0a nonces used per key within the timestamp window: a request repeated with the
 * same nonce is refused. The primary key makes the check and the record one statement.
 */
export const apiKeyNonces = pgTable(
  'api_key_nonces',
  {
    keyId: integer('key_id')
      .notNull()
      .references(() => apiKeys.id, { onDelete: 'cascade' }),
    nonce: text('nonce').notNull(),
    /** The request's oauth_timestamp (seconds). */
    timestamp: bigint('timestamp', { mode: 'number' }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.keyId, t.nonce] }),
    index('api_key_nonces_expiry_idx').on(t.expiresAt),
  ],
);

export type ApiKeyRow = typeof apiKeys.$inferSelect;
