import type { Route } from './+types/webhooks';
import { AdminPage } from '#app/components/admin/frame.tsx';
import { PrivateTargetsForm, WebhookTable } from '#app/components/admin/webhooks.tsx';
import { Notice } from '#app/components/ui/notice.tsx';
import { handleWebhooksForm, loadWebhooksPage } from '#app/http/admin/webhooks.server.ts';
import { type MessagesHandle, useI18n } from '#app/lib/i18n.ts';
import { Link } from 'react-router';
import stylesheet from '#app/styles/admin-webhooks.css?url';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: stylesheet }];

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data?.title },
  { name: 'robots', content: 'noindex' },
];

export const handle = {
  messageAreas: ['admin', 'forms.required_mark', 'forms.optional_mark'],
} satisfies MessagesHandle;

export async function loader(args: Route.LoaderArgs) {
  return loadWebhooksPage(args, handle.messageAreas);
}

export async function action(args: Route.ActionArgs) {
  return handleWebhooksForm(args);
}

/** Webhooks: the list with status and last delivery; administrators only. */
export default function WebhooksPage({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { webhooks, allowPrivate, allowedByEnv, maxFailures, security, done } = loaderData;
  const disabled = webhooks.filter((w) => w.status === 'disabled');
  return (
    <AdminPage
      title={t('admin.webhooks.title')}
      crumbs={[]}
      actions={
        <Link to="/admin/webhooks/new" className="button">
          {t('admin.webhooks.add')}
        </Link>
      }
    >
      {done && <Notice kind="success">{t(`admin.webhooks.done.${done}`)}</Notice>}
      {disabled.length > 0 && (
        <Notice kind="error">
          {t('admin.webhooks.disabled_notice', { names: disabled.map((w) => w.name).join(', ') })}
        </Notice>
      )}
      <p className="admin-lead">{t('admin.webhooks.intro', { max: maxFailures })}</p>
      <WebhookTable webhooks={webhooks} />
      <PrivateTargetsForm
        allowPrivate={allowPrivate}
        allowedByEnv={allowedByEnv}
        security={security}
      />
    </AdminPage>
  );
}
