import { Link } from 'react-router';
import { useI18n } from '#app/lib/i18n.ts';

/** The page for an address the shop refused to read (400, or 414 when it is too long). */
export function BadRequestContent({ tooLong }: { tooLong: boolean }) {
  const { t } = useI18n();
  return (
    <div className="container page-message">
      <h1>{t('error.bad_request_title')}</h1>
      <p>{t(tooLong ? 'error.url_too_long' : 'error.url_malformed')}</p>
      <p>{t('error.bad_request_text')}</p>
      <p>
        <Link className="button" to="/">
          {t('error.back_home')}
        </Link>
      </p>
    </div>
  );
}
