import { type SQL, and, asc, desc, eq, sql } from 'drizzle-orm';
import {
  CUSTOMER_BILLING_COUNTRY,
  CUSTOMER_NAME_SORT,
  CUSTOMER_SEARCH_TEXT,
  customers,
} from '#app/domain/customers/customers.schema.ts';
import type { Tx } from '#app/domain/kernel/tx.ts';
import { SALES_STATUSES } from '#app/domain/orders/admin-orders.rules.ts';
import { orders } from '#app/domain/orders/orders.schema.ts';
import { ADMIN_CUSTOMERS_PER_PAGE } from './admin-customers.rules.ts';
import type { AdminCustomerPage, AdminCustomerQuery } from './admin-customers.view.ts';

const ZONE = sql.raw(`'Europe/Berlin'`);
const SALES = sql.raw(SALES_STATUSES.map((s) => `'${s}'`).join(', '));

const SORT_EXPRESSIONS = {
  registered: 'created_at',
  name: CUSTOMER_NAME_SORT,
  email: 'email',
} as const;

/** A `like` pattern matching the term anywhere, its wildcards taken literally. */
export function containsPattern(term: string): string {
  return `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Customers as WooCommerce counts them: accounts with the customer role. Guests (orders
 * without an account) and staff are not in the list.
 */
export function adminCustomerCondition(query: AdminCustomerQuery): SQL | undefined {
  const hasOrders = sql`exists (select 1 from ${orders} where ${orders.customerId} = ${customers.id})`;
  return and(
    eq(customers.role, 'customer'),
    query.search
      ? sql`${sql.raw(CUSTOMER_SEARCH_TEXT)} like ${containsPattern(query.search)}`
      : undefined,
    query.orders === 'yes' ? hasOrders : query.orders === 'no' ? sql`not ${hasOrders}` : undefined,
    query.from
      ? sql`${customers.createdAt} >= (${query.from}::date::timestamp at time zone ${ZONE})`
      : undefined,
    query.to
      ? sql`${customers.createdAt} < ((${query.to}::date + 1)::timestamp at time zone ${ZONE})`
      : undefined,
    query.country ? sql`${sql.raw(CUSTOMER_BILLING_COUNTRY)} = ${query.country}` : undefined,
  );
}

/**
 * A page of customers, keyset-paged by (sort expression, id) as the order list is; the order
 * figures are summed for the page's rows only, from the orders' customer index.
 */
export async function adminCustomerPage(
  db: Tx,
  query: AdminCustomerQuery,
): Promise<AdminCustomerPage> {
  const expression = sql.raw(SORT_EXPRESSIONS[query.sort]);
  const backwards = query.before !== null;
  const ascending = (query.dir === 'asc') !== backwards;
  const cursorId = query.after ?? query.before;
  const cursor =
    cursorId === null
      ? undefined
      : sql`(${expression}, ${customers.id}) ${sql.raw(ascending ? '>' : '<')}
          (select ${expression}, id from ${customers} where id = ${cursorId})`;
  const by = ascending ? asc : desc;
  const found = await db
    .select({
      id: customers.id,
      firstName: customers.firstName,
      lastName: customers.lastName,
      email: customers.email,
      billing: customers.billingAddress,
      createdAt: customers.createdAt,
    })
    .from(customers)
    .where(and(adminCustomerCondition(query), cursor))
    .orderBy(by(expression), by(customers.id))
    .limit(ADMIN_CUSTOMERS_PER_PAGE + 1);
  const more = found.length > ADMIN_CUSTOMERS_PER_PAGE;
  const shown = found.slice(0, ADMIN_CUSTOMERS_PER_PAGE);
  if (backwards) shown.reverse();
  const figures = await orderFigures(
    db,
    shown.map((c) => c.id),
  );
  const rows = shown.map((c) => {
    const f = figures.get(c.id);
    return {
      id: c.id,
      name: [c.firstName, c.lastName].filter(Boolean).join(' '),
      email: c.email,
      company: c.billing.company ?? '',
      registeredAt: c.createdAt.toISOString(),
      orders: f?.orders ?? 0,
      spent: f?.spent ?? 0,
      lastOrderAt: f?.last ?? null,
      country: c.billing.country ?? '',
    };
  });
  const first = rows[0]?.id ?? null;
  const last = rows.at(-1)?.id ?? null;
  return {
    rows,
    next: backwards ? last : more ? last : null,
    previous: backwards ? (more ? first : null) : cursorId !== null ? first : null,
  };
}

export type OrderFigures = { orders: number; spent: number; last: string | null };

/** Orders placed, gross spent (orders that count as sales) and the last order's time. */
export async function orderFigures(
  db: Tx,
  customerIds: readonly number[],
): Promise<Map<number, OrderFigures>> {
  if (customerIds.length === 0) return new Map();
  const rows = await db
    .select({
      customerId: orders.customerId,
      n: sql<number>`count(*)::int`,
      spent: sql<number>`coalesce(sum(${orders.total}) filter (where ${orders.status} in (${SALES})), 0)::bigint`,
      last: sql<string | null>`max(${orders.createdAt})`,
    })
    .from(orders)
    .where(
      sql`${orders.customerId} in (${sql.join(
        customerIds.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    )
    .groupBy(orders.customerId);
  return new Map(
    rows.map((r) => [
      r.customerId!,
      {
        orders: Number(r.n),
        spent: Number(r.spent),
        last: r.last ? new Date(r.last).toISOString() : null,
      },
    ]),
  );
}

/** The billing countries customers use, read by skipping through their index. */
export async function customerCountries(db: Tx): Promise<string[]> {
  const e = CUSTOMER_BILLING_COUNTRY;
  const result = await db.execute(
    sql.raw(`with recursive v(value) as (
      (select ${e} from customers where ${e} is not null and ${e} <> '' order by 1 limit 1)
      union all
      select (select ${e} from customers where ${e} > v.value order by 1 limit 1)
        from v where v.value is not null)
    select value from v where value is not null limit 300`),
  );
  return (result as unknown as { rows: { value: string }[] }).rows.map((r) => String(r.value));
}
