// The back office's reports, each one set-based query over the orders of a range of Berlin
// days. Counted are the dashboard's sales statuses and refunded orders (they were sales; their
// refunds are taken off separately, by the day the money went back).
import { type SQL, sql } from 'drizzle-orm';
import { categories, productCategories } from '#app/domain/catalog/catalog.schema.ts';
import { readAll, type Tx } from '#app/domain/kernel/tx.ts';
import { SALES_STATUSES } from '#app/domain/orders/admin-orders.rules.ts';
import { orderItems, orders } from '#app/domain/orders/orders.schema.ts';
import { orderRefundLines, orderRefunds } from '#app/domain/payments/refunds.schema.ts';
import { type ReportRange, TOP_LIMIT, periodsOf } from './reports.rules.ts';
import type {
  CategoryRow,
  CouponRow,
  CustomerGroup,
  CustomersReport,
  ProductRow,
  ReportData,
  RevenuePeriod,
  RevenueReport,
  TaxRow,
  TaxTreatment,
} from './reports.view.ts';

export const REPORT_STATUSES = [...SALES_STATUSES, 'refunded'] as const;

// Literals, not parameters: GROUP BY and the index must see the very same expressions.
const ZONE = sql.raw(`'Europe/Berlin'`);
const STATUSES = sql.raw(REPORT_STATUSES.map((s) => `'${s}'`).join(', '));
/** The e-mail a guest is recognised by; the migration indexes this expression. */
const EMAIL = sql.raw(`lower(billing_address ->> 'email')`);

type Rows<T> = { rows: T[] };
const rowsOf = async <T>(query: Promise<unknown>) => ((await query) as Rows<T>).rows;
const num = (value: unknown) => Number(value ?? 0);

const start = (range: ReportRange) => sql`(${range.from}::date::timestamp at time zone ${ZONE})`;
const end = (range: ReportRange) => sql`((${range.to}::date + 1)::timestamp at time zone ${ZONE})`;

/** Orders that count, placed within the range: `o` is the orders table. */
function counted(range: ReportRange): SQL {
  return sql`o.status in (${STATUSES}) and o.created_at >= ${start(range)} and o.created_at < ${end(range)}`;
}

function period(column: SQL, range: ReportRange): SQL {
  const local = sql`(${column} at time zone ${ZONE})`;
  if (range.grouping === 'day') return sql`to_char(${local}::date, 'YYYY-MM-DD')`;
  const unit = sql.raw(`'${range.grouping}'`);
  return sql`to_char(date_trunc(${unit}, ${local})::date, 'YYYY-MM-DD')`;
}

export async function revenueReport(db: Tx, range: ReportRange): Promise<RevenueReport> {
  const [sales, refunds] = await readAll(db, [
    () =>
      rowsOf<{ period: string; n: unknown; gross: unknown; vat: unknown }>(
        db.execute(sql`
          select ${period(sql`o.created_at`, range)} as period, count(*) as n,
                 coalesce(sum(o.total), 0) as gross, coalesce(sum(o.total_tax), 0) as vat
            from ${orders} o where ${counted(range)} group by 1`),
      ),
    () =>
      rowsOf<{ period: string; amount: unknown }>(
        db.execute(sql`
          select ${period(sql`r.created_at`, range)} as period, sum(r.amount) as amount
            from ${orderRefunds} r
           where r.status = 'succeeded' and r.created_at >= ${start(range)} and r.created_at < ${end(range)}
           group by 1`),
      ),
  ] as const);
  const salesBy = new Map(sales.map((r) => [r.period, r]));
  const refundsBy = new Map(refunds.map((r) => [r.period, num(r.amount)]));
  const periods: RevenuePeriod[] = periodsOf(range).map((key) => {
    const row = salesBy.get(key);
    const gross = num(row?.gross);
    const vat = num(row?.vat);
    const refunded = refundsBy.get(key) ?? 0;
    return {
      period: key,
      orders: num(row?.n),
      gross,
      vat,
      net: gross - vat,
      refunds: refunded,
      netRevenue: gross - refunded,
    };
  });
  const sum = (pick: (p: RevenuePeriod) => number) => periods.reduce((s, p) => s + pick(p), 0);
  return {
    totals: {
      orders: sum((p) => p.orders),
      gross: sum((p) => p.gross),
      vat: sum((p) => p.vat),
      net: sum((p) => p.net),
      refunds: sum((p) => p.refunds),
      netRevenue: sum((p) => p.netRevenue),
    },
    periods,
  };
}

/**
 * VAT by treatment, destination country and rate: order lines and shipping of the orders
 * placed in the range, less the lines and the shipping refunded in it (refunded shipping split
 * over the order's shipping rates in proportion, as its cancellation invoice does). Reverse
 * charge and exports carry no VAT and stand as their own rows at rate 0.
 */
export async function taxReport(db: Tx, range: ReportRange): Promise<TaxRow[]> {
  const rows = await rowsOf<{
    treatment: TaxTreatment;
    country: string;
    rate: unknown;
    gross: unknown;
    vat: unknown;
  }>(
    db.execute(sql`
      with parts as (
        select o.tax_treatment as treatment, o.tax_country as country, i.tax_rate::numeric as rate,
               i.total as gross, i.tax as vat
          from ${orders} o join ${orderItems} i on i.order_id = o.id
         where ${counted(range)}
        union all
        select o.tax_treatment, o.tax_country, s.rate, s.gross, s.vat
          from ${orders} o cross join lateral ${shippingParts(sql`o`)} s
         where ${counted(range)}
        union all
        select o.tax_treatment, o.tax_country, s.rate,
               -round(r.shipping_amount * s.gross::numeric / s.whole)::int,
               -round(r.shipping_amount * s.gross::numeric / s.whole * s.rate / (100 + s.rate))::int
          from ${orderRefunds} r
          join ${orders} o on o.id = r.order_id
          cross join lateral (
            select p.*, sum(p.gross) over () as whole from ${shippingParts(sql`o`)} p
          ) s
         where r.status = 'succeeded' and r.shipping_amount > 0 and s.whole > 0
           and r.created_at >= ${start(range)} and r.created_at < ${end(range)}
        union all
        select o.tax_treatment, o.tax_country, i.tax_rate::numeric, -rl.amount, -rl.tax
          from ${orderRefunds} r
          join ${orderRefundLines} rl on rl.refund_id = r.id
          join ${orderItems} i on i.id = rl.order_item_id
          join ${orders} o on o.id = r.order_id
         where r.status = 'succeeded' and r.created_at >= ${start(range)} and r.created_at < ${end(range)}
      )
      select treatment, country, case when treatment in ('reverse_charge', 'export') then 0 else rate end as rate,
             sum(coalesce(gross, 0)) as gross, sum(vat) as vat
        from parts group by 1, 2, 3 order by 1, 2, 3 desc`),
  );
  return rows.map((r) => {
    const gross = num(r.gross);
    const vat = num(r.vat);
    return {
      treatment: r.treatment,
      country: r.country,
      rate: num(r.rate),
      net: gross - vat,
      vat,
      gross,
    };
  });
}

/** An order's shipping per VAT rate: gross and VAT of each rate of each shipping line. */
function shippingParts(order: SQL) {
  return sql`(
    select coalesce((t.value ->> 'rate')::numeric, 0) as rate,
           case when jsonb_array_length(coalesce(l.value -> 'taxes', '[]')) <= 1
                then (l.value ->> 'total')::int
                else (t.value ->> 'amount')::int
                     + round((t.value ->> 'amount')::numeric * 100 / nullif((t.value ->> 'rate')::numeric, 0))::int
           end as gross,
           coalesce((t.value ->> 'amount')::int, 0) as vat
      from jsonb_array_elements(${order}.shipping_lines) l
      left join lateral jsonb_array_elements(coalesce(l.value -> 'taxes', '[]')) t on true
  )`;
}

/** The ten products with the most revenue, and the ten sold most often: one pass over the lines. */
export async function productReport(
  db: Tx,
  range: ReportRange,
): Promise<{ byRevenue: ProductRow[]; byQuantity: ProductRow[] }> {
  const rows = await rowsOf<{
    top: 'revenue' | 'quantity';
    product_id: number;
    name: string;
    quantity: unknown;
    revenue: unknown;
  }>(
    db.execute(sql`
      with sold as materialized (
        select i.product_id, max(i.name) as name, sum(i.quantity) as quantity, sum(i.total) as revenue
          from ${orders} o join ${orderItems} i on i.order_id = o.id
         where ${counted(range)}
         group by i.product_id
      )
      (select 'revenue' as top, * from sold order by revenue desc, product_id limit ${TOP_LIMIT})
      union all
      (select 'quantity' as top, * from sold order by quantity desc, product_id limit ${TOP_LIMIT})`),
  );
  const pick = (top: 'revenue' | 'quantity'): ProductRow[] =>
    rows
      .filter((r) => r.top === top)
      .map((r) => ({
        productId: r.product_id,
        name: r.name,
        quantity: num(r.quantity),
        revenue: num(r.revenue),
      }))
      .sort((a, b) => b[top] - a[top] || a.productId - b.productId);
  return { byRevenue: pick('revenue'), byQuantity: pick('quantity') };
}

/** Revenue per category (a line of a product in two categories counts in both), top ten. */
export async function categoryReport(
  db: Tx,
  range: ReportRange,
  locale: string,
): Promise<CategoryRow[]> {
  const rows = await rowsOf<{ id: number; name: string; quantity: unknown; revenue: unknown }>(
    db.execute(sql`
      select c.id, coalesce(c.name ->> ${locale}, c.name ->> 'de') as name,
             sum(i.quantity) as quantity, sum(i.total) as revenue
        from ${orders} o
        join ${orderItems} i on i.order_id = o.id
        join ${productCategories} pc on pc.product_id = i.product_id
        join ${categories} c on c.id = pc.category_id
       where ${counted(range)}
       group by c.id order by revenue desc, c.id limit ${TOP_LIMIT}`),
  );
  return rows.map((r) => ({
    categoryId: r.id,
    name: r.name,
    quantity: num(r.quantity),
    revenue: num(r.revenue),
  }));
}

/** Each coupon used in the range: orders that used it and the discount it gave (gross). */
export async function couponReport(db: Tx, range: ReportRange): Promise<CouponRow[]> {
  const rows = await rowsOf<{ code: string; uses: unknown; discount: unknown }>(
    db.execute(sql`
      select lower(c.value ->> 'code') as code, count(distinct o.id) as uses,
             sum(coalesce((c.value ->> 'discount')::int, 0)) as discount
        from ${orders} o cross join lateral jsonb_array_elements(o.coupon_lines) c
       where ${counted(range)} and jsonb_array_length(o.coupon_lines) > 0
       group by 1 order by uses desc, discount desc, code`),
  );
  return rows.map((r) => ({ code: r.code, uses: num(r.uses), discount: num(r.discount) }));
}

/**
 * New and returning customers of the range: a customer is known by account, a guest by the
 * billing e-mail; returning when an order that counts came before the range.
 */
export async function customerReport(db: Tx, range: ReportRange): Promise<CustomersReport> {
  const rows = await rowsOf<{
    returning: boolean;
    customers: unknown;
    orders: unknown;
    revenue: unknown;
  }>(
    db.execute(sql`
      with buyers as (
        select coalesce('c' || o.customer_id, 'e' || ${EMAIL}) as who, max(o.customer_id) as customer_id,
               max(${EMAIL}) as email, count(*) as n, sum(o.total) as revenue
          from ${orders} o where ${counted(range)} group by 1
      )
      select (exists (select 1 from ${orders} p
                       where p.customer_id = b.customer_id and p.status in (${STATUSES})
                         and p.created_at < ${start(range)})
              or exists (select 1 from ${orders} p
                          where ${EMAIL} = b.email and p.status in (${STATUSES})
                            and p.created_at < ${start(range)})) as returning,
             count(*) as customers, sum(n) as orders, sum(revenue) as revenue
        from buyers b group by 1`),
  );
  const group = (returning: boolean): CustomerGroup => {
    const row = rows.find((r) => Boolean(r.returning) === returning);
    return { customers: num(row?.customers), orders: num(row?.orders), revenue: num(row?.revenue) };
  };
  return { new: group(false), returning: group(true) };
}

/** Every report of the range. */
export async function reportData(db: Tx, range: ReportRange, locale: string): Promise<ReportData> {
  const [revenue, taxes, products, cats, coupons, customers] = await readAll(db, [
    () => revenueReport(db, range),
    () => taxReport(db, range),
    () => productReport(db, range),
    () => categoryReport(db, range, locale),
    () => couponReport(db, range),
    () => customerReport(db, range),
  ] as const);
  return { revenue, taxes, products, categories: cats, coupons, customers };
}
