/** How the product gallery behaves: hover zoom on the large picture, fullscreen lightbox. */
export type GalleryOptions = { zoom: boolean; lightbox: boolean };

export const DEFAULT_GALLERY_OPTIONS: GalleryOptions = { zoom: true, lightbox: true };

/** Where the setting is stored (settings table). */
export const GALLERY_SETTINGS_KEY = 'product.gallery';
