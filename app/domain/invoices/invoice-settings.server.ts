import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { type Actor, changesOf, recordChange } from '#app/domain/audit/audit.server.ts';
import type { Tx } from '#app/domain/kernel/tx.ts';
import { putSetting } from '#app/domain/settings/settings.server.ts';
import type { InvoiceSettings } from './invoice-settings.rules.ts';
import {
  ATTACH_SETTING,
  ISSUE_ON_SETTING,
  SMALL_BUSINESS_SETTING,
  TAX_NUMBER_SETTING,
  attachInvoiceToMail,
  invoiceIssueOn,
  numberPattern,
  sellerTaxNumber,
  smallBusiness,
} from './invoices.server.ts';
import { type InvoiceKind, invoiceCounters } from './invoices.schema.ts';
import { NUMBER_PATTERN_SETTINGS } from './numbering.rules.ts';

/** The setting key behind each field of the invoice settings. */
export const INVOICE_SETTING_KEYS: Record<keyof InvoiceSettings, string> = {
  issueOn: ISSUE_ON_SETTING,
  attachToMail: ATTACH_SETTING,
  smallBusiness: SMALL_BUSINESS_SETTING,
  taxNumber: TAX_NUMBER_SETTING,
  invoicePattern: NUMBER_PATTERN_SETTINGS.invoice,
  cancellationPattern: NUMBER_PATTERN_SETTINGS.cancellation,
};

/** The invoice settings in force, with the same fallbacks the invoices use. */
export async function invoiceSettings(db: Tx): Promise<InvoiceSettings> {
  return {
    issueOn: await invoiceIssueOn(db),
    attachToMail: await attachInvoiceToMail(db),
    smallBusiness: await smallBusiness(db),
    taxNumber: await sellerTaxNumber(db),
    invoicePattern: await numberPattern(db, 'invoice'),
    cancellationPattern: await numberPattern(db, 'cancellation'),
  };
}

/**
 * A short fingerprint of the settings in force: the form carries the one it was filled in
 * against, so a save over someone else's newer change is noticed instead of undoing it.
 */
export function invoiceSettingsVersion(settings: InvoiceSettings): string {
  const fields = (Object.keys(INVOICE_SETTING_KEYS) as (keyof InvoiceSettings)[]).map(
    (field) => settings[field],
  );
  return createHash('sha256').update(JSON.stringify(fields)).digest('base64url').slice(0, 22);
}

export type InvoiceSettingsSave =
  | { ok: true; changed: string[] }
  /** The settings changed since the form was loaded; nothing was saved. */
  | { ok: false; current: InvoiceSettings };

/**
 * Saves the settings that differ from those in force, each with its audit entry, in one
 * transaction; answers the keys changed (none for an unchanged form: nothing is written).
 * With `seenVersion`, saves only while the settings are still those the form was filled in
 * against; concurrent saves take turns on a transaction lock, so the second one sees the first.
 */
export async function saveInvoiceSettings(
  db: Tx,
  next: InvoiceSettings,
  actor: Actor,
  seenVersion?: string,
): Promise<InvoiceSettingsSave> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('invoice-settings'))`);
    const current = await invoiceSettings(tx);
    if (seenVersion !== undefined && seenVersion !== invoiceSettingsVersion(current)) {
      return { ok: false, current };
    }
    const changed: string[] = [];
    for (const field of Object.keys(INVOICE_SETTING_KEYS) as (keyof InvoiceSettings)[]) {
      if (current[field] === next[field]) continue;
      const key = INVOICE_SETTING_KEYS[field];
      await putSetting(tx, key, next[field]);
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

/** The last number each kind has given this year (0 when none yet). */
export async function lastSequences(db: Tx, year: number): Promise<Record<InvoiceKind, number>> {
  const rows = await db
    .select({ kind: invoiceCounters.kind, last: invoiceCounters.last })
    .from(invoiceCounters)
    .where(eq(invoiceCounters.year, year));
  const last = (kind: InvoiceKind) => rows.find((r) => r.kind === kind)?.last ?? 0;
  return { invoice: last('invoice'), cancellation: last('cancellation') };
}

/** The latest changes of the invoice settings, newest first. */
export function invoiceSettingChanges(db: Tx, limit = 20) {
  return changesOf(db, 'setting', Object.values(INVOICE_SETTING_KEYS), { limit });
}
