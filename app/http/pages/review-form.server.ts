import { createHmac } from 'node:crypto';
import { type AppLoadContext, data, redirect } from 'react-router';
import { customerOfSession } from '#app/domain/customers/identity.server.ts';
import { canEditContent, type Viewer } from '#app/domain/customers/identity.view.ts';
import { type DomainError, domainError } from '#app/domain/kernel/result.ts';
import { putReviewSettings, reviewSettings } from '#app/domain/reviews/review-settings.server.ts';
import { moderateReview, submitReview } from '#app/domain/reviews/reviews.server.ts';
import { moderationSchema, reviewFormSchema } from '#app/domain/reviews/reviews.validation.ts';
import { getSetting } from '#app/domain/settings/settings.server.ts';
import { UNSET_OWNER, shopOwnerSchema } from '#app/domain/settings/shop-owner.ts';
import { CLIENT_ADDRESS_HEADER } from '#app/lib/client-address.ts';
import type { TextKey } from '#app/lib/i18n.ts';
import type { Env } from '#app/lib/env.server.ts';
import { type Session, verifyNonce } from '#app/lib/session.server.ts';
import { pageNotFound } from './not-found.ts';
import { readForm, safeRedirectPath, shop } from '../request.server.ts';
import { STATUS_OF_KIND } from '../status.ts';
import type { ReviewActionData } from '#app/domain/reviews/review-form.view.ts';

/** The form's fields; anything else is ignored. Each may appear once. */
const FIELDS = [
  'comment_post_ID',
  'comment_parent',
  'rating',
  'comment',
  'author',
  'email',
  'website',
] as const;

/** A keyed hash: equal senders compare equal, the address itself is never stored. */
function senderKey(env: Env, kind: string, value: string): string {
  return createHmac('sha256', env.SESSION_SECRET)
    .update(`review-${kind}:${value}`)
    .digest('base64url')
    .slice(0, 32);
}

/** The signed-in customer of the request's session, if any. */
export async function viewerOf(
  db: AppLoadContext['db'],
  session: Session | null,
): Promise<Viewer | null> {
  return session?.customerId ? customerOfSession(db, session.idHash) : null;
}

/**
 * The comment form of a product page (`intent=review`): a plain form post, so it works without
 * JavaScript; the page's script sends the same form and shows the same answer.
 */
export async function handleReviewForm(
  args: { request: Request; context: AppLoadContext },
  productId: number,
) {
  const { db, env, t, locale, session } = shop(args);
  const read = await readForm(args.request);
  const sent = (name: string) => {
    const value = read.ok ? read.value.get(name) : null;
    return typeof value === 'string' ? value : '';
  };
  const values = {
    comment: sent('comment'),
    author: sent('author'),
    email: sent('email'),
    rating: sent('rating'),
    parent: sent('comment_parent'),
  };
  const settings = await reviewSettings(db);
  const refuse = (error: DomainError) => {
    const configured =
      error.code === 'reviews.rating_required'
        ? settings.requiredRatingText[locale]?.trim()
        : undefined;
    const body: ReviewActionData = {
      form: 'review',
      ok: false,
      message: configured || t(error.code as TextKey, error.params),
      field: error.params?.field as string | undefined,
      // Unsafe text is not sent back into the page.
      values: read.ok ? values : undefined,
    };
    return data(body, { status: STATUS_OF_KIND[error.kind] });
  };
  if (!read.ok) return refuse(read.error);

  const fields: Record<string, string> = {};
  for (const name of FIELDS) {
    const all = read.value.getAll(name);
    if (all.length > 1 || all.some((v) => typeof v !== 'string')) {
      return refuse(domainError('invalid', 'reviews.invalid_field', { field: name }));
    }
    if (typeof all[0] === 'string') fields[name] = all[0];
  }
  const parsed = reviewFormSchema.safeParse(fields);
  if (!parsed.success) {
    const field = String(parsed.error.issues[0]?.path[0] ?? 'comment');
    const code =
      field === 'comment'
        ? fields.comment?.trim()
          ? 'reviews.comment_too_long'
          : 'reviews.comment_required'
        : field === 'rating'
          ? 'reviews.rating_invalid'
          : 'reviews.invalid_field';
    return refuse(domainError('invalid', code, { field }));
  }
  // The form posts to its product's own page.
  if (parsed.data.comment_post_ID !== productId) {
    return refuse(domainError('invalid', 'reviews.product_mismatch', { field: 'comment_post_ID' }));
  }
  const current = await session();
  const viewer = await viewerOf(db, current);
  const owner = await getSetting(db, 'shop.owner', shopOwnerSchema, UNSET_OWNER);
  const address = args.request.headers.get(CLIENT_ADDRESS_HEADER) ?? 'unknown';
  const result = await submitReview(db, {
    form: parsed.data,
    viewer,
    locale,
    senderKey: senderKey(env, 'address', address),
    sessionKey: current ? senderKey(env, 'session', current.idHash) : null,
    shop: { name: owner.name, email: owner.email },
  });
  if (!result.ok) return refuse(result.error);
  // Spam is answered like a held review: nothing tells a bot it was caught.
  const status = result.value.status === 'approved' ? 'approved' : 'pending';
  const body: ReviewActionData = {
    form: 'review',
    ok: true,
    status,
    message: t(status === 'approved' ? 'reviews.published' : 'reviews.awaiting_approval'),
  };
  return data(body);
}

/** A post of a shop manager's page: its form (empty when unreadable); anyone else gets 404. */
async function shopManagerForm(args: { request: Request; context: AppLoadContext }) {
  const { db, env, session } = shop(args);
  const current = await session();
  if (!canEditContent(await viewerOf(db, current))) pageNotFound();
  const read = await readForm(args.request);
  return { db, env, current, form: read.ok ? read.value : new FormData(), readable: read.ok };
}

/**
 * A shop manager's approve, spam or delete from the product page or the moderation queue: a
 * plain form post with the session's token, answered by going back where it came from.
 * Anyone else gets the 404 page: the queue does not exist for them.
 */
export async function handleModerationForm(args: { request: Request; context: AppLoadContext }) {
  const { db, env, current, form } = await shopManagerForm(args);
  const back = safeRedirectPath(form.get('redirect_to'), '/admin/reviews');
  const withNotice = (notice: string) => {
    const url = new URL(back, 'http://shop.invalid');
    url.searchParams.set('moderated', notice);
    return `${url.pathname}${url.search}${url.hash}`;
  };
  if (!verifyNonce(current, form.get('security'), env)) return redirect(withNotice('expired'));
  const parsed = moderationSchema.safeParse({
    review: form.get('review') ?? undefined,
    moderate: form.get('moderate') ?? undefined,
  });
  if (!parsed.success) return redirect(withNotice('invalid'));
  const result = await moderateReview(db, {
    reviewId: parsed.data.review,
    action: parsed.data.moderate,
  });
  return redirect(withNotice(result.ok ? parsed.data.moderate : 'missing'));
}

export const REVIEW_SETTINGS_PATH = '/admin/reviews/settings';
/** The switches of the review settings form; a ticked box sends "yes". */
const REVIEW_SWITCHES = ['rating_required', 'verified_only', 'moderation'] as const;

/**
 * The review settings form of the shop manager: ratings required, verified owners only and
 * moderation of new reviews. Anyone else gets the page's 404; a stale form or a value a
 * checkbox cannot send changes nothing.
 */
export async function handleReviewSettingsForm(args: {
  request: Request;
  context: AppLoadContext;
}) {
  const { db, env, current, form, readable } = await shopManagerForm(args);
  const answer = (saved: 'yes' | 'expired' | 'invalid') =>
    redirect(`${REVIEW_SETTINGS_PATH}?saved=${saved}`);
  if (!readable) return answer('invalid');
  if (!verifyNonce(current, form.get('security'), env)) return answer('expired');
  const on: Record<(typeof REVIEW_SWITCHES)[number], boolean> = {
    rating_required: false,
    verified_only: false,
    moderation: false,
  };
  for (const name of REVIEW_SWITCHES) {
    const values = form.getAll(name);
    if (values.length > 1 || (values.length === 1 && values[0] !== 'yes')) return answer('invalid');
    on[name] = values.length === 1;
  }
  await putReviewSettings(db, {
    ratingRequired: on.rating_required,
    verifiedOnly: on.verified_only,
    autoApprove: !on.moderation,
  });
  return answer('yes');
}
