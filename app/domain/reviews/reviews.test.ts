import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { productListing } from '#app/domain/catalog/listing.schema.ts';
import { getProduct } from '#app/domain/catalog/catalog.server.ts';
import { customerOfSession } from '#app/domain/customers/identity.server.ts';
import type { Viewer } from '#app/domain/customers/identity.view.ts';
import type { DatabaseHandle } from '#app/lib/db.server.ts';
import { createOrder, createProduct, createReview } from '#db/seed/factories.ts';
import { openTestDatabase } from '../../../tests/support/database.ts';
import { signedInCustomer } from '../../../tests/support/customers.ts';
import { DEFAULT_REVIEW_SETTINGS, putReviewSettings } from './review-settings.server.ts';
import { reviews } from './reviews.schema.ts';
import {
  moderateReview,
  pendingReviews,
  reviewPage,
  reviewSummary,
  submitReview,
  type SubmitReviewInput,
} from './reviews.server.ts';
import { reviewFormSchema } from './reviews.validation.ts';
import { isVerifiedOwner } from './verified-owner.server.ts';

let handle: DatabaseHandle;
const db = () => handle.db;

beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(async () => {
  await handle.close();
});
beforeEach(async () => {
  await putReviewSettings(db(), DEFAULT_REVIEW_SETTINGS);
});

async function product() {
  const { product } = await createProduct(db(), {
    name: { de: `Becher ${randomBytes(3).toString('hex')}` },
  });
  return product;
}

/** A guest's submission from its own address, unless one is given. */
function submission(
  productId: number,
  fields: Record<string, unknown> = {},
  extra: Partial<SubmitReviewInput> = {},
): SubmitReviewInput {
  const form = reviewFormSchema.parse({
    comment_post_ID: String(productId),
    comment_parent: '0',
    rating: '4',
    comment: `Schön ${randomBytes(4).toString('hex')}`,
    author: 'Erika',
    email: 'erika@example.com',
    ...fields,
  });
  return {
    form,
    viewer: null,
    locale: 'de',
    senderKey: randomBytes(8).toString('hex'),
    sessionKey: null,
    shop: { name: 'Ladenzeile', email: 'shop@example.org' },
    ...extra,
  };
}

async function listingRow(productId: number) {
  const [row] = await db()
    .select({ rating: productListing.rating, reviewCount: productListing.reviewCount })
    .from(productListing)
    .where(eq(productListing.productId, productId));
  return row;
}

describe('aggregates', () => {
  it('keeps the listing row and the product page in step with approvals, spam and deletions', async () => {
    const p = await product();
    const five = await submitReview(db(), submission(p.id, { rating: '5' }));
    const two = await submitReview(db(), submission(p.id, { rating: '2' }));
    expect(five.ok && five.value.status).toBe('pending');
    // Waiting reviews count nowhere.
    expect(await listingRow(p.id)).toEqual({ rating: 0, reviewCount: 0 });
    expect((await reviewSummary(db(), p.id)).count).toBe(0);

    await moderateReview(db(), { reviewId: five.ok ? five.value.id : 0, action: 'approve' });
    await moderateReview(db(), { reviewId: two.ok ? two.value.id : 0, action: 'approve' });
    expect(await listingRow(p.id)).toEqual({ rating: 3.5, reviewCount: 2 });
    expect(await reviewSummary(db(), p.id)).toEqual({
      average: 3.5,
      count: 2,
      histogram: { 1: 0, 2: 1, 3: 0, 4: 0, 5: 1 },
    });
    expect((await getProduct(db(), { id: p.id }, 'de'))?.rating).toEqual({
      average: 3.5,
      count: 2,
    });

    await moderateReview(db(), { reviewId: two.ok ? two.value.id : 0, action: 'spam' });
    expect(await listingRow(p.id)).toEqual({ rating: 5, reviewCount: 1 });

    await moderateReview(db(), { reviewId: five.ok ? five.value.id : 0, action: 'delete' });
    expect(await listingRow(p.id)).toEqual({ rating: 0, reviewCount: 0 });
    expect((await getProduct(db(), { id: p.id }, 'de'))?.rating).toEqual({ average: 0, count: 0 });
  });

  it('does not count replies as reviews', async () => {
    const p = await product();
    const review = await createReview(db(), { productId: p.id, rating: 4 });
    await createReview(db(), { productId: p.id, rating: null, parentId: review.id });
    expect(await listingRow(p.id)).toEqual({ rating: 4, reviewCount: 1 });
    expect((await reviewSummary(db(), p.id)).count).toBe(1);
  });
});

describe('moderation', () => {
  it('moves a review between waiting, approved and spam, and deletes it with its replies', async () => {
    const p = await product();
    const review = await createReview(db(), { productId: p.id, status: 'pending' });
    const reply = await createReview(db(), { productId: p.id, parentId: review.id, rating: null });
    const status = async (id: number) =>
      (await db().select({ s: reviews.status }).from(reviews).where(eq(reviews.id, id)))[0]?.s;
    for (const [action, expected] of [
      ['approve', 'approved'],
      ['unapprove', 'pending'],
      ['spam', 'spam'],
      ['approve', 'approved'],
    ] as const) {
      const result = await moderateReview(db(), { reviewId: review.id, action });
      expect(result).toEqual({ ok: true, value: { productId: p.id, status: expected } });
      expect(await status(review.id)).toBe(expected);
    }
    expect(await moderateReview(db(), { reviewId: review.id, action: 'delete' })).toEqual({
      ok: true,
      value: { productId: p.id, status: null },
    });
    expect(await status(reply.id)).toBeUndefined();
    const again = await moderateReview(db(), { reviewId: review.id, action: 'approve' });
    expect(again.ok ? null : again.error.kind).toBe('not_found');
  });

  it('lists waiting reviews across products, oldest first, paginated and by product', async () => {
    const p = await product();
    const q = await product();
    const first = await createReview(db(), {
      productId: p.id,
      status: 'pending',
      createdAt: new Date(Date.now() - 60_000),
    });
    await createReview(db(), { productId: q.id, status: 'pending' });
    await createReview(db(), { productId: p.id, status: 'approved' });
    const ofP = await pendingReviews(db(), { productId: p.id, page: 1, locale: 'de' });
    expect(ofP.reviews.map((r) => r.id)).toEqual([first.id]);
    expect(ofP.reviews[0]?.product.slug).toBe(p.slug);
    const paged = await pendingReviews(db(), { page: 2, perPage: 1, locale: 'de' });
    expect(paged.pages).toBeGreaterThanOrEqual(2);
    expect(paged.reviews).toHaveLength(1);
  });

  it('threads replies under their review and filters by stars', async () => {
    const p = await product();
    const four = await createReview(db(), { productId: p.id, rating: 4 });
    await createReview(db(), { productId: p.id, rating: 2 });
    const reply = await createReview(db(), { productId: p.id, rating: null, parentId: four.id });
    await createReview(db(), { productId: p.id, rating: null, parentId: reply.id });
    await createReview(db(), {
      productId: p.id,
      rating: null,
      parentId: four.id,
      status: 'pending',
    });
    const page = await reviewPage(db(), { productId: p.id, page: 1, rating: 4 });
    expect(page.total).toBe(1);
    expect(page.reviews[0]?.id).toBe(four.id);
    expect(page.reviews[0]?.replies.map((r) => r.id)).toEqual([reply.id]);
    expect(page.reviews[0]?.replies[0]?.replies).toHaveLength(1);
    const paged = await reviewPage(db(), { productId: p.id, page: 9, perPage: 1 });
    expect(paged).toMatchObject({ page: 2, pages: 2, total: 2 });
  });
});

describe('submission', () => {
  it('approves at once when the setting says so, and refuses a missing rating when required', async () => {
    const p = await product();
    const missing = await submitReview(db(), submission(p.id, { rating: '' }));
    expect(missing.ok ? null : missing.error).toEqual({
      kind: 'invalid',
      code: 'reviews.rating_required',
      params: { field: 'rating' },
    });
    await putReviewSettings(db(), { ratingRequired: false, autoApprove: true });
    const unrated = await submitReview(db(), submission(p.id, { rating: '' }));
    expect(unrated.ok && unrated.value.status).toBe('approved');
  });

  it('marks a filled honeypot as spam and holds link-heavy text, even with auto-approval', async () => {
    await putReviewSettings(db(), { autoApprove: true, maxLinks: 2 });
    const p = await product();
    const bot = await submitReview(db(), submission(p.id, { website: 'http://spam.example' }));
    expect(bot.ok && bot.value.status).toBe('spam');
    const links = await submitReview(
      db(),
      submission(p.id, { comment: 'https://a.example www.b.example http://c.example' }),
    );
    expect(links.ok && links.value.status).toBe('pending');
    const two = await submitReview(
      db(),
      submission(p.id, { comment: 'https://a.example, www.b.example' }),
    );
    expect(two.ok && two.value.status).toBe('approved');
  });

  it('limits submissions per address and per session within the window', async () => {
    await putReviewSettings(db(), { rateLimit: { max: 2, windowSeconds: 600 } });
    const p = await product();
    const senderKey = 'same-address';
    for (let i = 0; i < 2; i++) {
      expect((await submitReview(db(), submission(p.id, {}, { senderKey }))).ok).toBe(true);
    }
    const third = await submitReview(db(), submission(p.id, {}, { senderKey }));
    expect(third.ok ? null : third.error.code).toBe('reviews.rate_limited');
    // The same session from another address is limited too.
    const sessionKey = 'same-session';
    await submitReview(db(), submission(p.id, {}, { sessionKey }));
    await submitReview(db(), submission(p.id, {}, { sessionKey }));
    const moved = await submitReview(db(), submission(p.id, {}, { sessionKey }));
    expect(moved.ok ? null : moved.error.kind).toBe('rate_limited');
    // Later, the window has passed.
    const later = new Date(Date.now() + 601_000);
    expect((await submitReview(db(), submission(p.id, {}, { senderKey }), later)).ok).toBe(true);
  });

  it('refuses a parent of another product, a missing product and a duplicate', async () => {
    const p = await product();
    const other = await product();
    const foreign = await createReview(db(), { productId: other.id });
    const reply = await submitReview(
      db(),
      submission(p.id, { comment_parent: String(foreign.id) }),
    );
    expect(reply.ok ? null : reply.error.code).toBe('reviews.parent_invalid');
    const gone = await submitReview(db(), submission(999_999_999));
    expect(gone.ok ? null : gone.error.kind).toBe('not_found');
    const once = submission(p.id, { comment: 'Genau dasselbe' });
    expect((await submitReview(db(), once)).ok).toBe(true);
    const twice = await submitReview(db(), { ...once, senderKey: 'elsewhere' });
    expect(twice.ok ? null : twice.error.code).toBe('reviews.duplicate');
    const stored = await db().select().from(reviews).where(eq(reviews.productId, p.id));
    expect(stored).toHaveLength(1);
  });

  it('takes a reply without a rating and needs a guest name and email', async () => {
    const p = await product();
    const review = await createReview(db(), { productId: p.id });
    const reply = await submitReview(
      db(),
      submission(p.id, { comment_parent: String(review.id), rating: '' }),
    );
    expect(reply.ok).toBe(true);
    const noName = await submitReview(db(), submission(p.id, { author: '' }));
    expect(noName.ok ? null : noName.error.code).toBe('reviews.author_required');
    const badMail = await submitReview(db(), submission(p.id, { email: 'nope' }));
    expect(badMail.ok ? null : badMail.error.code).toBe('reviews.email_invalid');
  });

  it('signs a shop manager’s reply with the shop, approves it and the waiting review it answers', async () => {
    const p = await product();
    const waiting = await createReview(db(), { productId: p.id, status: 'pending' });
    const manager = await signedInCustomer(db(), { role: 'shop_manager' });
    const viewer = (await customerOfSession(db(), manager.idHash)) as Viewer;
    expect(viewer.role).toBe('shop_manager');
    const answer = await submitReview(
      db(),
      submission(
        p.id,
        { comment_parent: String(waiting.id), rating: '', author: '', email: '' },
        { viewer },
      ),
    );
    expect(answer.ok && answer.value.status).toBe('approved');
    const rows = await db().select().from(reviews).where(eq(reviews.productId, p.id));
    const reply = rows.find((r) => r.parentId === waiting.id)!;
    expect(reply).toMatchObject({ author: 'Ladenzeile', byShop: true, customerId: viewer.id });
    expect(rows.find((r) => r.id === waiting.id)?.status).toBe('approved');
  });

  it('writes a signed-in customer’s review under the account’s name', async () => {
    const p = await product();
    const customer = await signedInCustomer(db(), { displayName: 'Kim K.' });
    const viewer = await customerOfSession(db(), customer.idHash);
    const result = await submitReview(
      db(),
      submission(p.id, { author: 'Someone else', email: '' }, { viewer }),
    );
    expect(result.ok).toBe(true);
    const [row] = await db().select().from(reviews).where(eq(reviews.productId, p.id));
    expect(row).toMatchObject({ author: 'Kim K.', email: customer.customer.email });
  });
});

describe('verified owners', () => {
  it('answers false without the orders tables and refuses reviews when only buyers may write', async () => {
    const p = await product();
    expect(await isVerifiedOwner(db(), p.id, { customerId: null, email: 'a@example.com' })).toBe(
      false,
    );
    await putReviewSettings(db(), { verifiedOnly: true });
    const result = await submitReview(db(), submission(p.id));
    expect(result.ok ? null : result.error).toEqual({
      kind: 'forbidden',
      code: 'reviews.verified_only',
    });
  });

  it('finds a buyer in completed or processing orders once the orders tables exist', async () => {
    // A database of its own: the orders tables must not leak into the other tests.
    const own = await openTestDatabase();
    try {
      const { product: p, variations } = await createProduct(own.db, {
        name: { de: 'Variabel' },
        type: 'variable',
        variations: [{ attributes: {} }],
      });
      await createOrder(own.db, {
        status: 'completed',
        email: 'Buyer@Example.com',
        productIds: [variations[0]!.id],
      });
      await createOrder(own.db, {
        status: 'pending',
        email: 'late@example.com',
        productIds: [p.id],
      });
      expect(
        await isVerifiedOwner(own.db, p.id, { customerId: null, email: 'buyer@example.com' }),
      ).toBe(true);
      expect(
        await isVerifiedOwner(own.db, p.id, { customerId: null, email: 'late@example.com' }),
      ).toBe(false);
      await putReviewSettings(own.db, { verifiedOnly: true });
      const result = await submitReview(own.db, submission(p.id, { email: 'buyer@example.com' }));
      expect(result.ok).toBe(true);
      const [row] = await own.db.select().from(reviews).where(eq(reviews.productId, p.id));
      expect(row?.verifiedOwner).toBe(true);
    } finally {
      await own.close();
    }
  });
});
