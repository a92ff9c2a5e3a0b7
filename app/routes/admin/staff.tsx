import { useActionData } from 'react-router';
import type { Route } from './+types/staff';
import { AdminPage } from '#app/components/admin/frame.tsx';
import { AddStaffForm, StaffTable } from '#app/components/admin/staff.tsx';
import { Notice } from '#app/components/ui/notice.tsx';
import type { StaffFormAnswer } from '#app/domain/staff/staff.view.ts';
import { handleStaffForm, loadStaffPage } from '#app/http/admin/staff-pages.server.ts';
import { type MessagesHandle, type TextKey, useI18n } from '#app/lib/i18n.ts';
import stylesheet from '#app/styles/admin-staff.css?url';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: stylesheet }];

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data?.title },
  { name: 'robots', content: 'noindex' },
];

export const handle = {
  messageAreas: ['admin', 'forms.required_mark', 'forms.optional_mark'],
} satisfies MessagesHandle;

export async function loader(args: Route.LoaderArgs) {
  return loadStaffPage(args, handle.messageAreas);
}

export async function action(args: Route.ActionArgs) {
  return handleStaffForm(args);
}

/** Staff accounts and their roles; administrators only. */
export default function StaffPage({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const answer = useActionData<StaffFormAnswer>();
  const { staff, selfId, security, done } = loaderData;
  return (
    <AdminPage title={t('admin.staff.title')} crumbs={[]}>
      {done && !answer && (
        <Notice kind="success">{t(`admin.staff.done.${done}` as TextKey)}</Notice>
      )}
      {answer?.intent === 'unknown' && <Notice kind="error">{answer.message}</Notice>}
      <p className="admin-lead">{t('admin.staff.roles_help')}</p>
      <StaffTable staff={staff} selfId={selfId} security={security} answer={answer} />
      <AddStaffForm security={security} answer={answer} />
    </AdminPage>
  );
}
