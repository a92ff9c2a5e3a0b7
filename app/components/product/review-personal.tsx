import { useContext } from 'react';
import {
  Link,
  UNSAFE_DataRouterStateContext as DataRouterStateContext,
  useLocation,
} from 'react-router';
import { Field } from '#app/components/ui/field.tsx';
import { canEditContent } from '#app/domain/customers/identity.view.ts';
import { Stars } from '#app/components/stars.tsx';
import { type Personal, usePersonal } from '#app/components/personal.ts';
import { type MessageArea, formatDate, useI18n } from '#app/lib/i18n.ts';

/** Marks who writes a review (guest fields, or the signed-in name) as a personal part. */
export const REVIEW_IDENTITY_PART = 'review-identity';
/** Marks a shop manager's tools on a product page (edit link, waiting reviews) as a personal part. */
export const REVIEW_TOOLS_PART = 'review-tools';

/** The texts of the reviews tab, its form and the shop manager's tools. */
export const REVIEW_MESSAGE_AREAS = [
  'reviews',
  'rating',
  'forms.required_mark',
  'forms.optional_mark',
  'product.verified_owner',
] as const satisfies readonly MessageArea[];

export type GuestValues = { author: string; email: string };

/** The visitor's data: the currency only picks nobody's cart, which these parts never read. */
function useVisitor(): Personal {
  const root = useContext(DataRouterStateContext)?.loaderData.root as
    { currency?: string } | undefined;
  return usePersonal(root?.currency ?? 'EUR');
}

/**
 * Who writes: name and email fields for a guest, else the signed-in name (a shop manager writes
 * as the shop). Rendered for nobody in the shared page; the server fills in a signed-in visitor's.
 */
export function ReviewIdentity({
  values,
  error,
}: {
  values?: GuestValues;
  error?: { field?: string; message: string };
}) {
  const { t } = useI18n();
  const { viewer, moderation } = useVisitor();
  let content;
  if (canEditContent(viewer)) {
    content = (
      <p className="review-identity-note">
        {t('reviews.writing_as_shop', { shop: moderation?.shopName ?? t('shop.name') })}
      </p>
    );
  } else if (viewer) {
    content = (
      <p className="review-identity-note">{t('reviews.signed_in_as', { name: viewer.name })}</p>
    );
  } else {
    content = (
      <div className="review-guest-fields">
        <Field
          id="review-author"
          label={t('reviews.name')}
          required
          error={error?.field === 'author' ? error.message : undefined}
        >
          {(control) => (
            <input
              {...control}
              name="author"
              type="text"
              autoComplete="name"
              maxLength={100}
              required
              defaultValue={values?.author}
            />
          )}
        </Field>
        <Field
          id="review-email"
          label={t('reviews.email')}
          required
          help={t('reviews.email_hint')}
          error={error?.field === 'email' ? error.message : undefined}
        >
          {(control) => (
            <input
              {...control}
              name="email"
              type="email"
              autoComplete="email"
              maxLength={254}
              required
              defaultValue={values?.email}
            />
          )}
        </Field>
      </div>
    );
  }
  return (
    <div data-personal={REVIEW_IDENTITY_PART} className="review-identity">
      {content}
    </div>
  );
}

/**
 * A shop manager's tools on a product page: the edit link for the product's reviews and the
 * reviews waiting for approval, each with approve, spam and delete. Plain form posts: they work
 * the same with and without JavaScript.
 */
export function ReviewTools() {
  const { t, locale } = useI18n();
  const { viewer, moderation } = useVisitor();
  const location = useLocation();
  if (!canEditContent(viewer) || !moderation) {
    return <div data-personal={REVIEW_TOOLS_PART} className="review-tools" hidden />;
  }
  const back = `${location.pathname}${location.search}#reviews`;
  return (
    <div data-personal={REVIEW_TOOLS_PART} className="review-tools">
      <p className="edit-link">
        <Link to={`/admin/reviews?product=${moderation.productId}`}>{t('reviews.edit_link')}</Link>
      </p>
      {moderation.pending.length > 0 && (
        <section className="review-moderation" aria-labelledby="review-moderation-title">
          <h3 id="review-moderation-title">
            {t('reviews.moderation_title', { count: moderation.pending.length })}
          </h3>
          <ul className="review-moderation-list">
            {moderation.pending.map((review) => (
              <li key={review.id} id={`pending-comment-${review.id}`} className="review is-pending">
                <div className="review-head">
                  {review.rating !== null && (
                    <Stars average={review.rating} count={1} showCount={false} />
                  )}
                  <strong className="review-author">{review.author}</strong>
                  <span className="review-badge review-badge-pending">
                    {t('reviews.pending_badge')}
                  </span>
                  <time dateTime={review.createdAt}>{formatDate(review.createdAt, locale)}</time>
                </div>
                {review.parentId !== null && (
                  <p className="hint">{t('reviews.in_reply_to', { id: review.parentId })}</p>
                )}
                <p className="review-text">{review.content}</p>
                <ModerationButtons
                  reviewId={review.id}
                  author={review.author}
                  security={moderation.security}
                  back={back}
                />
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

/** Approve, spam and delete for one review; the answer goes back to `back`. */
export function ModerationButtons({
  reviewId,
  author,
  security,
  back,
}: {
  reviewId: number;
  author: string;
  security: string;
  back: string;
}) {
  const { t } = useI18n();
  return (
    <form method="post" action="/admin/reviews" className="moderation-actions">
      <input type="hidden" name="review" value={reviewId} />
      <input type="hidden" name="security" value={security} />
      <input type="hidden" name="redirect_to" value={back} />
      <button
        type="submit"
        name="moderate"
        value="approve"
        className="button button-small"
        aria-label={t('reviews.approve_label', { author })}
      >
        {t('reviews.approve')}
      </button>
      <button
        type="submit"
        name="moderate"
        value="spam"
        className="button button-small button-secondary"
        aria-label={t('reviews.spam_label', { author })}
      >
        {t('reviews.spam')}
      </button>
      <button
        type="submit"
        name="moderate"
        value="delete"
        className="button button-small button-secondary"
        aria-label={t('reviews.delete_label', { author })}
      >
        {t('reviews.delete')}
      </button>
    </form>
  );
}
