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

/** A pending order paid through a method answering `outcome` once `meanwhile` moved it. */
async function payWhile(
  outcome: Omit<PaymentOutcome, 'redirect' | 'details'>,
  meanwhile: (orderId: number) => Promise<void>,
) {
  const { product } = await createProduct(handle.db, { regularPrice: 1200 });
  const order = await createOrder(handle.db, { status: 'pending', productIds: [product.id] });
  const method = methodAnswering({ ...outcome, redirect: null, details: [] }, () =>
    meanwhile(order.id),
  );
  const result = await processPayment(handle.db, order, method, undefined, 'none');
  return { order, result };
}

const statusOf = async (id: number) =>
  (await handle.db.select({ status: orders.status }).from(orders).where(eq(orders.id, id)))[0]!
    .status;

describe('the payment of an order and a webhook landing meanwhile', () => {
  it('settles a paid order even when an earlier attempt’s failure landed in between', async () => {
    const lateFailure = async (orderId: number) => {
      const moved = await transitionOrder(handle.db, orderId, 'failed', { expect: ['pending'] });
      expect(moved.ok).toBe(true);
    };
    const paid = { status: 'success', orderStatus: 'processing', paid: true } as const;
    const { order, result } = await payWhile(paid, lateFailure);
    expect(result.order.status).toBe('processing');
    expect(await statusOf(order.id)).toBe('processing');
  });

  it('leaves an order the webhook moved elsewhere when the payment was not taken', async () => {
    const settledMeanwhile = async (orderId: number) => {
      const moved = await transitionOrder(handle.db, orderId, 'processing', {
        expect: ['pending'],
        paid: true,
      });
      expect(moved.ok).toBe(true);
    };
    const waiting = { status: 'pending', orderStatus: 'on-hold', paid: false } as const;
    const { order, result } = await payWhile(waiting, settledMeanwhile);
    expect(result.order.status).toBe('processing');
    expect(await statusOf(order.id)).toBe('processing');
  });
});
