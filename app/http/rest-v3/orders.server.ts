import { and, desc, eq, ne } from 'drizzle-orm';
import { z } from 'zod';
import { domainError, fail, notFound, ok } from '#app/domain/kernel/result.ts';
import { orderDetails } from '#app/domain/orders/orders.server.ts';
import { ORDER_STATUSES } from '#app/domain/orders/orders.schema.ts';
import { orderRefunds } from '#app/domain/payments/refunds.schema.ts';
import { shipmentsOf } from '#app/domain/orders/shipments.server.ts';
import { editOrder, listStaffOrders, staffOrder } from '#app/domain/orders/staff-orders.server.ts';
import type { Tx } from '#app/domain/kernel/tx.ts';
import { type RestContext, defineRestRoute, restHandler } from './endpoint.server.ts';
import { orderJson, orderRefundsJson } from './order-json.server.ts';
import { taxSetup } from '#app/domain/pricing/vat-rates.server.ts';
import { shipmentTrackingMeta } from './shipment-tracking.ts';
import { boolParam, dateParam, idList, pageParam, perPageParam, statusParam } from './params.ts';

const listSchema = z.object({
  status: statusParam.optional(),
  after: dateParam.optional(),
  before: dateParam.optional(),
  search: z.string().max(200).optional(),
  customer: z
    .union([z.number().int(), z.string().regex(/^\d{1,10}$/)])
    .transform(Number)
    .optional(),
  include: idList.optional(),
  exclude: idList.optional(),
  page: pageParam.default(1),
  per_page: perPageParam.default(10),
  orderby: z.enum(['date', 'id', 'include', 'title', 'slug']).default('date'),
  order: z.enum(['asc', 'desc']).default('desc'),
});

const text = (max: number) => z.string().max(max);

const addressFields = {
  first_name: text(200),
  last_name: text(200),
  company: text(200),
  address_1: text(200),
  address_2: text(200),
  city: text(200),
  state: text(100),
  postcode: text(20),
  country: z.string().regex(/^([A-Z]{2})?$/),
  phone: text(50),
};

/** The lines of a placed order stay as they were sold; sent anyway, they are refused. */
const readonlyLines = z.undefined().optional();

const updateSchema = z.object({
  status: z.enum(ORDER_STATUSES).optional(),
  billing: z
    .object({ ...addressFields, email: z.union([z.email().max(200), z.literal('')]) })
    .partial()
    .optional(),
  shipping: z.object(addressFields).partial().optional(),
  customer_note: text(5000).optional(),
  set_paid: boolParam.optional(),
  // The shop keeps no order meta: accepted in WooCommerce's shape and left aside.
  meta_data: z
    .array(z.object({ id: z.number().int().optional(), key: text(255), value: z.unknown() }))
    .max(100)
    .optional(),
  line_items: readonlyLines,
  shipping_lines: readonlyLines,
  fee_lines: readonlyLines,
  coupon_lines: readonlyLines,
});

const deleteSchema = z.object({ force: boolParam.optional() });

/** The route's `{id}`: digits, else the route does not exist (as WordPress's pattern). */
export function routeId(value: string | undefined): number | null {
  return value && /^\d{1,10}$/.test(value) && Number(value) <= 2_147_483_647 ? Number(value) : null;
}

const invalidId = () => notFound('rest.error.invalid_id');

export async function fullOrder(db: Tx, order: Parameters<typeof orderDetails>[1], base: string) {
  const [{ items }, shipments, refunds, tax] = await Promise.all([
    orderDetails(db, order),
    shipmentsOf(db, order.id),
    db
      .select({ id: orderRefunds.id, reason: orderRefunds.reason, amount: orderRefunds.amount })
      .from(orderRefunds)
      .where(and(eq(orderRefunds.orderId, order.id), ne(orderRefunds.status, 'failed')))
      .orderBy(desc(orderRefunds.id)),
    taxSetup(db),
  ]);
  const json = orderJson(order, items, base, tax.rates);
  return {
    ...json,
    refunds: orderRefundsJson(refunds, order.currency),
    meta_data: [...json.meta_data, ...shipmentTrackingMeta(shipments)],
  };
}

/** Paging headers as WordPress sends them: totals and `Link` to the neighbouring pages. */
export function pagingHeaders(
  url: URL,
  base: string,
  total: number,
  page: number,
  perPage: number,
) {
  const pages = Math.max(1, Math.ceil(total / perPage));
  const headers: Record<string, string> = {
    'X-WP-Total': String(total),
    'X-WP-TotalPages': String(pages),
  };
  const link = (n: number) => {
    const next = new URL(url.pathname, base);
    for (const [name, value] of url.searchParams) {
      if (!/^(oauth_.*|consumer_key|consumer_secret|_wpnonce|page)$/.test(name)) {
        next.searchParams.append(name, value);
      }
    }
    next.searchParams.set('page', String(n));
    return next.href;
  };
  const links: string[] = [];
  if (page > 1) links.push(`<${link(Math.min(page - 1, pages))}>; rel="prev"`);
  if (page < pages) links.push(`<${link(page + 1)}>; rel="next"`);
  if (links.length > 0) headers.Link = links.join(', ');
  return headers;
}

/** `GET /wp-json/wc/v3/orders` */
export const ordersRoute = defineRestRoute({
  GET: restHandler({
    schema: listSchema,
    handle: async ({ db, env, input, url }) => {
      const { rows, total } = await listStaffOrders(db, {
        statuses: input.status ?? null,
        after: input.after,
        before: input.before,
        search: input.search,
        customerId: input.customer,
        include: input.include,
        exclude: input.exclude,
        page: input.page,
        perPage: input.per_page,
        orderBy: input.orderby,
        order: input.order,
      });
      const body = [];
      for (const order of rows) body.push(await fullOrder(db, order, env.SHOP_URL));
      return ok({
        body,
        headers: pagingHeaders(url, env.SHOP_URL, total, input.page, input.per_page),
      });
    },
  }),
});

const updateHandler = restHandler({
  schema: updateSchema,
  handle: async (ctx: RestContext<z.infer<typeof updateSchema>>) => {
    const { db, env, input, params, principal } = ctx;
    const id = routeId(params.id);
    if (id === null) return fail(notFound('rest.error.no_route'));
    const order = await staffOrder(db, id);
    if (!order) return fail(invalidId());
    const status = input.status ?? (input.set_paid ? 'processing' : undefined);
    const edited = await editOrder(
      db,
      id,
      {
        status,
        billing: input.billing,
        shipping: input.shipping,
        customerNote: input.customer_note,
      },
      principal.actor,
    );
    if (!edited.ok) {
      return fail(edited.error.kind === 'not_found' ? invalidId() : edited.error);
    }
    return ok({ body: await fullOrder(db, edited.value, env.SHOP_URL) });
  },
});

/** `GET|PUT|POST|PATCH|DELETE /wp-json/wc/v3/orders/{id}` */
export const orderRoute = defineRestRoute({
  GET: restHandler({
    schema: z.object({}),
    handle: async ({ db, env, params }) => {
      const id = routeId(params.id);
      if (id === null) return fail(notFound('rest.error.no_route'));
      const order = await staffOrder(db, id);
      if (!order) return fail(invalidId());
      return ok({ body: await fullOrder(db, order, env.SHOP_URL) });
    },
  }),
  PUT: updateHandler,
  POST: updateHandler,
  PATCH: updateHandler,
  DELETE: restHandler({
    schema: deleteSchema,
    handle: async ({ db, input, params }) => {
      const id = routeId(params.id);
      if (id === null) return fail(notFound('rest.error.no_route'));
      const order = await staffOrder(db, id);
      if (!order) return fail(invalidId());
      // The lifecycle has no trash status, and orders stay for the books (decision 0036).
      return fail(domainError('invalid', input.force ? 'rest.error.delete' : 'rest.error.trash'));
    },
  }),
});
