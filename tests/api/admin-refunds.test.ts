import { type AddressInfo, createServer } from 'node:net';
import { and, eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '#app/domain/orders/outbox.schema.ts';
import { orderOutbox } from '#app/domain/orders/outbox.server.ts';
import { recordShopAddress, shopAddress } from '#app/domain/payments/stripe-setup.server.ts';
import { orderItems, orders } from '#app/domain/orders/orders.schema.ts';
import { orderRefundLines } from '#app/domain/payments/refunds.schema.ts';
import { stripeEvents } from '#app/domain/payments/stripe/stripe.schema.ts';
import { type SignedIn, signedInCustomer } from '../support/customers.ts';
import { drainOutbox } from '#server/outbox.ts';
import { TEN_KB } from '../support/hostile.ts';
import { outboxSettled } from '../support/outbox.ts';
import {
  auditActions,
  orderStatus,
  paidTransferOrder,
  refundForms,
  refundRows,
  stockOf,
} from '../support/refunds.ts';
import { officialClient, staffKey } from '../support/rest-v3.ts';
import {
  candle,
  control,
  mailsAbout,
  orderRow,
  pay,
  shop,
  shopper,
  stripe,
  withStripePaymentsShop,
} from '../support/stripe-payments.ts';

withStripePaymentsShop();

let manager: SignedIn;
let customer: SignedIn;
const form = refundForms(() => shop.url);
const db = () => shop.database.db;
const REFUND_MAIL = /Subject: .*refund|Erstattung/i;

beforeAll(async () => {
  manager = await signedInCustomer(db(), { role: 'shop_manager' });
  customer = await signedInCustomer(db(), { role: 'customer' });
});

async function refund(orderId: number, fields: Record<string, string>, who = manager) {
  const security = await form.security(orderId, who.cookie);
  return form.post(orderId, who.cookie, { intent: 'refund', step: 'refund', security, ...fields });
}

/** A card order of two candles (12.90 each) and shipping, paid through the sandbox. */
async function paidCardOrder() {
  const client = await shopper(2);
  const body = (await (await pay(client, 'pm_card_visa')).json()) as { order_id: number };
  const order = await orderRow(body.order_id);
  expect(order.status).toBe('processing');
  const [line] = await db().select().from(orderItems).where(eq(orderItems.orderId, order.id));
  return { order, line: line! };
}

async function charge(intentId: string) {
  const intent = await stripe.paymentIntents.retrieve(intentId, { expand: ['latest_charge'] });
  return intent.latest_charge as Stripe.Charge;
}

describe('manual refunds (bank transfer)', () => {
  it('refunds part of a line with restock, then a line and shipping; the last one refunds the order', async () => {
    const {
      order,
      candle: line,
      mug,
      candleProductId,
    } = await paidTransferOrder(db(), 'refund-one@example.org');
    const stock = await stockOf(db(), candleProductId);

    const first = await refund(order.id, {
      [`qty_${line.id}`]: '2',
      [`restock_${line.id}`]: 'yes',
    });
    expect(first.status).toBe(302);
    expect(first.headers.get('location')).toBe(`/admin/orders/${order.id}?refund=manual#refunds`);
    expect(await stockOf(db(), candleProductId)).toBe(stock! + 2);
    const [made] = await refundRows(db(), order.id);
    // Two of three candles: 2/3 of the line's 35.70, from the stored line, not from the form.
    expect(made).toMatchObject({ amount: 2380, method: 'manual', status: 'succeeded' });
    const lines = await db()
      .select()
      .from(orderRefundLines)
      .where(eq(orderRefundLines.refundId, made!.id));
    expect(lines).toMatchObject([
      { orderItemId: line.id, quantity: 2, amount: 2380, restock: true },
    ]);
    expect(await orderStatus(db(), order.id)).toBe('processing');
    expect(await auditActions(db(), order.id)).toContain('refund');

    // The mug (no managed stock, not restocked) and the shipping.
    const second = await refund(order.id, {
      [`qty_${mug.id}`]: '1',
      shipping: '4,90',
      reason: 'Kratzer',
    });
    expect(second.status).toBe(302);
    expect((await refundRows(db(), order.id)).map((r) => r.amount)).toEqual([2380, 1490]);

    // What is left: one candle (11.90); more is refused, exactly that refunds the order.
    const tooMuch = await refund(order.id, { [`qty_${line.id}`]: '1', free: '0.01' });
    expect(tooMuch.status).toBe(400);
    expect(await tooMuch.text()).toContain('more than is left to refund');
    const last = await refund(order.id, { [`qty_${line.id}`]: '1' });
    expect(last.status).toBe(302);
    expect(await orderStatus(db(), order.id)).toBe('refunded');
    // Only the two restocked candles came back: the last one was not restocked, and the change
    // to refunded released no goods of its own.
    expect(await stockOf(db(), candleProductId)).toBe(stock! + 2);
    expect((await orderOutbox(db(), order.id)).map((e) => e.kind)).not.toContain('payment.refund');
    await outboxSettled(shop);
    expect(mailsAbout(order.number, REFUND_MAIL)).toBe(3);

    const page = await (await form.page(order.id, manager.cookie)).text();
    expect(page).toContain('Manual (refunded outside the shop)');
    expect(page).toContain('Everything paid for this order has been refunded.');
  });

  it('shows the server total without saving on "Calculate"', async () => {
    const { order, candle: line } = await paidTransferOrder(db());
    const security = await form.security(order.id, manager.cookie);
    const res = await form.post(order.id, manager.cookie, {
      intent: 'refund',
      step: 'calculate',
      security,
      [`qty_${line.id}`]: '1',
      shipping: '1',
    });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('Record manual refund of €12.90');
    expect(await refundRows(db(), order.id)).toEqual([]);
  });
});

describe('refunds through Stripe', () => {
  it('refunds a line through the sandbox; its webhooks add nothing; a dashboard refund appears', async () => {
    const { order, line } = await paidCardOrder();
    const res = await refund(order.id, { [`qty_${line.id}`]: '1', [`restock_${line.id}`]: 'yes' });
    expect(res.headers.get('location')).toBe(`/admin/orders/${order.id}?refund=succeeded#refunds`);
    const [made] = await refundRows(db(), order.id);
    expect(made).toMatchObject({ method: 'stripe', status: 'succeeded', amount: 1290 });
    expect(made!.providerRefundId).toMatch(/^re_/);
    const atStripe = await stripe.refunds.retrieve(made!.providerRefundId!);
    expect(atStripe.metadata).toMatchObject({
      order_id: String(order.id),
      refund_id: String(made!.id),
    });
    expect((await charge(order.paymentIntentId!)).amount_refunded).toBe(1290);

    // refund.created and charge.refunded arrive: the shop's own refund stays one.
    await control('deliver');
    const events = await db()
      .select()
      .from(stripeEvents)
      .where(and(eq(stripeEvents.orderId, order.id), eq(stripeEvents.type, 'charge.refunded')));
    expect(events).toHaveLength(1);
    expect(await refundRows(db(), order.id)).toHaveLength(1);

    // Refunded in Stripe's dashboard: the webhook records it on the order.
    const outside = await stripe.refunds.create({
      payment_intent: order.paymentIntentId!,
      amount: 100,
    });
    await control('deliver');
    const rows = await refundRows(db(), order.id);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatchObject({
      origin: 'provider',
      status: 'succeeded',
      amount: 100,
      providerRefundId: outside.id,
    });
    await outboxSettled(shop);
    expect(mailsAbout(order.number, REFUND_MAIL)).toBe(2);
  });

  it('a refund Stripe refuses is shown as failed and changes nothing else', async () => {
    const { order, line } = await paidCardOrder();
    const stock = await stockOf(db(), candle);
    // Most of the payment refunded in the dashboard; its webhook has not arrived yet.
    await stripe.refunds.create({
      payment_intent: order.paymentIntentId!,
      amount: order.total - 500,
    });
    const res = await refund(order.id, { [`qty_${line.id}`]: '1', [`restock_${line.id}`]: 'yes' });
    expect(res.headers.get('location')).toBe(`/admin/orders/${order.id}?refund=failed#refunds`);
    const [failed] = await refundRows(db(), order.id);
    expect(failed).toMatchObject({ status: 'failed', amount: 1290 });
    expect(failed!.failure).toMatch(/greater than unrefunded amount/);
    expect(await stockOf(db(), candle)).toBe(stock);
    expect(await orderStatus(db(), order.id)).toBe('processing');
    await outboxSettled(shop);
    expect(mailsAbout(order.number, REFUND_MAIL)).toBe(0);
    const page = await (await form.page(order.id, manager.cookie)).text();
    expect(page).toContain('Failed');
    expect(page).toContain('Stripe refused the refund');
    // A failed refund does not count: the dashboard refund arrives and the rest is refundable.
    await control('deliver');
    const res2 = await refund(order.id, { free: '5,00' });
    expect(res2.headers.get('location')).toContain('refund=succeeded');
    expect(await orderStatus(db(), order.id)).toBe('refunded');
    expect((await charge(order.paymentIntentId!)).refunded).toBe(true);
  });

  it('moving a card order to refunded refunds what is left once, as a recorded refund', async () => {
    const { order, line } = await paidCardOrder();
    await refund(order.id, { [`qty_${line.id}`]: '1' });
    const key = await staffKey(shop, 'read_write');
    const api = officialClient(shop, key);
    const moved = await api.put(`orders/${order.id}`, { status: 'refunded' });
    expect(moved.status).toBe(200);
    await outboxSettled(shop);
    const rows = await refundRows(db(), order.id);
    expect(rows.map((r) => [r.origin, r.status, r.amount])).toEqual([
      ['staff', 'succeeded', 1290],
      ['order_status', 'succeeded', order.total - 1290],
    ]);
    expect((await charge(order.paymentIntentId!)).amount_refunded).toBe(order.total);
  });
});

describe('refund form input', () => {
  it('refuses hostile values with 4xx and changes nothing', async () => {
    const { order, candle: line, candleProductId } = await paidTransferOrder(db());
    const other = await paidTransferOrder(db());
    const stock = await stockOf(db(), candleProductId);
    const cases: Record<string, string>[] = [
      { [`qty_${line.id}`]: '-1' },
      { [`qty_${line.id}`]: '0.5' },
      { [`qty_${line.id}`]: 'abc' },
      { [`qty_${line.id}`]: '4' },
      { [`qty_${line.id}`]: '1e3' },
      { [`qty_${other.candle.id}`]: '1' },
      { free: '-5' },
      { free: '1.234' },
      { free: 'zehn' },
      { free: '99999' },
      { shipping: '4.91' },
      { free: '1', reason: 'a\u0000b' },
      { free: '1', reason: TEN_KB },
      { [`qty_${line.id}`]: '1', [`qty_${line.id}\u0000`]: '1' },
    ];
    for (const fields of cases) {
      const res = await refund(order.id, fields);
      expect(res.status, JSON.stringify(fields).slice(0, 80)).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
    // The same field twice (an array).
    const security = await form.security(order.id, manager.cookie);
    const twice = await form.post(order.id, manager.cookie, [
      ['intent', 'refund'],
      ['step', 'refund'],
      ['security', security],
      [`qty_${line.id}`, '1'],
      [`qty_${line.id}`, '1'],
    ]);
    expect(twice.status).toBe(400);
    // A forged nonce: back to the page with a notice.
    const forged = await form.post(order.id, manager.cookie, {
      intent: 'refund',
      step: 'refund',
      security: 'forged',
      free: '1',
    });
    expect(forged.headers.get('location')).toContain('refund=expired');
    expect(await refundRows(db(), order.id)).toEqual([]);
    expect(await refundRows(db(), other.order.id)).toEqual([]);
    expect(await stockOf(db(), candleProductId)).toBe(stock);
  });

  it('is the 404 page for guests and customers, and 403 from another site', async () => {
    const { order } = await paidTransferOrder(db());
    const fields = { intent: 'refund', step: 'refund', free: '1' };
    expect((await form.post(order.id, '', fields)).status).toBe(404);
    expect((await form.post(order.id, customer.cookie, fields)).status).toBe(404);
    const security = await form.security(order.id, manager.cookie);
    const cross = await form.post(
      order.id,
      manager.cookie,
      { ...fields, security },
      'https://evil.example',
    );
    expect(cross.status).toBe(403);
    expect(await refundRows(db(), order.id)).toEqual([]);
  });

  it('refuses an order that is not paid', async () => {
    const { order } = await paidTransferOrder(db());
    const security = await form.security(order.id, manager.cookie);
    await db()
      .update(orders)
      .set({ status: 'on-hold', paidAt: null })
      .where(eq(orders.id, order.id));
    const res = await form.post(order.id, manager.cookie, {
      intent: 'refund',
      step: 'refund',
      security,
      free: '1',
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('Only paid orders can be refunded.');
    expect(await refundRows(db(), order.id)).toEqual([]);
  });
});

type ApiError = { response: { status: number; data: { code: string } } };
async function refusal(call: Promise<unknown>) {
  const error = (await call.then(
    () => null,
    (e: unknown) => e,
  )) as ApiError | null;
  expect(error, 'the call should have been refused').not.toBeNull();
  return { status: error!.response.status, code: error!.response.data.code };
}

describe('REST API v3 refunds', () => {
  it('lists, creates, reads and refuses to delete refunds with the official client', async () => {
    const key = await staffKey(shop, 'read_write');
    const api = officialClient(shop, key);
    const { order, candle: line } = await paidTransferOrder(db(), 'api-refund@example.org');
    const empty = await api.get(`orders/${order.id}/refunds`);
    expect(empty.data).toEqual([]);
    expect(empty.headers['x-wp-total']).toBe('0');

    const created = await api.post(`orders/${order.id}/refunds`, {
      amount: '13.90',
      reason: 'Defekt',
      line_items: [{ id: line.id, quantity: 1, refund_total: '10.00' }],
      api_refund: false,
    });
    expect(created.status).toBe(201);
    expect(created.data).toMatchObject({
      amount: '13.90',
      reason: 'Defekt',
      refunded_payment: false,
      line_items: [{ quantity: -1, total: '-10.00', total_tax: '-1.90', name: 'Kerze' }],
    });
    const id = created.data.id as number;
    expect((await api.get(`orders/${order.id}/refunds/${id}`)).data.amount).toBe('13.90');
    expect(
      (await api.get(`orders/${order.id}/refunds`)).data.map((r: { id: number }) => r.id),
    ).toEqual([id]);
    // The order names its refunds as WooCommerce does: a negative total.
    const { data: withRefunds } = await api.get(`orders/${order.id}`);
    expect(withRefunds.refunds).toEqual([{ id, reason: 'Defekt', total: '-13.90' }]);
    const listed = await api.get('orders', { include: String(order.id) });
    expect(listed.data[0].refunds).toEqual(withRefunds.refunds);

    expect(await refusal(api.delete(`orders/${order.id}/refunds/${id}`, { force: true }))).toEqual({
      status: 400,
      code: 'woocommerce_rest_cannot_delete',
    });
    expect(await refusal(api.post(`orders/${order.id}/refunds`, { amount: '-1' }))).toEqual({
      status: 400,
      code: 'woocommerce_rest_invalid_order_refund',
    });
    expect(await refusal(api.post(`orders/${order.id}/refunds`, { amount: '999.00' }))).toEqual({
      status: 400,
      code: 'woocommerce_rest_cannot_create_order_refund',
    });
    expect(await refusal(api.post(`orders/${order.id}/refunds`, { amount: 'ten' }))).toEqual({
      status: 400,
      code: 'rest_invalid_param',
    });
    const other = await paidTransferOrder(db());
    expect(
      await refusal(
        api.post(`orders/${order.id}/refunds`, {
          line_items: [{ id: other.candle.id, quantity: 1 }],
        }),
      ),
    ).toEqual({ status: 400, code: 'woocommerce_rest_cannot_create_order_refund' });
    expect(await refusal(api.get(`orders/${other.order.id}/refunds/${id}`))).toEqual({
      status: 404,
      code: 'woocommerce_rest_shop_order_refund_invalid_id',
    });
    expect(await refusal(api.get('orders/999999/refunds'))).toEqual({
      status: 404,
      code: 'woocommerce_rest_invalid_order_id',
    });

    const reader = officialClient(shop, await staffKey(shop, 'read'));
    expect(
      (await refusal(reader.post(`orders/${order.id}/refunds`, { amount: '1.00' }))).status,
    ).toBe(403);
    expect(await refundRows(db(), order.id)).toHaveLength(1);
  });
});

describe('refunds left pending while Stripe is out of reach', () => {
  it('sends them again with growing pauses under the same key until Stripe answers', async () => {
    const { order, line } = await paidCardOrder();
    const reachable = shopAddress(shop.env);
    const closed = createServer();
    await new Promise<void>((done) => closed.listen(0, '127.0.0.1', done));
    const { port } = closed.address() as AddressInfo;
    await new Promise((done) => closed.close(done));
    const retries = () =>
      db()
        .select()
        .from(outbox)
        .where(and(eq(outbox.orderId, order.id), eq(outbox.kind, 'payment.refund_retry')));
    // The sandbox client follows the shop's recorded address: a port nobody listens on.
    recordShopAddress(shop.env, { host: '127.0.0.1', port });
    try {
      const res = await refund(order.id, { [`qty_${line.id}`]: '1' });
      expect(res.headers.get('location')).toBe(`/admin/orders/${order.id}?refund=pending#refunds`);
      // The retry runs (here or in the shop's worker) and fails while Stripe is away.
      await expect
        .poll(async () => {
          await drainOutbox({ db: db() as never, env: shop.env });
          return (await retries())[0]?.lastError ?? null;
        })
        .toMatch(/not sent/);
    } finally {
      recordShopAddress(shop.env, reachable);
    }
    const [made] = await refundRows(db(), order.id);
    expect(made).toMatchObject({ status: 'pending', providerRefundId: null });
    const [waiting] = await retries();
    expect(waiting).toMatchObject({ doneAt: null, payload: { refundId: made!.id } });
    expect(waiting!.attempts).toBeGreaterThan(0);
    expect(waiting!.runAfter.getTime()).toBeGreaterThan(Date.now());

    // Stripe is back; the pause is over.
    await db().update(outbox).set({ runAfter: new Date() }).where(eq(outbox.id, waiting!.id));
    await outboxSettled(shop);
    const [done] = await refundRows(db(), order.id);
    expect(done).toMatchObject({ status: 'succeeded', amount: 1290 });
    const atStripe = await stripe.refunds.list({ payment_intent: order.paymentIntentId! });
    expect(atStripe.data.map((r) => [r.id, r.metadata?.refund_id])).toEqual([
      [done!.providerRefundId, String(made!.id)],
    ]);
    expect((await retries())[0]!.doneAt).not.toBeNull();
  });
});
