import { Link, useActionData } from 'react-router';
import type { Route } from './+types/product-import-progress';
import { AdminPage } from '#app/components/admin/frame.tsx';
import {
  ImportErrorNotice,
  ImportReportTable,
  ImportSteps,
} from '#app/components/admin/product-import.tsx';
import { Notice } from '#app/components/ui/notice.tsx';
import { handleImportProgress, loadImportProgress } from '#app/http/admin/product-import.server.ts';
import { type MessagesHandle, useI18n } from '#app/lib/i18n.ts';
import stylesheet from '#app/styles/admin-import.css?url';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: stylesheet }];

const running = (status: string | undefined) => status === 'queued' || status === 'running';

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data?.title },
  { name: 'robots', content: 'noindex' },
  // While a run is in progress the page reloads itself every 2 s, with or without JavaScript.
  ...(running(data?.upload.status) ? [{ httpEquiv: 'refresh', content: '2' }] : []),
];

export const handle = { messageAreas: ['admin'] } satisfies MessagesHandle;

export async function loader(args: Route.LoaderArgs) {
  return loadImportProgress(args, handle.messageAreas);
}

export async function action(args: Route.ActionArgs) {
  return handleImportProgress(args);
}

/** Steps 3 and 4: the dry run's or the import's progress, then its report. */
export default function ProductImportProgress({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const answer = useActionData<typeof action>();
  const { upload, rows, next, after, skippedOnly, security } = loaderData;
  const isImport = upload.run === 'import';
  const base = `/admin/products/import/${upload.id}/progress`;
  const inProgress = running(upload.status);
  const counts = t('admin.importPage.counts', {
    created: upload.created,
    updated: upload.updated,
    skipped: upload.skipped,
  });
  return (
    <AdminPage
      title={t(isImport ? 'admin.importPage.runTitle' : 'admin.importPage.dryTitle')}
      crumbs={[
        { label: t('admin.stock.nav'), to: '/admin/products' },
        { label: t('admin.importPage.title'), to: '/admin/products/import' },
      ]}
    >
      <ImportSteps current={isImport ? 4 : 3} />
      <ImportErrorNotice error={answer?.error} />
      <section className="admin-import-progress" aria-labelledby="import-progress-label">
        <h2 id="import-progress-label">{t('admin.importPage.progress')}</h2>
        <progress
          value={upload.doneRows}
          max={Math.max(upload.rowCount, 1)}
          aria-labelledby="import-progress-label"
          aria-describedby="import-progress-text"
        />
        <p id="import-progress-text" role="status">
          {t('admin.importPage.progressText', { done: upload.doneRows, total: upload.rowCount })}
          {'. '}
          {counts}
        </p>
        {upload.status === 'queued' && <p>{t('admin.importPage.queued')}</p>}
        {upload.status === 'running' && <p>{t('admin.importPage.running')}</p>}
      </section>
      {upload.status === 'failed' && (
        <Notice kind="error">
          <p>{t('admin.importPage.failed', { error: upload.error ?? '' })}</p>
        </Notice>
      )}
      {upload.status === 'done' && (
        <Notice kind="success">
          <p>{t(isImport ? 'admin.importPage.runDone' : 'admin.importPage.dryDone')}</p>
          {upload.notes.map((note) => (
            <p key={note}>{t(note as never)}</p>
          ))}
        </Notice>
      )}
      {!inProgress && (
        <div className="admin-import-actions">
          {!upload.imported ? (
            <>
              <form method="post">
                <input type="hidden" name="security" value={security} />
                <input type="hidden" name="intent" value="import" />
                <button type="submit" className="button">
                  {t('admin.importPage.importNow')}
                </button>
              </form>
              <Link to={`/admin/products/import/${upload.id}`}>
                {t('admin.importPage.changeMapping')}
              </Link>
            </>
          ) : (
            <>
              <Link to="/admin/products">{t('admin.importPage.toProducts')}</Link>
              <Link to="/admin/products/import">{t('admin.importPage.newImport')}</Link>
            </>
          )}
        </div>
      )}
      {!inProgress && upload.run && (
        <ImportReportTable
          rows={rows}
          base={base}
          next={next}
          after={after}
          skippedOnly={skippedOnly}
        />
      )}
    </AdminPage>
  );
}
