import { and, eq } from 'drizzle-orm';
import { auditLog } from '#app/domain/audit/audit.schema.ts';
import { products } from '#app/domain/catalog/catalog.schema.ts';
import {
  type OrderRow,
  type OrderStatus,
  orderItems,
  orderNotes,
  orders,
} from '#app/domain/orders/orders.schema.ts';
import { sessionNonce } from '#app/lib/session.server.ts';
import { createOrder } from '#db/seed/factories.ts';
import type { SignedIn } from './customers.ts';
import type { TestShop } from './shop.ts';

/** A shipping line: an order with one is marked paid into `processing`, not `completed`. */
export const SHIPPED: Partial<OrderRow> = {
  shippingLines: [
    {
      packageId: 0,
      rateId: 'flat',
      methodId: 'flat_rate',
      name: 'DHL',
      total: 0,
      tax: 0,
      taxes: [],
    },
  ],
};

/**
 * A staff member's posts to a test shop's order pages, and the rows they change. `shop` and
 * `manager` are read when called, as they are set in the test file's beforeAll.
 */
export function adminOrders(ctx: () => { shop: TestShop; manager: SignedIn; productId: number }) {
  const db = () => ctx().shop.database.db;
  const nonce = (who: SignedIn) => sessionNonce({ idHash: who.idHash }, ctx().shop.env);

  /** An order whose line took one piece of managed stock (as a placed order has). */
  async function stockedOrder(status: OrderStatus, extra: Partial<OrderRow> = {}) {
    const { productId } = ctx();
    const order = await createOrder(db(), {
      status,
      productIds: [productId],
      email: `kunde-${Date.now()}-${Math.random().toString(36).slice(2)}@example.org`,
    });
    await db()
      .update(orderItems)
      .set({ stockProductId: productId })
      .where(eq(orderItems.orderId, order.id));
    const [row] = await db()
      .update(orders)
      .set({ stockReduced: true, ...extra })
      .where(eq(orders.id, order.id))
      .returning();
    return row!;
  }

  function post(
    order: { id: number },
    fields: Record<string, string> | string,
    who: SignedIn | null = ctx().manager,
    path = '',
  ) {
    const { shop } = ctx();
    return fetch(`${shop.url}/admin/orders/${order.id}${path}`, {
      method: 'POST',
      headers: {
        cookie: `lang=en; ${who?.cookie ?? ''}`,
        origin: shop.url,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: typeof fields === 'string' ? fields : new URLSearchParams(fields).toString(),
      redirect: 'manual',
    });
  }

  function get(order: { id: number }, who: SignedIn | null = ctx().manager, path = '') {
    return fetch(`${ctx().shop.url}/admin/orders/${order.id}${path}`, {
      headers: { cookie: `lang=en; ${who?.cookie ?? ''}` },
      redirect: 'manual',
    });
  }

  return {
    db,
    nonce,
    stockedOrder,
    post,
    get,
    /** The order page's form for `intent`, with the manager's token and the order's status. */
    act: (order: OrderRow, intent: string, fields: Record<string, string> = {}) =>
      post(order, { intent, security: nonce(ctx().manager), status: order.status, ...fields }),
    async reload(order: { id: number }) {
      const [row] = await db().select().from(orders).where(eq(orders.id, order.id));
      return row!;
    },
    async stock() {
      const [row] = await db().select().from(products).where(eq(products.id, ctx().productId));
      return row!.stockQuantity;
    },
    auditOf: (order: { id: number }, action: string) =>
      db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityId, String(order.id)), eq(auditLog.action, action))),
    notesOf: (order: { id: number }) =>
      db().select().from(orderNotes).where(eq(orderNotes.orderId, order.id)),
  };
}
