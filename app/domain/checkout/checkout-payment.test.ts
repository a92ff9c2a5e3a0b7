import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '#app/lib/db.server.ts';
import { createOrder, createProduct } from '#db/seed/factories.ts';
import { transitionOrder } from '#app/domain/orders/lifecycle.server.ts';
import { orders } from '#app/domain/orders/orders.schema.ts';
import type { PaymentMethod, PaymentOutcome } from '#app/domain/payments/payments.ts';
import { openTestDatabase } from '../../../tests/support/database.ts';
import { processPayment } from './checkout-payment.server.ts';

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(async () => {
  await handle.close();
});

/** A method whose provider answers `outcome` after `meanwhile` ran (a webhook landing). */
function methodAnswering(outcome: PaymentOutcome, meanwhile: () => Promise<void>): PaymentMethod {
  return {
    id: 'stripe',
    title: { de: 'Karte', en: 'Card' },
    description: { de: '', en: '' },
    orderButtonText: null,
    isAvailable: () => true,
    async process() {
      await meanwhile();
      return outcome;
    },
  };
}

const statusOf = async (id: number) =>
  (await handle.db.select({ status: orders.status }).from(orders).where(eq(orders.id, id)))[0]!
    .status;

describe('the payment of an order and a webhook landing meanwhile', () => {
  it('settles a paid order even when an earlier attempt’s failure landed in between', async () => {
    const { product } = await createProduct(handle.db, { regularPrice: 1200 });
    const order = await createOrder(handle.db, { status: 'pending', productIds: [product.id] });
    const paid: PaymentOutcome = {
      status: 'success',
      orderStatus: 'processing',
      redirect: null,
      details: [],
      paid: true,
    };
    const lateFailure = async () => {
      const moved = await transitionOrder(handle.db, order.id, 'failed', { expect: ['pending'] });
      expect(moved.ok).toBe(true);
    };
    const result = await processPayment(
      handle.db,
      order,
      methodAnswering(paid, lateFailure),
      undefined,
      'none',
    );
    expect(result.order.status).toBe('processing');
    expect(await statusOf(order.id)).toBe('processing');
  });

  it('leaves an order the webhook moved elsewhere when the payment was not taken', async () => {
    const { product } = await createProduct(handle.db, { regularPrice: 1300 });
    const order = await createOrder(handle.db, { status: 'pending', productIds: [product.id] });
    const waiting: PaymentOutcome = {
      status: 'pending',
      orderStatus: 'on-hold',
      redirect: null,
      details: [],
      paid: false,
    };
    const settledMeanwhile = async () => {
      const moved = await transitionOrder(handle.db, order.id, 'processing', {
        expect: ['pending'],
        paid: true,
      });
      expect(moved.ok).toBe(true);
    };
    const result = await processPayment(
      handle.db,
      order,
      methodAnswering(waiting, settledMeanwhile),
      undefined,
      'none',
    );
    expect(result.order.status).toBe('processing');
    expect(await statusOf(order.id)).toBe('processing');
  });
});
