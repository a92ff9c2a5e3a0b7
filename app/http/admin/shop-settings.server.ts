// The shop and checkout sections of the settings area (/admin/settings/shop, /checkout):
// shop managers and administrators.
import { type AppLoadContext, data, redirect } from 'react-router';
import type { z } from 'zod';
import type { Actor } from '#app/domain/audit/audit.server.ts';
import {
  type SectionSave,
  saveSettingSection,
  settingChanges,
} from '#app/domain/audit/setting-sections.server.ts';
import type { Tx } from '#app/domain/kernel/tx.ts';
import { GUEST_CART_DAYS_LIMITS, guestCartDaysSchema } from '#app/domain/cart/cart.server.ts';
import { LOW_STOCK_LIMITS, lowStockSchema } from '#app/domain/catalog/stock-admin.server.ts';
import {
  CHECKOUT_SETTING_KEYS,
  checkoutSettings,
  checkoutSettingsVersion,
  saveCheckoutSettings,
} from '#app/domain/checkout/checkout-settings.server.ts';
import { COUNTRY_CODES } from '#app/domain/customers/address-locale.ts';
import { isEuCountry, normalizeVatId, vatIdFitsCountry } from '#app/domain/pricing/vat.rules.ts';
import { HOLD_MINUTES_LIMITS, holdMinutesSchema } from '#app/domain/orders/lifecycle.server.ts';
import { UNSET_OWNER } from '#app/domain/settings/shop-owner.ts';
import { SHOP_NAME_SETTING, rememberShopName } from '#app/domain/settings/shop-name.server.ts';
import { DEFAULT_SHOP_NAME, SHOP_NAME_MAX } from '#app/domain/settings/shop-name.rules.ts';
import {
  CHECKOUT_FORM_FIELDS,
  NOTICE_MAX,
  OWNER_FIELDS,
  type OwnerChecks,
  SHOP_FORM_FIELDS,
  checkoutFormSchema,
  settingControlId,
  shopFormSchema,
} from '#app/domain/settings/shop-settings.rules.ts';
import type { SettingsAnswer } from '#app/domain/settings/shop-settings.view.ts';
import {
  OWNER_SETTING,
  SHOP_SETTING_KEYS,
  shopSettings,
  shopSettingsVersion,
  shopValues,
  shopValuesOfForm,
} from '#app/domain/settings/shop-settings.server.ts';
import { STORE_NOTICE_SETTING } from '#app/domain/settings/site-settings.server.ts';
import type { MessageArea, TextKey, Translate } from '#app/lib/i18n.ts';
import { messagesFor } from '#app/lib/i18n.server.ts';
import { sessionNonce, verifyNonce } from '#app/lib/session.server.ts';
import { readForm } from '../request.server.ts';
import { auditValueText } from './audit-values.ts';
import { staffShop } from './staff.server.ts';

type Args = { request: Request; context: AppLoadContext };

export const SHOP_SETTINGS_PATH = '/admin/settings/shop';
export const CHECKOUT_SETTINGS_PATH = '/admin/settings/checkout';

const SAVED = new Set(['yes', 'unchanged']);

/** The number fields, judged by the schemas their settings' readers use. */
const NUMBERS = {
  hold_stock_minutes: { limits: HOLD_MINUTES_LIMITS, schema: holdMinutesSchema },
  guest_cart_days: { limits: GUEST_CART_DAYS_LIMITS, schema: guestCartDaysSchema },
  low_stock_amount: { limits: LOW_STOCK_LIMITS, schema: lowStockSchema },
};
const LIMITS = Object.fromEntries(Object.entries(NUMBERS).map(([k, v]) => [k, v.limits]));

/**
 * The owner's country from the address rules; the VAT id in the EU's format for an owner in a
 * member state, elsewhere letters and digits of a sensible length.
 */
const OWNER_CHECKS: OwnerChecks = {
  countries: COUNTRY_CODES,
  normalizeVatId,
  vatIdFits: (vatId, country) =>
    isEuCountry(country) ? vatIdFitsCountry(vatId, country) : /^[A-Z0-9]{4,20}$/.test(vatId),
};

/** Before and after of one audited value, as short text in the reader's language. */
function shown(t: Translate, key: string, value: unknown): string {
  if (typeof value === 'boolean')
    return t(value ? 'admin.shopSettings.on' : 'admin.shopSettings.off');
  if (key === STORE_NOTICE_SETTING && value && typeof value === 'object') {
    const notice = value as { text?: { de?: string }; enabled?: boolean };
    const state = t(notice.enabled === false ? 'admin.shopSettings.off' : 'admin.shopSettings.on');
    return `${state}: ${auditValueText(notice.text?.de ?? '', 60)}`;
  }
  if (key === OWNER_SETTING && value && typeof value === 'object') {
    const owner = value as Record<string, unknown>;
    return auditValueText(
      [owner.name, owner.city, owner.email].filter((v) => typeof v === 'string' && v).join(', '),
      60,
    );
  }
  return auditValueText(value, 60);
}

export type Shop = Awaited<ReturnType<typeof staffShop>>;

async function changesFor(shop: Shop, keys: string[]) {
  const { db, t } = shop;
  const changes = await settingChanges(db, keys);
  return changes.map((entry) => ({
    id: entry.id,
    at: entry.at.toISOString(),
    who: entry.actorLabel || t(`admin.audit.channel_${entry.channel}`),
    setting: t(`admin.shopSettings.setting.${entry.entityId}` as TextKey),
    before: shown(t, entry.entityId, entry.before?.value),
    after: shown(t, entry.entityId, entry.after?.value),
  }));
}

export function savedOf(request: Request) {
  const saved = new URL(request.url).searchParams.get('saved');
  return saved && SAVED.has(saved) ? saved : null;
}

export async function loadShopSettings(args: Args, areas: readonly MessageArea[]) {
  const shop = await staffShop(args);
  const { env, locale, t, current } = shop;
  const settings = await shopSettings(shop.db);
  return {
    settings,
    version: shopSettingsVersion(settings),
    defaults: UNSET_OWNER,
    defaultName: DEFAULT_SHOP_NAME,
    changes: await changesFor(shop, SHOP_SETTING_KEYS),
    security: sessionNonce(current, env),
    saved: savedOf(args.request),
    title: `${t('admin.shopSettings.title')} | ${t('shop.name')}`,
    messages: messagesFor(locale, areas),
  };
}

export async function loadCheckoutSettings(args: Args, areas: readonly MessageArea[]) {
  const shop = await staffShop(args);
  const { env, locale, t, current } = shop;
  const settings = await checkoutSettings(shop.db);
  return {
    settings,
    version: checkoutSettingsVersion(settings),
    limits: LIMITS,
    changes: await changesFor(shop, CHECKOUT_SETTING_KEYS),
    security: sessionNonce(current, env),
    saved: savedOf(args.request),
    title: `${t('admin.checkoutSettings.title')} | ${t('shop.name')}`,
    messages: messagesFor(locale, areas),
  };
}

export type Problem = { field: string; code: string; params?: Record<string, string | number> };

/** What was typed, for the form to show again: plain text of a sensible length only. */
export function echoed(form: FormData, fields: readonly string[]): Record<string, string> {
  const values: Record<string, string> = {};
  for (const name of fields) {
    const all = form.getAll(name);
    const value = all.length === 1 ? all[0] : undefined;
    // eslint-disable-next-line no-control-regex
    if (typeof value === 'string' && value.length <= 600 && !/\u0000/.test(value)) {
      values[name] = value;
    }
  }
  return values;
}

export function refuse(
  t: Translate,
  status: number,
  errors: Problem[],
  values?: Record<string, string>,
  version?: string,
) {
  const body: SettingsAnswer = {
    intent: 'settings',
    message: t(errors[0]!.code as TextKey, errors[0]!.params),
    field: errors[0]!.field || undefined,
    errors: errors.map((e) => ({ field: e.field, message: t(e.code as TextKey, e.params) })),
    values,
    version,
  };
  return data(body, { status });
}

/** Each field once and as text; a repeated, array-style or file field is refused. */
export function collect(form: FormData, names: readonly string[], errors: Problem[]) {
  const fields: Record<string, string> = {};
  for (const name of names) {
    const all = form.getAll(name);
    if (all.length > 1 || all.some((v) => typeof v !== 'string')) {
      errors.push({ field: settingControlId(name), code: 'admin.shopSettings.error.invalid' });
    } else if (typeof all[0] === 'string') {
      fields[name] = all[0];
    }
  }
  const versions = form.getAll('version');
  if (versions.length > 1 || versions.some((v) => typeof v !== 'string')) {
    errors.push({ field: '', code: 'admin.shopSettings.error.invalid' });
  }
  if ([...form.keys()].some((name) => name.includes('['))) {
    errors.push({ field: '', code: 'admin.shopSettings.error.invalid' });
  }
  return { fields, seen: typeof versions[0] === 'string' ? versions[0] : undefined };
}

/**
 * A section schema's problems as field errors, the first of each field only; the message's
 * parameters (a range, a length) come from `paramsOf`.
 */
function fieldProblems(
  issues: z.core.$ZodIssue[],
  names: readonly string[],
  paramsOf: (name: string) => Problem['params'],
  errors: Problem[],
) {
  for (const issue of issues) {
    const name = String(issue.path[0] ?? '');
    const field = names.includes(name) ? settingControlId(name) : '';
    if (field && errors.some((e) => e.field === field)) continue;
    const code = issue.message.startsWith('admin.shopSettings.error.')
      ? issue.message
      : 'admin.shopSettings.error.invalid';
    errors.push({ field, code, params: paramsOf(name) });
  }
}

/** The longest text a shop field takes, for its message. */
function shopFieldParams(name: string) {
  if (name === 'shop_name') return { max: SHOP_NAME_MAX };
  if (name in OWNER_FIELDS) return { max: OWNER_FIELDS[name as keyof typeof OWNER_FIELDS].max };
  return { max: name.startsWith('notice_') ? NOTICE_MAX : 0 };
}

const rangeOf = (limits: Record<string, { min: number; max: number }>) => (name: string) =>
  limits[name] ? { ...limits[name] } : undefined;

/** After a valid post: back to the page with its status, or 409 if others saved meanwhile. */
function savedAnswer(
  t: Translate,
  form: FormData,
  fields: readonly string[],
  saved: SectionSave,
  path: string,
) {
  if (!saved.ok) {
    const conflict = [{ field: '', code: 'admin.shopSettings.error.conflict' }];
    return refuse(t, 409, conflict, echoed(form, fields), saved.version);
  }
  return redirect(`${path}?saved=${saved.changed.length > 0 ? 'yes' : 'unchanged'}`);
}

/** The common start of both forms: signed-in staff, a readable body, the page's own nonce. */
export async function opened(args: Args, fields: readonly string[]) {
  const shop = await staffShop(args);
  const read = await readForm(args.request);
  if (!read.ok) {
    // Unsafe text (a NUL byte, a lone surrogate) in one of the fields: said beside that field.
    const param = read.error.params?.param;
    const problem: Problem =
      typeof param === 'string' && fields.includes(param)
        ? { field: settingControlId(param), code: 'admin.shopSettings.error.control' }
        : { field: '', code: read.error.code, params: read.error.params };
    return { refused: refuse(shop.t, 400, [problem]) } as const;
  }
  const form = read.value;
  const security = form.getAll('security');
  if (security.length !== 1 || !verifyNonce(shop.current, security[0], shop.env)) {
    const expired = [{ field: '', code: 'admin.shopSettings.error.expired' }];
    return { refused: refuse(shop.t, 403, expired, echoed(form, fields)) } as const;
  }
  const actor: Actor = { channel: 'admin', id: shop.viewer.id, label: shop.viewer.email };
  return { shop, form, actor } as const;
}

/**
 * Saves a section whose form maps straight onto its schema: every field judged at once,
 * nothing saved unless all are valid, the numbers within their limits; a save against settings
 * changed meanwhile is refused with 409. Answered with post, redirect, get.
 */
export async function handleSectionForm<T>(
  args: Args,
  section: {
    fields: readonly string[];
    schema: z.ZodType<T, Record<string, string>>;
    limits: Record<string, { min: number; max: number }>;
    path: string;
    save: (db: Tx, form: T, actor: Actor, seen?: string) => Promise<SectionSave>;
  },
) {
  const start = await opened(args, section.fields);
  if ('refused' in start) return start.refused;
  const { shop, form, actor } = start;
  const errors: Problem[] = [];
  const { fields, seen } = collect(form, section.fields, errors);
  const parsed = section.schema.safeParse(fields);
  if (!parsed.success) {
    fieldProblems(parsed.error.issues, section.fields, rangeOf(section.limits), errors);
  }
  if (errors.length > 0 || !parsed.success) {
    return refuse(shop.t, 400, errors, echoed(form, section.fields));
  }
  const saved = await section.save(shop.db, parsed.data, actor, seen);
  return savedAnswer(shop.t, form, section.fields, saved, section.path);
}

/**
 * Saves the shop section: every field judged at once, nothing saved unless all are valid;
 * answered by going back to the page with a status (post, redirect, get).
 */
export async function handleShopSettingsForm(args: Args) {
  const start = await opened(args, SHOP_FORM_FIELDS);
  if ('refused' in start) return start.refused;
  const { shop, form, actor } = start;
  const errors: Problem[] = [];
  const { fields, seen } = collect(form, SHOP_FORM_FIELDS, errors);
  const parsed = shopFormSchema(OWNER_CHECKS).safeParse(fields);
  if (!parsed.success)
    fieldProblems(parsed.error.issues, SHOP_FORM_FIELDS, shopFieldParams, errors);
  if (errors.length > 0 || !parsed.success) {
    return refuse(shop.t, 400, errors, echoed(form, SHOP_FORM_FIELDS));
  }
  const form_ = parsed.data;
  const saved = await saveSettingSection(
    shop.db,
    {
      lock: 'shop-settings',
      read: async (tx) => shopValues(await shopSettings(tx)),
      next: (current) => shopValuesOfForm(form_, current),
    },
    actor,
    seen,
  );
  // This instance's pages and mails use the new name at once; others within seconds.
  if (saved.ok && saved.changed.includes(SHOP_NAME_SETTING) && form_.shop_name) {
    rememberShopName(form_.shop_name);
  }
  return savedAnswer(shop.t, form, SHOP_FORM_FIELDS, saved, SHOP_SETTINGS_PATH);
}

/** Saves the checkout section; the numbers within the limits their settings' readers accept. */
export async function handleCheckoutSettingsForm(args: Args) {
  const start = await opened(args, CHECKOUT_FORM_FIELDS);
  if ('refused' in start) return start.refused;
  const { shop, form, actor } = start;
  const errors: Problem[] = [];
  const { fields, seen } = collect(form, CHECKOUT_FORM_FIELDS, errors);
  const parsed = checkoutFormSchema.safeParse(fields);
  if (!parsed.success) {
    fieldProblems(parsed.error.issues, CHECKOUT_FORM_FIELDS, rangeOf(LIMITS), errors);
  }
  for (const [name, { limits, schema }] of Object.entries(NUMBERS)) {
    const field = settingControlId(name);
    if (errors.some((e) => e.field === field)) continue;
    const value = parsed.success ? parsed.data[name as keyof typeof parsed.data] : undefined;
    if (value !== undefined && !schema.safeParse(value).success) {
      errors.push({ field, code: 'admin.shopSettings.error.range', params: { ...limits } });
    }
  }
  if (errors.length > 0 || !parsed.success) {
    return refuse(shop.t, 400, errors, echoed(form, CHECKOUT_FORM_FIELDS));
  }
  const saved = await saveCheckoutSettings(shop.db, parsed.data, actor, seen);
  return savedAnswer(shop.t, form, CHECKOUT_FORM_FIELDS, saved, CHECKOUT_SETTINGS_PATH);
}
