// The VAT rates of the tax settings page: saved with their audit entries, against lost updates.
import { sql } from 'drizzle-orm';
import { type Actor, recordChange } from '#app/domain/audit/audit.server.ts';
import type { Tx } from '#app/domain/kernel/tx.ts';
import { DEFAULT_VAT_RATES, TAX_CLASSES, type VatRateTable } from '#app/domain/pricing/tax.ts';
import {
  type RateChange,
  overridesOf,
  rateAuditId,
  rateChanges,
  ratesWithOverrides,
} from '#app/domain/pricing/vat-rates.rules.ts';
import { VAT_RATES_SETTING, storedRates } from '#app/domain/pricing/vat-rates.server.ts';
import { settingsVersion } from '#app/domain/settings/settings-version.server.ts';
import { putSetting } from '#app/domain/settings/settings.server.ts';

/** The rates in force, read now (never kept): the page edits these. */
export async function vatRatesInForce(db: Tx): Promise<VatRateTable> {
  return ratesWithOverrides(await storedRates(db));
}

/** A short fingerprint of the rates in force, against lost updates. */
export function vatRatesVersion(table: VatRateTable): string {
  return settingsVersion({ [VAT_RATES_SETTING]: overridesOf(table) });
}

export type VatRatesSave =
  { ok: true; changed: RateChange[] } | { ok: false; current: VatRateTable };

/**
 * Saves the rates, one audit entry per changed rate, in one transaction, while they are still
 * those the form was filled in against.
 */
export async function saveVatRates(
  db: Tx,
  next: VatRateTable,
  actor: Actor,
  seenVersion?: string,
): Promise<VatRatesSave> {
  return db.transaction(async (tx): Promise<VatRatesSave> => {
    // The lock of the tax settings page: both forms write the same group of settings.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('tax-settings'))`);
    const current = await vatRatesInForce(tx);
    if (seenVersion !== undefined && seenVersion !== vatRatesVersion(current)) {
      return { ok: false, current };
    }
    const changed = rateChanges(current, next);
    if (changed.length === 0) return { ok: true, changed };
    await putSetting(tx, VAT_RATES_SETTING, overridesOf(next));
    for (const change of changed) {
      await recordChange(tx, actor, {
        entity: 'setting',
        entityId: rateAuditId(change.country, change.taxClass),
        action: 'update',
        before: { value: change.before },
        after: { value: change.after },
      });
    }
    return { ok: true, changed };
  });
}

/** The audit ids of every rate: the changes list reads them with the other tax settings. */
export const RATE_AUDIT_IDS: readonly string[] = Object.keys(DEFAULT_VAT_RATES).flatMap((country) =>
  TAX_CLASSES.map((c) => rateAuditId(country, c)),
);
