import { z } from 'zod';
import { REFERENCE_TTL_MS, forget, shortLived } from '#app/domain/kernel/short-lived.server.ts';
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

/** The review settings; the defaults when never set. Kept a few seconds per instance. */
export function reviewSettings(db: Tx): Promise<ReviewSettings> {
  return shortLived(db, REVIEW_SETTINGS_KEY, REFERENCE_TTL_MS, () =>
    getSetting(db, REVIEW_SETTINGS_KEY, schema, DEFAULT_REVIEW_SETTINGS),
  );
}

/** Changes some settings (tests, the seed); this instance sees them at once. */
export async function putReviewSettings(db: Tx, change: Partial<ReviewSettings>): Promise<void> {
  const current = await getSetting(db, REVIEW_SETTINGS_KEY, schema, DEFAULT_REVIEW_SETTINGS);
  await putSetting(db, REVIEW_SETTINGS_KEY, { ...current, ...change });
  forget(db, REVIEW_SETTINGS_KEY);
}

/** What the form in the browser needs of the settings. */
export function formSettings(settings: ReviewSettings, locale: Locale): ReviewFormSettings {
  return {
    ratingRequired: settings.ratingRequired,
    requiredRatingText: settings.requiredRatingText[locale]?.trim() || null,
    verifiedOnly: settings.verifiedOnly,
  };
}
