import { Link } from 'react-router';
import type { Route } from './+types/forms';
import { AdminPage } from '#app/components/admin/frame.tsx';
import {
  SUBMISSION_FILTERS,
  type SubmissionRow,
  submissionsHref,
} from '#app/domain/forms/submissions.view.ts';
import { loadSubmissions } from '#app/http/admin/lists.server.ts';
import { type MessagesHandle, type TextKey, formatDateTime, useI18n } from '#app/lib/i18n.ts';

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data?.title },
  { name: 'robots', content: 'noindex' },
];

export const handle = { messageAreas: ['admin'] } satisfies MessagesHandle;

export async function loader(args: Route.LoaderArgs) {
  return loadSubmissions(args, handle.messageAreas);
}

export function MailStatus({ status }: { status: string }) {
  const { t } = useI18n();
  return (
    <span className={`admin-mail-status is-${status.replace(/[^a-z_]/g, '')}`}>
      {t(`admin.forms.status.${status}` as TextKey)}
    </span>
  );
}

function Row({ row }: { row: SubmissionRow }) {
  const { t, locale } = useI18n();
  return (
    <tr>
      <td>
        <Link to={`/admin/forms/${row.id}`}>{formatDateTime(row.createdAt, locale)}</Link>
      </td>
      <td>{row.form}</td>
      <td>
        {row.name || <span className="admin-sub">{t('admin.forms.no_name')}</span>}
        {row.email && <span className="admin-sub admin-block">{row.email}</span>}
      </td>
      <td className="admin-clip">
        {row.subject || <span className="admin-sub">{t('admin.forms.no_subject')}</span>}
      </td>
      <td>
        <MailStatus status={row.status} />
      </td>
    </tr>
  );
}

/** Contact form submissions, newest first, narrowed by mail status and by age. */
export default function Forms({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { query, page } = loaderData;
  return (
    <AdminPage title={t('admin.forms.title')} crumbs={[]}>
      <nav aria-label={t('admin.forms.filters')} className="admin-tabs">
        <ul>
          {SUBMISSION_FILTERS.map((status) => (
            <li key={status}>
              <Link
                to={submissionsHref({ ...query, status, after: null })}
                aria-current={status === query.status ? 'page' : undefined}
              >
                {t(`admin.forms.filter.${status}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {query.days && (
        <p className="admin-lead">
          {t('admin.forms.days', { count: query.days })}{' '}
          <Link to={submissionsHref({ ...query, days: null, after: null })}>
            {t('admin.forms.all_days')}
          </Link>
        </p>
      )}
      {page.rows.length === 0 ? (
        <p className="admin-empty">{t('admin.forms.empty')}</p>
      ) : (
        <div
          className="admin-table-wrap"
          role="region"
          tabIndex={0}
          aria-labelledby="forms-caption"
        >
          <table className="admin-table">
            <caption id="forms-caption" className="visually-hidden">
              {t('admin.forms.title')}
            </caption>
            <thead>
              <tr>
                <th scope="col">{t('admin.forms.col.date')}</th>
                <th scope="col">{t('admin.forms.col.form')}</th>
                <th scope="col">{t('admin.forms.col.sender')}</th>
                <th scope="col">{t('admin.forms.col.subject')}</th>
                <th scope="col">{t('admin.forms.col.status')}</th>
              </tr>
            </thead>
            <tbody>
              {page.rows.map((row) => (
                <Row key={row.id} row={row} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {(query.after !== null || page.next !== null) && (
        <nav aria-label={t('admin.pages')} className="admin-pager">
          {query.after !== null ? (
            <Link to={submissionsHref({ ...query, after: null })}>← {t('admin.forms.newest')}</Link>
          ) : (
            <span aria-disabled="true">← {t('admin.forms.newest')}</span>
          )}
          {page.next !== null ? (
            <Link to={submissionsHref({ ...query, after: page.next })} rel="next">
              {t('admin.forms.older')} →
            </Link>
          ) : (
            <span aria-disabled="true">{t('admin.forms.older')} →</span>
          )}
        </nav>
      )}
    </AdminPage>
  );
}
