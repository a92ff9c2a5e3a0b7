// The invoice settings page (/admin/settings/invoices): shop managers and administrators.
import { type AppLoadContext, data, redirect } from 'react-router';
import type { Actor } from '#app/domain/audit/audit.server.ts';
import {
  INVOICE_SETTING_FIELDS,
  type InvoiceSettingField,
  controlId,
  invoiceSettingsSchema,
  settingsOfForm,
} from '#app/domain/invoices/invoice-settings.rules.ts';
import {
  INVOICE_SETTING_KEYS,
  invoiceSettingChanges,
  invoiceSettings,
  invoiceSettingsVersion,
  lastSequences,
  saveInvoiceSettings,
} from '#app/domain/invoices/invoice-settings.server.ts';
import type { InvoiceSettingsAnswer } from '#app/domain/invoices/invoice-settings.view.ts';
import { DEFAULT_PATTERNS, bookingYear } from '#app/domain/invoices/numbering.rules.ts';
import { UNSET_OWNER, shopOwnerSchema } from '#app/domain/settings/shop-owner.ts';
import { getSetting } from '#app/domain/settings/settings.server.ts';
import type { MessageArea, TextKey, Translate } from '#app/lib/i18n.ts';
import { messagesFor } from '#app/lib/i18n.server.ts';
import { sessionNonce, verifyNonce } from '#app/lib/session.server.ts';
import { readForm } from '../request.server.ts';
import { auditValueText } from './audit-values.ts';
import { staffShop } from './staff.server.ts';

type Args = { request: Request; context: AppLoadContext };

export const INVOICE_SETTINGS_PATH = '/admin/settings/invoices';

const SAVED = new Set(['yes', 'unchanged']);

/** Before and after of one audited value, as short text in the reader's language. */
function shown(t: Translate, value: unknown): string {
  if (typeof value === 'boolean')
    return t(value ? 'admin.invoiceSettings.on' : 'admin.invoiceSettings.off');
  if (value === 'paid' || value === 'completed')
    return t(`admin.invoiceSettings.issue_on_${value}`);
  return auditValueText(value, 60);
}

export async function loadInvoiceSettings(args: Args, areas: readonly MessageArea[]) {
  const { db, env, locale, t, current } = await staffShop(args);
  const year = bookingYear(new Date());
  const [settings, last, owner, changes] = [
    await invoiceSettings(db),
    await lastSequences(db, year),
    await getSetting(db, 'shop.owner', shopOwnerSchema, UNSET_OWNER),
    await invoiceSettingChanges(db),
  ];
  const fieldOfKey = Object.fromEntries(
    Object.entries(INVOICE_SETTING_KEYS).map(([field, key]) => [key, field]),
  );
  const saved = new URL(args.request.url).searchParams.get('saved');
  return {
    settings,
    version: invoiceSettingsVersion(settings),
    defaults: DEFAULT_PATTERNS,
    year,
    // The next number of each kind is one above the year's counter.
    nextSequence: { invoice: last.invoice + 1, cancellation: last.cancellation + 1 },
    owner: { name: owner.name, vatId: owner.vatId },
    changes: changes.map((entry) => ({
      id: entry.id,
      at: entry.at.toISOString(),
      who: entry.actorLabel || t(`admin.audit.channel_${entry.channel}`),
      setting: fieldOfKey[entry.entityId] ?? entry.entityId,
      before: shown(t, entry.before?.value),
      after: shown(t, entry.after?.value),
    })),
    security: sessionNonce(current, env),
    saved: saved && SAVED.has(saved) ? saved : null,
    title: `${t('admin.invoiceSettings.title')} | ${t('shop.name')}`,
    messages: messagesFor(locale, areas),
  };
}

/** What was typed, for the form to show again: short plain text only. */
function echoed(form: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const name of Object.keys(INVOICE_SETTING_FIELDS)) {
    const all = form.getAll(name);
    const value = all.length === 1 ? all[0] : undefined;
    // eslint-disable-next-line no-control-regex
    if (typeof value === 'string' && value.length <= 60 && !/[\u0000-\u001f]/.test(value)) {
      values[name] = value;
    }
  }
  return values;
}

function refuse(
  t: Translate,
  status: number,
  errors: { field: string; code: string }[],
  values?: Record<string, string>,
  version?: string,
) {
  const body: InvoiceSettingsAnswer = {
    intent: 'invoice-settings',
    message: t(errors[0]!.code as TextKey),
    field: errors[0]!.field || undefined,
    errors: errors.map((e) => ({ field: e.field, message: t(e.code as TextKey) })),
    values,
    version,
  };
  return data(body, { status });
}

/**
 * Saves the invoice settings: every field judged at once, nothing saved unless all are valid;
 * answered by going back to the page with a status (post, redirect, get).
 */
export async function handleInvoiceSettingsForm(args: Args) {
  const { db, env, t, current, viewer } = await staffShop(args);
  const read = await readForm(args.request);
  if (!read.ok) return refuse(t, 400, [{ field: '', code: read.error.code }]);
  const form = read.value;
  const security = form.getAll('security');
  if (security.length !== 1 || !verifyNonce(current, security[0], env)) {
    return refuse(
      t,
      403,
      [{ field: '', code: 'admin.invoiceSettings.error.expired' }],
      echoed(form),
    );
  }
  const fields: Record<string, string> = {};
  const errors: { field: string; code: string }[] = [];
  for (const name of Object.keys(INVOICE_SETTING_FIELDS) as InvoiceSettingField[]) {
    const all = form.getAll(name);
    if (all.length > 1 || all.some((v) => typeof v !== 'string')) {
      errors.push({ field: controlId(name), code: 'admin.invoiceSettings.error.invalid' });
    } else if (typeof all[0] === 'string') {
      fields[name] = all[0];
    }
  }
  if (
    form.getAll('version').length > 1 ||
    form.getAll('version').some((v) => typeof v !== 'string')
  ) {
    errors.push({ field: '', code: 'admin.invoiceSettings.error.invalid' });
  }
  // Array-style names (`issue_on[]`) are no field of this form.
  if ([...form.keys()].some((name) => name.includes('['))) {
    errors.push({ field: '', code: 'admin.invoiceSettings.error.invalid' });
  }
  const parsed = invoiceSettingsSchema.safeParse(fields);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const name = String(issue.path[0]) as InvoiceSettingField;
      if (errors.some((e) => e.field === controlId(name))) continue;
      const code = issue.message.startsWith('admin.invoiceSettings.error.')
        ? issue.message
        : name in INVOICE_SETTING_FIELDS && name.endsWith('_pattern')
          ? 'admin.invoiceSettings.error.pattern'
          : 'admin.invoiceSettings.error.invalid';
      errors.push({ field: name in INVOICE_SETTING_FIELDS ? controlId(name) : '', code });
    }
  }
  if (errors.length > 0 || !parsed.success) return refuse(t, 400, errors, echoed(form));
  const actor: Actor = { channel: 'admin', id: viewer.id, label: viewer.email };
  // The page's form always sends the version it was filled in against; a client that sends
  // none saves over whatever is in force.
  const versions = form.getAll('version');
  const seen = typeof versions[0] === 'string' ? versions[0] : undefined;
  const saved = await saveInvoiceSettings(db, settingsOfForm(parsed.data), actor, seen);
  if (!saved.ok) {
    const conflict = [{ field: '', code: 'admin.invoiceSettings.error.conflict' }];
    return refuse(t, 409, conflict, echoed(form), invoiceSettingsVersion(saved.current));
  }
  return redirect(
    `${INVOICE_SETTINGS_PATH}?saved=${saved.changed.length > 0 ? 'yes' : 'unchanged'}`,
  );
}
