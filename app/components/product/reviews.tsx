import { type FormEvent, type KeyboardEvent, useRef, useState } from 'react';
import { Link, useFetcher, useLocation } from 'react-router';
import { Pagination } from '#app/components/pagination.tsx';
import { Stars } from '#app/components/stars.tsx';
import { Field } from '#app/components/ui/field.tsx';
import { Notice } from '#app/components/ui/notice.tsx';
import {
  RATINGS,
  type ReviewFormSettings,
  type ReviewPage,
  type ReviewSummary,
  type ReviewView,
} from '#app/domain/reviews/reviews.view.ts';
import type { ReviewActionData } from '#app/domain/reviews/review-form.view.ts';
import { formatDate, formatNumber, useI18n } from '#app/lib/i18n.ts';
import { ReviewIdentity, ReviewTools } from './review-personal.tsx';

type Draft = { comment: string; rating: number | null };
const EMPTY: Draft = { comment: '', rating: null };

export type ReviewsProps = {
  product: { id: number; name: string };
  summary: ReviewSummary;
  page: ReviewPage;
  settings: ReviewFormSettings;
  /** The review answered by `?replytocom=ID` (the reply link without JavaScript). */
  replyTo: number | null;
  /** The answer to a form post without JavaScript. */
  posted?: ReviewActionData;
};

function findReview(list: ReviewView[], id: number): ReviewView | null {
  for (const review of list) {
    if (review.id === id) return review;
    const inside = findReview(review.replies, id);
    if (inside) return inside;
  }
  return null;
}

/**
 * The reviews tab: average and histogram (each row a filter), the threaded list with comment
 * pages, and the comment form, which moves under the review being answered and back on cancel.
 */
export function Reviews({ product, summary, page, settings, replyTo, posted }: ReviewsProps) {
  const { t, locale } = useI18n();
  const location = useLocation();
  const fetcher = useFetcher<ReviewActionData>();
  const [replying, setReplying] = useState<number | null>(replyTo);
  const [draft, setDraft] = useState<Draft>(() => ({
    comment: posted && !posted.ok ? (posted.values?.comment ?? '') : '',
    rating:
      posted && !posted.ok && /^[1-5]$/.test(posted.values?.rating ?? '')
        ? Number(posted.values!.rating)
        : null,
  }));
  const cameFrom = useRef<number | null>(null);
  const result = fetcher.data ?? posted;

  // The address changed the answered review (a link without JavaScript's help), or a post
  // succeeded: state follows, during render rather than in an effect.
  const [seenReplyTo, setSeenReplyTo] = useState(replyTo);
  if (seenReplyTo !== replyTo) {
    setSeenReplyTo(replyTo);
    setReplying(replyTo);
  }
  const [seenAnswer, setSeenAnswer] = useState(fetcher.data);
  if (seenAnswer !== fetcher.data) {
    setSeenAnswer(fetcher.data);
    if (fetcher.data?.ok) setDraft(EMPTY);
  }

  const target = replying === null ? null : findReview(page.reviews, replying);
  const parent = target ? replying : null;

  const startReply = (id: number) => {
    cameFrom.current = id;
    setReplying(id);
    requestAnimationFrame(() => document.getElementById('review-comment')?.focus());
  };
  const cancelReply = () => {
    const back = cameFrom.current;
    setReplying(null);
    requestAnimationFrame(() => {
      const link = back === null ? null : document.getElementById(`reply-link-${back}`);
      (link ?? document.getElementById('review-comment'))?.focus();
    });
  };

  const search = new URLSearchParams(location.search);
  search.delete('replytocom');
  const here = (params: URLSearchParams, hash: string) => {
    const qs = params.toString();
    return `${location.pathname}${qs ? `?${qs}` : ''}${hash}`;
  };
  const replyHref = (id: number) => {
    const params = new URLSearchParams(search);
    params.set('replytocom', String(id));
    return here(params, '#respond');
  };
  const filterHref = (rating: number | null) => {
    const params = new URLSearchParams(search);
    params.delete('cpage');
    if (rating === null) params.delete('rating');
    else params.set('rating', String(rating));
    return here(params, '#reviews');
  };

  const form = (
    <ReviewForm
      product={product}
      settings={settings}
      parent={parent === null ? null : { id: parent, author: target!.author }}
      firstReview={summary.count === 0}
      draft={draft}
      setDraft={setDraft}
      cancelHref={here(search, '#respond')}
      onCancel={cancelReply}
      fetcher={fetcher}
      result={result}
    />
  );

  const renderReview = (review: ReviewView, depth: number) => (
    <li key={review.id} id={`comment-${review.id}`} className={`review depth-${depth}`}>
      <article className="review-body">
        <div className="review-head">
          {review.rating !== null && <Stars average={review.rating} count={1} showCount={false} />}
          <strong className="review-author">{review.author}</strong>
          {review.byShop && (
            <span className="review-badge review-badge-shop">{t('reviews.shop_badge')}</span>
          )}
          {review.verifiedOwner && (
            <span className="review-badge review-badge-verified">
              {t('product.verified_owner')}
            </span>
          )}
          <time dateTime={review.createdAt}>{formatDate(review.createdAt, locale)}</time>
        </div>
        <p className="review-text">{review.content}</p>
        <a
          id={`reply-link-${review.id}`}
          className="comment-reply-link"
          href={replyHref(review.id)}
          aria-label={t('reviews.reply_to', { author: review.author })}
          onClick={(event) => {
            if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
            event.preventDefault();
            startReply(review.id);
          }}
        >
          {t('reviews.reply')}
        </a>
      </article>
      {parent === review.id && form}
      {review.replies.length > 0 && (
        <ol className="children">
          {review.replies.map((reply) => renderReview(reply, depth + 1))}
        </ol>
      )}
    </li>
  );

  const starsText = (n: number) => t('reviews.stars', { count: n });
  return (
    <div id="reviews" className="reviews">
      <ReviewTools />
      {summary.count > 0 && (
        <div className="reviews-overview">
          <div className="reviews-average">
            <p className="reviews-average-number">
              {t('reviews.average', { rating: formatNumber(summary.average, locale, 1) })}
            </p>
            <Stars average={summary.average} count={summary.count} showCount={false} />
            <p className="hint">{t('reviews.based_on', { count: summary.count })}</p>
          </div>
          <nav className="rating-histogram" aria-label={t('reviews.histogram_label')}>
            <ul>
              {RATINGS.map((n) => {
                const count = summary.histogram[n];
                const share = summary.count > 0 ? Math.round((count / summary.count) * 100) : 0;
                return (
                  <li key={n}>
                    <Link
                      to={filterHref(n)}
                      preventScrollReset
                      className="histogram-row"
                      aria-current={page.rating === n ? 'true' : undefined}
                    >
                      <span className="histogram-label">{starsText(n)}</span>
                      <span className="histogram-bar" aria-hidden="true">
                        <span style={{ width: `${share}%` }} />
                      </span>
                      <span className="histogram-count">
                        {count}
                        <span className="visually-hidden">
                          {' '}
                          {t('reviews.histogram_count', { count })}
                        </span>
                      </span>
                    </Link>
                  </li>
                );
              })}
            </ul>
          </nav>
        </div>
      )}
      {page.rating !== null && (
        <p className="reviews-filter" role="status">
          {t('reviews.filter_active', { stars: starsText(page.rating) })}{' '}
          <Link to={filterHref(null)} preventScrollReset>
            {t('reviews.filter_clear')}
          </Link>
        </p>
      )}
      <div id="comments" className="reviews-list">
        {page.reviews.length === 0 ? (
          <p>
            {page.rating !== null
              ? t('reviews.none_with_rating', { stars: starsText(page.rating) })
              : t('rating.none')}
          </p>
        ) : (
          <ol className="review-list commentlist" aria-label={t('reviews.list_label')}>
            {page.reviews.map((review) => renderReview(review, 1))}
          </ol>
        )}
        <Pagination
          page={page.page}
          pages={page.pages}
          search={search}
          param="cpage"
          hash="#comments"
          label={t('reviews.pagination_label')}
        />
      </div>
      {parent === null && form}
    </div>
  );
}

function ReviewForm({
  product,
  settings,
  parent,
  firstReview,
  draft,
  setDraft,
  cancelHref,
  onCancel,
  fetcher,
  result,
}: {
  product: { id: number; name: string };
  settings: ReviewFormSettings;
  parent: { id: number; author: string } | null;
  firstReview: boolean;
  draft: Draft;
  setDraft: (change: (draft: Draft) => Draft) => void;
  cancelHref: string;
  onCancel: () => void;
  fetcher: ReturnType<typeof useFetcher<ReviewActionData>>;
  result: ReviewActionData | undefined;
}) {
  const { t } = useI18n();
  const [ratingAlert, setRatingAlert] = useState(false);
  const busy = fetcher.state !== 'idle';
  const error = result && !result.ok ? { field: result.field, message: result.message } : undefined;
  const needsRating = parent === null && settings.ratingRequired;
  const alertText = settings.requiredRatingText ?? t('reviews.rating_required');

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (needsRating && draft.rating === null) {
      event.preventDefault();
      setRatingAlert(true);
      event.currentTarget.querySelector<HTMLInputElement>('input[name="rating"]')?.focus();
    }
  };
  // Ctrl+Enter (Cmd+Enter on a Mac) sends the form from any of its fields.
  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      event.currentTarget.requestSubmit();
    }
  };

  const title = parent
    ? t('reviews.reply_title', { author: parent.author })
    : firstReview
      ? t('reviews.form_title_first', { name: product.name })
      : t('reviews.form_title');
  return (
    <div id="respond" className="comment-respond">
      <h3 id="reply-title" className="comment-reply-title">
        {title}
        {parent && (
          <>
            {' '}
            <a
              id="cancel-comment-reply-link"
              href={cancelHref}
              onClick={(event) => {
                event.preventDefault();
                onCancel();
              }}
            >
              {t('reviews.cancel_reply')}
            </a>
          </>
        )}
      </h3>
      {settings.verifiedOnly && <p className="hint">{t('reviews.verified_only')}</p>}
      <fetcher.Form
        method="post"
        id="commentform"
        className="comment-form"
        aria-labelledby="reply-title"
        onSubmit={onSubmit}
        onKeyDown={onKeyDown}
        aria-busy={busy || undefined}
      >
        {result && !busy && (
          <Notice kind={result.ok ? 'success' : 'error'}>{result.message}</Notice>
        )}
        <input type="hidden" name="intent" value="review" />
        {parent === null && (
          <fieldset
            className={`rating-input${error?.field === 'rating' || ratingAlert ? ' is-invalid' : ''}`}
            aria-describedby={ratingAlert ? 'rating-alert' : undefined}
          >
            <legend>
              {t('reviews.your_rating')}{' '}
              <span className="required-mark">
                {t(needsRating ? 'forms.required_mark' : 'forms.optional_mark')}
              </span>
            </legend>
            <div className="rating-input-stars">
              {[1, 2, 3, 4, 5].map((n) => (
                <span key={n} className="rating-input-star">
                  <input
                    type="radio"
                    id={`rating-${n}`}
                    name="rating"
                    value={n}
                    checked={draft.rating === n}
                    onChange={() => {
                      setRatingAlert(false);
                      setDraft((d) => ({ ...d, rating: n }));
                    }}
                  />
                  <label htmlFor={`rating-${n}`}>
                    <span className="visually-hidden">{t('reviews.star_label', { count: n })}</span>
                  </label>
                </span>
              ))}
            </div>
          </fieldset>
        )}
        {ratingAlert && (
          <div id="rating-alert" className="notice notice-error" role="alert">
            {alertText}
          </div>
        )}
        <Field
          id="review-comment"
          label={parent ? t('reviews.your_reply') : t('reviews.your_review')}
          required
          help={t('reviews.submit_hint')}
          error={error?.field === 'comment' ? error.message : undefined}
        >
          {(control) => (
            <textarea
              {...control}
              name="comment"
              rows={6}
              maxLength={5000}
              required
              value={draft.comment}
              onChange={(event) => {
                const comment = event.currentTarget.value;
                setDraft((d) => ({ ...d, comment }));
              }}
            />
          )}
        </Field>
        <ReviewIdentity values={result && !result.ok ? result.values : undefined} error={error} />
        <div className="review-hp" aria-hidden="true">
          <label htmlFor="review-website">{t('reviews.honeypot')}</label>
          <input id="review-website" name="website" type="text" tabIndex={-1} autoComplete="off" />
        </div>
        <p className="hint privacy-note">
          {t('reviews.privacy_before')} <Link to="/datenschutz">{t('reviews.privacy_link')}</Link>.
        </p>
        <input type="hidden" name="comment_post_ID" value={product.id} />
        <input type="hidden" name="comment_parent" id="comment_parent" value={parent?.id ?? 0} />
        <button type="submit" className="button" disabled={busy}>
          {parent ? t('reviews.submit_reply') : t('reviews.submit')}
        </button>
      </fetcher.Form>
    </div>
  );
}
