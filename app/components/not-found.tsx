import { Link, useRouteLoaderData } from 'react-router';
import { useI18n } from '#app/lib/i18n.ts';
import type { RootData } from '#app/root.tsx';

export function NotFoundContent({ message }: { message?: string }) {
  const { t } = useI18n();
  const root = useRouteLoaderData<RootData>('root');
  return (
    <div className="container page-message">
      <h1>{t('error.not_found_title')}</h1>
      <p>{message ?? t('error.not_found_text')}</p>
      <ul className="chip-list">
        <li>
          <Link to="/shop">{t('nav.all_products')}</Link>
        </li>
        {root?.menu.map((c) => (
          <li key={c.slug}>
            <Link to={`/product-category/${c.slug}`}>{c.name}</Link>
          </li>
        ))}
      </ul>
      <p>
        <Link className="button" to="/">
          {t('error.back_home')}
        </Link>
      </p>
    </div>
  );
}
