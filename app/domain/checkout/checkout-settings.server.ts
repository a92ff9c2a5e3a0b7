// The checkout section of the settings area: each field is a setting read elsewhere, judged by
// the schema and fallback of the code that reads it.
import { type SectionSave, saveSettingSection } from '#app/domain/audit/setting-sections.server.ts';
import type { Actor } from '#app/domain/audit/audit.server.ts';
import {
  DEFAULT_GUEST_CART_DAYS,
  GUEST_CART_DAYS_SETTING,
  guestCartDaysSchema,
} from '#app/domain/cart/cart.server.ts';
import {
  LOW_STOCK_SETTING,
  STOCK_NOTICE_SETTINGS,
  lowStockDefault,
  stockNoticeWanted,
} from '#app/domain/catalog/stock-admin.server.ts';
import type { Tx } from '#app/domain/kernel/tx.ts';
import {
  DEFAULT_HOLD_MINUTES,
  HOLD_MINUTES_SETTING,
  holdMinutesSchema,
} from '#app/domain/orders/lifecycle.server.ts';
import { getSetting } from '#app/domain/settings/settings.server.ts';
import {
  type SettingValues,
  settingsVersion,
} from '#app/domain/settings/settings-version.server.ts';
import type { CheckoutForm } from '#app/domain/settings/shop-settings.rules.ts';
import { GUEST_CHECKOUT_SETTING, guestCheckoutEnabled } from './checkout-customer.server.ts';

/** The setting key behind each field of the checkout section. */
export const CHECKOUT_SETTINGS: Record<keyof CheckoutForm, string> = {
  guest_checkout: GUEST_CHECKOUT_SETTING,
  hold_stock_minutes: HOLD_MINUTES_SETTING,
  guest_cart_days: GUEST_CART_DAYS_SETTING,
  low_stock_amount: LOW_STOCK_SETTING,
  notify_low: STOCK_NOTICE_SETTINGS.low,
  notify_out: STOCK_NOTICE_SETTINGS.out,
};

export const CHECKOUT_SETTING_KEYS = Object.values(CHECKOUT_SETTINGS);

/** The checkout settings in force, with the same fallbacks their readers use. */
export async function checkoutSettings(db: Tx): Promise<CheckoutForm> {
  return {
    guest_checkout: await guestCheckoutEnabled(db),
    hold_stock_minutes: await getSetting(
      db,
      HOLD_MINUTES_SETTING,
      holdMinutesSchema,
      DEFAULT_HOLD_MINUTES,
    ),
    guest_cart_days: await getSetting(
      db,
      GUEST_CART_DAYS_SETTING,
      guestCartDaysSchema,
      DEFAULT_GUEST_CART_DAYS,
    ),
    low_stock_amount: await lowStockDefault(db),
    notify_low: await stockNoticeWanted(db, 'low'),
    notify_out: await stockNoticeWanted(db, 'out'),
  };
}

function checkoutValues(settings: CheckoutForm): SettingValues {
  return Object.fromEntries(
    (Object.keys(CHECKOUT_SETTINGS) as (keyof CheckoutForm)[]).map((field) => [
      CHECKOUT_SETTINGS[field],
      settings[field],
    ]),
  );
}

export function checkoutSettingsVersion(settings: CheckoutForm): string {
  return settingsVersion(checkoutValues(settings));
}

/** Saves the section: the changed settings, each with its audit entry. */
export function saveCheckoutSettings(
  db: Tx,
  form: CheckoutForm,
  actor: Actor,
  seenVersion?: string,
): Promise<SectionSave> {
  return saveSettingSection(
    db,
    {
      lock: 'checkout-settings',
      read: async (tx) => checkoutValues(await checkoutSettings(tx)),
      next: () => checkoutValues(form),
    },
    actor,
    seenVersion,
  );
}
