import { z } from 'zod';
import { REFERENCE_TTL_MS, forget, shortLived } from '#app/domain/kernel/short-lived.server.ts';
import type { Tx } from '#app/domain/kernel/tx.ts';
import { getSetting } from '#app/domain/settings/settings.server.ts';
import {
  DEFAULT_GALLERY_OPTIONS,
  GALLERY_SETTINGS_KEY,
  type GalleryOptions,
} from './gallery-settings.view.ts';

/** The stored setting; each option falls back to its default on its own. */
export const galleryOptionsSchema: z.ZodType<GalleryOptions> = z.object({
  zoom: z.boolean().default(DEFAULT_GALLERY_OPTIONS.zoom),
  lightbox: z.boolean().default(DEFAULT_GALLERY_OPTIONS.lightbox),
});

/** The settings in force, read past the per-instance cache (the settings form must see them). */
export function storedGalleryOptions(db: Tx): Promise<GalleryOptions> {
  return getSetting(db, GALLERY_SETTINGS_KEY, galleryOptionsSchema, DEFAULT_GALLERY_OPTIONS);
}

/** The gallery options for product pages and quick views; kept a few seconds per instance. */
export function galleryOptions(db: Tx): Promise<GalleryOptions> {
  return shortLived(db, GALLERY_SETTINGS_KEY, REFERENCE_TTL_MS, () => storedGalleryOptions(db));
}

/** After a save: this instance's next page follows it. */
export function forgetGalleryOptions(db: Tx): void {
  forget(db, GALLERY_SETTINGS_KEY);
}
