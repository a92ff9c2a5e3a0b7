import { useEffect, useRef } from 'react';
import { useActionData } from 'react-router';
import type { Route } from './+types/api-keys';
import {
  ApiKeyTable,
  CreateKeyForm,
  CreatedKey,
  RevokeKey,
} from '#app/components/admin/api-keys.tsx';
import { AdminPage } from '#app/components/admin/frame.tsx';
import { Notice } from '#app/components/ui/notice.tsx';
import type { CreatedKeyAnswer, StaffFormAnswer } from '#app/domain/staff/staff.view.ts';
import { handleApiKeysForm, loadApiKeysPage } from '#app/http/admin/staff-pages.server.ts';
import { type MessagesHandle, useI18n } from '#app/lib/i18n.ts';
import stylesheet from '#app/styles/admin-staff.css?url';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: stylesheet }];

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data?.title },
  { name: 'robots', content: 'noindex' },
];

export const handle = {
  messageAreas: ['admin', 'forms.required_mark', 'forms.optional_mark'],
} satisfies MessagesHandle;

export const headers: Route.HeadersFunction = ({ actionHeaders }) => {
  const headers = new Headers();
  if (actionHeaders.get('Cache-Control')) headers.set('Cache-Control', 'no-store');
  return headers;
};

export async function loader(args: Route.LoaderArgs) {
  return loadApiKeysPage(args, handle.messageAreas);
}

export async function action(args: Route.ActionArgs) {
  return handleApiKeysForm(args);
}

/** REST API keys: list, create (credentials shown once), revoke; administrators only. */
export default function ApiKeysPage({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const answer = useActionData<CreatedKeyAnswer | StaffFormAnswer>();
  const created = answer && 'created' in answer ? answer : undefined;
  const refused = answer && 'intent' in answer ? answer : undefined;
  const { keys, owners, selfId, revoke, security, createToken, done } = loaderData;
  const createdRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (created) createdRef.current?.querySelector<HTMLElement>('section')?.focus();
  }, [created]);
  return (
    <AdminPage title={t('admin.apiKeys.title')} crumbs={[]}>
      {done && !answer && <Notice kind="success">{t('admin.apiKeys.done.revoked')}</Notice>}
      {refused?.intent === 'unknown' && <Notice kind="error">{refused.message}</Notice>}
      <div ref={createdRef}>{created && <CreatedKey created={created.created} />}</div>
      {revoke && <RevokeKey apiKey={revoke} security={security} answer={refused} />}
      {!revoke && refused?.intent === 'revoke' && <Notice kind="error">{refused.message}</Notice>}
      <p className="admin-lead">{t('admin.apiKeys.intro')}</p>
      <ApiKeyTable keys={keys} />
      <CreateKeyForm
        owners={owners}
        selfId={selfId}
        security={security}
        createToken={createToken}
        answer={refused}
      />
    </AdminPage>
  );
}
