import { type AppLoadContext, data, redirect } from 'react-router';
import { orderView } from '#app/domain/payments/order-view.server.ts';
import { customerMayCancel, needsPayment } from '#app/domain/orders/lifecycle.rules.ts';
import {
  ORDER_SORTS,
  type OrderSort,
  customerOrders,
  findOrderFor,
} from '#app/domain/orders/orders.server.ts';
import { transitionOrder } from '#app/domain/orders/lifecycle.server.ts';
import { mayWithdraw } from '#app/domain/orders/withdrawal.server.ts';
import type { TextKey } from '#app/lib/i18n.ts';
import { sessionNonce, verifyNonce } from '#app/lib/session.server.ts';
import { readForm, shop } from '../request.server.ts';
import { pageNotFound } from './not-found.ts';
import { invoiceLinks } from './order-invoices.server.ts';
import { orderPayPath } from '../order-links.ts';

type Args = { request: Request; context: AppLoadContext; params: { orderId?: string } };

/** The table library's defaults the spec names (section 9). */
export const PAGE_SIZES = [10, 25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 10;

export type OrdersQuery = {
  page: number;
  perPage: number;
  sort: OrderSort;
  dir: 'asc' | 'desc';
  search: string;
};

/** The table's state from the address: anything unknown falls back to the defaults. */
export function ordersQuery(url: URL): OrdersQuery {
  const p = url.searchParams;
  const size = Number(p.get('per_page'));
  const sort = p.get('orderby') ?? '';
  const page = /^\d{1,5}$/.test(p.get('paged') ?? '') ? Number(p.get('paged')) : 1;
  return {
    page: Math.max(1, page),
    perPage: (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE,
    sort: (ORDER_SORTS as readonly string[]).includes(sort) ? (sort as OrderSort) : 'date',
    dir: p.get('order') === 'asc' ? 'asc' : 'desc',
    search: (p.get('search') ?? '').slice(0, 100),
  };
}

/** The signed-in customer's session; anyone else goes to the account page to log in. */
async function customerSession(args: Args) {
  const { session } = shop(args);
  const current = await session();
  if (!current?.customerId) throw redirect('/my-account');
  return current as typeof current & { customerId: number };
}

export async function accountOrdersData(args: Args) {
  const { db, env, t } = shop(args);
  const session = await customerSession(args);
  const query = ordersQuery(new URL(args.request.url));
  const { rows, total } = await customerOrders(db, session.customerId, query);
  return {
    query,
    total,
    orders: rows.map((o) => ({
      id: o.id,
      number: o.number,
      createdAt: o.createdAt.toISOString(),
      status: o.status,
      total: o.total,
      itemCount: o.itemCount,
      payPath: needsPayment(o.status, o.total) ? orderPayPath(o) : null,
      mayCancel: customerMayCancel(o.status),
      mayWithdraw: mayWithdraw(o),
    })),
    security: sessionNonce(session, env),
    title: `${t('account.orders.title')} | ${t('shop.name')}`,
  };
}

/** Cancelling an unpaid order from the table, as WooCommerce's "Cancel" action. */
export async function handleAccountOrdersPost(args: Args) {
  const { db, env, t } = shop(args);
  const session = await customerSession(args);
  const read = await readForm(args.request);
  const form = read.ok ? read.value : new FormData();
  if (!verifyNonce(session, form.get('security'), env)) {
    return data({ ok: false, message: t('checkout.error.session') }, { status: 403 });
  }
  const id = Number(form.get('order_id'));
  const order = await findOrderFor(db, id, { customerId: session.customerId });
  if (!order) pageNotFound();
  if (!customerMayCancel(order.status)) {
    return data({ ok: false, message: t('order.error.transition') }, { status: 400 });
  }
  const done = await transitionOrder(db, order.id, 'cancelled', {
    expect: ['pending', 'failed'],
    note: { code: 'order.note.cancelled_by_customer', forCustomer: true },
  });
  if (!done.ok) {
    return data(
      { ok: false, message: t(done.error.code as TextKey, done.error.params) },
      { status: 409 },
    );
  }
  return data({ ok: true, message: t('account.orders.cancelled', { number: order.number }) });
}

export async function viewOrderData(args: Args) {
  const { db, t } = shop(args);
  const session = await customerSession(args);
  const id = /^\d{1,10}$/.test(args.params.orderId ?? '') ? Number(args.params.orderId) : 0;
  // Only the owner: a key in the address does not open someone else's account page.
  const order = await findOrderFor(db, id, { customerId: session.customerId });
  if (!order) pageNotFound();
  return {
    order: await orderView(db, order),
    payPath: needsPayment(order.status, order.total) ? orderPayPath(order) : null,
    invoices: await invoiceLinks(db, order, 'account'),
    title: `${t('order.view_title', { number: order.number })} | ${t('shop.name')}`,
  };
}
