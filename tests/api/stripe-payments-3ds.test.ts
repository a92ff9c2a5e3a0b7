import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders } from '#app/domain/orders/orders.schema.ts';
import { reconcileStripeOrders } from '#app/domain/payments/stripe/events.server.ts';
import { outboxSettled } from '../support/outbox.ts';
import { StoreClient } from '../support/store-client.ts';
import {
  challenge,
  control,
  intentsOf,
  mailsAbout,
  moves,
  orderRow,
  pendingThreeDS,
  shop,
  shopper,
  stripe,
  updateOrderStatus,
  withStripePaymentsShop,
} from '../support/stripe-payments.ts';

withStripePaymentsShop();

describe('3-D Secure: the browser confirms, the server settles exactly once', () => {
  it('update_order_status racing the webhook: one status change, one confirmation mail', async () => {
    const client = await shopper();
    const { orderId, hash } = await pendingThreeDS(client);
    const order = await orderRow(orderId);
    await challenge(order.paymentIntentId!, true);
    const [answer] = await Promise.all([
      updateOrderStatus(client, orderId, hash.nonce),
      control('deliver'),
    ]);
    const body = (await answer.json()) as any;
    expect(body.success).toBe(true);
    // Where the browser is: the test shop's SHOP_URL has port 0, the bound address is used.
    expect(body.data.return_url).toMatch(
      new RegExp(`^${shop.url}/checkout/order-received/${orderId}\\?key=`),
    );
    await expect.poll(async () => (await orderRow(orderId)).status).toBe('processing');
    await control('deliver');
    expect(await moves(orderId, 'processing')).toBe(1);
    await outboxSettled(shop);
    expect(mailsAbout(order.number, /Subject: .*(received|eingegangen)/i)).toBeLessThanOrEqual(1);
  });

  it('a failed challenge fails the order with the catalogue text; another card pays it', async () => {
    const client = await shopper();
    const { orderId, hash } = await pendingThreeDS(client);
    const order = await orderRow(orderId);
    await challenge(order.paymentIntentId!, false);
    const body = (await (await updateOrderStatus(client, orderId, hash.nonce)).json()) as any;
    expect(body.success).toBe(false);
    expect(body.data.error.message).toBe(
      'Ihre Zahlungsart konnte nicht authentifiziert werden. Bitte wählen Sie eine andere Zahlungsart und versuchen Sie es erneut.',
    );
    expect((await orderRow(orderId)).status).toBe('failed');
  });

  it('update_order_status refuses another session’s order and a missing nonce', async () => {
    const client = await shopper();
    const { orderId, hash } = await pendingThreeDS(client);
    const stranger = await StoreClient.start(shop.url);
    const foreign = (await (
      await updateOrderStatus(stranger, orderId, stranger.nonce)
    ).json()) as any;
    expect(foreign.success).toBe(false);
    const noNonce = await updateOrderStatus(client, orderId, '');
    expect(noNonce.status).toBe(403);
    expect((await orderRow(orderId)).status).toBe('pending');
    expect(hash.nonce).not.toBe('');
  });
});

describe('reconciliation', () => {
  it('settles an order exactly once when the app stopped between the charge and its record', async () => {
    const client = await shopper();
    const { orderId } = await pendingThreeDS(client);
    const intentId = (await orderRow(orderId)).paymentIntentId!;
    await challenge(intentId, true);
    // The app died before it stored the intent: the order knows nothing of it.
    await shop.database.db
      .update(orders)
      .set({ paymentIntentId: null })
      .where(eq(orders.id, orderId));
    const runs = await Promise.all(
      [0, 1, 2].map(() =>
        reconcileStripeOrders(shop.database.db, stripe, { olderThanMs: -60_000 }),
      ),
    );
    const settled = runs.flatMap((r) => r.settled.filter((s) => s.order.id === orderId));
    expect(settled).toHaveLength(1);
    const order = await orderRow(orderId);
    expect(order.status).toBe('processing');
    expect(order.paymentIntentId).toBe(intentId);
    await control('deliver');
    expect(await moves(orderId, 'processing')).toBe(1);
    expect(await intentsOf(orderId)).toHaveLength(1);
  });
});
