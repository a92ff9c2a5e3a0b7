import type { Route } from './+types/reports';
import { AdminPage } from '#app/components/admin/frame.tsx';
import {
  CategoryReportView,
  CouponReportView,
  CustomerReportView,
  ProductReportView,
  ReportNav,
  ReportRangeForm,
  ReportSection,
  RevenueReportView,
  TaxReportView,
} from '#app/components/admin/reports.tsx';
import { Notice } from '#app/components/ui/notice.tsx';
import type { ReportKind } from '#app/domain/reports/reports.rules.ts';
import { loadReports } from '#app/http/admin/reports.server.ts';
import { type MessagesHandle, type TextKey, useI18n } from '#app/lib/i18n.ts';

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data?.title },
  { name: 'robots', content: 'noindex' },
];

export const handle = { messageAreas: ['admin'] } satisfies MessagesHandle;

export async function loader(args: Route.LoaderArgs) {
  return loadReports(args, handle.messageAreas);
}

const SECTIONS: readonly { id: ReportKind; key: TextKey }[] = [
  { id: 'revenue', key: 'admin.reports.revenue' },
  { id: 'taxes', key: 'admin.reports.taxes' },
  { id: 'products', key: 'admin.reports.products' },
  { id: 'categories', key: 'admin.reports.categories' },
  { id: 'coupons', key: 'admin.reports.coupons' },
  { id: 'customers', key: 'admin.reports.customers' },
];

export default function Reports({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { range, error, reports } = loaderData;
  return (
    <AdminPage title={t('admin.reports.title')} className="admin-reports">
      <ReportRangeForm range={range} />
      {error && <Notice kind="error">{t(`admin.reports.error.${error}`)}</Notice>}
      {reports && (
        <>
          <p className="admin-hint">{t('admin.reports.note')}</p>
          <ReportNav kinds={SECTIONS} />
          <ReportSection id="revenue" heading={t('admin.reports.revenue')} range={range}>
            <RevenueReportView report={reports.revenue} range={range} />
          </ReportSection>
          <ReportSection id="taxes" heading={t('admin.reports.taxes')} range={range}>
            <TaxReportView rows={reports.taxes} />
          </ReportSection>
          <ReportSection id="products" heading={t('admin.reports.products')} range={range}>
            <ProductReportView {...reports.products} />
          </ReportSection>
          <ReportSection id="categories" heading={t('admin.reports.categories')} range={range}>
            <CategoryReportView rows={reports.categories} />
          </ReportSection>
          <ReportSection id="coupons" heading={t('admin.reports.coupons')} range={range}>
            <CouponReportView rows={reports.coupons} />
          </ReportSection>
          <ReportSection id="customers" heading={t('admin.reports.customers')} range={range}>
            <CustomerReportView report={reports.customers} />
          </ReportSection>
        </>
      )}
    </AdminPage>
  );
}
