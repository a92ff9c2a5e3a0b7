import { describe, expect, it } from 'vitest';
import { initialStatus, linkCount, spamVerdict, statusAfter } from './reviews.rules.ts';
import { commentPage, ratingFilter } from './reviews.view.ts';
import { reviewFormSchema } from './reviews.validation.ts';

describe('review rules', () => {
  it.each([
    ['no links here', 0],
    ['see https://a.example and http://b.example/x?y', 2],
    ['www.shop.example, WWW.other.example', 2],
    ['mail me at a@b.example', 0],
  ])('counts links in %j', (text, n) => expect(linkCount(text)).toBe(n));

  it.each([
    [{ honeypot: 'x', content: 'ok', maxLinks: 2 }, 'spam'],
    [{ honeypot: '', content: 'http://a http://b http://c', maxLinks: 2 }, 'hold'],
    [{ honeypot: ' ', content: 'http://a http://b', maxLinks: 2 }, 'clean'],
  ] as const)('judges %j as %s', (input, verdict) => expect(spamVerdict(input)).toBe(verdict));

  it.each([
    [{ verdict: 'spam', autoApprove: true, byShop: true }, 'spam'],
    [{ verdict: 'hold', autoApprove: true, byShop: false }, 'pending'],
    [{ verdict: 'hold', autoApprove: false, byShop: true }, 'approved'],
    [{ verdict: 'clean', autoApprove: false, byShop: false }, 'pending'],
    [{ verdict: 'clean', autoApprove: true, byShop: false }, 'approved'],
  ] as const)('lands %j as %s', (input, status) => expect(initialStatus(input)).toBe(status));

  it('maps moderation actions to statuses', () => {
    expect(['approve', 'unapprove', 'spam', 'delete'].map((a) => statusAfter(a as never))).toEqual([
      'approved',
      'pending',
      'spam',
      null,
    ]);
  });

  it('reads the comment page from cpage or the path, and the rating filter', () => {
    expect(commentPage({ pathname: '/product/x', search: '?cpage=3' })).toBe(3);
    expect(commentPage({ pathname: '/product/x/comment-page-2', search: '' })).toBe(2);
    expect(commentPage({ pathname: '/product/x', search: '?cpage=abc' })).toBe(1);
    expect(commentPage({ pathname: '/product/x', search: '?cpage=0' })).toBe(1);
    expect(ratingFilter('4')).toBe(4);
    expect(ratingFilter('6')).toBeNull();
    expect(ratingFilter('4.5')).toBeNull();
  });

  it.each([['0'], ['6'], ['abc'], ['4.0'], [' 4']])('refuses the rating %j', (rating) => {
    const parsed = reviewFormSchema.safeParse({ comment_post_ID: '1', rating, comment: 'x' });
    expect(parsed.success).toBe(false);
  });

  it('takes numbers as strings, an empty rating and "0" as no parent', () => {
    const parsed = reviewFormSchema.parse({
      comment_post_ID: '12',
      comment_parent: '0',
      rating: '',
      comment: ' gut ',
    });
    expect(parsed).toMatchObject({
      comment_post_ID: 12,
      comment_parent: null,
      rating: null,
      comment: 'gut',
    });
  });
});
