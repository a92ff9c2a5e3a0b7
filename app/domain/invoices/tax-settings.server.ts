import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { type Actor, changesOf, recordChange } from '#app/domain/audit/audit.server.ts';
import type { Tx } from '#app/domain/kernel/tx.ts';
import { OSS_SETTING, ossEnabled } from '#app/domain/pricing/vat.server.ts';
import {
  PRICES_INCLUDE_TAX_SETTING,
  storedPricesIncludeTax,
} from '#app/domain/pricing/vat-rates.server.ts';
import { putSetting } from '#app/domain/settings/settings.server.ts';
import { RATE_AUDIT_IDS } from './tax-rates.server.ts';
import { SMALL_BUSINESS_SETTING, smallBusiness } from './invoices.server.ts';
import type { TaxSettings } from './tax-settings.rules.ts';

/** The setting key behind each field of the tax settings. */
export const TAX_SETTING_KEYS: Record<keyof TaxSettings, string> = {
  oss: OSS_SETTING,
  smallBusiness: SMALL_BUSINESS_SETTING,
  pricesIncludeTax: PRICES_INCLUDE_TAX_SETTING,
};

/** How each setting is stored: OSS as `{ enabled }`, the others as a boolean. */
const stored = (field: keyof TaxSettings, value: boolean) =>
  field === 'oss' ? { enabled: value } : value;

/** The tax settings in force, with the same fallbacks the cart and the invoices use. */
export async function taxSettings(db: Tx): Promise<TaxSettings> {
  return {
    oss: await ossEnabled(db),
    smallBusiness: await smallBusiness(db),
    pricesIncludeTax: await storedPricesIncludeTax(db),
  };
}

/** A short fingerprint of the settings in force, against lost updates. */
export function taxSettingsVersion(settings: TaxSettings): string {
  return createHash('sha256')
    .update(JSON.stringify([settings.oss, settings.smallBusiness, settings.pricesIncludeTax]))
    .digest('base64url')
    .slice(0, 22);
}

export type TaxSettingsSave = { ok: true; changed: string[] } | { ok: false; current: TaxSettings };

/**
 * Saves the settings that differ from those in force, each with its audit entry, in one
 * transaction, while they are still those the form was filled in against.
 */
export async function saveTaxSettings(
  db: Tx,
  next: TaxSettings,
  actor: Actor,
  seenVersion?: string,
): Promise<TaxSettingsSave> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('tax-settings'))`);
    const current = await taxSettings(tx);
    if (seenVersion !== undefined && seenVersion !== taxSettingsVersion(current)) {
      return { ok: false, current };
    }
    const changed: string[] = [];
    for (const field of Object.keys(TAX_SETTING_KEYS) as (keyof TaxSettings)[]) {
      if (current[field] === next[field]) continue;
      const key = TAX_SETTING_KEYS[field];
      await putSetting(tx, key, stored(field, next[field]));
      await recordChange(tx, actor, {
        entity: 'setting',
        entityId: key,
        action: 'update',
        before: { value: current[field] },
        after: { value: next[field] },
      });
      changed.push(key);
    }
    return { ok: true, changed };
  });
}

/** The latest changes of the tax settings and the rates, newest first. */
export function taxSettingChanges(db: Tx, limit = 20) {
  return changesOf(db, 'setting', [...Object.values(TAX_SETTING_KEYS), ...RATE_AUDIT_IDS], {
    limit,
  });
}
