import { NoticeList, type NoticeMessage } from '#app/components/ui/notice.tsx';
import type { AccountActionData } from '#app/domain/customers/account-form.view.ts';

/** The answer of an account form as notices; a failure links to the field it is about. */
export function accountNotices(result: AccountActionData | undefined): NoticeMessage[] {
  if (!result) return [];
  return result.messages.map((text) => ({
    kind: result.ok ? 'success' : 'error',
    text,
    field: result.ok ? undefined : result.field,
  }));
}

export function AccountNotices({ result }: { result: AccountActionData | undefined }) {
  return <NoticeList notices={accountNotices(result)} />;
}
