// Parts of the product import pages: the steps, the error notice and the report table.
import { Link } from 'react-router';
import { Notice } from '#app/components/ui/notice.tsx';
import type { ImportError } from '#app/domain/catalog/product-import.view.ts';
import { type TextKey, useI18n } from '#app/lib/i18n.ts';
import { AdminTable } from './admin-table.tsx';

export function ImportSteps({ current }: { current: 1 | 2 | 3 | 4 }) {
  const { t } = useI18n();
  const steps = [1, 2, 3, 4] as const;
  return (
    <nav aria-label={t('admin.importPage.steps')} className="admin-import-steps">
      <ol>
        {steps.map((n) => (
          <li key={n} aria-current={n === current ? 'step' : undefined}>
            {t(`admin.importPage.step${n}` as TextKey)}
          </li>
        ))}
      </ol>
    </nav>
  );
}

export function ImportErrorNotice({ error }: { error: ImportError | undefined }) {
  const { t } = useI18n();
  if (!error) return null;
  return (
    <Notice kind="error">
      <p>{t(`admin.importPage.error.${error.code}` as TextKey, error.params)}</p>
    </Notice>
  );
}

export type ReportRowView = {
  line: number;
  sku: string;
  name: string;
  outcome: 'created' | 'updated' | 'skipped';
  reason: string | null;
  params?: Record<string, string | number>;
};

export function ImportReportTable({
  rows,
  base,
  next,
  after,
  skippedOnly,
}: {
  rows: ReportRowView[];
  base: string;
  next: number | null;
  after: number;
  skippedOnly: boolean;
}) {
  const { t } = useI18n();
  const only = skippedOnly ? '&skipped=1' : '';
  return (
    <section aria-labelledby="admin-import-report" className="admin-import-report">
      <h2 id="admin-import-report">{t('admin.importPage.report')}</h2>
      <p className="admin-import-filter">
        {skippedOnly ? (
          <Link to={base}>{t('admin.importPage.allRows')}</Link>
        ) : (
          <Link to={`${base}?skipped=1`}>{t('admin.importPage.onlySkipped')}</Link>
        )}
      </p>
      {rows.length === 0 ? (
        <p>{t('admin.importPage.noRows')}</p>
      ) : (
        <AdminTable
          labelledBy="admin-import-report"
          columns={[
            { label: t('admin.importPage.line') },
            { label: t('admin.importPage.product') },
            { label: t('admin.importPage.outcome') },
            { label: t('admin.importPage.reason') },
          ]}
        >
          {rows.map((r) => (
            <tr key={r.line} className={`admin-import-${r.outcome}`}>
              <td>{r.line}</td>
              <td>{[r.sku, r.name].filter(Boolean).join(' · ')}</td>
              <td>{t(`admin.importPage.outcome.${r.outcome}` as TextKey)}</td>
              <td>{r.reason ? t(r.reason as TextKey, r.params) : ''}</td>
            </tr>
          ))}
        </AdminTable>
      )}
      <p className="admin-import-pager">
        {after > 0 && <Link to={`${base}?after=0${only}`}>{t('admin.importPage.firstRows')}</Link>}{' '}
        {next !== null && (
          <Link to={`${base}?after=${next}${only}`}>{t('admin.importPage.nextRows')}</Link>
        )}
      </p>
    </section>
  );
}
