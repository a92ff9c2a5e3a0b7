import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { stripeEvents } from '#app/domain/payments/stripe/stripe.schema.ts';
import {
  control,
  keys,
  moves,
  orderRow,
  paySepa,
  pendingThreeDS,
  shop,
  shopper,
  stripe,
  withStripePaymentsShop,
} from '../support/stripe-payments.ts';

withStripePaymentsShop();

describe('webhook endpoint', () => {
  const webhookUrl = () => `${shop.url}/payments/stripe/webhook`;

  function eventFor(
    type: string,
    intent: Partial<Stripe.PaymentIntent> & { id: string },
    id = `evt_${randomBytes(8).toString('hex')}`,
  ) {
    return JSON.stringify({
      id,
      object: 'event',
      api_version: '2025-01-01',
      created: Math.floor(Date.now() / 1000),
      type,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object: { object: 'payment_intent', metadata: {}, ...intent } },
    });
  }

  function post(payload: string, signature: string | null) {
    return fetch(webhookUrl(), {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(signature === null ? {} : { 'stripe-signature': signature }),
      },
      body: payload,
    });
  }

  const sign = (payload: string, options: { secret?: string; timestamp?: number } = {}) =>
    stripe.webhooks.generateTestHeaderString({
      payload,
      secret: options.secret ?? keys.webhookSecret,
      timestamp: options.timestamp,
    });

  it('changes nothing for unsigned, wrongly signed, tampered, stale and mismatched events', async () => {
    const client = await shopper();
    const { orderId } = await pendingThreeDS(client);
    const order = await orderRow(orderId);
    const intent = {
      id: order.paymentIntentId!,
      amount: order.total,
      currency: 'eur',
      status: 'succeeded' as const,
      metadata: { order_id: String(orderId) },
    };
    const payload = eventFor('payment_intent.succeeded', intent);
    const bad = [
      await post(payload, null),
      await post(payload, sign(payload, { secret: 'whsec_wrong' })),
      await post(payload.replace(`"amount":${order.total}`, '"amount":1'), sign(payload)),
      await post(payload, sign(payload, { timestamp: Math.floor(Date.now() / 1000) - 301 })),
    ];
    expect(bad.map((r) => r.status)).toEqual([400, 400, 400, 400]);
    const mismatch = eventFor('payment_intent.succeeded', { ...intent, amount: order.total + 1 });
    expect((await post(mismatch, sign(mismatch))).status).toBe(200);
    const otherCurrency = eventFor('payment_intent.succeeded', { ...intent, currency: 'usd' });
    expect((await post(otherCurrency, sign(otherCurrency))).status).toBe(200);
    expect((await orderRow(orderId)).status).toBe('pending');
    expect(await moves(orderId, 'processing')).toBe(0);
  });

  it('acts once for five simultaneous duplicates, and late or stale events change nothing', async () => {
    const client = await shopper();
    const { orderId } = await pendingThreeDS(client);
    const order = await orderRow(orderId);
    const intent = {
      id: order.paymentIntentId!,
      amount: order.total,
      currency: 'eur',
      metadata: { order_id: String(orderId) },
    };
    const succeeded = eventFor('payment_intent.succeeded', { ...intent, status: 'succeeded' });
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => post(succeeded, sign(succeeded))),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect((await orderRow(orderId)).status).toBe('processing');
    expect(await moves(orderId, 'processing')).toBe(1);
    const recorded = await shop.database.db
      .select()
      .from(stripeEvents)
      .where(eq(stripeEvents.orderId, orderId));
    expect(recorded).toHaveLength(1);
    // Arriving after the success: processing and failure snapshots change nothing.
    const processing = eventFor('payment_intent.processing', { ...intent, status: 'processing' });
    const failed = eventFor('payment_intent.payment_failed', {
      ...intent,
      status: 'requires_payment_method',
      last_payment_error: { type: 'card_error', code: 'card_declined' } as never,
    });
    expect((await post(processing, sign(processing))).status).toBe(200);
    expect((await post(failed, sign(failed))).status).toBe(200);
    expect((await orderRow(orderId)).status).toBe('processing');
    expect(await moves(orderId, 'on-hold')).toBe(0);
    expect(await moves(orderId, 'failed')).toBe(0);
  });

  it('SEPA: processing puts the order on hold, the later success pays it', async () => {
    const client = await shopper();
    const { body } = await paySepa(client);
    expect(body.status).toBe('on-hold');
    const order = await orderRow(body.order_id);
    await control('advance', { payment_intent: order.paymentIntentId! });
    await control('deliver');
    await expect.poll(async () => (await orderRow(order.id)).status).toBe('processing');
    expect(await moves(order.id, 'processing')).toBe(1);
  });
});
