import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { type Actor, changesOf, recordChange } from '#app/domain/audit/audit.server.ts';
import type { Tx } from '#app/domain/kernel/tx.ts';
import { putSetting } from '#app/domain/settings/settings.server.ts';
import {
  type PaymentSettingsFields,
  fieldsOf,
  settingsOfFields,
} from './payment-settings.rules.ts';
import { paymentSettings } from './payments.server.ts';
import { PAYMENT_SETTINGS_KEY, startPaymentSettings } from './payments.ts';
import { STRIPE_KEYS_SETTING, followStoredStripeKeys } from './stripe-keys.server.ts';
import { sandboxActive } from './stripe-setup.server.ts';
import { settings } from '#app/domain/settings/settings.schema.ts';
import type { Env } from '#app/lib/env.server.ts';

/** The payment settings in force, as the settings page edits them. */
export async function paymentSettingsFields(db: Tx): Promise<PaymentSettingsFields> {
  return fieldsOf(await paymentSettings(db));
}

/**
 * A short fingerprint of the settings in force: the form carries the one it was filled in
 * against, so a save over someone else's newer change is noticed instead of undoing it.
 */
export function paymentSettingsVersion(fields: PaymentSettingsFields): string {
  return createHash('sha256').update(JSON.stringify(fields)).digest('base64url').slice(0, 22);
}

export type PaymentSettingsSave =
  { ok: true; changed: boolean } | { ok: false; current: PaymentSettingsFields };

/**
 * Saves the settings when they differ from those in force, with one audit entry holding the
 * changed fields; with `seenVersion`, only while the settings are still those the form was
 * filled in against (concurrent saves take turns on a transaction lock).
 */
export async function savePaymentSettings(
  db: Tx,
  next: PaymentSettingsFields,
  actor: Actor,
  seenVersion?: string,
): Promise<PaymentSettingsSave> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('payment-settings'))`);
    const current = await paymentSettingsFields(tx);
    if (seenVersion !== undefined && seenVersion !== paymentSettingsVersion(current)) {
      return { ok: false, current };
    }
    if (JSON.stringify(current) === JSON.stringify(next)) return { ok: true, changed: false };
    await putSetting(tx, PAYMENT_SETTINGS_KEY, settingsOfFields(next));
    await recordChange(tx, actor, {
      entity: 'setting',
      entityId: PAYMENT_SETTINGS_KEY,
      action: 'update',
      before: { ...current },
      after: { ...next },
    });
    return { ok: true, changed: true };
  });
}

/** The latest changes of the payment settings, newest first. */
export function paymentSettingChanges(db: Tx, limit = 20) {
  return changesOf(db, 'setting', [PAYMENT_SETTINGS_KEY, STRIPE_KEYS_SETTING], { limit });
}

/**
 * A shop started without the demo: stores the start methods unless payment settings exist.
 * Card payment counts as ready with Stripe keys (the environment's or stored ones), or in
 * development, where the sandbox answers.
 */
export async function storeStartPaymentSettings(db: Tx, env: Env): Promise<boolean> {
  await followStoredStripeKeys(env, db);
  const cardReady = !sandboxActive(env) || env.NODE_ENV === 'development';
  const inserted = await db
    .insert(settings)
    .values({ key: PAYMENT_SETTINGS_KEY, value: startPaymentSettings(cardReady) })
    .onConflictDoNothing()
    .returning({ key: settings.key });
  return inserted.length > 0;
}
