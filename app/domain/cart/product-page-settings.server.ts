// The catalog and product page section of the settings area: the swatch behaviour, what an
// add to cart does and how the gallery behaves, each kept in the setting its storefront reader
// already uses.
import type { Actor } from '#app/domain/audit/audit.server.ts';
import { type SectionSave, saveSettingSection } from '#app/domain/audit/setting-sections.server.ts';
import {
  DEFAULT_SWATCH_OPTIONS,
  type SwatchOptions,
  swatchSettings,
} from '#app/domain/catalog/swatch-settings.server.ts';
import { SWATCH_SETTINGS_KEY } from '#app/domain/catalog/swatch-settings.view.ts';
import {
  forgetGalleryOptions,
  storedGalleryOptions,
} from '#app/domain/catalog/gallery-settings.server.ts';
import {
  DEFAULT_GALLERY_OPTIONS,
  GALLERY_SETTINGS_KEY,
  type GalleryOptions,
} from '#app/domain/catalog/gallery-settings.view.ts';
import type { Tx } from '#app/domain/kernel/tx.ts';
import {
  type SettingValues,
  settingsVersion,
} from '#app/domain/settings/settings-version.server.ts';
import { getSetting } from '#app/domain/settings/settings.server.ts';
import {
  CART_BEHAVIOUR_KEY,
  type CartOptions,
  DEFAULT_CART_OPTIONS,
  cartBehaviourSchema,
  forgetCartBehaviour,
} from './cart-settings.server.ts';
import type { ProductPageForm } from './product-page-settings.rules.ts';
import {
  DEFAULT_UNIT_PRICE_PLACES,
  UNIT_PRICE_PLACES_KEY,
  type UnitPricePlaces,
  forgetUnitPricePlaces,
  storedUnitPricePlaces,
  unitPricePlacesSchema,
} from './unit-price-places.server.ts';

export const PRODUCT_PAGE_SETTING_KEYS = [
  SWATCH_SETTINGS_KEY,
  CART_BEHAVIOUR_KEY,
  GALLERY_SETTINGS_KEY,
  UNIT_PRICE_PLACES_KEY,
];

export type ProductPageSettings = {
  swatches: SwatchOptions;
  cart: CartOptions;
  gallery: GalleryOptions;
  unitPrice: UnitPricePlaces;
};

/** The settings in force, read past the per-instance cache (the form must see the latest). */
export async function productPageSettings(db: Tx): Promise<ProductPageSettings> {
  return {
    swatches: await swatchSettings(db),
    cart: await getSetting(db, CART_BEHAVIOUR_KEY, cartBehaviourSchema, DEFAULT_CART_OPTIONS),
    gallery: await storedGalleryOptions(db),
    unitPrice: await storedUnitPricePlaces(db),
  };
}

export const PRODUCT_PAGE_DEFAULTS: ProductPageSettings = {
  swatches: DEFAULT_SWATCH_OPTIONS,
  cart: DEFAULT_CART_OPTIONS,
  gallery: DEFAULT_GALLERY_OPTIONS,
  unitPrice: DEFAULT_UNIT_PRICE_PLACES,
};

/** The section's form fields as the settings give them. */
export function productPageForm({
  swatches,
  cart,
  gallery,
  unitPrice,
}: ProductPageSettings): ProductPageForm {
  return {
    ajax_threshold: swatches.ajaxThreshold,
    clear_on_reselect: swatches.clearOnReselect,
    deselect_unavailable: swatches.deselectUnavailable,
    clickable_out_of_stock: swatches.clickableOutOfStock,
    stock_label_threshold: swatches.stockLabelThreshold,
    reveal_mini_cart: cart.revealMiniCart,
    reveal_seconds: cart.revealSeconds,
    redirect_after_add: cart.redirectAfterAdd,
    gallery_zoom: gallery.zoom,
    gallery_lightbox: gallery.lightbox,
    unit_price_places: 'yes',
    unit_price_cart: unitPrice.cart,
    unit_price_mini_cart: unitPrice.miniCart,
    unit_price_checkout: unitPrice.checkout,
  };
}

function productPageValues(settings: ProductPageSettings): SettingValues {
  return {
    [SWATCH_SETTINGS_KEY]: settings.swatches,
    [CART_BEHAVIOUR_KEY]: settings.cart,
    [GALLERY_SETTINGS_KEY]: settings.gallery,
    [UNIT_PRICE_PLACES_KEY]: settings.unitPrice,
  };
}

export function productPageSettingsVersion(settings: ProductPageSettings): string {
  return settingsVersion(productPageValues(settings));
}

/** The settings the form asks for; without its unit price part, the places in force stay. */
function settingsOfForm(form: ProductPageForm, current: SettingValues): ProductPageSettings {
  const kept = unitPricePlacesSchema.safeParse(current[UNIT_PRICE_PLACES_KEY]);
  return {
    swatches: {
      ajaxThreshold: form.ajax_threshold,
      clearOnReselect: form.clear_on_reselect,
      deselectUnavailable: form.deselect_unavailable,
      clickableOutOfStock: form.clickable_out_of_stock,
      stockLabelThreshold: form.stock_label_threshold,
    },
    cart: {
      revealMiniCart: form.reveal_mini_cart,
      revealSeconds: form.reveal_seconds,
      redirectAfterAdd: form.redirect_after_add,
    },
    gallery: { zoom: form.gallery_zoom, lightbox: form.gallery_lightbox },
    unitPrice:
      form.unit_price_places === 'yes'
        ? {
            cart: form.unit_price_cart,
            miniCart: form.unit_price_mini_cart,
            checkout: form.unit_price_checkout,
          }
        : kept.success
          ? kept.data
          : DEFAULT_UNIT_PRICE_PLACES,
  };
}

/**
 * Saves the section: each changed setting with its audit entry. The cart behaviour is kept a
 * few seconds per instance; it is forgotten here so this instance's next page follows the save.
 */
export async function saveProductPageSettings(
  db: Tx,
  form: ProductPageForm,
  actor: Actor,
  seenVersion?: string,
): Promise<SectionSave> {
  const saved = await saveSettingSection(
    db,
    {
      lock: 'product-page-settings',
      read: async (tx) => productPageValues(await productPageSettings(tx)),
      next: (current) => productPageValues(settingsOfForm(form, current)),
    },
    actor,
    seenVersion,
  );
  if (saved.ok && saved.changed.includes(CART_BEHAVIOUR_KEY)) forgetCartBehaviour(db);
  if (saved.ok && saved.changed.includes(GALLERY_SETTINGS_KEY)) forgetGalleryOptions(db);
  if (saved.ok && saved.changed.includes(UNIT_PRICE_PLACES_KEY)) forgetUnitPricePlaces(db);
  return saved;
}
