import { z } from 'zod';
import type { Tx } from '#app/domain/kernel/tx.ts';
import { getSetting } from '#app/domain/settings/settings.server.ts';
import {
  DEFAULT_SWATCH_SETTINGS,
  SWATCH_SETTINGS_KEY,
  type SwatchSettings,
} from './swatch-settings.view.ts';

const schema: z.ZodType<SwatchSettings> = z.object({
  clearOnReselect: z.boolean().default(DEFAULT_SWATCH_SETTINGS.clearOnReselect),
  deselectUnavailable: z.boolean().default(DEFAULT_SWATCH_SETTINGS.deselectUnavailable),
  clickableOutOfStock: z.boolean().default(DEFAULT_SWATCH_SETTINGS.clickableOutOfStock),
  stockLabelThreshold: z
    .number()
    .int()
    .min(0)
    .max(100_000)
    .default(DEFAULT_SWATCH_SETTINGS.stockLabelThreshold),
});

/** The shop's swatch behaviour; a missing or malformed setting means the defaults. */
export function swatchSettings(db: Tx): Promise<SwatchSettings> {
  return getSetting(db, SWATCH_SETTINGS_KEY, schema, DEFAULT_SWATCH_SETTINGS);
}
