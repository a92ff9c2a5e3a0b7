import { useActionData } from 'react-router';
import type { Route } from './+types/product-import';
import { AdminPage } from '#app/components/admin/frame.tsx';
import { ImportErrorNotice, ImportSteps } from '#app/components/admin/product-import.tsx';
import { handleImportStart, loadImportStart } from '#app/http/admin/product-import.server.ts';
import { type MessagesHandle, useI18n } from '#app/lib/i18n.ts';
import stylesheet from '#app/styles/admin-import.css?url';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: stylesheet }];

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data?.title },
  { name: 'robots', content: 'noindex' },
];

export const handle = { messageAreas: ['admin'] } satisfies MessagesHandle;

export async function loader(args: Route.LoaderArgs) {
  return loadImportStart(args, handle.messageAreas);
}

export async function action(args: Route.ActionArgs) {
  return handleImportStart(args);
}

/** Step 1: the CSV (and a ZIP of pictures) uploaded, kept for the staff member for a day. */
export default function ProductImport({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const answer = useActionData<typeof action>();
  const { security, limits, pictureHosts } = loaderData;
  return (
    <AdminPage
      title={t('admin.importPage.title')}
      crumbs={[{ label: t('admin.stock.nav'), to: '/admin/products' }]}
    >
      <ImportSteps current={1} />
      <ImportErrorNotice error={answer?.error} />
      <p>{t('admin.importPage.intro')}</p>
      {/* A plain form: the upload works without JavaScript. */}
      <form method="post" encType="multipart/form-data" className="admin-import-form">
        <input type="hidden" name="security" value={security} />
        <div>
          <label htmlFor="import-csv">{t('admin.importPage.csv', { mb: limits.csvMb })}</label>
          <input id="import-csv" type="file" name="csv" accept=".csv,text/csv" required />
        </div>
        <div>
          <label htmlFor="import-zip">{t('admin.importPage.zip', { mb: limits.zipMb })}</label>
          <input
            id="import-zip"
            type="file"
            name="zip"
            accept=".zip,application/zip"
            aria-describedby="import-zip-help"
          />
          <p id="import-zip-help" className="admin-import-help">
            {t('admin.importPage.zipHelp')}
          </p>
        </div>
        <div className="admin-import-check">
          <input
            id="import-update"
            type="checkbox"
            name="update_existing"
            value="1"
            aria-describedby="import-update-help"
          />{' '}
          <label htmlFor="import-update">{t('admin.importPage.updateExisting')}</label>
          <p id="import-update-help" className="admin-import-help">
            {t('admin.importPage.updateExistingHelp')}
          </p>
        </div>
        <div>
          <label htmlFor="import-picture-hosts">{t('admin.importPage.pictureHosts')}</label>
          <textarea
            id="import-picture-hosts"
            name="picture_hosts"
            rows={3}
            defaultValue={pictureHosts}
            aria-describedby="import-picture-hosts-help"
          />
          <p id="import-picture-hosts-help" className="admin-import-help">
            {t('admin.importPage.pictureHostsHelp')}
          </p>
        </div>
        <div>
          <button type="submit" className="button">
            {t('admin.importPage.upload')}
          </button>
        </div>
      </form>
    </AdminPage>
  );
}
