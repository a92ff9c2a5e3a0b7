// The VAT rates form of the tax settings page (/admin/settings/tax).
import { data, redirect } from 'react-router';
import type { Actor } from '#app/domain/audit/audit.server.ts';
import { saveVatRates, vatRatesVersion } from '#app/domain/invoices/tax-rates.server.ts';
import type { TaxSettingsAnswer } from '#app/domain/invoices/tax-settings.view.ts';
import { TAX_CLASSES, type TaxClass, type VatRateTable } from '#app/domain/pricing/tax.ts';
import {
  parseRatePercent,
  rateControlId,
  rateCountries,
  rateField,
} from '#app/domain/pricing/vat-rates.rules.ts';
import type { TextKey, Translate } from '#app/lib/i18n.ts';
import { verifyNonce } from '#app/lib/session.server.ts';
import type { staffShop } from './staff.server.ts';

const RATES_PATH = '/admin/settings/tax';
type Staff = Awaited<ReturnType<typeof staffShop>>;

/** What was typed, for the form to show again: short, printable text only. */
function echoed(form: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const country of rateCountries()) {
    for (const taxClass of TAX_CLASSES) {
      const name = rateField(country, taxClass);
      const value = form.getAll(name);
      if (value.length === 1 && typeof value[0] === 'string') {
        values[name] = value[0].replace(/[^\d.,\-\sA-Za-z%]/g, '').slice(0, 12);
      }
    }
  }
  return values;
}

function refuse(
  t: Translate,
  status: number,
  errors: { field: string; code: TextKey }[],
  values?: Record<string, string>,
  version?: string,
) {
  const body: TaxSettingsAnswer = {
    intent: 'tax-rates',
    message: t(errors[0]!.code),
    field: errors[0]!.field || undefined,
    errors: errors.map((e) => ({ field: e.field, message: t(e.code) })),
    values,
    version,
  };
  return data(body, { status });
}

/** Every rate of the form, each judged on its own; all must be there, once. */
function readRates(form: FormData) {
  const table: Record<string, Record<TaxClass, number>> = {};
  const errors: { field: string; code: TextKey }[] = [];
  for (const country of rateCountries()) {
    const row = {} as Record<TaxClass, number>;
    for (const taxClass of TAX_CLASSES) {
      const all = form.getAll(rateField(country, taxClass));
      const rate =
        all.length === 1 && typeof all[0] === 'string' && all[0].length <= 12
          ? parseRatePercent(all[0])
          : null;
      if (rate === null) {
        errors.push({
          field: rateControlId(country, taxClass),
          code: 'admin.taxSettings.error.rate',
        });
      } else {
        row[taxClass] = rate;
      }
    }
    table[country] = row;
  }
  return { table: table as VatRateTable, errors };
}

/** Saves the rates: all judged at once; post, redirect, get. */
export async function handleVatRatesForm(staff: Staff, form: FormData) {
  const { db, env, t, current, viewer } = staff;
  const security = form.getAll('security');
  if (security.length !== 1 || !verifyNonce(current, security[0], env)) {
    return refuse(t, 403, [{ field: '', code: 'admin.taxSettings.error.expired' }], echoed(form));
  }
  const versions = form.getAll('version');
  const { table, errors } = readRates(form);
  if (
    versions.length !== 1 ||
    typeof versions[0] !== 'string' ||
    [...form.keys()].some((name) => name.includes('['))
  ) {
    errors.unshift({ field: '', code: 'admin.taxSettings.error.invalid' });
  }
  if (errors.length > 0) return refuse(t, 400, errors, echoed(form));
  const actor: Actor = { channel: 'admin', id: viewer.id, label: viewer.email };
  const saved = await saveVatRates(db, table, actor, versions[0] as string);
  if (!saved.ok) {
    const conflict = [{ field: '', code: 'admin.taxSettings.error.conflict' as const }];
    return refuse(t, 409, conflict, echoed(form), vatRatesVersion(saved.current));
  }
  return redirect(`${RATES_PATH}?saved=${saved.changed.length > 0 ? 'yes' : 'unchanged'}`);
}
