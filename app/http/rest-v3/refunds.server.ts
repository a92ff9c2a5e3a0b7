import { z } from 'zod';
import { type Actor } from '#app/domain/audit/audit.server.ts';
import { domainError, fail, notFound, ok } from '#app/domain/kernel/result.ts';
import type { Tx } from '#app/domain/kernel/tx.ts';
import { signalOutbox } from '#app/domain/orders/outbox.server.ts';
import type { OrderItemRow, OrderRow } from '#app/domain/orders/orders.schema.ts';
import { staffOrder } from '#app/domain/orders/staff-orders.server.ts';
import type { RefundRequest } from '#app/domain/payments/refunds.rules.ts';
import {
  type RefundWithLines,
  createRefund,
  orderLinesById,
  refundState,
  refundsOf,
} from '#app/domain/payments/refunds.server.ts';
import { planRefund } from '#app/domain/payments/refunds.rules.ts';
import { refundAtStripe } from '#app/domain/payments/stripe/refunds.server.ts';
import { stripeSetup } from '#app/domain/payments/stripe-setup.server.ts';
import { defineRestRoute, restHandler } from './endpoint.server.ts';
import { dates, decimal } from './order-json.server.ts';
import { pagingHeaders, routeId } from './orders.server.ts';
import { boolParam, idParam, pageParam, perPageParam } from './params.ts';

/** Money as WooCommerce takes it: a decimal string or number, at most two decimals. */
const moneyParam = z
  .union([z.number(), z.string().max(20)])
  .transform((value) => String(value).trim())
  .pipe(z.string().regex(/^-?\d{1,7}(\.\d{1,2})?$/))
  .transform((text) => Math.round(Number(text) * 100));

const quantityParam = z
  .union([z.number(), z.string().max(20)])
  .transform((value) => String(value).trim())
  .pipe(z.string().regex(/^\d{1,6}(\.\d{1,3})?$/))
  .transform(Number);

const createSchema = z.object({
  amount: moneyParam.optional(),
  reason: z.string().max(500).optional(),
  line_items: z
    .array(
      z.object({
        id: idParam,
        quantity: quantityParam,
        // The amounts of a line come from the order's prices; these are accepted and checked only
        // for their form.
        refund_total: moneyParam.optional(),
        refund_tax: z.unknown().optional(),
      }),
    )
    .max(100)
    .optional(),
  api_refund: boolParam.default(true),
  api_restock: boolParam.default(true),
});

const invalidOrder = () => notFound('admin.refund.rest.invalid_order');
const invalidRefund = () => notFound('admin.refund.rest.invalid_id');

/** A refund in WooCommerce's shape: amounts as positive strings, refunded lines negative. */
export function refundJson(
  refund: RefundWithLines,
  order: OrderRow,
  items: Map<number, OrderItemRow>,
  base: string,
) {
  const money = (minor: number) => decimal(minor, order.currency);
  const links = `${base}/wp-json/wc/v3/orders/${order.id}/refunds`;
  return {
    id: refund.id,
    ...dates('date_created', refund.createdAt),
    amount: money(refund.amount),
    reason: refund.reason,
    refunded_by: refund.actorId ?? 0,
    refunded_payment: refund.method === 'stripe' && refund.status === 'succeeded',
    meta_data: [],
    line_items: refund.lines.map((line) => {
      const item = items.get(line.orderItemId);
      const net = line.amount - line.tax;
      return {
        id: line.id,
        name: item?.name ?? '',
        product_id: item?.productId ?? 0,
        variation_id: item?.variationId ?? 0,
        quantity: -line.quantity,
        tax_class: '',
        subtotal: money(-net),
        subtotal_tax: money(-line.tax),
        total: money(-net),
        total_tax: money(-line.tax),
        taxes: item
          ? [{ id: item.taxRate, total: money(-line.tax), subtotal: money(-line.tax) }]
          : [],
        meta_data: [{ id: line.id, key: '_refunded_item_id', value: String(line.orderItemId) }],
        sku: item?.sku ?? '',
        price: line.quantity > 0 ? -(net / line.quantity / 100) : 0,
      };
    }),
    shipping_lines: [],
    tax_lines: [],
    fee_lines: [],
    _links: {
      self: [{ href: `${links}/${refund.id}` }],
      collection: [{ href: links }],
      up: [{ href: `${base}/wp-json/wc/v3/orders/${order.id}` }],
    },
  };
}

/** Refunds an integration sees: failed ones never happened for WooCommerce. */
async function listed(db: Tx, orderId: number) {
  return (await refundsOf(db, orderId)).filter((r) => r.status !== 'failed').reverse();
}

/** `GET|POST /wp-json/wc/v3/orders/{id}/refunds` */
export const refundsRoute = defineRestRoute({
  GET: restHandler({
    schema: z.object({ page: pageParam.default(1), per_page: perPageParam.default(10) }),
    handle: async ({ db, env, input, params, url }) => {
      const id = routeId(params.id);
      if (id === null) return fail(notFound('rest.error.no_route'));
      const order = await staffOrder(db, id);
      if (!order) return fail(invalidOrder());
      const [all, items] = await Promise.all([listed(db, id), orderLinesById(db, id)]);
      const start = (input.page - 1) * input.per_page;
      return ok({
        body: all
          .slice(start, start + input.per_page)
          .map((r) => refundJson(r, order, items, env.SHOP_URL)),
        headers: pagingHeaders(url, env.SHOP_URL, all.length, input.page, input.per_page),
      });
    },
  }),
  POST: restHandler({
    schema: createSchema,
    handle: async ({ db, env, input, params, principal }) => {
      const id = routeId(params.id);
      if (id === null) return fail(notFound('rest.error.no_route'));
      const order = await staffOrder(db, id);
      if (!order) return fail(invalidOrder());
      if (input.amount !== undefined && input.amount < 0) {
        return fail(domainError('invalid', 'admin.refund.rest.negative'));
      }
      const request: RefundRequest = {
        lines: (input.line_items ?? []).map((line) => ({
          itemId: line.id,
          quantity: line.quantity,
          restock: input.api_restock,
        })),
        shipping: 0,
        free: 0,
      };
      // The lines' worth comes from the order; an `amount` above it is refunded as a free amount.
      const lines = planRefund(await refundState(db, order), { ...request, free: 0 });
      const linesWorth = lines.ok ? lines.value.itemsAmount : 0;
      if (input.amount !== undefined) {
        if (input.amount < linesWorth) {
          return fail(domainError('invalid', 'admin.refund.rest.below_lines'));
        }
        request.free = input.amount - linesWorth;
      }
      const actor: Actor = principal.actor;
      const made = await createRefund(db, {
        orderId: order.id,
        request,
        reason: (input.reason ?? '').trim(),
        viaProvider: input.api_refund,
        actor,
      });
      if (!made.ok) return fail(made.error);
      let refund = made.value;
      if (refund.status === 'pending') {
        refund = (await refundAtStripe(db, stripeSetup(env).stripe, refund.id)) ?? refund;
      }
      await signalOutbox(db);
      if (refund.status === 'failed') {
        return fail(
          domainError('unavailable', 'admin.refund.rest.provider_failed', {
            reason: refund.failure ?? '',
          }),
        );
      }
      const full = (await refundsOf(db, order.id)).find((r) => r.id === refund.id)!;
      return ok({
        body: refundJson(full, order, await orderLinesById(db, order.id), env.SHOP_URL),
        status: 201,
      });
    },
  }),
});

/** `GET|DELETE /wp-json/wc/v3/orders/{id}/refunds/{refund_id}` */
export const refundRoute = defineRestRoute({
  GET: restHandler({
    schema: z.object({}),
    handle: async ({ db, env, params }) => {
      const id = routeId(params.id);
      const refundId = routeId(params.refundId);
      if (id === null || refundId === null) return fail(notFound('rest.error.no_route'));
      const order = await staffOrder(db, id);
      if (!order) return fail(invalidOrder());
      const refund = (await listed(db, id)).find((r) => r.id === refundId);
      if (!refund) return fail(invalidRefund());
      return ok({ body: refundJson(refund, order, await orderLinesById(db, id), env.SHOP_URL) });
    },
  }),
  DELETE: restHandler({
    schema: z.object({ force: boolParam.optional() }),
    handle: async ({ db, input, params }) => {
      const id = routeId(params.id);
      const refundId = routeId(params.refundId);
      if (id === null || refundId === null) return fail(notFound('rest.error.no_route'));
      if (!(await staffOrder(db, id))) return fail(invalidOrder());
      if (!(await listed(db, id)).some((r) => r.id === refundId)) return fail(invalidRefund());
      // Money given back stays given back: the record is kept for the books.
      return fail(
        domainError(
          'invalid',
          input.force ? 'admin.refund.rest.delete' : 'admin.refund.rest.trash',
        ),
      );
    },
  }),
});
