// The tax settings page (/admin/settings/tax): shop managers and administrators.
import { type AppLoadContext, data, redirect } from 'react-router';
import type { Actor } from '#app/domain/audit/audit.server.ts';
import {
  TAX_SETTING_FIELDS,
  type TaxSettingField,
  taxControlId,
  taxSettingsOfForm,
  taxSettingsSchema,
  vatRateRows,
} from '#app/domain/invoices/tax-settings.rules.ts';
import {
  TAX_SETTING_KEYS,
  saveTaxSettings,
  taxSettingChanges,
  taxSettings,
  taxSettingsVersion,
} from '#app/domain/invoices/tax-settings.server.ts';
import type { TaxSettingsAnswer } from '#app/domain/invoices/tax-settings.view.ts';
import { vatRatesInForce, vatRatesVersion } from '#app/domain/invoices/tax-rates.server.ts';
import { countryName } from '#app/domain/customers/address-locale.ts';
import { DEFAULT_VAT_RATES, formatRate } from '#app/domain/pricing/tax.ts';
import { rateOfAuditId } from '#app/domain/pricing/vat-rates.rules.ts';
import { handleVatRatesForm } from './tax-rates.server.ts';
import type { MessageArea, TextKey, Translate } from '#app/lib/i18n.ts';
import { messagesFor } from '#app/lib/i18n.server.ts';
import { sessionNonce, verifyNonce } from '#app/lib/session.server.ts';
import { readForm } from '../request.server.ts';
import { staffShop } from './staff.server.ts';

type Args = { request: Request; context: AppLoadContext };

export const TAX_SETTINGS_PATH = '/admin/settings/tax';

const SAVED = new Set(['yes', 'unchanged']);

export async function loadTaxSettings(args: Args, areas: readonly MessageArea[]) {
  const { db, env, locale, t, current } = await staffShop(args);
  const settings = await taxSettings(db);
  const table = await vatRatesInForce(db);
  const changes = await taxSettingChanges(db);
  const fieldOfKey = Object.fromEntries(
    Object.entries(TAX_SETTING_KEYS).map(([field, key]) => [key, field]),
  );
  const onOff = (value: unknown) =>
    value === true ? t('admin.taxSettings.on') : value === false ? t('admin.taxSettings.off') : '';
  const saved = new URL(args.request.url).searchParams.get('saved');
  return {
    settings,
    version: taxSettingsVersion(settings),
    rates: vatRateRows(table),
    defaults: vatRateRows(DEFAULT_VAT_RATES),
    ratesVersion: vatRatesVersion(table),
    changes: changes.map((entry) => {
      const rate = rateOfAuditId(entry.entityId);
      const percent = (value: unknown) =>
        typeof value === 'number' ? formatRate(value, locale) : '';
      return {
        id: entry.id,
        at: entry.at.toISOString(),
        who: entry.actorLabel || t(`admin.audit.channel_${entry.channel}`),
        setting: rate
          ? `${countryName(rate.country, locale)}: ${t(`admin.taxSettings.col.${rate.taxClass}`)}`
          : t(
              `admin.taxSettings.setting.${fieldOfKey[entry.entityId] ?? entry.entityId}` as TextKey,
            ),
        before: rate ? percent(entry.before?.value) : onOff(entry.before?.value),
        after: rate ? percent(entry.after?.value) : onOff(entry.after?.value),
      };
    }),
    security: sessionNonce(current, env),
    saved: saved && SAVED.has(saved) ? saved : null,
    title: `${t('admin.taxSettings.title')} | ${t('shop.name')}`,
    messages: messagesFor(locale, areas),
  };
}

function refuse(
  t: Translate,
  status: number,
  errors: { field: string; code: string }[],
  values?: Record<string, string>,
  version?: string,
) {
  const body: TaxSettingsAnswer = {
    intent: 'tax-settings',
    message: t(errors[0]!.code as TextKey),
    field: errors[0]!.field || undefined,
    errors: errors.map((e) => ({ field: e.field, message: t(e.code as TextKey) })),
    values,
    version,
  };
  return data(body, { status });
}

/** What was ticked, for the form to show again. */
function echoed(form: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const name of Object.keys(TAX_SETTING_FIELDS)) {
    if (form.getAll(name).length === 1 && form.get(name) === 'yes') values[name] = 'yes';
  }
  return values;
}

/** Saves the tax settings: all fields judged at once; post, redirect, get. */
export async function handleTaxSettingsForm(args: Args) {
  const staff = await staffShop(args);
  const { db, env, t, current, viewer } = staff;
  const read = await readForm(args.request);
  if (!read.ok) return refuse(t, 400, [{ field: '', code: read.error.code }]);
  const form = read.value;
  if (form.get('intent') === 'tax-rates') return handleVatRatesForm(staff, form);
  const security = form.getAll('security');
  if (security.length !== 1 || !verifyNonce(current, security[0], env)) {
    return refuse(t, 403, [{ field: '', code: 'admin.taxSettings.error.expired' }], echoed(form));
  }
  const fields: Record<string, string> = {};
  const errors: { field: string; code: string }[] = [];
  for (const name of Object.keys(TAX_SETTING_FIELDS) as TaxSettingField[]) {
    const all = form.getAll(name);
    if (all.length > 1 || all.some((v) => typeof v !== 'string')) {
      errors.push({ field: taxControlId(name), code: 'admin.taxSettings.error.invalid' });
    } else if (typeof all[0] === 'string') {
      fields[name] = all[0];
    }
  }
  const versions = form.getAll('version');
  if (
    versions.length > 1 ||
    versions.some((v) => typeof v !== 'string') ||
    [...form.keys()].some((name) => name.includes('['))
  ) {
    errors.push({ field: '', code: 'admin.taxSettings.error.invalid' });
  }
  const parsed = taxSettingsSchema.safeParse(fields);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const name = String(issue.path[0]) as TaxSettingField;
      if (errors.some((e) => e.field === taxControlId(name))) continue;
      errors.push({ field: taxControlId(name), code: 'admin.taxSettings.error.invalid' });
    }
  }
  if (errors.length > 0 || !parsed.success) return refuse(t, 400, errors, echoed(form));
  const actor: Actor = { channel: 'admin', id: viewer.id, label: viewer.email };
  const seen = typeof versions[0] === 'string' ? versions[0] : undefined;
  const saved = await saveTaxSettings(db, taxSettingsOfForm(parsed.data), actor, seen);
  if (!saved.ok) {
    const conflict = [{ field: '', code: 'admin.taxSettings.error.conflict' }];
    return refuse(t, 409, conflict, echoed(form), taxSettingsVersion(saved.current));
  }
  return redirect(`${TAX_SETTINGS_PATH}?saved=${saved.changed.length > 0 ? 'yes' : 'unchanged'}`);
}
