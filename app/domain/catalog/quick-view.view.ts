import type { GalleryOptions } from './gallery-settings.view.ts';
import type { ProductDetail } from '#app/domain/catalog/catalog.view.ts';
import type { SwatchSettings } from '#app/domain/catalog/swatch-settings.view.ts';
import type { PageMessages } from '#app/lib/i18n.ts';

/** The quick view as data, for the shop's own modal (asked with `Accept: application/json`). */
export type QuickViewPayload = {
  product: ProductDetail;
  /** The full product page. */
  url: string;
  /** The catalog parts the summary's texts come from, in the caller's language. */
  messages: PageMessages;
  /** How the variation swatches behave (shop setting). */
  swatches: SwatchSettings;
  /** Hover zoom and lightbox on or off (shop setting). */
  gallery: GalleryOptions;
};
