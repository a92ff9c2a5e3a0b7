import { data } from 'react-router';
import { type CsvDialect, csvLine } from '#app/domain/kernel/csv.ts';
import { csvAmount, csvDecimal } from '#app/domain/orders/admin-orders-csv.rules.ts';
import {
  type ReportKind,
  type ReportRange,
  parseReportQuery,
} from '#app/domain/reports/reports.rules.ts';
import {
  categoryReport,
  couponReport,
  customerReport,
  productReport,
  reportData,
  revenueReport,
  taxReport,
} from '#app/domain/reports/reports.server.ts';
import type { MessageArea, TextKey } from '#app/lib/i18n.ts';
import { messagesFor } from '#app/lib/i18n.server.ts';
import type { Tx } from '#app/domain/kernel/tx.ts';
import { csvDownload } from './csv-download.server.ts';
import { staffShop } from './staff.server.ts';

type Args = Parameters<typeof staffShop>[0];

/** The reports page: every report of the URL's range, or the range's error with a 400. */
export async function loadReports(args: Args, areas: readonly MessageArea[]) {
  const { db, locale, t } = await staffShop(args);
  const parsed = parseReportQuery(new URL(args.request.url).searchParams, new Date());
  const title = `${t('admin.reports.title')} | ${t('admin.title')}`;
  const messages = messagesFor(locale, areas);
  if (!parsed.ok) {
    return data(
      { range: parsed.range, error: parsed.error, reports: null, title, messages },
      { status: 400 },
    );
  }
  const reports = await reportData(db, parsed.range, locale);
  return { range: parsed.range, error: null, reports, title, messages };
}

type Translate = (key: TextKey, params?: Record<string, string | number>) => string;

async function csvRows(
  db: Tx,
  report: ReportKind,
  range: ReportRange,
  locale: string,
  t: Translate,
  dialect: CsvDialect,
): Promise<{ header: TextKey[]; rows: (string | number)[][] }> {
  const money = (minor: number) => csvAmount(minor, dialect);
  switch (report) {
    case 'revenue': {
      const { periods } = await revenueReport(db, range);
      return {
        header: [
          'admin.reports.col.period',
          'admin.col.orders',
          'admin.col.gross',
          'admin.reports.col.vat',
          'admin.col.net',
          'admin.reports.col.refunds',
          'admin.reports.col.net_revenue',
        ],
        rows: periods.map((p) => [
          p.period,
          p.orders,
          money(p.gross),
          money(p.vat),
          money(p.net),
          money(p.refunds),
          money(p.netRevenue),
        ]),
      };
    }
    case 'taxes':
      return {
        header: [
          'admin.reports.col.treatment',
          'admin.reports.col.country',
          'admin.reports.col.rate',
          'admin.col.net',
          'admin.reports.col.vat',
          'admin.col.gross',
        ],
        rows: (await taxReport(db, range)).map((r) => [
          t(`admin.reports.treatment.${r.treatment}`),
          r.country,
          csvDecimal(r.rate, dialect),
          money(r.net),
          money(r.vat),
          money(r.gross),
        ]),
      };
    case 'products': {
      const { byRevenue } = await productReport(db, range);
      return {
        header: [
          'admin.reports.col.product',
          'admin.reports.col.quantity',
          'admin.reports.col.revenue',
        ],
        rows: byRevenue.map((r) => [r.name, csvDecimal(r.quantity, dialect), money(r.revenue)]),
      };
    }
    case 'categories':
      return {
        header: [
          'admin.reports.col.category',
          'admin.reports.col.quantity',
          'admin.reports.col.revenue',
        ],
        rows: (await categoryReport(db, range, locale)).map((r) => [
          r.name,
          csvDecimal(r.quantity, dialect),
          money(r.revenue),
        ]),
      };
    case 'coupons':
      return {
        header: [
          'admin.reports.col.coupon',
          'admin.reports.col.uses',
          'admin.reports.col.discount',
        ],
        rows: (await couponReport(db, range)).map((r) => [r.code, r.uses, money(r.discount)]),
      };
    case 'customers': {
      const c = await customerReport(db, range);
      return {
        header: [
          'admin.reports.col.customer_group',
          'admin.reports.col.customers',
          'admin.col.orders',
          'admin.reports.col.revenue',
        ],
        rows: (['new', 'returning'] as const).map((g) => [
          t(`admin.reports.customers.${g}`),
          c[g].customers,
          c[g].orders,
          money(c[g].revenue),
        ]),
      };
    }
  }
}

/** One report of the range as CSV, the same figures as the page; a bad range is a 400. */
export async function exportReportCsv(args: Args): Promise<Response> {
  const { db, locale, t } = await staffShop(args);
  const params = new URL(args.request.url).searchParams;
  const parsed = parseReportQuery(params, new Date());
  if (!parsed.ok) {
    return new Response(`${t(`admin.reports.error.${parsed.error}`)}\n`, {
      status: 400,
      headers: { 'Content-Type': 'text/plain; charset=utf-8' },
    });
  }
  const dialect: CsvDialect = params.get('sep') === 'comma' ? 'comma' : 'semicolon';
  const { header, rows } = await csvRows(db, parsed.report, parsed.range, locale, t, dialect);
  const head =
    (dialect === 'semicolon' ? '\uFEFF' : '') +
    csvLine(
      header.map((k) => t(k)),
      dialect,
    );
  async function* body() {
    yield rows.map((r) => csvLine(r, dialect)).join('');
  }
  const { from, to } = parsed.range;
  return csvDownload(`report-${parsed.report}-${from}-${to}.csv`, head, body());
}
