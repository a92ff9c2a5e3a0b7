import { Form, Link } from 'react-router';
import type { Route } from './+types/review-settings';
import { AdminPage } from '#app/components/admin/frame.tsx';
import { Notice } from '#app/components/ui/notice.tsx';
import { canEditContent } from '#app/domain/customers/identity.view.ts';
import { reviewSettings } from '#app/domain/reviews/review-settings.server.ts';
import { handleReviewSettingsForm, viewerOf } from '#app/http/pages/review-form.server.ts';
import { pageNotFound } from '#app/http/pages/not-found.ts';
import { shop } from '#app/http/request.server.ts';
import { type MessagesHandle, type TextKey, useI18n } from '#app/lib/i18n.ts';
import { messagesFor } from '#app/lib/i18n.server.ts';
import { sessionNonce } from '#app/lib/session.server.ts';

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data?.title },
  { name: 'robots', content: 'noindex' },
];

export const handle = { messageAreas: ['admin', 'reviews'] } satisfies MessagesHandle;

const SAVED = new Set(['yes', 'expired', 'invalid']);

/** The review settings of the shop: shop managers only (others get 404). */
export async function loader(args: Route.LoaderArgs) {
  const { db, env, locale, t, session } = shop(args);
  const current = await session();
  const viewer = await viewerOf(db, current);
  if (!current || !canEditContent(viewer)) pageNotFound();
  const settings = await reviewSettings(db);
  const saved = new URL(args.request.url).searchParams.get('saved');
  return {
    settings: {
      ratingRequired: settings.ratingRequired,
      verifiedOnly: settings.verifiedOnly,
      moderation: !settings.autoApprove,
    },
    security: sessionNonce(current, env),
    saved: saved && SAVED.has(saved) ? saved : null,
    title: `${t('reviews.settings_title')} | ${t('shop.name')}`,
    messages: messagesFor(locale, handle.messageAreas),
  };
}

export async function action(args: Route.ActionArgs) {
  return handleReviewSettingsForm(args);
}

const SWITCHES = [
  ['rating_required', 'ratingRequired'],
  ['verified_only', 'verifiedOnly'],
  ['moderation', 'moderation'],
] as const;

export default function ReviewSettingsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { settings, security, saved } = loaderData;
  return (
    <AdminPage
      title={t('reviews.settings_title')}
      crumbs={[{ label: t('admin.reviews'), to: '/admin/reviews' }]}
      className="review-settings"
    >
      {saved && (
        <Notice kind={saved === 'yes' ? 'success' : 'error'}>
          {t(`reviews.settings_saved_${saved}` as TextKey)}
        </Notice>
      )}
      <Form method="post" className="review-settings-form">
        <input type="hidden" name="security" value={security} />
        <fieldset>
          <legend>{t('reviews.settings_legend')}</legend>
          {SWITCHES.map(([name, key]) => (
            <div key={name} className="review-setting">
              <label className="choice">
                <input
                  type="checkbox"
                  name={name}
                  value="yes"
                  defaultChecked={settings[key]}
                  aria-describedby={`${name}-hint`}
                />
                <span>{t(`reviews.setting_${name}` as TextKey)}</span>
              </label>
              <p id={`${name}-hint`} className="hint">
                {t(`reviews.setting_${name}_hint` as TextKey)}
              </p>
            </div>
          ))}
        </fieldset>
        <button type="submit" className="button">
          {t('reviews.settings_save')}
        </button>
      </Form>
      <p>
        <Link to="/admin/reviews">{t('reviews.queue_title')}</Link>
      </p>
    </AdminPage>
  );
}
