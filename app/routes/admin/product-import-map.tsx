import { useActionData } from 'react-router';
import type { Route } from './+types/product-import-map';
import { AdminPage } from '#app/components/admin/frame.tsx';
import { ImportErrorNotice, ImportSteps } from '#app/components/admin/product-import.tsx';
import { handleImportMapping, loadImportMapping } from '#app/http/admin/product-import.server.ts';
import { type MessagesHandle, type TextKey, useI18n } from '#app/lib/i18n.ts';
import stylesheet from '#app/styles/admin-import.css?url';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: stylesheet }];

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data?.title },
  { name: 'robots', content: 'noindex' },
];

export const handle = { messageAreas: ['admin'] } satisfies MessagesHandle;

export async function loader(args: Route.LoaderArgs) {
  return loadImportMapping(args, handle.messageAreas);
}

export async function action(args: Route.ActionArgs) {
  return handleImportMapping(args);
}

/** Step 2: every column of the file mapped to a field of the import, or left out. */
export default function ProductImportMap({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const answer = useActionData<typeof action>();
  const { upload, columns, fields, security } = loaderData;
  const label = (field: string) => {
    const m = /^attribute:(\d+):(\w+)$/.exec(field);
    if (m)
      return t('admin.importPage.attribute', {
        n: m[1]!,
        part: t(`admin.importPage.part.${m[2]}` as TextKey),
      });
    return t(`admin.importPage.field.${field}` as TextKey);
  };
  return (
    <AdminPage
      title={t('admin.importPage.mapTitle')}
      crumbs={[
        { label: t('admin.stock.nav'), to: '/admin/products' },
        { label: t('admin.importPage.title'), to: '/admin/products/import' },
      ]}
    >
      <ImportSteps current={2} />
      <ImportErrorNotice error={answer?.error} />
      <p>{t('admin.importPage.mapIntro', { file: upload.fileName, count: upload.rowCount })}</p>
      <form method="post">
        <input type="hidden" name="security" value={security} />
        <div className="admin-table-wrap">
          <table className="admin-table admin-import-map">
            <thead>
              <tr>
                <th scope="col">{t('admin.importPage.column')}</th>
                <th scope="col">{t('admin.importPage.field')}</th>
              </tr>
            </thead>
            <tbody>
              {columns.map((c, i) => (
                <tr key={i}>
                  <th scope="row" id={`import-col-${i}`}>
                    {c.header}
                  </th>
                  <td>
                    <select
                      name={`map_${i}`}
                      defaultValue={c.field}
                      aria-label={t('admin.importPage.mapFor', { column: c.header })}
                    >
                      <option value="">{t('admin.importPage.doNotImport')}</option>
                      {fields.map((f) => (
                        <option key={f} value={f}>
                          {label(f)}
                        </option>
                      ))}
                    </select>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <div className="admin-import-actions">
          <button type="submit" className="button">
            {t('admin.importPage.dryRun')}
          </button>
        </div>
      </form>
    </AdminPage>
  );
}
