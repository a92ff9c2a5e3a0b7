import { type SQL, and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '#app/domain/kernel/tx.ts';
import {
  ADMIN_ORDERS_PER_PAGE,
  type AdminOrderPage,
  type AdminOrderQuery,
  SALES_STATUSES,
  type SalesDay,
  type SalesFigures,
} from './admin-orders.rules.ts';
import { ORDER_STATUSES, type OrderStatus, orders } from './orders.schema.ts';

const SORT_COLUMNS = {
  date: orders.createdAt,
  number: orders.number,
  status: orders.status,
  total: orders.total,
} as const;

function searchCondition(term: string): SQL | undefined {
  if (term === '') return undefined;
  const like = `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql`(cast(${orders.number} as text) like ${like}
    or lower(${orders.billingAddress}->>'email') like ${like}
    or lower(concat_ws(' ', ${orders.billingAddress}->>'first_name', ${orders.billingAddress}->>'last_name')) like ${like})`;
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
      total: orders.total,
      currency: orders.currency,
      paymentMethodTitle: orders.paymentMethodTitle,
    })
    .from(orders)
    .where(
      and(
        query.status ? eq(orders.status, query.status) : undefined,
        searchCondition(query.search),
        cursor,
      ),
    )
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
    total: o.total,
    currency: o.currency,
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

/** How many orders each status holds, and all of them. */
export async function orderStatusCounts(
  db: Tx,
): Promise<Record<OrderStatus, number> & { all: number }> {
  const rows = await db
    .select({ status: orders.status, n: sql<number>`count(*)::int` })
    .from(orders)
    .groupBy(orders.status);
  const counts = Object.fromEntries(ORDER_STATUSES.map((s) => [s, 0])) as Record<
    OrderStatus,
    number
  >;
  for (const row of rows) counts[row.status] = Number(row.n);
  return { ...counts, all: rows.reduce((sum, row) => sum + Number(row.n), 0) };
}

const ZONE = 'Europe/Berlin';
// A literal, not a parameter: the GROUP BY must repeat the very same expression.
const AT_ZONE = sql.raw(`'${ZONE}'`);

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
