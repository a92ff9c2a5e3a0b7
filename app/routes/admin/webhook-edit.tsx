import { useActionData } from 'react-router';
import type { Route } from './+types/webhook-edit';
import { AdminPage } from '#app/components/admin/frame.tsx';
import {
  DeliveryLog,
  WebhookActions,
  WebhookChanges,
  WebhookForm,
} from '#app/components/admin/webhooks.tsx';
import { Notice } from '#app/components/ui/notice.tsx';
import type { StaffFormAnswer } from '#app/domain/staff/staff.view.ts';
import {
  type PingAnswer,
  handleWebhookForm,
  loadWebhookPage,
} from '#app/http/admin/webhooks.server.ts';
import { type MessagesHandle, useI18n } from '#app/lib/i18n.ts';
import stylesheet from '#app/styles/admin-webhooks.css?url';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: stylesheet }];

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data?.title },
  { name: 'robots', content: 'noindex' },
];

export const handle = {
  messageAreas: ['admin', 'forms.required_mark', 'forms.optional_mark'],
} satisfies MessagesHandle;

export const headers: Route.HeadersFunction = () => new Headers({ 'Cache-Control': 'no-store' });

export async function loader(args: Route.LoaderArgs) {
  return loadWebhookPage(args, handle.messageAreas);
}

export async function action(args: Route.ActionArgs) {
  return handleWebhookForm(args);
}

/** One webhook: its fields, a test ping, deleting it, its delivery log and its changes. */
export default function WebhookPage({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const answer = useActionData<StaffFormAnswer | PingAnswer>();
  const { webhook, log, changes, topics, statuses, security, done, heading } = loaderData;
  const ping = answer && 'ok' in answer ? answer : undefined;
  const refused = answer && !('ok' in answer) ? answer : undefined;
  return (
    <AdminPage
      title={heading}
      crumbs={[{ label: t('admin.webhooks.title'), to: '/admin/webhooks' }]}
    >
      {done && !answer && <Notice kind="success">{t(`admin.webhooks.done.${done}`)}</Notice>}
      {webhook?.status === 'disabled' && (
        <Notice kind="error">{t('admin.webhooks.disabled_notice', { names: webhook.name })}</Notice>
      )}
      {refused && refused.intent !== 'save' && <Notice kind="error">{refused.message}</Notice>}
      <WebhookForm
        key={webhook?.id ?? 'new'}
        webhook={webhook}
        topics={topics}
        statuses={statuses}
        security={security}
        answer={refused}
      />
      {webhook && <WebhookActions webhook={webhook} security={security} ping={ping} />}
      {webhook && <DeliveryLog log={log} />}
      {webhook && <WebhookChanges changes={changes} />}
    </AdminPage>
  );
}
