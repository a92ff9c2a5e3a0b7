import { z } from 'zod';
import type { Tx } from '#app/domain/kernel/tx.ts';
import { getSetting } from '#app/domain/settings/settings.server.ts';
import { SWATCH_LIMITS } from './swatch-settings.rules.ts';
import {
  AJAX_VARIATION_THRESHOLD,
  DEFAULT_SWATCH_SETTINGS,
  SWATCH_SETTINGS_KEY,
  type SwatchSettings,
} from './swatch-settings.view.ts';

/**
 * The swatch setting as stored: the options the browser acts on and, for the server only, the
 * ajax-variation threshold (above it the page gets no variations and asks for each one).
 */
export type SwatchOptions = SwatchSettings & { ajaxThreshold: number };

export const DEFAULT_SWATCH_OPTIONS: SwatchOptions = {
  ...DEFAULT_SWATCH_SETTINGS,
  ajaxThreshold: AJAX_VARIATION_THRESHOLD,
};

/** The stored setting; every option falls back to its default on its own. */
export const swatchSettingsSchema: z.ZodType<SwatchOptions> = z.object({
  clearOnReselect: z.boolean().default(DEFAULT_SWATCH_SETTINGS.clearOnReselect),
  deselectUnavailable: z.boolean().default(DEFAULT_SWATCH_SETTINGS.deselectUnavailable),
  clickableOutOfStock: z.boolean().default(DEFAULT_SWATCH_SETTINGS.clickableOutOfStock),
  stockLabelThreshold: z
    .number()
    .int()
    .min(SWATCH_LIMITS.stockLabelThreshold.min)
    .max(SWATCH_LIMITS.stockLabelThreshold.max)
    .default(DEFAULT_SWATCH_SETTINGS.stockLabelThreshold),
  ajaxThreshold: z
    .number()
    .int()
    .min(SWATCH_LIMITS.ajaxThreshold.min)
    .max(SWATCH_LIMITS.ajaxThreshold.max)
    .default(AJAX_VARIATION_THRESHOLD),
});

/** The shop's swatch behaviour; a missing or malformed setting means the defaults. */
export function swatchSettings(db: Tx): Promise<SwatchOptions> {
  return getSetting(db, SWATCH_SETTINGS_KEY, swatchSettingsSchema, DEFAULT_SWATCH_OPTIONS);
}
