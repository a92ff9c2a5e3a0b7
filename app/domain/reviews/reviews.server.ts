import { and, asc, count, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { type Viewer, canEditContent } from '#app/domain/customers/identity.view.ts';
import { products } from '#app/domain/catalog/catalog.schema.ts';
import { localize } from '#app/domain/kernel/localized.ts';
import { type Result, domainError, fail, notFound, ok } from '#app/domain/kernel/result.ts';
import type { Tx } from '#app/domain/kernel/tx.ts';
import type { Locale } from '#app/lib/locale.ts';
import { reviewSettings } from './review-settings.server.ts';
import { type ModerationAction, initialStatus, spamVerdict, statusAfter } from './reviews.rules.ts';
import { reviews } from './reviews.schema.ts';
import { type ReviewForm, guestSchema } from './reviews.validation.ts';
import type {
  PendingReview,
  RatingHistogram,
  ReviewPage,
  ReviewStatus,
  ReviewSummary,
  ReviewView,
} from './reviews.view.ts';
import { MAX_THREAD_DEPTH } from './reviews.view.ts';
import { isVerifiedOwner } from './verified-owner.server.ts';
import { shownProducts } from '#app/domain/catalog/publication.server.ts';

/** What the product's structured data shows: approved top-level reviews, newest first. */
export type SeoReview = {
  id: number;
  author: string;
  rating: number | null;
  content: string;
  createdAt: string;
  verifiedOwner: boolean;
};

/** Approved top-level reviews of a product, newest first. */
export async function listReviews(db: Tx, productId: number, limit = 20): Promise<SeoReview[]> {
  const rows = await db
    .select({
      id: reviews.id,
      author: reviews.author,
      rating: reviews.rating,
      content: reviews.content,
      createdAt: reviews.createdAt,
      verifiedOwner: reviews.verifiedOwner,
    })
    .from(reviews)
    .where(
      and(
        eq(reviews.productId, productId),
        eq(reviews.status, 'approved'),
        isNull(reviews.parentId),
      ),
    )
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(limit);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

const approvedTopLevel = (productId: number) =>
  and(eq(reviews.productId, productId), eq(reviews.status, 'approved'), isNull(reviews.parentId));

/**
 * Average, count and the number of reviews per star, from approved top-level reviews: the same
 * rule as the listing rows (migration 0013), so page and listing agree.
 */
export async function reviewSummary(db: Tx, productId: number): Promise<ReviewSummary> {
  const rows = await db
    .select({ rating: reviews.rating, n: count() })
    .from(reviews)
    .where(approvedTopLevel(productId))
    .groupBy(reviews.rating);
  const histogram: RatingHistogram = { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 };
  let total = 0;
  let rated = 0;
  let sum = 0;
  for (const row of rows) {
    const n = Number(row.n);
    total += n;
    if (row.rating !== null && row.rating >= 1 && row.rating <= 5) {
      histogram[row.rating as 1 | 2 | 3 | 4 | 5] = n;
      rated += n;
      sum += row.rating * n;
    }
  }
  return {
    average: rated > 0 ? Math.round((sum / rated) * 100) / 100 : 0,
    count: total,
    histogram,
  };
}

const viewColumns = {
  id: reviews.id,
  parentId: reviews.parentId,
  author: reviews.author,
  rating: reviews.rating,
  content: reviews.content,
  createdAt: reviews.createdAt,
  verifiedOwner: reviews.verifiedOwner,
  byShop: reviews.byShop,
  status: reviews.status,
};

type ViewRow = {
  id: number;
  parentId: number | null;
  author: string;
  rating: number | null;
  content: string;
  createdAt: Date | string;
  verifiedOwner: boolean;
  byShop: boolean;
  status: ReviewStatus;
};

const toView = (row: ViewRow): ReviewView => ({
  id: row.id,
  parentId: row.parentId,
  author: row.author,
  rating: row.rating,
  content: row.content,
  createdAt: new Date(row.createdAt).toISOString(),
  verifiedOwner: row.verifiedOwner,
  byShop: row.byShop,
  status: row.status,
  replies: [],
});

/**
 * One comment page of a product's approved reviews, newest first, each with its approved
 * replies (oldest first, nested). `rating` narrows to reviews with that many stars. A page past
 * the last shows the last.
 */
export async function reviewPage(
  db: Tx,
  input: { productId: number; page: number; perPage?: number; rating?: number | null },
): Promise<ReviewPage> {
  const perPage = input.perPage ?? (await reviewSettings(db)).perPage;
  const rating = input.rating ?? null;
  const where = and(
    approvedTopLevel(input.productId),
    rating === null ? undefined : eq(reviews.rating, rating),
  );
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(reviews).where(where);
  const pages = Math.max(1, Math.ceil(Number(total) / perPage));
  const page = Math.min(Math.max(1, input.page), pages);
  const top = await db
    .select(viewColumns)
    .from(reviews)
    .where(where)
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  const threads = top.map(toView);
  await attachReplies(db, threads, ['approved']);
  return { reviews: threads, page, pages, total: Number(total), rating };
}

/** Fills in the replies (in the given statuses) below the reviews, at any depth. */
async function attachReplies(db: Tx, roots: ReviewView[], statuses: ReviewStatus[]): Promise<void> {
  if (roots.length === 0) return;
  const ids = sql.join(
    roots.map((r) => sql`${r.id}`),
    sql`, `,
  );
  const states = sql.join(
    statuses.map((s) => sql`${s}`),
    sql`, `,
  );
  const result = await db.execute(sql`
    with recursive thread as (
      select r.id, 1 as depth from ${reviews} r
       where r.parent_id in (${ids}) and r.status in (${states})
      union all
      select r.id, t.depth + 1 from ${reviews} r join thread t on r.parent_id = t.id
       where r.status in (${states}) and t.depth < 100
    )
    select r.id, r.parent_id as "parentId", r.author, r.rating, r.content,
           r.created_at as "createdAt", r.verified_owner as "verifiedOwner",
           r.by_shop as "byShop", r.status
      from thread join ${reviews} r on r.id = thread.id
     order by r.created_at asc, r.id asc`);
  const rows = (result as unknown as { rows: ViewRow[] }).rows;
  const byId = new Map<number, { view: ReviewView; depth: number }>();
  for (const root of roots) byId.set(root.id, { view: root, depth: 1 });
  // Parents come first (ordered by time, and a reply is younger than its parent).
  for (const row of rows) {
    const view = toView(row);
    let parent = row.parentId === null ? undefined : byId.get(row.parentId);
    if (!parent) continue;
    // Past the deepest level a reply joins its parent's list.
    while (parent.depth >= MAX_THREAD_DEPTH && parent.view.parentId !== null) {
      const up = byId.get(parent.view.parentId);
      if (!up) break;
      parent = up;
    }
    parent.view.replies.push(view);
    byId.set(view.id, { view, depth: parent.depth + 1 });
  }
}

/** Reviews waiting for a shop manager, oldest first, optionally of one product. */
export async function pendingReviews(
  db: Tx,
  input: { productId?: number | null; page: number; perPage?: number; locale: Locale },
): Promise<{ reviews: PendingReview[]; page: number; pages: number; total: number }> {
  const perPage = input.perPage ?? 20;
  const where = and(
    eq(reviews.status, 'pending'),
    input.productId ? eq(reviews.productId, input.productId) : undefined,
  );
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(reviews).where(where);
  const pages = Math.max(1, Math.ceil(Number(total) / perPage));
  const page = Math.min(Math.max(1, input.page), pages);
  const rows = await db
    .select({
      ...viewColumns,
      email: reviews.email,
      productId: products.id,
      productName: products.name,
      productSlug: products.slug,
    })
    .from(reviews)
    .innerJoin(products, eq(products.id, reviews.productId))
    .where(where)
    .orderBy(asc(reviews.createdAt), asc(reviews.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  return {
    reviews: rows.map((row) => ({
      ...toView(row),
      email: row.email,
      product: {
        id: row.productId,
        name: localize(row.productName, input.locale),
        slug: row.productSlug ?? String(row.productId),
      },
    })),
    page,
    pages,
    total: Number(total),
  };
}

export type SubmitReviewInput = {
  form: ReviewForm;
  viewer: Viewer | null;
  locale: Locale;
  /** Keyed hashes of the sender's address and session, for the rate limit. */
  senderKey: string;
  sessionKey: string | null;
  /** The shop's name and address, for replies a shop manager writes in its name. */
  shop: { name: string; email: string };
};

export type SubmittedReview = { id: number; productId: number; status: ReviewStatus };

/**
 * A new review or reply from the comment form, after every rule: the product exists, a reply's
 * parent is a visible review of the same product, guests name themselves, a top-level review
 * carries a rating when the shop asks for one, only buyers review when the shop says so, and
 * nobody floods. Spam and link-heavy text never show at once.
 */
export async function submitReview(
  db: Tx,
  input: SubmitReviewInput,
  now = new Date(),
): Promise<Result<SubmittedReview>> {
  const { form, viewer } = input;
  const settings = await reviewSettings(db);
  const [product] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, form.comment_post_ID), isNull(products.parentId), shownProducts()))
    .limit(1);
  if (!product) return fail(notFound('reviews.product_missing'));

  const byShop = canEditContent(viewer);
  let parentStatus: ReviewStatus | null = null;
  if (form.comment_parent !== null) {
    const [parent] = await db
      .select({ status: reviews.status })
      .from(reviews)
      .where(and(eq(reviews.id, form.comment_parent), eq(reviews.productId, product.id)))
      .limit(1);
    // A shop manager may answer a review still waiting; shoppers only visible ones.
    const visible =
      parent && (parent.status === 'approved' || (byShop && parent.status === 'pending'));
    if (!visible) {
      return fail(domainError('invalid', 'reviews.parent_invalid', { field: 'comment_parent' }));
    }
    parentStatus = parent.status;
  }

  let author: string;
  let email: string;
  if (byShop) {
    author = input.shop.name;
    email = input.shop.email;
  } else if (viewer) {
    author = viewer.name;
    email = viewer.email;
  } else {
    if (form.author === '') {
      return fail(domainError('invalid', 'reviews.author_required', { field: 'author' }));
    }
    const guest = guestSchema.safeParse({ author: form.author, email: form.email });
    if (!guest.success) {
      return fail(domainError('invalid', 'reviews.email_invalid', { field: 'email' }));
    }
    author = guest.data.author;
    email = guest.data.email.toLowerCase();
  }

  const topLevel = form.comment_parent === null;
  const rating = topLevel ? form.rating : null;
  if (topLevel && settings.ratingRequired && rating === null) {
    return fail(domainError('invalid', 'reviews.rating_required', { field: 'rating' }));
  }

  const verified = byShop
    ? false
    : await isVerifiedOwner(db, product.id, { customerId: viewer?.id ?? null, email });
  if (settings.verifiedOnly && !byShop && !verified) {
    return fail(domainError('forbidden', 'reviews.verified_only'));
  }

  if (!byShop) {
    const since = new Date(now.getTime() - settings.rateLimit.windowSeconds * 1000);
    const [recent] = await db
      .select({ n: count() })
      .from(reviews)
      .where(
        and(
          gt(reviews.createdAt, since),
          input.sessionKey
            ? or(eq(reviews.senderKey, input.senderKey), eq(reviews.sessionKey, input.sessionKey))
            : eq(reviews.senderKey, input.senderKey),
        ),
      );
    if (Number(recent?.n ?? 0) >= settings.rateLimit.max) {
      return fail(domainError('rate_limited', 'reviews.rate_limited'));
    }
    const [same] = await db
      .select({ id: reviews.id })
      .from(reviews)
      .where(
        and(
          eq(reviews.productId, product.id),
          eq(reviews.email, email),
          eq(reviews.content, form.comment),
        ),
      )
      .limit(1);
    if (same) return fail(domainError('conflict', 'reviews.duplicate'));
  }

  const verdict = byShop
    ? 'clean'
    : spamVerdict({ honeypot: form.website, content: form.comment, maxLinks: settings.maxLinks });
  const status = initialStatus({ verdict, autoApprove: settings.autoApprove, byShop });
  const [row] = await db
    .insert(reviews)
    .values({
      productId: product.id,
      parentId: form.comment_parent,
      customerId: viewer?.id ?? null,
      author,
      email,
      rating,
      content: form.comment,
      locale: input.locale,
      status,
      verifiedOwner: verified,
      byShop,
      senderKey: input.senderKey,
      sessionKey: input.sessionKey,
      createdAt: now,
    })
    .returning({ id: reviews.id });
  // Answering a waiting review in the shop's name approves it, as moderation would.
  if (byShop && parentStatus === 'pending' && form.comment_parent !== null) {
    await db.update(reviews).set({ status: 'approved' }).where(eq(reviews.id, form.comment_parent));
  }
  return ok({ id: row!.id, productId: product.id, status });
}

/**
 * A shop manager's decision on a review: approve, send back to waiting, mark as spam, or
 * delete it (with its replies). The listing rows follow by trigger (migration 0006).
 */
export async function moderateReview(
  db: Tx,
  input: { reviewId: number; action: ModerationAction },
): Promise<Result<{ productId: number; status: ReviewStatus | null }>> {
  const next = statusAfter(input.action);
  if (next === null) {
    const [gone] = await db
      .delete(reviews)
      .where(eq(reviews.id, input.reviewId))
      .returning({ productId: reviews.productId });
    return gone
      ? ok({ productId: gone.productId, status: null })
      : fail(notFound('reviews.not_found'));
  }
  const [changed] = await db
    .update(reviews)
    .set({ status: next })
    .where(eq(reviews.id, input.reviewId))
    .returning({ productId: reviews.productId });
  return changed
    ? ok({ productId: changed.productId, status: next })
    : fail(notFound('reviews.not_found'));
}

/** Pending reviews of a product with their waiting replies, for the shop manager on its page. */
export async function pendingOfProduct(db: Tx, productId: number): Promise<ReviewView[]> {
  const rows = await db
    .select(viewColumns)
    .from(reviews)
    .where(and(eq(reviews.productId, productId), eq(reviews.status, 'pending')))
    .orderBy(asc(reviews.createdAt), asc(reviews.id))
    .limit(50);
  return rows.map(toView);
}
