import { Form, Link } from 'react-router';
import { Notice } from '#app/components/ui/notice.tsx';
import { type TextKey, useI18n } from '#app/lib/i18n.ts';

type LinkPage = { state: 'confirm' | 'done' | 'failed'; key: string; message: string };

const BUTTON: Record<'activate' | 'email', TextKey> = {
  activate: 'account.activate_button',
  email: 'account.confirm_email_button',
};

/**
 * A mailed link (activation, email confirmation): first a button that uses it up (a post, so
 * mail scanners that open links do nothing), then what it did and the way back.
 */
export function LinkResult({
  titleKey,
  kind,
  page,
}: {
  titleKey: TextKey;
  kind: 'activate' | 'email';
  page: LinkPage;
}) {
  const { t } = useI18n();
  return (
    <div className="container account-page account-narrow">
      <h1>{t(titleKey)}</h1>
      {page.state === 'confirm' ? (
        <Form method="post" className="link-confirm">
          <p>{page.message}</p>
          <input type="hidden" name="key" value={page.key} />
          <button type="submit" className="button">
            {t(BUTTON[kind])}
          </button>
        </Form>
      ) : (
        <>
          <Notice kind={page.state === 'done' ? 'success' : 'error'}>{page.message}</Notice>
          <p>
            <Link to="/my-account" className="button">
              {t('account.title')}
            </Link>
          </p>
        </>
      )}
    </div>
  );
}
