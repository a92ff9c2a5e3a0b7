import { z } from 'zod';
import type { Tx } from '#app/domain/kernel/tx.ts';
import { getSetting, putSetting } from '#app/domain/settings/settings.server.ts';
import type { Locale } from '#app/lib/locale.ts';
import type { ReviewFormSettings } from './reviews.view.ts';

export const REVIEW_SETTINGS_KEY = 'reviews.settings';

const schema = z.object({
  /** A top-level review needs a star rating. */
  ratingRequired: z.boolean().default(true),
  /** The alert's text per language when no rating is chosen; the shop's own text otherwise. */
  requiredRatingText: z.object({ de: z.string(), en: z.string() }).partial().default({}),
  /** New reviews are shown at once instead of waiting for a shop manager. */
  autoApprove: z.boolean().default(false),
  /** Only customers who bought the product may review it. */
  verifiedOnly: z.boolean().default(false),
  /** More links than this hold a review for moderation. */
  maxLinks: z.number().int().min(0).default(2),
  /** Submissions per sender address or session within the window. */
  rateLimit: z
    .object({
      max: z.number().int().min(1),
      windowSeconds: z.number().int().min(1),
    })
    .default({ max: 5, windowSeconds: 600 }),
  /** Top-level reviews per comment page. */
  perPage: z.number().int().min(1).max(100).default(10),
});

export type ReviewSettings = z.infer<typeof schema>;

export const DEFAULT_REVIEW_SETTINGS: ReviewSettings = schema.parse({});

/**
 * The review settings; the defaults when never set. Read afresh each time (one row by key):
 * only a product page the render cache misses and a review post ask, and a changed moderation
 * rule must hold on every instance at once.
 */
export function reviewSettings(db: Tx): Promise<ReviewSettings> {
  return getSetting(db, REVIEW_SETTINGS_KEY, schema, DEFAULT_REVIEW_SETTINGS);
}

/** Changes some settings, keeping the others. */
export async function putReviewSettings(db: Tx, change: Partial<ReviewSettings>): Promise<void> {
  const current = await reviewSettings(db);
  await putSetting(db, REVIEW_SETTINGS_KEY, { ...current, ...change });
}

/** What the form in the browser needs of the settings. */
export function formSettings(settings: ReviewSettings, locale: Locale): ReviewFormSettings {
  return {
    ratingRequired: settings.ratingRequired,
    requiredRatingText: settings.requiredRatingText[locale]?.trim() || null,
    verifiedOnly: settings.verifiedOnly,
  };
}
