import { staffMethodNames } from './method-names.server.ts';
import { eq } from 'drizzle-orm';
import { redirect } from 'react-router';
import { customers } from '#app/domain/customers/customers.schema.ts';
import { type CsvDialect, csvLine } from '#app/domain/kernel/csv.ts';
import {
  CSV_COLUMNS,
  type CsvOrder,
  csvOrderRows,
} from '#app/domain/orders/admin-orders-csv.rules.ts';
import {
  type ExportSelection,
  exportOrderBatches,
} from '#app/domain/orders/admin-orders-export.server.ts';
import {
  adminOrderFilterOptions,
  adminOrderPage,
  bulkTransition,
  orderStatusCounts,
} from '#app/domain/orders/admin-orders.server.ts';
import {
  parseAdminOrderQuery,
  parseBulkForm,
  parseOrderIds,
} from '#app/domain/orders/admin-orders.rules.ts';
import { adminOrdersExportHref, adminOrdersHref } from '#app/domain/orders/admin-orders.view.ts';
import { ORDER_STATUSES, type OrderStatus } from '#app/domain/orders/orders.schema.ts';
import type { MessageArea, TextKey } from '#app/lib/i18n.ts';
import { messagesFor } from '#app/lib/i18n.server.ts';
import { sessionNonce, verifyNonce } from '#app/lib/session.server.ts';
import { readForm } from '../request.server.ts';
import { csvDownload } from './csv-download.server.ts';
import { staffShop } from './staff.server.ts';

type Args = Parameters<typeof staffShop>[0];

const BULK_STATUSES: readonly OrderStatus[] = ['processing', 'completed', 'on-hold'];
const BULK_ERRORS = ['none_selected', 'invalid_action', 'expired'] as const;
/** Skipped orders named one by one in the notice; the rest are counted. */
const SKIPPED_NAMED = 10;

export type BulkNotice =
  | {
      kind: 'done';
      status: OrderStatus;
      count: number;
      skipped: { number: number; from: OrderStatus }[];
      more: number;
    }
  | { kind: 'error'; code: (typeof BULK_ERRORS)[number] };

/** The outcome of a bulk change, read back from the address the action redirected to. */
function bulkNotice(params: URLSearchParams): BulkNotice | null {
  const error = params.get('bulk_error');
  if (error) {
    const code = BULK_ERRORS.find((e) => e === error);
    return code ? { kind: 'error', code } : null;
  }
  const status = params.get('bulk_done');
  const count = params.get('bulk_count') ?? '';
  if (!status || !BULK_STATUSES.includes(status as OrderStatus) || !/^\d{1,4}$/.test(count))
    return null;
  const skipped = (params.get('bulk_skipped') ?? '')
    .split(',')
    .map((entry) => /^(\d{1,12}):([a-z-]{1,20})$/.exec(entry))
    .filter((m): m is RegExpExecArray => !!m && ORDER_STATUSES.includes(m[2] as OrderStatus))
    .map((m) => ({ number: Number(m[1]), from: m[2] as OrderStatus }));
  const more = Number(/^\d{1,4}$/.exec(params.get('bulk_more') ?? '')?.[0] ?? 0);
  return { kind: 'done', status: status as OrderStatus, count: Number(count), skipped, more };
}

/** The order list: one keyset page for the URL's tab, search, filters and sort, and the tab counts. */
export async function loadOrderList(args: Args, areas: readonly MessageArea[]) {
  const { db, env, current, locale, t } = await staffShop(args);
  const params = new URL(args.request.url).searchParams;
  const query = parseAdminOrderQuery(params);
  const [found, counts, stored, customer, names] = await Promise.all([
    adminOrderPage(db, query),
    orderStatusCounts(db),
    adminOrderFilterOptions(db),
    query.customer
      ? db
          .select({ first: customers.firstName, last: customers.lastName, email: customers.email })
          .from(customers)
          .where(eq(customers.id, query.customer))
          .then(([c]) => (c ? [c.first, c.last].filter(Boolean).join(' ') || c.email : null))
      : null,
    staffMethodNames(db, locale),
  ]);
  const page = {
    ...found,
    rows: found.rows.map((row) => ({
      ...row,
      paymentMethodTitle: names.payment(row.paymentMethod, row.paymentMethodTitle),
    })),
  };
  const options = {
    ...stored,
    payment: stored.payment.map((o) => ({ ...o, label: names.payment(o.value, o.label) })),
  };
  const status = query.status ? t(`order.status.${query.status}` as TextKey) : null;
  return {
    query,
    page,
    options,
    customerName: customer ?? (query.customer ? `#${query.customer}` : null),
    notice: bulkNotice(params),
    security: sessionNonce(current, env),
    tabs: [
      { status: null, count: counts.all },
      ...ORDER_STATUSES.map((s) => ({ status: s, count: counts[s] })),
    ],
    title: `${status ? `${t('admin.orders')}: ${status}` : t('admin.orders')} | ${t('admin.title')}`,
    messages: messagesFor(locale, areas),
  };
}

/**
 * The bulk form: a status change for the ticked orders (each through the lifecycle, the staff
 * member as actor), or on to the packing slips or the CSV of the selection. Answered by going
 * back to the same list with the outcome in the address.
 */
export async function handleBulkOrders(args: Args) {
  const { db, env, current, viewer } = await staffShop(args);
  const query = parseAdminOrderQuery(new URL(args.request.url).searchParams);
  const back = (notice: Record<string, string>) => {
    const url = new URL(adminOrdersHref(query), 'http://shop.invalid');
    for (const [name, value] of Object.entries(notice)) url.searchParams.set(name, value);
    return redirect(`${url.pathname}${url.search}`);
  };
  const read = await readForm(args.request);
  if (!read.ok) return back({ bulk_error: 'invalid_action' });
  if (!verifyNonce(current, read.value.get('security'), env))
    return back({ bulk_error: 'expired' });
  const bulk = parseBulkForm(read.value);
  if (!bulk) return back({ bulk_error: 'invalid_action' });
  if (bulk.ids.length === 0) return back({ bulk_error: 'none_selected' });
  if (bulk.action === 'packing-slips')
    return redirect(`/admin/orders/packing-slips?ids=${bulk.ids.join(',')}`, 303);
  if (bulk.action === 'csv') return redirect(adminOrdersExportHref(query, bulk.ids), 303);
  const outcome = await bulkTransition(db, bulk.ids, bulk.action, {
    channel: 'admin',
    id: viewer.id,
    label: viewer.email,
  });
  return back({
    bulk_done: bulk.action,
    bulk_count: String(outcome.changed.length),
    bulk_skipped: outcome.skipped
      .slice(0, SKIPPED_NAMED)
      .map((s) => `${s.number}:${s.from}`)
      .join(','),
    bulk_more: String(Math.max(0, outcome.skipped.length - SKIPPED_NAMED)),
  });
}

/**
 * The CSV export of the list's filter (its parameters) or of `ids=`: streamed, a keyset batch
 * of orders at a time. `sep=comma` for `,` and decimal points; else German Excel's `;`,
 * decimal commas and a byte order mark.
 */
export async function exportOrdersCsv(args: Args): Promise<Response> {
  const { db, locale, t } = await staffShop(args);
  const params = new URL(args.request.url).searchParams;
  const dialect: CsvDialect = params.get('sep') === 'comma' ? 'comma' : 'semicolon';
  let selection: ExportSelection;
  if (params.has('ids')) {
    const ids = parseOrderIds(params.getAll('ids').join(','));
    if (ids.length === 0) return new Response('No valid order ids.\n', { status: 400 });
    selection = { kind: 'ids', ids };
  } else selection = { kind: 'filter', query: parseAdminOrderQuery(params) };
  const header =
    (dialect === 'semicolon' ? '\uFEFF' : '') +
    csvLine(
      CSV_COLUMNS.map((c) => t(`admin.list.csv.${c}` as TextKey)),
      dialect,
    );
  const batches = exportOrderBatches(db, selection);
  const names = await staffMethodNames(db, locale);
  const named = (o: CsvOrder): CsvOrder => ({
    ...o,
    paymentMethodTitle: names.payment(o.paymentMethod ?? '', o.paymentMethodTitle),
    shippingLines: o.shippingLines.map((l) => ({ ...l, name: names.shipping(l.rateId, l.name) })),
  });
  async function* rows() {
    for await (const batch of batches)
      yield batch.map((o) => csvOrderRows(named(o), dialect, locale)).join('');
  }
  const day = new Date().toISOString().slice(0, 10);
  return csvDownload(`orders-${day}.csv`, header, rows());
}
