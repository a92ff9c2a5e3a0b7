// The ranges the swatch settings accept: shared by their reader and the settings form only.

/** Stock label threshold and ajax-variation threshold, in items and variations. */
export const SWATCH_LIMITS = {
  stockLabelThreshold: { min: 0, max: 100_000 },
  ajaxThreshold: { min: 1, max: 10_000 },
} as const;
