import { type SQL, and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Actor } from '#app/domain/audit/audit.server.ts';
import type { Tx } from '#app/domain/kernel/tx.ts';
import {
  ADMIN_ORDERS_PER_PAGE,
  type AdminOrderPage,
  type AdminOrderQuery,
  SALES_STATUSES,
  type SalesDay,
  type SalesFigures,
} from './admin-orders.rules.ts';
import type { AdminOrderFilters } from './admin-orders.view.ts';
import { transitionOrder } from './lifecycle.server.ts';
import { canTransition } from './lifecycle.rules.ts';
import {
  ORDER_BILLING_COUNTRY,
  ORDER_SEARCH_TEXT,
  ORDER_SHIPPING_METHOD,
  ORDER_STATUSES,
  type OrderStatus,
  orderStatusCounts as statusCountRows,
  orders,
} from './orders.schema.ts';

const SORT_COLUMNS = {
  date: orders.createdAt,
  number: orders.number,
  status: orders.status,
  total: orders.total,
} as const;

const ZONE = 'Europe/Berlin';
// A literal, not a parameter: the GROUP BY must repeat the very same expression.
const AT_ZONE = sql.raw(`'${ZONE}'`);

/**
 * Orders whose number, billing name, e-mail or company, or one of whose line SKUs, contains the
 * term. Two trigram index lookups joined by UNION: an OR with EXISTS would read every order.
 */
function searchCondition(term: string): SQL | undefined {
  if (term === '') return undefined;
  const like = `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql`${orders.id} in (
    select id from orders where ${sql.raw(ORDER_SEARCH_TEXT)} like ${like}
    union
    select order_id from order_items where lower(sku) like ${like})`;
}

/** The status tab, the search and the filters of a list query, as one condition. */
export function adminOrderCondition(
  query: AdminOrderFilters & Pick<AdminOrderQuery, 'status' | 'search'>,
): SQL | undefined {
  return and(
    query.status ? eq(orders.status, query.status) : undefined,
    searchCondition(query.search),
    // Berlin calendar days: from the start of `from` to the end of `to`, in Berlin time.
    query.from
      ? sql`${orders.createdAt} >= (${query.from}::date::timestamp at time zone ${AT_ZONE})`
      : undefined,
    query.to
      ? sql`${orders.createdAt} < ((${query.to}::date + 1)::timestamp at time zone ${AT_ZONE})`
      : undefined,
    query.payment ? eq(orders.paymentMethod, query.payment) : undefined,
    query.shipping ? sql`${sql.raw(ORDER_SHIPPING_METHOD)} = ${query.shipping}` : undefined,
    query.country ? sql`${sql.raw(ORDER_BILLING_COUNTRY)} = ${query.country}` : undefined,
    query.customer ? eq(orders.customerId, query.customer) : undefined,
  );
}

/**
 * A page of orders, keyset-paged by (sort column, id): the cursor is the id of the last (or
 * first) row shown, and the next page starts after that row's values, so paging never counts
 * rows to skip and stays correct while new orders arrive.
 */
export async function adminOrderPage(db: Tx, query: AdminOrderQuery): Promise<AdminOrderPage> {
  const column = SORT_COLUMNS[query.sort];
  const backwards = query.before !== null;
  // Walking backwards reads in the opposite order and turns the rows round afterwards.
  const ascending = (query.dir === 'asc') !== backwards;
  const cursorId = query.after ?? query.before;
  const cursor =
    cursorId === null
      ? undefined
      : sql`(${column}, ${orders.id}) ${sql.raw(ascending ? '>' : '<')}
          (select c.${sql.identifier(column.name)}, c.id from ${orders} c where c.id = ${cursorId})`;
  const by = ascending ? asc : desc;
  const found = await db
    .select({
      id: orders.id,
      number: orders.number,
      createdAt: orders.createdAt,
      status: orders.status,
      billing: orders.billingAddress,
      customerId: orders.customerId,
      total: orders.total,
      currency: orders.currency,
      paymentMethod: orders.paymentMethod,
      paymentMethodTitle: orders.paymentMethodTitle,
    })
    .from(orders)
    .where(and(adminOrderCondition(query), cursor))
    .orderBy(by(column), by(orders.id))
    .limit(ADMIN_ORDERS_PER_PAGE + 1);
  const more = found.length > ADMIN_ORDERS_PER_PAGE;
  const shown = found.slice(0, ADMIN_ORDERS_PER_PAGE);
  if (backwards) shown.reverse();
  const rows = shown.map((o) => ({
    id: o.id,
    number: o.number,
    createdAt: o.createdAt.toISOString(),
    status: o.status,
    name: [o.billing.first_name, o.billing.last_name].filter(Boolean).join(' '),
    email: o.billing.email ?? '',
    company: o.billing.company ?? '',
    customerId: o.customerId,
    total: o.total,
    currency: o.currency,
    paymentMethod: o.paymentMethod,
    paymentMethodTitle: o.paymentMethodTitle,
  }));
  const first = rows[0]?.id ?? null;
  const last = rows.at(-1)?.id ?? null;
  return {
    rows,
    next: backwards ? last : more ? last : null,
    previous: backwards ? (more ? first : null) : cursorId !== null ? first : null,
  };
}

/**
 * How many orders each status holds, and all of them: the sum of the deltas the orders
 * trigger appended, a few rows per status between two folds, whatever the number of orders.
 */
export async function orderStatusCounts(
  db: Tx,
): Promise<Record<OrderStatus, number> & { all: number }> {
  const rows = await db
    .select({ status: statusCountRows.status, n: sql<number>`sum(${statusCountRows.delta})::int` })
    .from(statusCountRows)
    .groupBy(statusCountRows.status);
  const counts = Object.fromEntries(ORDER_STATUSES.map((s) => [s, 0])) as Record<
    OrderStatus,
    number
  >;
  let all = 0;
  for (const row of rows) {
    if (!(row.status in counts)) continue;
    counts[row.status as OrderStatus] = Number(row.n);
    all += Number(row.n);
  }
  return { ...counts, all };
}

/** Folds the appended deltas into one row per status; the sums stay the same. */
export async function foldOrderStatusCounts(db: Tx): Promise<number> {
  const result =
    await db.execute(sql`with gone as (delete from ${statusCountRows} returning status, delta)
    insert into ${statusCountRows} (status, delta)
    select status, sum(delta) from gone group by status having sum(delta) <> 0`);
  return Number((result as unknown as { rowCount?: number | null }).rowCount ?? 0);
}

/**
 * The distinct values of an indexed expression, read by skipping through its index (one
 * lookup per value, not a scan of every order), each with the label of its newest order.
 */
async function distinctValues(db: Tx, expression: string, label: string) {
  const result = await db.execute(
    sql.raw(`with recursive v(value) as (
      (select ${expression} from orders where ${expression} is not null order by 1 limit 1)
      union all
      select (select ${expression} from orders where ${expression} > v.value order by 1 limit 1)
        from v where v.value is not null)
    select value, (select ${label} from orders where ${expression} = v.value
                   order by created_at desc, id desc limit 1) as label
      from v where value is not null limit 100`),
  );
  return (result as unknown as { rows: { value: string; label: string | null }[] }).rows.map(
    (r) => ({ value: String(r.value), label: String(r.label ?? r.value) }),
  );
}

/** What the filter selects offer: the payment and shipping methods and countries orders use. */
export async function adminOrderFilterOptions(db: Tx) {
  const [payment, shipping, country] = await Promise.all([
    distinctValues(db, 'payment_method', 'payment_method_title'),
    distinctValues(db, ORDER_SHIPPING_METHOD, `(shipping_lines -> 0 ->> 'name')`),
    distinctValues(db, ORDER_BILLING_COUNTRY, ORDER_BILLING_COUNTRY),
  ]);
  return { payment, shipping, country };
}

export type BulkOutcome = {
  changed: number[];
  /** Orders whose status does not allow the change, with that status. */
  skipped: { number: number; from: OrderStatus }[];
};

/**
 * One status change for several orders, each through the lifecycle's transition (its own
 * transaction, mails and audit entry); an order whose status does not allow it is skipped.
 * Ids of no order are ignored.
 */
export async function bulkTransition(
  db: Tx,
  ids: readonly number[],
  to: OrderStatus,
  actor: Actor,
): Promise<BulkOutcome> {
  const outcome: BulkOutcome = { changed: [], skipped: [] };
  if (ids.length === 0) return outcome;
  const found = await db
    .select({ id: orders.id, number: orders.number, status: orders.status })
    .from(orders)
    .where(inArray(orders.id, [...ids]))
    .orderBy(asc(orders.number));
  for (const order of found) {
    if (!canTransition(order.status, to)) {
      outcome.skipped.push({ number: order.number, from: order.status });
      continue;
    }
    const result = await transitionOrder(db, order.id, to, { actor, followUp: 'after' });
    if (result.ok) outcome.changed.push(order.number);
    else {
      // Changed by someone else in between: report the status it has now.
      const [now] = await db
        .select({ status: orders.status })
        .from(orders)
        .where(eq(orders.id, order.id));
      outcome.skipped.push({ number: order.number, from: now?.status ?? order.status });
    }
  }
  return outcome;
}

/**
 * Sales of today and of the last 30 days (today included), by the shop's calendar (Berlin):
 * orders in SALES_STATUSES, gross = order total, net = total less its VAT.
 */
export async function salesSummary(
  db: Tx,
  now: Date,
): Promise<{ today: SalesFigures; month: SalesFigures; days: SalesDay[] }> {
  const todayKey = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(now);
  const start = new Date(`${todayKey}T00:00:00Z`);
  const keys = Array.from({ length: 30 }, (_, i) =>
    new Date(start.getTime() - (29 - i) * 86_400_000).toISOString().slice(0, 10),
  );
  const day = sql`(${orders.createdAt} at time zone ${AT_ZONE})::date`;
  const rows = await db
    .select({
      day: sql<string>`to_char(${day}, 'YYYY-MM-DD')`,
      n: sql<number>`count(*)::int`,
      gross: sql<number>`coalesce(sum(${orders.total}), 0)::bigint`,
      tax: sql<number>`coalesce(sum(${orders.totalTax}), 0)::bigint`,
    })
    .from(orders)
    .where(
      and(
        inArray(orders.status, [...SALES_STATUSES]),
        sql`${orders.createdAt} >= (${keys[0]}::date::timestamp at time zone ${AT_ZONE})`,
        sql`${orders.createdAt} < ((${todayKey}::date + 1)::timestamp at time zone ${AT_ZONE})`,
      ),
    )
    .groupBy(day);
  const byDay = new Map(rows.map((r) => [r.day, r]));
  const days = keys.map((key) => {
    const row = byDay.get(key);
    return figures(key, Number(row?.n ?? 0), Number(row?.gross ?? 0), Number(row?.tax ?? 0));
  });
  const sum = (list: SalesDay[]) =>
    figures(
      '',
      list.reduce((s, d) => s + d.orders, 0),
      list.reduce((s, d) => s + d.gross, 0),
      list.reduce((s, d) => s + (d.gross - d.net), 0),
    );
  return { today: strip(sum(days.slice(-1))), month: strip(sum(days)), days };
}

function figures(day: string, n: number, gross: number, tax: number): SalesDay {
  return { day, orders: n, gross, net: gross - tax, average: n ? Math.round(gross / n) : 0 };
}

function strip({ day: _, ...rest }: SalesDay): SalesFigures {
  return rest;
}
