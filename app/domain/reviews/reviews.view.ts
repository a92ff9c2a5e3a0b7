/** What the product page and the moderation queue show of reviews; safe for the browser. */

export type ReviewStatus = 'approved' | 'pending' | 'spam';

export type ReviewView = {
  id: number;
  parentId: number | null;
  author: string;
  rating: number | null;
  /** As written: escaped by the page when shown, never stored as markup. */
  content: string;
  createdAt: string;
  verifiedOwner: boolean;
  byShop: boolean;
  status: ReviewStatus;
  replies: ReviewView[];
};

export type RatingHistogram = Record<1 | 2 | 3 | 4 | 5, number>;

export type ReviewSummary = { average: number; count: number; histogram: RatingHistogram };

export type ReviewPage = {
  reviews: ReviewView[];
  page: number;
  pages: number;
  /** Top-level reviews matching the filter. */
  total: number;
  rating: number | null;
};

export type PendingReview = ReviewView & {
  email: string;
  product: { id: number; name: string; slug: string };
};

/** The settings the review form follows in the browser too. */
export type ReviewFormSettings = {
  ratingRequired: boolean;
  /** The configured required-rating text in the shopper's language, or null for the shop's own. */
  requiredRatingText: string | null;
  verifiedOnly: boolean;
};

export const RATINGS = [5, 4, 3, 2, 1] as const;

/** Replies nest this deep at most; a reply to the deepest one joins its parent's level. */
export const MAX_THREAD_DEPTH = 5;

/** A rating filter from the address: 1 to 5, anything else is none. */
export function ratingFilter(raw: string | null): number | null {
  return raw && /^[1-5]$/.test(raw) ? Number(raw) : null;
}

/**
 * The comment page from the address: `cpage=N` in the query or `comment-page-N` in the path;
 * 1 when there is none or it is malformed.
 */
export function commentPage(location: { pathname: string; search: string }): number {
  const query = new URLSearchParams(location.search).get('cpage');
  const path = /\/comment-page-(\d{1,6})\/?$/.exec(location.pathname)?.[1];
  const raw = query ?? path;
  const n = raw && /^\d{1,6}$/.test(raw) ? Number(raw) : 1;
  return Math.max(n, 1);
}
