// The express checkout section of the settings area: what each field may hold. Pure, so the
// page can share it.
import { z } from 'zod';
import { settingAmount, settingCheckbox } from '#app/domain/settings/shop-settings.rules.ts';
import { BUTTON_HEIGHT } from './express.rules.ts';

export const EXPRESS_BUTTON_TYPES = ['buy', 'default'] as const;
export const EXPRESS_BUTTON_THEMES = ['dark', 'light', 'light-outline'] as const;

export const EXPRESS_FORM_FIELDS = [
  'page_product',
  'page_cart',
  'page_checkout',
  'page_pay_for_order',
  'button_type',
  'button_theme',
  'button_height',
  'button_radius',
  'payer_phone',
] as const;

/** The ranges the wallet buttons take: the height is the one the browser clamps to (spec). */
export const EXPRESS_LIMITS = {
  button_height: { min: BUTTON_HEIGHT.min, max: BUTTON_HEIGHT.max },
  button_radius: { min: 0, max: 30 },
} as const;
export type ExpressNumberField = keyof typeof EXPRESS_LIMITS;

const choice = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { message: 'admin.shopSettings.error.invalid' });

/** The section as sent (each field once, as text); the messages name the text to show. */
export const expressFormSchema = z.object({
  page_product: settingCheckbox,
  page_cart: settingCheckbox,
  page_checkout: settingCheckbox,
  page_pay_for_order: settingCheckbox,
  button_type: choice(EXPRESS_BUTTON_TYPES),
  button_theme: choice(EXPRESS_BUTTON_THEMES),
  button_height: settingAmount(EXPRESS_LIMITS.button_height),
  button_radius: settingAmount(EXPRESS_LIMITS.button_radius),
  payer_phone: settingCheckbox,
});

export type ExpressForm = z.infer<typeof expressFormSchema>;
