import { z } from 'zod';
import type { Actor } from '#app/domain/audit/audit.server.ts';
import { type SectionSave, saveSettingSection } from '#app/domain/audit/setting-sections.server.ts';
import type { Tx } from '#app/domain/kernel/tx.ts';
import { settingsVersion } from '#app/domain/settings/settings-version.server.ts';
import { getSetting } from '#app/domain/settings/settings.server.ts';
import {
  EXPRESS_BUTTON_THEMES,
  EXPRESS_LIMITS,
  type ExpressForm,
} from './express-settings.rules.ts';
import { buttonHeight } from './express.rules.ts';

/** Where the shop owner sets express checkout (`settings` table, key `payments.express`). */
export const EXPRESS_SETTINGS_KEY = 'payments.express';

export const EXPRESS_PAGE_KINDS = ['product', 'cart', 'checkout', 'pay_for_order'] as const;
export type ExpressPageKind = (typeof EXPRESS_PAGE_KINDS)[number];

const expressSettingsSchema = z.object({
  /** The page kinds that show the wallet buttons (spec section 2: page-setting flags). */
  pages: z.object({
    product: z.boolean(),
    cart: z.boolean(),
    checkout: z.boolean(),
    pay_for_order: z.boolean(),
  }),
  /** Raw appearance settings; the browser clamps and maps them (spec section 5). */
  button: z.object({
    height: z.number().int().min(0).max(200),
    radius: z.number().int().min(0).max(100),
    type: z.string().max(40),
    theme: z.string().max(40),
  }),
  /** The sheet asks for a phone number. */
  payerPhone: z.boolean(),
});

export type ExpressSettings = z.infer<typeof expressSettingsSchema>;

export const DEFAULT_EXPRESS_SETTINGS: ExpressSettings = {
  pages: { product: true, cart: true, checkout: true, pay_for_order: true },
  button: { height: 48, radius: 4, type: 'buy', theme: 'dark' },
  payerPhone: false,
};

/** The owner's express settings; a partial value keeps the defaults for the rest. */
export function expressSettings(db: Tx): Promise<ExpressSettings> {
  return getSetting(
    db,
    EXPRESS_SETTINGS_KEY,
    expressSettingsSchema
      .partial()
      .transform((v) => ({ ...DEFAULT_EXPRESS_SETTINGS, ...v }) satisfies ExpressSettings),
    DEFAULT_EXPRESS_SETTINGS,
  );
}

/** The section's form fields as the settings give them. */
export function expressForm(settings: ExpressSettings): ExpressForm {
  const { pages, button } = settings;
  return {
    page_product: pages.product,
    page_cart: pages.cart,
    page_checkout: pages.checkout,
    page_pay_for_order: pages.pay_for_order,
    button_type: button.type === 'default' ? 'default' : 'buy',
    button_theme: (EXPRESS_BUTTON_THEMES as readonly string[]).includes(button.theme)
      ? (button.theme as ExpressForm['button_theme'])
      : 'dark',
    // What the buttons show: the browser clamps the stored height the same way.
    button_height: buttonHeight(button.height),
    button_radius: Math.min(EXPRESS_LIMITS.button_radius.max, button.radius),
    payer_phone: settings.payerPhone,
  };
}

function settingsOfForm(form: ExpressForm): ExpressSettings {
  return {
    pages: {
      product: form.page_product,
      cart: form.page_cart,
      checkout: form.page_checkout,
      pay_for_order: form.page_pay_for_order,
    },
    button: {
      height: form.button_height,
      radius: form.button_radius,
      type: form.button_type,
      theme: form.button_theme,
    },
    payerPhone: form.payer_phone,
  };
}

export function expressSettingsVersion(settings: ExpressSettings): string {
  return settingsVersion({ [EXPRESS_SETTINGS_KEY]: settings });
}

/** Saves the section with its audit entry, while the settings are still those the form saw. */
export function saveExpressSettings(
  db: Tx,
  form: ExpressForm,
  actor: Actor,
  seenVersion?: string,
): Promise<SectionSave> {
  return saveSettingSection(
    db,
    {
      lock: 'express-settings',
      read: async (tx) => ({ [EXPRESS_SETTINGS_KEY]: await expressSettings(tx) }),
      next: () => ({ [EXPRESS_SETTINGS_KEY]: settingsOfForm(form) }),
    },
    actor,
    seenVersion,
  );
}
