import { Link } from 'react-router';
import type { Route } from './+types/reviews';
import { AdminPage } from '#app/components/admin/frame.tsx';
import { Pagination } from '#app/components/pagination.tsx';
import { Stars } from '#app/components/stars.tsx';
import { Notice } from '#app/components/ui/notice.tsx';
import {
  ModerationButtons,
  REVIEW_MESSAGE_AREAS,
} from '#app/components/product/review-personal.tsx';
import { canEditContent } from '#app/domain/customers/identity.view.ts';
import { pendingReviews } from '#app/domain/reviews/reviews.server.ts';
import { handleModerationForm, viewerOf } from '#app/http/pages/review-form.server.ts';
import { pageNotFound } from '#app/http/pages/not-found.ts';
import { pageParam, shop } from '#app/http/request.server.ts';
import { type MessagesHandle, type TextKey, formatDate, useI18n } from '#app/lib/i18n.ts';
import { messagesFor } from '#app/lib/i18n.server.ts';
import { sessionNonce } from '#app/lib/session.server.ts';

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data?.title },
  { name: 'robots', content: 'noindex' },
];

export const handle = {
  messageAreas: ['admin', 'pagination', ...REVIEW_MESSAGE_AREAS],
} satisfies MessagesHandle;

const NOTICES = new Set([
  'approve',
  'unapprove',
  'spam',
  'delete',
  'expired',
  'invalid',
  'missing',
]);

/** The moderation queue: reviews waiting for approval across products; shop managers only. */
export async function loader(args: Route.LoaderArgs) {
  const { db, env, locale, t, session } = shop(args);
  const current = await session();
  const viewer = await viewerOf(db, current);
  if (!current || !canEditContent(viewer)) pageNotFound();
  const url = new URL(args.request.url);
  const productParam = url.searchParams.get('product');
  const productId = productParam && /^\d{1,9}$/.test(productParam) ? Number(productParam) : null;
  const queue = await pendingReviews(db, { productId, page: pageParam(url), locale });
  const moderated = url.searchParams.get('moderated');
  return {
    queue,
    productId,
    security: sessionNonce(current, env),
    notice: moderated && NOTICES.has(moderated) ? moderated : null,
    title: `${t('reviews.queue_title')} | ${t('shop.name')}`,
    messages: messagesFor(locale, handle.messageAreas),
  };
}

export async function action(args: Route.ActionArgs) {
  return handleModerationForm(args);
}

export default function ReviewModerationPage({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const { queue, productId, security, notice } = loaderData;
  const search = new URLSearchParams();
  if (productId) search.set('product', String(productId));
  const back = `/admin/reviews${productId ? `?product=${productId}` : ''}${
    queue.page > 1 ? `${productId ? '&' : '?'}page=${queue.page}` : ''
  }`;
  const filtered = productId ? queue.reviews[0]?.product : undefined;
  return (
    <AdminPage title={t('reviews.queue_title')} crumbs={[]} className="review-queue">
      <p>
        <Link to="/admin/reviews/settings">{t('reviews.settings_link')}</Link>
      </p>
      {notice && (
        <Notice kind={['expired', 'invalid', 'missing'].includes(notice) ? 'error' : 'success'}>
          {t(`reviews.moderated_${notice}` as TextKey)}
        </Notice>
      )}
      {productId && (
        <p>
          {filtered ? t('reviews.queue_filtered', { name: filtered.name }) : null}{' '}
          <Link to="/admin/reviews">{t('reviews.queue_all')}</Link>
        </p>
      )}
      {queue.reviews.length === 0 ? (
        <p>{t('reviews.queue_empty')}</p>
      ) : (
        <ul className="review-moderation-list">
          {queue.reviews.map((review) => (
            <li key={review.id} className="review is-pending">
              <p className="review-product">
                <Link to={`/product/${review.product.slug}#reviews`}>
                  {t('reviews.queue_product', { name: review.product.name })}
                </Link>
              </p>
              <div className="review-head">
                {review.rating !== null && (
                  <Stars average={review.rating} count={1} showCount={false} />
                )}
                <strong className="review-author">{review.author}</strong>
                <span className="hint">{t('reviews.email_of', { email: review.email })}</span>
                <time dateTime={review.createdAt}>{formatDate(review.createdAt, locale)}</time>
              </div>
              {review.parentId !== null && (
                <p className="hint">{t('reviews.in_reply_to', { id: review.parentId })}</p>
              )}
              <p className="review-text">{review.content}</p>
              <ModerationButtons
                reviewId={review.id}
                author={review.author}
                security={security}
                back={back}
              />
            </li>
          ))}
        </ul>
      )}
      <Pagination page={queue.page} pages={queue.pages} search={search} />
    </AdminPage>
  );
}
