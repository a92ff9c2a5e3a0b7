// The catalog and product page section of the settings area: what each field may hold. Pure,
// so the page can share it.
import { z } from 'zod';
import { SWATCH_LIMITS } from '#app/domain/catalog/swatch-settings.rules.ts';
import { settingAmount, settingCheckbox } from '#app/domain/settings/shop-settings.rules.ts';

export const PRODUCT_PAGE_FORM_FIELDS = [
  'ajax_threshold',
  'clear_on_reselect',
  'deselect_unavailable',
  'clickable_out_of_stock',
  'stock_label_threshold',
  'reveal_mini_cart',
  'reveal_seconds',
  'redirect_after_add',
  'gallery_zoom',
  'gallery_lightbox',
  'unit_price_places',
  'unit_price_cart',
  'unit_price_mini_cart',
  'unit_price_checkout',
] as const;
export type ProductPageFormField = (typeof PRODUCT_PAGE_FORM_FIELDS)[number];

/** How long the mini cart opened by an add may stay open, in seconds. */
export const REVEAL_SECONDS_LIMITS = { min: 1, max: 60 } as const;

/** The number fields and the range each setting's schema accepts. */
export const PRODUCT_PAGE_LIMITS = {
  ajax_threshold: SWATCH_LIMITS.ajaxThreshold,
  stock_label_threshold: SWATCH_LIMITS.stockLabelThreshold,
  reveal_seconds: REVEAL_SECONDS_LIMITS,
} as const;
export type ProductPageNumberField = keyof typeof PRODUCT_PAGE_LIMITS;

/** The section as sent (each field once, as text); the messages name the text to show. */
export const productPageFormSchema = z.object({
  ajax_threshold: settingAmount(PRODUCT_PAGE_LIMITS.ajax_threshold),
  clear_on_reselect: settingCheckbox,
  deselect_unavailable: settingCheckbox,
  clickable_out_of_stock: settingCheckbox,
  stock_label_threshold: settingAmount(PRODUCT_PAGE_LIMITS.stock_label_threshold),
  reveal_mini_cart: settingCheckbox,
  reveal_seconds: settingAmount(PRODUCT_PAGE_LIMITS.reveal_seconds),
  redirect_after_add: settingCheckbox,
  gallery_zoom: settingCheckbox,
  gallery_lightbox: settingCheckbox,
  // The form marks that it carries the unit price places; a post without them keeps them.
  unit_price_places: z.literal('yes', { message: 'admin.shopSettings.error.invalid' }).optional(),
  unit_price_cart: settingCheckbox,
  unit_price_mini_cart: settingCheckbox,
  unit_price_checkout: settingCheckbox,
});

/** The places the owner may switch: beside cart lines only (see unit-price-places.server.ts). */
export const UNIT_PRICE_PLACE_FIELDS = [
  'unit_price_cart',
  'unit_price_mini_cart',
  'unit_price_checkout',
] as const;
export type UnitPricePlaceField = (typeof UNIT_PRICE_PLACE_FIELDS)[number];

export type ProductPageForm = z.infer<typeof productPageFormSchema>;
