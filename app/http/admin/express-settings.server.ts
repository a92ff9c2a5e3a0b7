// The express checkout section of the settings area (/admin/settings/express): where the
// wallet buttons show and how they look. Shop managers and administrators.
import type { AppLoadContext } from 'react-router';
import { settingChanges } from '#app/domain/audit/setting-sections.server.ts';
import {
  EXPRESS_FORM_FIELDS,
  EXPRESS_LIMITS,
  type ExpressForm,
  expressFormSchema,
} from '#app/domain/payments/stripe/express-settings.rules.ts';
import {
  DEFAULT_EXPRESS_SETTINGS,
  EXPRESS_SETTINGS_KEY,
  type ExpressSettings,
  expressForm,
  expressSettings,
  expressSettingsVersion,
  saveExpressSettings,
} from '#app/domain/payments/stripe/express-settings.server.ts';
import type { MessageArea, TextKey, Translate } from '#app/lib/i18n.ts';
import { messagesFor } from '#app/lib/i18n.server.ts';
import { sessionNonce } from '#app/lib/session.server.ts';
import { auditValueText } from './audit-values.ts';
import { type Shop, handleSectionForm, savedOf } from './shop-settings.server.ts';
import { staffShop } from './staff.server.ts';

type Args = { request: Request; context: AppLoadContext };

export const EXPRESS_SETTINGS_PATH = '/admin/settings/express';

/** One field's value as the changes card shows it. */
function fieldText(t: Translate, field: keyof ExpressForm, value: unknown): string {
  const label = t(`admin.expressSettings.${field}` as TextKey);
  if (typeof value === 'boolean') {
    return `${label}: ${t(value ? 'admin.shopSettings.on' : 'admin.shopSettings.off')}`;
  }
  if (field === 'button_type' || field === 'button_theme') {
    return `${label}: ${t(`admin.expressSettings.${field}_${String(value)}` as TextKey)}`;
  }
  return `${label}: ${auditValueText(value, 20)}`;
}

/** The stored value as the form reads it; anything unreadable counts as the defaults. */
function formOf(value: unknown): ExpressForm {
  const record = value && typeof value === 'object' ? (value as Partial<ExpressSettings>) : {};
  return expressForm({ ...DEFAULT_EXPRESS_SETTINGS, ...record });
}

async function changesFor(shop: Shop) {
  const { db, t } = shop;
  const changes = await settingChanges(db, [EXPRESS_SETTINGS_KEY]);
  return changes.map((entry) => {
    const before = formOf((entry.before as { value?: unknown } | null)?.value);
    const after = formOf((entry.after as { value?: unknown } | null)?.value);
    const changed = EXPRESS_FORM_FIELDS.filter((field) => before[field] !== after[field]);
    const text = (form: ExpressForm) =>
      auditValueText(changed.map((field) => fieldText(t, field, form[field])).join('; '), 160);
    return {
      id: entry.id,
      at: entry.at.toISOString(),
      who: entry.actorLabel || t(`admin.audit.channel_${entry.channel}`),
      setting: t('admin.expressSettings.title'),
      before: text(before),
      after: text(after),
    };
  });
}

export async function loadExpressSettings(args: Args, areas: readonly MessageArea[]) {
  const shop = await staffShop(args);
  const { env, locale, t, current } = shop;
  const settings = await expressSettings(shop.db);
  return {
    settings: expressForm(settings),
    defaults: expressForm(DEFAULT_EXPRESS_SETTINGS),
    version: expressSettingsVersion(settings),
    limits: EXPRESS_LIMITS,
    changes: await changesFor(shop),
    security: sessionNonce(current, env),
    saved: savedOf(args.request),
    title: `${t('admin.expressSettings.title')} | ${t('shop.name')}`,
    messages: messagesFor(locale, areas),
  };
}

/** Saves the section (see handleSectionForm). */
export function handleExpressSettingsForm(args: Args) {
  return handleSectionForm(args, {
    fields: EXPRESS_FORM_FIELDS,
    schema: expressFormSchema,
    limits: EXPRESS_LIMITS,
    path: EXPRESS_SETTINGS_PATH,
    save: saveExpressSettings,
  });
}
