// How variation swatches behave: shop settings the product page and quick view read.
// Types, defaults and pure rules only, so the browser bundle may import this file.
import type { ProductDetail } from './catalog.view.ts';

export type SwatchSettings = {
  /** Clicking the selected swatch again clears that attribute. */
  clearOnReselect: boolean;
  /** Choosing a value clears other attributes that no longer have an in-stock match. */
  deselectUnavailable: boolean;
  /** Out-of-stock swatches can still be chosen (the button then says why it is disabled). */
  clickableOutOfStock: boolean;
  /** "Only n left" is shown when the chosen variation's max quantity is at or below this. */
  stockLabelThreshold: number;
};

export const DEFAULT_SWATCH_SETTINGS: SwatchSettings = {
  clearOnReselect: true,
  deselectUnavailable: true,
  clickableOutOfStock: false,
  stockLabelThreshold: 5,
};

/**
 * Above this many variations (by default; the shop's `ajaxThreshold` setting) the page stops
 * judging combinations itself: nothing is disabled and the chosen combination is asked from
 * `POST /wc-ajax/get_variation`.
 */
export const AJAX_VARIATION_THRESHOLD = 30;

/** Whether a product has too many variations for the page to judge its combinations. */
export const isAjaxVariationMode = (
  product: Pick<ProductDetail, 'variationCount'>,
  threshold = AJAX_VARIATION_THRESHOLD,
): boolean => product.variationCount > threshold;

/**
 * The product as a page or popup sends it to the browser: in ajax-variation mode without its
 * variations, which may run into the hundreds and are asked for one at a time.
 */
export const productForBrowser = (
  product: ProductDetail,
  threshold = AJAX_VARIATION_THRESHOLD,
): ProductDetail =>
  isAjaxVariationMode(product, threshold) ? { ...product, variations: [] } : product;

/**
 * In the browser: whether the server left the variations out (ajax-variation mode), so the
 * page needs no threshold of its own.
 */
export const variationsLeftOut = (
  product: Pick<ProductDetail, 'variationCount' | 'variations'>,
): boolean => product.variations.length < product.variationCount;

/** Where the setting is stored (settings table). */
export const SWATCH_SETTINGS_KEY = 'product.swatches';

/**
 * The stock count shown for a chosen variation ("Only n left"): only while its max quantity
 * is at or below the stock label threshold, and never for one that is out of stock.
 */
export function variationStockLeft(
  variation: { stockQuantity: number | null; quantity: { max: number | null } },
  inStock: boolean,
  threshold: number,
): number | null {
  const max = variation.quantity.max;
  if (!inStock || max === null || max > threshold) return null;
  return Math.min(max, variation.stockQuantity ?? max);
}
