import { Link } from 'react-router';
import type { Route } from './+types/legal-pages';
import { AdminPage } from '#app/components/admin/frame.tsx';
import { loadLegalOverview } from '#app/http/pages/legal-editor.server.ts';
import { LEGAL_EDITOR_MESSAGE_AREAS } from '#app/domain/legal/legal-editor.view.ts';
import { type MessagesHandle, formatDate, useI18n } from '#app/lib/i18n.ts';

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data?.title },
  { name: 'robots', content: 'noindex' },
];

export const handle = { messageAreas: LEGAL_EDITOR_MESSAGE_AREAS } satisfies MessagesHandle;

export async function loader(args: Route.LoaderArgs) {
  return loadLegalOverview(args);
}

/** The shop's legal pages with the version in force of each; shop managers only. */
export default function LegalPages({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  return (
    <AdminPage title={loaderData.heading} crumbs={[]}>
      <p>{t('legal_editor.intro')}</p>
      <div
        className="table-scroll"
        role="region"
        tabIndex={0}
        aria-labelledby="legal-pages-caption"
      >
        <table className="legal-pages-table">
          <caption id="legal-pages-caption" className="visually-hidden">
            {loaderData.heading}
          </caption>
          <thead>
            <tr>
              <th scope="col">{t('legal_editor.col_page')}</th>
              <th scope="col">{t('legal_editor.col_version')}</th>
              <th scope="col">{t('legal_editor.col_published')}</th>
              <th scope="col">{t('legal_editor.col_source')}</th>
              <th scope="col">{t('legal_editor.col_actions')}</th>
            </tr>
          </thead>
          <tbody>
            {loaderData.pages.map((page) => (
              <tr key={page.slug}>
                <th scope="row">{page.name}</th>
                <td>{page.version}</td>
                <td>{formatDate(page.publishedAt, locale)}</td>
                <td>{t(`legal_editor.source_${page.source}`)}</td>
                <td>
                  <div className="legal-pages-actions">
                    <Link to={`/admin/legal-pages/${page.slug}`}>
                      {t('legal_editor.edit', { page: page.name })}
                    </Link>
                    <a href={`/${page.slug}`}>{t('legal_editor.view', { page: page.name })}</a>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </AdminPage>
  );
}
