// Stripe keys entered in the back office: kept in the settings table with the secrets encrypted
// (AES-256-GCM under API_KEY_SECRET, as the REST API keys' secrets), read by every instance
// through a short-lived cache, and tried against Stripe before a shop manager relies on them.
import { eq, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { z } from 'zod';
import { decryptSecret, encryptSecret } from '#app/domain/api-keys/api-keys.server.ts';
import { type Actor, recordChange } from '#app/domain/audit/audit.server.ts';
import { REFERENCE_TTL_MS } from '#app/domain/kernel/short-lived.server.ts';
import type { Tx } from '#app/domain/kernel/tx.ts';
import { settingsVersion } from '#app/domain/settings/settings-version.server.ts';
import { settings } from '#app/domain/settings/settings.schema.ts';
import { putSetting } from '#app/domain/settings/settings.server.ts';
import type { Env } from '#app/lib/env.server.ts';
import { maskStripeSecret, stripeKeyMode } from '#app/lib/stripe-keys.ts';
import {
  type StoredStripeKeys,
  type StripeSetup,
  stripeEndpointOptions,
  stripeSetup,
  applyStoredStripeKeys,
} from './stripe-setup.server.ts';

export const STRIPE_KEYS_SETTING = 'payments.stripe_keys';

/** As stored: the publishable key in clear, the secrets encrypted (`iv.tag.ciphertext`). */
const storedShape = z.object({
  publishableKey: z.string(),
  secretKey: z.string(),
  webhookSecret: z.string().nullable(),
});
type StoredRow = z.infer<typeof storedShape>;

async function storedRow(db: Tx): Promise<StoredRow | null> {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, STRIPE_KEYS_SETTING))
    .limit(1);
  const parsed = storedShape.safeParse(row?.value);
  return parsed.success ? parsed.data : null;
}

type Decrypted = { keys: StoredStripeKeys | null; unreadable: boolean };

/** The stored keys decrypted; unreadable when encrypted under another API_KEY_SECRET. */
function decrypted(row: StoredRow | null, secret: string): Decrypted {
  if (!row) return { keys: null, unreadable: false };
  const secretKey = decryptSecret(row.secretKey, secret);
  const webhookSecret = row.webhookSecret === null ? '' : decryptSecret(row.webhookSecret, secret);
  if (secretKey === null || webhookSecret === null) return { keys: null, unreadable: true };
  return {
    keys: { secretKey, publishableKey: row.publishableKey, webhookSecret },
    unreadable: false,
  };
}

// The server entry and the app build are bundled apart: both reach one cache of the stored
// keys through a global symbol, so a save answered by the app is seen by the server's refresh.
type KeysCache = WeakMap<Env, { expires: number; keys: Promise<StoredStripeKeys | null> }>;
const CACHE_KEY = Symbol.for('ladenzeile.stripe-keys');
function keysCache(): KeysCache {
  const holder = globalThis as unknown as Record<symbol, KeysCache | undefined>;
  holder[CACHE_KEY] ??= new WeakMap();
  return holder[CACHE_KEY];
}

/**
 * Brings this instance's Stripe setup up to the stored keys: read at most once per cache time,
 * so a change on another instance takes effect here within it. Cheap: called per request.
 */
export async function refreshStripeKeys(env: Env, db: Tx): Promise<void> {
  if (env.STRIPE_SECRET_KEY) return;
  const cache = keysCache();
  let entry = cache.get(env);
  if (!entry || entry.expires <= Date.now()) {
    const loaded = storedRow(db).then((row) => decrypted(row, env.API_KEY_SECRET).keys);
    const fresh = { expires: Date.now() + REFERENCE_TTL_MS, keys: loaded };
    cache.set(env, fresh);
    // A failed read is not kept: the next request tries again.
    loaded.catch(() => {
      if (cache.get(env) === fresh) cache.delete(env);
    });
    entry = fresh;
  }
  const keys = await entry.keys;
  // A save on this instance while the read ran has the last word.
  if (cache.get(env) === entry) applyStoredStripeKeys(env, keys);
}

/** Reads the stored keys when due; a failed read leaves the keys read before in force. */
export async function followStoredStripeKeys(env: Env, db: Tx): Promise<void> {
  try {
    await refreshStripeKeys(env, db);
  } catch (error) {
    console.error('stripe: reading the stored keys failed', (error as Error).message);
  }
}

/** The setup in force after reading the stored keys: for work outside a request (jobs). */
export async function currentStripeSetup(env: Env, db: Tx): Promise<StripeSetup> {
  await followStoredStripeKeys(env, db);
  return stripeSetup(env);
}

/** What the settings page shows of the stored keys: never a secret, only its mask. */
export type StripeKeysView = {
  publishableKey: string;
  secretKey: string | null;
  webhookSecret: string | null;
  unreadable: boolean;
  version: string;
};

export async function stripeKeysView(db: Tx, env: Env): Promise<StripeKeysView> {
  const row = await storedRow(db);
  const { keys, unreadable } = decrypted(row, env.API_KEY_SECRET);
  return {
    publishableKey: keys?.publishableKey ?? '',
    secretKey: keys ? maskStripeSecret(keys.secretKey) : null,
    webhookSecret: keys?.webhookSecret ? maskStripeSecret(keys.webhookSecret) : null,
    unreadable,
    version: versionOf(row),
  };
}

function versionOf(row: StoredRow | null): string {
  return settingsVersion({ [STRIPE_KEYS_SETTING]: row });
}

/** The keys a form would save: what it typed, with the stored secrets where it left a field empty. */
export async function keysWithStored(
  db: Tx,
  env: Env,
  typed: { publishableKey: string; secretKey: string; webhookSecret: string },
): Promise<StoredStripeKeys> {
  const { keys } = decrypted(await storedRow(db), env.API_KEY_SECRET);
  return {
    publishableKey: typed.publishableKey,
    secretKey: typed.secretKey || keys?.secretKey || '',
    webhookSecret: typed.webhookSecret || keys?.webhookSecret || '',
  };
}

function sameKeys(a: StoredStripeKeys | null, b: StoredStripeKeys | null): boolean {
  if (!a || !b) return a === b;
  return (
    a.publishableKey === b.publishableKey &&
    a.secretKey === b.secretKey &&
    a.webhookSecret === b.webhookSecret
  );
}

export type StripeKeysSave =
  { ok: true; changed: boolean } | { ok: false; reason: 'conflict'; version: string };

/** How a secret's change is written in the audit log: whether, never what. */
const present = (value: string | null | undefined) => (value ? 'set' : 'none');

/**
 * Stores the keys (or removes them with `null`) while they are still those the form was
 * filled in against; one audit entry naming what changed, secrets only as "changed". The
 * saving instance uses the new keys at once, others within the cache time.
 */
export async function saveStripeKeys(
  db: Tx,
  env: Env,
  next: StoredStripeKeys | null,
  actor: Actor,
  seenVersion?: string,
): Promise<StripeKeysSave> {
  const result = await db.transaction(async (tx): Promise<StripeKeysSave> => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${STRIPE_KEYS_SETTING}))`);
    const row = await storedRow(tx);
    if (seenVersion !== undefined && seenVersion !== versionOf(row)) {
      return { ok: false, reason: 'conflict', version: versionOf(row) };
    }
    const { keys: current } = decrypted(row, env.API_KEY_SECRET);
    if (sameKeys(current, next) && (row !== null) === (next !== null)) {
      return { ok: true, changed: false };
    }
    const before: Record<string, string> = {};
    const after: Record<string, string> = {};
    if ((current?.publishableKey ?? '') !== (next?.publishableKey ?? '')) {
      before.publishableKey = current?.publishableKey || 'none';
      after.publishableKey = next?.publishableKey || 'none';
    }
    for (const field of ['secretKey', 'webhookSecret'] as const) {
      const was = current?.[field] ?? '';
      const is = next?.[field] ?? '';
      if (was === is && row !== null) continue;
      before[field] = row && !current ? 'unreadable' : present(was);
      after[field] = is ? (was ? 'changed' : 'set') : 'none';
    }
    if (next) {
      await putSetting(tx, STRIPE_KEYS_SETTING, {
        publishableKey: next.publishableKey,
        secretKey: encryptSecret(next.secretKey, env.API_KEY_SECRET),
        webhookSecret: next.webhookSecret
          ? encryptSecret(next.webhookSecret, env.API_KEY_SECRET)
          : null,
      } satisfies StoredRow);
    } else {
      await tx.delete(settings).where(eq(settings.key, STRIPE_KEYS_SETTING));
    }
    await recordChange(tx, actor, {
      entity: 'setting',
      entityId: STRIPE_KEYS_SETTING,
      action: next ? 'update' : 'delete',
      before,
      after,
    });
    return { ok: true, changed: true };
  });
  if (result.ok && result.changed) {
    keysCache().set(env, {
      expires: Date.now() + REFERENCE_TTL_MS,
      keys: Promise.resolve(next),
    });
    applyStoredStripeKeys(env, next);
  }
  return result;
}

/** What Stripe answered to the keys: the account they belong to, or why it did not. */
export type StripeConnection =
  | { ok: true; mode: 'test' | 'live'; accountId: string; name: string | null }
  | { ok: false; reason: 'invalid_key' | 'permission' | 'unreachable' | 'error'; detail: string };

/** Asks Stripe for the keys' own account, within 5 seconds and without retries. */
export async function testStripeConnection(env: Env, secretKey: string): Promise<StripeConnection> {
  const stripe = new Stripe(secretKey, {
    timeout: 5_000,
    maxNetworkRetries: 0,
    telemetry: false,
    ...stripeEndpointOptions(env),
  });
  try {
    const account = await stripe.accounts.retrieveCurrent();
    const name =
      account.settings?.dashboard?.display_name ||
      account.business_profile?.name ||
      account.email ||
      null;
    return { ok: true, mode: stripeKeyMode(secretKey) ?? 'test', accountId: account.id, name };
  } catch (error) {
    const detail = String((error as Error).message ?? '').slice(0, 300);
    if (error instanceof Stripe.errors.StripeAuthenticationError) {
      return { ok: false, reason: 'invalid_key', detail };
    }
    if (error instanceof Stripe.errors.StripePermissionError) {
      return { ok: false, reason: 'permission', detail };
    }
    if (error instanceof Stripe.errors.StripeConnectionError) {
      return { ok: false, reason: 'unreachable', detail };
    }
    return { ok: false, reason: 'error', detail };
  }
}
