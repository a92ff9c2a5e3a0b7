// The catalog and product page section of the settings area (/admin/settings/catalog): shop
// managers and administrators.
import type { AppLoadContext } from 'react-router';
import { settingChanges } from '#app/domain/audit/setting-sections.server.ts';
import { CART_BEHAVIOUR_KEY } from '#app/domain/cart/cart-settings.server.ts';
import {
  PRODUCT_PAGE_FORM_FIELDS,
  PRODUCT_PAGE_LIMITS,
  productPageFormSchema,
} from '#app/domain/cart/product-page-settings.rules.ts';
import {
  PRODUCT_PAGE_DEFAULTS,
  PRODUCT_PAGE_SETTING_KEYS,
  productPageForm,
  productPageSettings,
  productPageSettingsVersion,
  saveProductPageSettings,
} from '#app/domain/cart/product-page-settings.server.ts';
import { GALLERY_SETTINGS_KEY } from '#app/domain/catalog/gallery-settings.view.ts';
import { UNIT_PRICE_PLACES_KEY } from '#app/domain/cart/unit-price-places.server.ts';
import { SWATCH_SETTINGS_KEY } from '#app/domain/catalog/swatch-settings.view.ts';
import type { MessageArea, TextKey, Translate } from '#app/lib/i18n.ts';
import { messagesFor } from '#app/lib/i18n.server.ts';
import { sessionNonce } from '#app/lib/session.server.ts';
import { auditValueText } from './audit-values.ts';
import { type Shop, handleSectionForm, savedOf } from './shop-settings.server.ts';
import { staffShop } from './staff.server.ts';

type Args = { request: Request; context: AppLoadContext };

export const PRODUCT_PAGE_SETTINGS_PATH = '/admin/settings/catalog';

/** Each stored option by the form field that edits it, to name it in the changes card. */
const OPTION_FIELDS: Record<string, Record<string, string>> = {
  [SWATCH_SETTINGS_KEY]: {
    ajaxThreshold: 'ajax_threshold',
    clearOnReselect: 'clear_on_reselect',
    deselectUnavailable: 'deselect_unavailable',
    clickableOutOfStock: 'clickable_out_of_stock',
    stockLabelThreshold: 'stock_label_threshold',
  },
  [CART_BEHAVIOUR_KEY]: {
    revealMiniCart: 'reveal_mini_cart',
    revealSeconds: 'reveal_seconds',
    redirectAfterAdd: 'redirect_after_add',
  },
  [GALLERY_SETTINGS_KEY]: { zoom: 'gallery_zoom', lightbox: 'gallery_lightbox' },
  [UNIT_PRICE_PLACES_KEY]: {
    cart: 'unit_price_cart',
    miniCart: 'unit_price_mini_cart',
    checkout: 'unit_price_checkout',
  },
};

const asRecord = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};

/** The options of one audited setting that differ between before and after, as short text. */
function shownOptions(
  t: Translate,
  key: string,
  before: unknown,
  after: unknown,
): { before: string; after: string } {
  const fields = OPTION_FIELDS[key] ?? {};
  const old = asRecord(before);
  const now = asRecord(after);
  const text = (values: Record<string, unknown>, option: string) => {
    const value = values[option];
    const label = t(`admin.catalogSettings.${fields[option]}` as TextKey);
    if (value === undefined) return `${label}: ${t('admin.catalogSettings.default_value')}`;
    if (typeof value === 'boolean') {
      return `${label}: ${t(value ? 'admin.shopSettings.on' : 'admin.shopSettings.off')}`;
    }
    return `${label}: ${auditValueText(value, 20)}`;
  };
  const changed = Object.keys(fields).filter(
    (option) => JSON.stringify(old[option]) !== JSON.stringify(now[option]),
  );
  return {
    before: auditValueText(changed.map((option) => text(old, option)).join('; '), 160),
    after: auditValueText(changed.map((option) => text(now, option)).join('; '), 160),
  };
}

/** The audited value: sections record `{ value }`, the variations tab the options themselves. */
function valueOf(side: unknown): unknown {
  const record = asRecord(side);
  return 'value' in record ? record.value : side;
}

async function changesFor(shop: Shop) {
  const { db, t } = shop;
  const changes = await settingChanges(db, PRODUCT_PAGE_SETTING_KEYS);
  return changes.map((entry) => ({
    id: entry.id,
    at: entry.at.toISOString(),
    who: entry.actorLabel || t(`admin.audit.channel_${entry.channel}`),
    setting: t(`admin.shopSettings.setting.${entry.entityId}` as TextKey),
    ...shownOptions(t, entry.entityId, valueOf(entry.before), valueOf(entry.after)),
  }));
}

export async function loadProductPageSettings(args: Args, areas: readonly MessageArea[]) {
  const shop = await staffShop(args);
  const { env, locale, t, current } = shop;
  const settings = await productPageSettings(shop.db);
  return {
    settings: productPageForm(settings),
    defaults: productPageForm(PRODUCT_PAGE_DEFAULTS),
    version: productPageSettingsVersion(settings),
    limits: PRODUCT_PAGE_LIMITS,
    changes: await changesFor(shop),
    security: sessionNonce(current, env),
    saved: savedOf(args.request),
    title: `${t('admin.catalogSettings.title')} | ${t('shop.name')}`,
    messages: messagesFor(locale, areas),
  };
}

/** Saves the section (see handleSectionForm). */
export function handleProductPageSettingsForm(args: Args) {
  return handleSectionForm(args, {
    fields: PRODUCT_PAGE_FORM_FIELDS,
    schema: productPageFormSchema,
    limits: PRODUCT_PAGE_LIMITS,
    path: PRODUCT_PAGE_SETTINGS_PATH,
    save: saveProductPageSettings,
  });
}
