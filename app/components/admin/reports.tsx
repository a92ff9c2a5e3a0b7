import { Form } from 'react-router';
import { RevenueChart } from '#app/components/admin/revenue-chart.tsx';
import { Money, useMoney } from '#app/components/ui/price.tsx';
import type { SalesDay } from '#app/domain/orders/admin-orders.view.ts';
import {
  REPORT_GROUPINGS,
  type ReportGrouping,
  type ReportKind,
  type ReportRange,
} from '#app/domain/reports/reports.rules.ts';
import type {
  CategoryRow,
  CouponRow,
  CustomersReport,
  ProductRow,
  RevenueReport,
  TaxRow,
} from '#app/domain/reports/reports.view.ts';
import { type TextKey, formatNumber, useI18n } from '#app/lib/i18n.ts';
import { intlLocale, type Locale } from '#app/lib/locale.ts';

function countryName(code: string, locale: Locale): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** A period as its table row names it: the day, the week's Monday, or the month. */
function usePeriodLabel(grouping: ReportGrouping) {
  const { t, locale } = useI18n();
  // Short dates: the table stands beside the chart and should not wrap its first column.
  const tag = intlLocale(locale);
  const short = new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeZone: 'UTC' });
  const month = new Intl.DateTimeFormat(tag, { month: 'long', year: 'numeric', timeZone: 'UTC' });
  return (period: string) => {
    const noon = new Date(`${period}T12:00:00Z`);
    if (grouping === 'day') return short.format(noon);
    if (grouping === 'week') return t('admin.reports.week_of', { day: short.format(noon) });
    return month.format(noon);
  };
}

export function exportHref(report: ReportKind, range: ReportRange): string {
  const q = new URLSearchParams({
    report,
    from: range.from,
    to: range.to,
    group: range.grouping,
  });
  return `/admin/reports/export.csv?${q.toString()}`;
}

/** The range and grouping, sent as a GET form: works before the script loads. */
export function ReportRangeForm({ range }: { range: ReportRange }) {
  const { t } = useI18n();
  return (
    <Form
      method="get"
      action="/admin/reports"
      className="admin-filters"
      aria-labelledby="admin-reports-range"
    >
      <h2 id="admin-reports-range" className="visually-hidden">
        {t('admin.reports.range')}
      </h2>
      <div className="admin-filter">
        <label htmlFor="admin-reports-from">{t('admin.reports.from')}</label>
        <input id="admin-reports-from" type="date" name="from" required defaultValue={range.from} />
      </div>
      <div className="admin-filter">
        <label htmlFor="admin-reports-to">{t('admin.reports.to')}</label>
        <input id="admin-reports-to" type="date" name="to" required defaultValue={range.to} />
      </div>
      <div className="admin-filter">
        <label htmlFor="admin-reports-group">{t('admin.reports.grouping')}</label>
        <select id="admin-reports-group" name="group" defaultValue={range.grouping}>
          {REPORT_GROUPINGS.map((g) => (
            <option key={g} value={g}>
              {t(`admin.reports.group.${g}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="admin-filter-actions">
        <button type="submit" className="button">
          {t('admin.reports.show')}
        </button>
      </div>
    </Form>
  );
}

/** A report's section: heading, CSV link, content. */
export function ReportSection({
  id,
  heading,
  range,
  children,
}: {
  id: ReportKind;
  heading: string;
  range: ReportRange;
  children: React.ReactNode;
}) {
  const { t } = useI18n();
  return (
    <section
      className="admin-card admin-report"
      id={`report-${id}`}
      aria-labelledby={`report-${id}-h`}
    >
      <div className="admin-report-head">
        <h2 id={`report-${id}-h`}>{heading}</h2>
        <a href={exportHref(id, range)} download>
          {t('admin.reports.csv', { report: heading })}
        </a>
      </div>
      {children}
    </section>
  );
}

/** Links to each report's section. */
export function ReportNav({ kinds }: { kinds: readonly { id: ReportKind; key: TextKey }[] }) {
  const { t } = useI18n();
  return (
    <nav aria-label={t('admin.reports.nav_label')} className="admin-report-nav">
      <ul>
        {kinds.map((k) => (
          <li key={k.id}>
            <a href={`#report-${k.id}`}>{t(k.key)}</a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function Table({
  caption,
  head,
  children,
}: {
  caption: string;
  head: { label: string; num?: boolean }[];
  children: React.ReactNode;
}) {
  return (
    <div className="admin-table-wrap" role="region" tabIndex={0} aria-label={caption}>
      <table className="admin-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            {head.map((h) => (
              <th key={h.label} scope="col" className={h.num ? 'num' : undefined}>
                {h.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

function Empty({ columns }: { columns: number }) {
  const { t } = useI18n();
  return (
    <tr>
      <td colSpan={columns}>{t('admin.reports.empty')}</td>
    </tr>
  );
}

/** Revenue: the range's figures, then the chart with its table beside it. */
export function RevenueReportView({
  report,
  range,
}: {
  report: RevenueReport;
  range: ReportRange;
}) {
  const { t, locale } = useI18n();
  const money = useMoney();
  const label = usePeriodLabel(range.grouping);
  const days: SalesDay[] = report.periods.map((p) => ({
    day: p.period,
    orders: p.orders,
    gross: p.gross,
    net: p.net,
    average: 0,
  }));
  const best = report.periods.reduce<(typeof report.periods)[number] | null>(
    (top, p) => (p.gross > 0 && (!top || p.gross > top.gross) ? p : top),
    null,
  );
  const summary = best
    ? t('admin.reports.chart_label', {
        total: money(report.totals.gross),
        max: money(best.gross),
        period: label(best.period),
      })
    : t('admin.reports.chart_empty');
  const figures: [TextKey, React.ReactNode][] = [
    ['admin.kpi.orders', formatNumber(report.totals.orders, locale)],
    ['admin.kpi.gross', <Money amount={report.totals.gross} />],
    ['admin.reports.col.vat', <Money amount={report.totals.vat} />],
    ['admin.kpi.net', <Money amount={report.totals.net} />],
    ['admin.reports.col.refunds', <Money amount={report.totals.refunds} />],
    ['admin.reports.col.net_revenue', <Money amount={report.totals.netRevenue} />],
  ];
  return (
    <>
      <dl className="admin-figures admin-report-figures">
        {figures.map(([key, value]) => (
          <div key={key}>
            <dt>{t(key)}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <div className="admin-report-split">
        <div className="admin-chart">
          <RevenueChart days={days} summary={summary} />
        </div>
        <Table
          caption={t(`admin.reports.revenue_table.${range.grouping}`)}
          head={[
            { label: t('admin.reports.col.period') },
            { label: t('admin.col.orders'), num: true },
            { label: t('admin.col.gross'), num: true },
            { label: t('admin.reports.col.vat'), num: true },
            { label: t('admin.col.net'), num: true },
            { label: t('admin.reports.col.refunds'), num: true },
            { label: t('admin.reports.col.net_revenue'), num: true },
          ]}
        >
          {report.periods.map((p) => (
            <tr
              key={p.period}
              className={p.orders === 0 && p.refunds === 0 ? 'is-quiet' : undefined}
            >
              <th scope="row">
                <time dateTime={p.period}>{label(p.period)}</time>
              </th>
              <td className="num">{formatNumber(p.orders, locale)}</td>
              <td className="num">
                <Money amount={p.gross} />
              </td>
              <td className="num">
                <Money amount={p.vat} />
              </td>
              <td className="num">
                <Money amount={p.net} />
              </td>
              <td className="num">
                <Money amount={p.refunds} />
              </td>
              <td className="num">
                <Money amount={p.netRevenue} />
              </td>
            </tr>
          ))}
        </Table>
      </div>
    </>
  );
}

export function TaxReportView({ rows }: { rows: TaxRow[] }) {
  const { t, locale } = useI18n();
  return (
    <>
      <p className="admin-hint">{t('admin.reports.taxes_hint')}</p>
      <Table
        caption={t('admin.reports.taxes_table')}
        head={[
          { label: t('admin.reports.col.treatment') },
          { label: t('admin.reports.col.country') },
          { label: t('admin.reports.col.rate'), num: true },
          { label: t('admin.col.net'), num: true },
          { label: t('admin.reports.col.vat'), num: true },
          { label: t('admin.col.gross'), num: true },
        ]}
      >
        {rows.length === 0 && <Empty columns={6} />}
        {rows.map((r) => (
          <tr key={`${r.treatment}-${r.country}-${r.rate}`}>
            <th scope="row">{t(`admin.reports.treatment.${r.treatment}`)}</th>
            <td>{countryName(r.country, locale)}</td>
            <td className="num">{formatNumber(r.rate, locale)} %</td>
            <td className="num">
              <Money amount={r.net} />
            </td>
            <td className="num">
              <Money amount={r.vat} />
            </td>
            <td className="num">
              <Money amount={r.gross} />
            </td>
          </tr>
        ))}
      </Table>
    </>
  );
}

function RankTable({
  caption,
  nameLabel,
  rows,
}: {
  caption: string;
  nameLabel: string;
  rows: { id: number; name: string; quantity: number; revenue: number }[];
}) {
  const { t, locale } = useI18n();
  return (
    <Table
      caption={caption}
      head={[
        { label: nameLabel },
        { label: t('admin.reports.col.quantity'), num: true },
        { label: t('admin.reports.col.revenue'), num: true },
      ]}
    >
      {rows.length === 0 && <Empty columns={3} />}
      {rows.map((r) => (
        <tr key={r.id}>
          <th scope="row">{r.name}</th>
          <td className="num">{formatNumber(r.quantity, locale)}</td>
          <td className="num">
            <Money amount={r.revenue} />
          </td>
        </tr>
      ))}
    </Table>
  );
}

export function ProductReportView({
  byRevenue,
  byQuantity,
}: {
  byRevenue: ProductRow[];
  byQuantity: ProductRow[];
}) {
  const { t } = useI18n();
  const rows = (list: ProductRow[]) => list.map((r) => ({ ...r, id: r.productId }));
  return (
    <div className="admin-report-pair">
      <RankTable
        caption={t('admin.reports.products_by_revenue')}
        nameLabel={t('admin.reports.col.product')}
        rows={rows(byRevenue)}
      />
      <RankTable
        caption={t('admin.reports.products_by_quantity')}
        nameLabel={t('admin.reports.col.product')}
        rows={rows(byQuantity)}
      />
    </div>
  );
}

export function CategoryReportView({ rows }: { rows: CategoryRow[] }) {
  const { t } = useI18n();
  return (
    <RankTable
      caption={t('admin.reports.categories_table')}
      nameLabel={t('admin.reports.col.category')}
      rows={rows.map((r) => ({ ...r, id: r.categoryId }))}
    />
  );
}

export function CouponReportView({ rows }: { rows: CouponRow[] }) {
  const { t, locale } = useI18n();
  return (
    <Table
      caption={t('admin.reports.coupons_table')}
      head={[
        { label: t('admin.reports.col.coupon') },
        { label: t('admin.reports.col.uses'), num: true },
        { label: t('admin.reports.col.discount'), num: true },
      ]}
    >
      {rows.length === 0 && <Empty columns={3} />}
      {rows.map((r) => (
        <tr key={r.code}>
          <th scope="row">{r.code}</th>
          <td className="num">{formatNumber(r.uses, locale)}</td>
          <td className="num">
            <Money amount={r.discount} />
          </td>
        </tr>
      ))}
    </Table>
  );
}

export function CustomerReportView({ report }: { report: CustomersReport }) {
  const { t, locale } = useI18n();
  return (
    <Table
      caption={t('admin.reports.customers_table')}
      head={[
        { label: t('admin.reports.col.customer_group') },
        { label: t('admin.reports.col.customers'), num: true },
        { label: t('admin.col.orders'), num: true },
        { label: t('admin.reports.col.revenue'), num: true },
      ]}
    >
      {(['new', 'returning'] as const).map((g) => (
        <tr key={g}>
          <th scope="row">{t(`admin.reports.customers.${g}`)}</th>
          <td className="num">{formatNumber(report[g].customers, locale)}</td>
          <td className="num">{formatNumber(report[g].orders, locale)}</td>
          <td className="num">
            <Money amount={report[g].revenue} />
          </td>
        </tr>
      ))}
    </Table>
  );
}
