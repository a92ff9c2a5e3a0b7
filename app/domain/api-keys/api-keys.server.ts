import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from 'node:crypto';
import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import { type Actor, recordChange } from '#app/domain/audit/audit.server.ts';
import { type CustomerRole, customers } from '#app/domain/customers/customers.schema.ts';
import { STAFF_ROLES } from '#app/domain/customers/identity.view.ts';
import { type Result, domainError, fail, ok } from '#app/domain/kernel/result.ts';
import type { Tx } from '#app/domain/kernel/tx.ts';
import { type ApiKeyPermission, type ApiKeyRow, apiKeyNonces, apiKeys } from './api-keys.schema.ts';

/** How long a signed request's timestamp stays valid either way, and its nonce remembered. */
export const OAUTH_WINDOW_SECONDS = 15 * 60;

/** `ck_` and `cs_` with 40 hex digits each, as WooCommerce issues them. */
export function newCredentials(): { consumerKey: string; consumerSecret: string } {
  return {
    consumerKey: `ck_${randomBytes(20).toString('hex')}`,
    consumerSecret: `cs_${randomBytes(20).toString('hex')}`,
  };
}

/** The stored form of a consumer key: WooCommerce's own (`wc_api_hash`), so keys can move over. */
export function hashConsumerKey(consumerKey: string): string {
  return createHmac('sha256', 'wc-api').update(consumerKey).digest('hex');
}

function cipherKey(secret: string): Buffer {
  return createHash('sha256').update(`api-key-secrets:${secret}`).digest();
}

/** AES-256-GCM with a fresh IV: `iv.tag.ciphertext`. */
export function encryptSecret(plain: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', cipherKey(secret), iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), data].map((b) => b.toString('base64url')).join('.');
}

/** The secret, or null when the stored text was altered or encrypted with another key. */
export function decryptSecret(stored: string, secret: string): string | null {
  const [iv, tag, data] = stored.split('.').map((part) => Buffer.from(part, 'base64url'));
  if (!iv || !tag || !data) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', cipherKey(secret), iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

export type CreatedApiKey = {
  id: number;
  consumerKey: string;
  consumerSecret: string;
  truncatedKey: string;
};

/**
 * Creates a key for a staff account; the credentials are returned here and never again. A form's
 * one-time token makes a second post of the same form (a reload, a double click) a conflict.
 */
export async function createApiKey(
  db: Tx,
  input: {
    email: string;
    permissions: ApiKeyPermission;
    description?: string;
    createToken?: string | null;
  },
  encryptionSecret: string,
  actor: Actor,
): Promise<Result<CreatedApiKey>> {
  const email = input.email.trim().toLowerCase();
  const [owner] = await db
    .select({ id: customers.id, role: customers.role, status: customers.status })
    .from(customers)
    .where(eq(customers.email, email))
    .limit(1);
  if (!owner) return fail(domainError('not_found', 'api_key.error.no_account', { email }));
  if (!STAFF_ROLES.includes(owner.role) || owner.status !== 'active') {
    return fail(domainError('forbidden', 'api_key.error.not_staff', { email }));
  }
  const credentials = newCredentials();
  const truncatedKey = credentials.consumerKey.slice(-7);
  const description = (input.description ?? '').trim().slice(0, 200);
  const created = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(apiKeys)
      .values({
        customerId: owner.id,
        description,
        permissions: input.permissions,
        consumerKeyHash: hashConsumerKey(credentials.consumerKey),
        truncatedKey,
        secretEncrypted: encryptSecret(credentials.consumerSecret, encryptionSecret),
        createToken: input.createToken ?? null,
      })
      .onConflictDoNothing({ target: apiKeys.createToken })
      .returning({ id: apiKeys.id });
    if (!row) return null;
    await recordChange(tx, actor, {
      entity: 'api_key',
      entityId: row.id,
      action: 'create',
      after: { customer_id: owner.id, description, permissions: input.permissions, truncatedKey },
    });
    return row;
  });
  if (!created) return fail(domainError('conflict', 'api_key.error.already_created'));
  return ok({ id: created.id, ...credentials, truncatedKey });
}

/** A live key as a request presents it, with its owner and its secret in plain text. */
export type KeyHolder = {
  id: number;
  customerId: number;
  role: CustomerRole;
  email: string;
  permissions: ApiKeyPermission;
  description: string;
  truncatedKey: string;
  secret: string;
};

/**
 * The key a consumer key names, if it exists, is not revoked and belongs to an active account.
 * Whether the owner is still staff is the caller's question (a key of a former manager is
 * known, but may do nothing).
 */
export async function keyHolder(
  db: Tx,
  consumerKey: string,
  encryptionSecret: string,
): Promise<KeyHolder | null> {
  if (!/^ck_[0-9a-f]{40}$/.test(consumerKey)) return null;
  const [row] = await db
    .select({ key: apiKeys, role: customers.role, email: customers.email })
    .from(apiKeys)
    .innerJoin(customers, eq(customers.id, apiKeys.customerId))
    .where(
      and(
        eq(apiKeys.consumerKeyHash, hashConsumerKey(consumerKey)),
        isNull(apiKeys.revokedAt),
        eq(customers.status, 'active'),
      ),
    )
    .limit(1);
  if (!row) return null;
  const secret = decryptSecret(row.key.secretEncrypted, encryptionSecret);
  if (secret === null) return null;
  return {
    id: row.key.id,
    customerId: row.key.customerId,
    role: row.role,
    email: row.email,
    permissions: row.key.permissions,
    description: row.key.description,
    truncatedKey: row.key.truncatedKey,
    secret,
  };
}

/**
 * Records an OAuth nonce of a key; false when the key used it before within the window (a
 * replayed request). The insert is the check, so two copies racing cannot both pass.
 */
export async function spendNonce(
  db: Tx,
  keyId: number,
  nonce: string,
  timestamp: number,
  now = new Date(),
): Promise<boolean> {
  await db
    .delete(apiKeyNonces)
    .where(and(eq(apiKeyNonces.keyId, keyId), lt(apiKeyNonces.expiresAt, now)));
  const inserted = await db
    .insert(apiKeyNonces)
    .values({
      keyId,
      nonce,
      timestamp,
      // Remembered until the timestamp itself could no longer pass.
      expiresAt: new Date((timestamp + OAUTH_WINDOW_SECONDS) * 1000 + 1000),
    })
    .onConflictDoNothing()
    .returning({ keyId: apiKeyNonces.keyId });
  return inserted.length === 1;
}

/** When the key was last used; written at most once a minute per key. */
export async function recordAccess(db: Tx, keyId: number, now = new Date()): Promise<void> {
  await db
    .update(apiKeys)
    .set({ lastAccess: now })
    .where(
      and(
        eq(apiKeys.id, keyId),
        sql`(${apiKeys.lastAccess} is null or ${apiKeys.lastAccess} < ${new Date(now.getTime() - 60_000)})`,
      ),
    );
}

/** Revokes a key at once; it answers 401 from then on. */
export async function revokeApiKey(db: Tx, keyId: number, actor: Actor): Promise<Result<null>> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(apiKeys)
      .set({ revokedAt: new Date() })
      .where(and(eq(apiKeys.id, keyId), isNull(apiKeys.revokedAt)))
      .returning({ id: apiKeys.id });
    if (!row) return fail(domainError('not_found', 'api_key.error.not_found'));
    await recordChange(tx, actor, {
      entity: 'api_key',
      entityId: keyId,
      action: 'revoke',
      before: { revoked: false },
      after: { revoked: true },
    });
    return ok(null);
  });
}

/** A staff account's keys, newest first, without their secrets. */
export async function keysOf(
  db: Tx,
  customerId: number,
): Promise<Omit<ApiKeyRow, 'secretEncrypted' | 'consumerKeyHash'>[]> {
  const rows = await db
    .select()
    .from(apiKeys)
    .where(eq(apiKeys.customerId, customerId))
    .orderBy(sql`${apiKeys.id} desc`);
  return rows.map(({ secretEncrypted: _s, consumerKeyHash: _h, ...rest }) => rest);
}

/** Every live key with its owner, newest first, without hash or secret. */
export async function listApiKeys(db: Tx) {
  return db
    .select({
      id: apiKeys.id,
      description: apiKeys.description,
      permissions: apiKeys.permissions,
      truncatedKey: apiKeys.truncatedKey,
      lastAccess: apiKeys.lastAccess,
      createdAt: apiKeys.createdAt,
      ownerId: customers.id,
      ownerEmail: customers.email,
      ownerRole: customers.role,
    })
    .from(apiKeys)
    .innerJoin(customers, eq(customers.id, apiKeys.customerId))
    .where(isNull(apiKeys.revokedAt))
    .orderBy(desc(apiKeys.id));
}

/** Forgets the OAuth nonces whose timestamps could no longer pass; returns how many. */
export async function purgeExpiredNonces(db: Tx, now = new Date()): Promise<number> {
  const gone = await db
    .delete(apiKeyNonces)
    .where(lt(apiKeyNonces.expiresAt, now))
    .returning({ keyId: apiKeyNonces.keyId });
  return gone.length;
}
