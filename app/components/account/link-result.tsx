import { Link } from 'react-router';
import { Notice } from '#app/components/ui/notice.tsx';
import { type TextKey, useI18n } from '#app/lib/i18n.ts';

/** What following a mailed link did (activation, email confirmation), and the way back. */
export function LinkResult({
  titleKey,
  result,
}: {
  titleKey: TextKey;
  result: { ok: boolean; message: string };
}) {
  const { t } = useI18n();
  return (
    <div className="container account-page account-narrow">
      <h1>{t(titleKey)}</h1>
      <Notice kind={result.ok ? 'success' : 'error'}>{result.message}</Notice>
      <p>
        <Link to="/my-account" className="button">
          {t('account.title')}
        </Link>
      </p>
    </div>
  );
}
