import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { putReviewSettings, reviewSettings } from '#app/domain/reviews/review-settings.server.ts';
import { reviews } from '#app/domain/reviews/reviews.schema.ts';
import { sessionNonce } from '#app/lib/session.server.ts';
import { parseEnv } from '#app/lib/env.server.ts';
import { createProduct, createReview } from '#db/seed/factories.ts';
import { signedInCustomer } from '../support/customers.ts';
import { TEN_KB } from '../support/hostile.ts';
import { type TestShop, startTestShop } from '../support/shop.ts';

// Pages are shared between visitors here as in production, so the personal parts are tested
// on the path a real visitor takes.
let shop: TestShop;
const SECRET = randomBytes(32).toString('base64url');

beforeAll(async () => {
  shop = await startTestShop({ renderCacheSeconds: 5, env: { SESSION_SECRET: SECRET } });
  await putReviewSettings(shop.database.db, { rateLimit: { max: 1000, windowSeconds: 60 } });
});
afterAll(async () => {
  await shop?.close();
});

async function product() {
  const tag = randomBytes(3).toString('hex');
  const { product } = await createProduct(shop.database.db, {
    name: { de: `Tasse ${tag}`, en: `Mug ${tag}` },
  });
  return product;
}

const stored = (productId: number) =>
  shop.database.db.select().from(reviews).where(eq(reviews.productId, productId));

type Fields = [string, string][];

function reviewFields(productId: number, change: Record<string, string | string[]> = {}): Fields {
  const base: Record<string, string | string[]> = {
    intent: 'review',
    comment_post_ID: String(productId),
    comment_parent: '0',
    rating: '4',
    comment: 'Hält, was sie verspricht.',
    author: 'Erika',
    email: 'erika@example.com',
    website: '',
    ...change,
  };
  return Object.entries(base).flatMap(([k, v]) =>
    (Array.isArray(v) ? v : [v]).map((one) => [k, one] as [string, string]),
  );
}

function post(path: string, fields: Fields, cookie = '') {
  return fetch(shop.url + path, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin: shop.url,
      cookie: `lang=en; ${cookie}`,
    },
    body: new URLSearchParams(fields).toString(),
  });
}

/** The notices a page shows (not the message catalog it ships to the browser). */
function notices(html: string): string[] {
  return [
    ...html.matchAll(/<div role="(?:alert|status)" class="notice notice-\w+">(.*?)<\/div>/g),
  ].map((m) => m[1]!);
}

const get = (path: string, cookie = '') =>
  fetch(shop.url + path, { headers: { cookie: `lang=en; ${cookie}` }, redirect: 'manual' });

describe('review form post', () => {
  it('holds a guest review for moderation and says so on the page', async () => {
    const p = await product();
    const response = await post(`/product/${p.slug}`, reviewFields(p.id));
    expect(response.status).toBe(200);
    expect(notices(await response.text())).toEqual([
      'Thank you! Your review is awaiting approval.',
    ]);
    const rows = await stored(p.id);
    expect(rows).toMatchObject([{ status: 'pending', rating: 4, author: 'Erika' }]);
  });

  it.each<[string, Record<string, string | string[]>, string]>([
    ['NUL byte in the text', { comment: 'gut\u0000' }, 'Invalid parameter: comment.'],
    ['NUL byte in the name', { author: 'Eri\u0000ka' }, ''],
    ['10 kB text', { comment: TEN_KB }, 'too long'],
    ['10 kB name', { author: TEN_KB }, 'author'],
    ['the text twice', { comment: ['a', 'b'] }, 'comment'],
    ['the rating twice', { rating: ['4', '5'] }, 'rating'],
    ['rating 0', { rating: '0' }, '1 to 5 stars'],
    ['rating 6', { rating: '6' }, '1 to 5 stars'],
    ['rating abc', { rating: 'abc' }, '1 to 5 stars'],
    ['rating 4.5', { rating: '4.5' }, '1 to 5 stars'],
    ['no rating', { rating: '' }, 'Please select a rating'],
    ['an empty text', { comment: '   ' }, 'Please write your review.'],
    ['a product id as words', { comment_post_ID: 'abc' }, 'comment_post_ID'],
    ['a negative product id', { comment_post_ID: '-1' }, 'comment_post_ID'],
    ['a missing product', { comment_post_ID: '999999999' }, 'does not belong'],
    ['a parent as words', { comment_parent: 'x' }, 'comment_parent'],
    ['a missing parent', { comment_parent: '999999999' }, 'replying to'],
    ['no email', { email: '' }, 'valid email'],
  ])('refuses %s with a clear 4xx and stores nothing', async (_, change, text) => {
    const p = await product();
    const response = await post(`/product/${p.slug}`, reviewFields(p.id, change));
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    const shown = notices(await response.text());
    expect(shown).toHaveLength(1);
    if (text) expect(shown[0]).toContain(text);
    expect(await stored(p.id)).toEqual([]);
  });

  it('refuses a parent of another product', async () => {
    const p = await product();
    const other = await product();
    const foreign = await createReview(shop.database.db, { productId: other.id });
    const response = await post(
      `/product/${p.slug}`,
      reviewFields(p.id, { comment_parent: String(foreign.id) }),
    );
    expect(response.status).toBe(400);
    expect(await stored(p.id)).toEqual([]);
  });

  it('answers 404 for the form of a product that does not exist', async () => {
    const response = await post('/product/no-such-product-here', reviewFields(1));
    expect(response.status).toBe(404);
  });

  it('refuses a post from another site', async () => {
    const p = await product();
    const response = await fetch(`${shop.url}/product/${p.slug}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'https://evil.example',
      },
      body: new URLSearchParams(reviewFields(p.id)).toString(),
    });
    expect(response.status).toBe(403);
    expect(await stored(p.id)).toEqual([]);
  });

  it('shows markup in a name and a text as text', async () => {
    await putReviewSettings(shop.database.db, {
      autoApprove: true,
      rateLimit: { max: 1000, windowSeconds: 60 },
    });
    try {
      const p = await product();
      const response = await post(
        `/product/${p.slug}`,
        reviewFields(p.id, {
          author: '<script>alert("a")</script>',
          comment: '<img src=x onerror=alert(1)> "quoted" & </textarea>',
        }),
      );
      expect(notices(await response.text())).toEqual(['Thank you! Your review is published.']);
      const page = await (await get(`/product/${p.slug}`)).text();
      expect(page).not.toContain('<script>alert("a")');
      expect(page).not.toContain('<img src=x');
      expect(page).toContain('&lt;img src=x onerror=alert(1)>');
      expect(page).toContain('&lt;script>alert(');
      expect(page).not.toContain('</textarea> "quoted"');
      expect((await stored(p.id))[0]?.content).toBe(
        '<img src=x onerror=alert(1)> "quoted" & </textarea>',
      );
    } finally {
      await putReviewSettings(shop.database.db, {
        autoApprove: false,
        rateLimit: { max: 1000, windowSeconds: 60 },
      });
    }
  });
});

describe('moderation', () => {
  it('shows the queue to shop managers only', async () => {
    const p = await product();
    await createReview(shop.database.db, {
      productId: p.id,
      status: 'pending',
      content: 'Wartet noch',
    });
    const customer = await signedInCustomer(shop.database.db);
    const manager = await signedInCustomer(shop.database.db, { role: 'shop_manager' });
    expect((await get('/admin/reviews')).status).toBe(404);
    expect((await get('/admin/reviews', customer.cookie)).status).toBe(404);
    const queue = await get(`/admin/reviews?product=${p.id}`, manager.cookie);
    expect(queue.status).toBe(200);
    expect(await queue.text()).toContain('Wartet noch');
    // The queue's former address in the account area: a permanent redirect, query kept.
    for (const [from, to] of [
      [`/my-account/reviews?product=${p.id}`, `/admin/reviews?product=${p.id}`],
      ['/my-account/review-settings', '/admin/reviews/settings'],
    ]) {
      const moved = await get(from!, manager.cookie);
      expect(moved.status).toBe(301);
      expect(moved.headers.get('location')).toBe(to);
    }
  });

  it('approves with the session token only, and refuses everyone else', async () => {
    const p = await product();
    const review = await createReview(shop.database.db, { productId: p.id, status: 'pending' });
    const manager = await signedInCustomer(shop.database.db, { role: 'shop_manager' });
    const customer = await signedInCustomer(shop.database.db);
    const env = parseEnv({ NODE_ENV: 'test', SESSION_SECRET: SECRET, DATA_DIR: shop.dataDir });
    const fields = (security: string): Fields => [
      ['review', String(review.id)],
      ['moderate', 'approve'],
      ['security', security],
      ['redirect_to', `/product/${p.slug}#reviews`],
    ];
    const status = async () => (await stored(p.id))[0]?.status;

    const asCustomer = await post(
      '/admin/reviews',
      fields(sessionNonce({ idHash: customer.idHash }, env)),
      customer.cookie,
    );
    expect(asCustomer.status).toBe(404);
    const forged = await post('/admin/reviews', fields('x'.repeat(32)), manager.cookie);
    expect(forged.status).toBe(302);
    expect(forged.headers.get('location')).toContain('moderated=expired');
    expect(await status()).toBe('pending');

    const nonce = sessionNonce({ idHash: manager.idHash }, env);
    const approved = await post('/admin/reviews', fields(nonce), manager.cookie);
    expect(approved.status).toBe(302);
    expect(approved.headers.get('location')).toBe(`/product/${p.slug}?moderated=approve#reviews`);
    expect(await status()).toBe('approved');

    const hostile = await post(
      '/admin/reviews',
      [
        ['review', 'abc'],
        ['moderate', 'approve'],
        ['security', nonce],
      ],
      manager.cookie,
    );
    expect(hostile.headers.get('location')).toContain('moderated=invalid');
  });

  it('fills a shop manager’s tools into the shared product page, and nobody else’s', async () => {
    const p = await product();
    await createReview(shop.database.db, {
      productId: p.id,
      status: 'pending',
      content: 'Bitte prüfen',
    });
    const manager = await signedInCustomer(shop.database.db, { role: 'shop_manager' });
    const customer = await signedInCustomer(shop.database.db, { displayName: 'Kim K.' });
    const anonymous = await (await get(`/product/${p.slug}`)).text();
    expect(anonymous).not.toContain('Bitte prüfen');
    const managed = await get(`/product/${p.slug}`, manager.cookie);
    const page = await managed.text();
    expect(page).toContain('Bitte prüfen');
    expect(page).toContain(`/admin/reviews?product=${p.id}`);
    expect(page).toContain('You are writing on behalf of the shop as');
    const own = await (await get(`/product/${p.slug}`, customer.cookie)).text();
    expect(own).toContain('Signed in as Kim K.');
    expect(own).not.toContain('Bitte prüfen');
    expect(own).not.toContain('name="author"');
    // The shared copy stays nobody's.
    const again = await (await get(`/product/${p.slug}`)).text();
    expect(again).not.toContain('Bitte prüfen');
    expect(again).toContain('name="author"');
  });
});

describe('review settings page', () => {
  const PATH = '/admin/reviews/settings';
  const env = () => parseEnv({ NODE_ENV: 'test', SESSION_SECRET: SECRET, DATA_DIR: shop.dataDir });
  const current = () => reviewSettings(shop.database.db);

  it('lets the shop manager switch ratings, verified owners and moderation, and no one else', async () => {
    const manager = await signedInCustomer(shop.database.db, { role: 'shop_manager' });
    const customer = await signedInCustomer(shop.database.db);
    const nonce = sessionNonce({ idHash: manager.idHash }, env());
    await putReviewSettings(shop.database.db, {
      ratingRequired: true,
      verifiedOnly: false,
      autoApprove: false,
    });

    const page = await get(PATH, manager.cookie);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Star rating is required');
    expect(html).toMatch(/name="rating_required" value="yes" checked/);
    expect(html).not.toMatch(/name="verified_only" value="yes" checked/);
    expect(html).toMatch(/name="moderation" value="yes" checked/);

    // Rating no longer required, verified owners only, moderation off.
    const saved = await post(
      PATH,
      [
        ['security', nonce],
        ['verified_only', 'yes'],
      ],
      manager.cookie,
    );
    expect(saved.status).toBe(302);
    expect(saved.headers.get('location')).toBe(`${PATH}?saved=yes`);
    expect(await current()).toMatchObject({
      ratingRequired: false,
      verifiedOnly: true,
      autoApprove: true,
      // What the form does not show stays as it was.
      rateLimit: { max: 1000, windowSeconds: 60 },
    });
    expect(notices(await (await get(`${PATH}?saved=yes`, manager.cookie)).text())).toEqual([
      'The settings are saved.',
    ]);

    // Others: not found, nothing changed.
    for (const cookie of [customer.cookie, '']) {
      expect((await get(PATH, cookie)).status).toBe(404);
      const refused = await post(
        PATH,
        [
          ['security', sessionNonce({ idHash: customer.idHash }, env())],
          ['rating_required', 'yes'],
        ],
        cookie,
      );
      expect(refused.status).toBe(404);
    }
    expect((await current()).ratingRequired).toBe(false);
    await putReviewSettings(shop.database.db, { ratingRequired: true, verifiedOnly: false });
  });

  it('changes nothing for a stale token or values a checkbox cannot send', async () => {
    const manager = await signedInCustomer(shop.database.db, { role: 'shop_manager' });
    const nonce = sessionNonce({ idHash: manager.idHash }, env());
    await putReviewSettings(shop.database.db, { ratingRequired: true, autoApprove: false });
    const cases: [Fields, string][] = [
      [[['security', 'x'.repeat(32)]], 'expired'],
      [[['rating_required', 'yes']], 'expired'],
      [
        [
          ['security', nonce],
          ['rating_required', 'no'],
        ],
        'invalid',
      ],
      [
        [
          ['security', nonce],
          ['moderation', 'yes'],
          ['moderation', 'yes'],
        ],
        'invalid',
      ],
      [
        [
          ['security', nonce],
          ['verified_only', 'yes\u0000'],
        ],
        'invalid',
      ],
      [
        [
          ['security', nonce],
          ['rating_required', TEN_KB],
        ],
        'invalid',
      ],
    ];
    for (const [fields, outcome] of cases) {
      const answer = await post(PATH, fields, manager.cookie);
      expect(answer.status).toBe(302);
      expect(answer.headers.get('location')).toBe(`${PATH}?saved=${outcome}`);
    }
    expect(await current()).toMatchObject({ ratingRequired: true, autoApprove: false });
  });

  it('takes effect on the next review: no rating needed once switched off', async () => {
    const manager = await signedInCustomer(shop.database.db, { role: 'shop_manager' });
    const nonce = sessionNonce({ idHash: manager.idHash }, env());
    const p = await product();
    const withoutRating = reviewFields(p.id, { rating: '', comment: 'Ohne Sterne, aber gut.' });
    await putReviewSettings(shop.database.db, { ratingRequired: true });
    const refused = await post(`/product/${p.slug}`, withoutRating);
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(await stored(p.id)).toHaveLength(0);
    await post(
      PATH,
      [
        ['security', nonce],
        ['moderation', 'yes'],
      ],
      manager.cookie,
    );
    await post(`/product/${p.slug}`, withoutRating);
    expect((await stored(p.id)).map((r) => [r.rating, r.status])).toEqual([[null, 'pending']]);
    await putReviewSettings(shop.database.db, { ratingRequired: true });
  });
});
