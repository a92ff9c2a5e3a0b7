import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { outboxSettled } from '../support/outbox.ts';
import {
  cardNumbersLeaked,
  intentsOf,
  logged,
  mailsAbout,
  moves,
  orderRow,
  pay,
  shop,
  shopper,
  stripe,
  succeededCharges,
  withStripePaymentsShop,
} from '../support/stripe-payments.ts';

withStripePaymentsShop();

describe('card payments through the Store API checkout', () => {
  it('card 4242: the order is paid through its one intent for the order total', async () => {
    const client = await shopper();
    const res = await pay(client, 'pm_card_visa');
    const body = (await res.json()) as any;
    expect(res.status).toBe(200);
    expect(body).toMatchObject({ status: 'processing', payment_method: 'stripe' });
    expect(body.payment_result.payment_status).toBe('success');
    const order = await orderRow(body.order_id);
    expect(order.paymentIntentId).toMatch(/^pi_/);
    const intent = await stripe.paymentIntents.retrieve(order.paymentIntentId!);
    expect(intent).toMatchObject({ status: 'succeeded', amount: order.total, currency: 'eur' });
    expect(intent.metadata.order_id).toBe(String(order.id));
    expect(await intentsOf(order.id)).toHaveLength(1);
    await outboxSettled(shop);
    expect(
      mailsAbout(order.number, /has been received|ist eingegangen|Bestellung/),
    ).toBeGreaterThan(0);
  });

  it('five parallel submits of one checkout: one order, one intent, one successful charge', async () => {
    const client = await shopper();
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => pay(client, 'pm_card_visa', key)),
    );
    const bodies = (await Promise.all(answers.map((a) => a.json()))) as any[];
    const ids = new Set(bodies.map((b) => b.order_id));
    expect(ids.size).toBe(1);
    const orderId = [...ids][0] as number;
    const order = await orderRow(orderId);
    expect(order.status).toBe('processing');
    expect(await intentsOf(orderId)).toHaveLength(1);
    expect(await succeededCharges(order.paymentIntentId!)).toBe(1);
    expect(await moves(orderId, 'processing')).toBe(1);
  });

  it('an answer lost after the charge: the retried request finds the same intent, no second charge', async () => {
    const client = await shopper();
    const key = randomUUID();
    const first = (await (await pay(client, 'pm_card_visa', key)).json()) as any;
    const intentId = (await orderRow(first.order_id)).paymentIntentId!;
    // The shopper never saw that answer and submits the same form again.
    const again = await pay(client, 'pm_card_visa', key);
    const second = (await again.json()) as any;
    expect(again.status).toBe(200);
    expect(second.order_id).toBe(first.order_id);
    expect(second.status).toBe('processing');
    expect((await orderRow(first.order_id)).paymentIntentId).toBe(intentId);
    expect(await succeededCharges(intentId)).toBe(1);
    expect(await intentsOf(first.order_id)).toHaveLength(1);
  });

  it('a declined card answers the catalogue text; another card pays the same order and intent', async () => {
    const client = await shopper();
    const key = randomUUID();
    const declined = await pay(client, 'pm_card_chargeDeclined', key);
    const body = (await declined.json()) as any;
    expect(declined.status).toBe(400);
    expect(body.code).toBe('woocommerce_rest_checkout_process_payment_error');
    expect(body.message).toBe('Ihre Karte wurde abgelehnt.');
    expect(body.data.payment_result.payment_status).toBe('failure');
    const orderId = body.data.order_id as number;
    expect((await orderRow(orderId)).status).toBe('pending');
    const intentId = (await orderRow(orderId)).paymentIntentId;

    const poor = await pay(client, 'pm_card_chargeDeclinedInsufficientFunds', key);
    expect(((await poor.json()) as any).message).toBe('Ihre Karte ist nicht ausreichend gedeckt.');

    const paid = await pay(client, 'pm_card_visa', key);
    expect(paid.status).toBe(200);
    expect(((await paid.json()) as any).order_id).toBe(orderId);
    const order = await orderRow(orderId);
    expect(order.status).toBe('processing');
    expect(order.paymentIntentId).toBe(intentId);
    expect(order.paymentAttempt).toBe(3);
    expect(await succeededCharges(intentId!)).toBe(1);
  });

  it('refuses missing or forged payment details without touching the provider', async () => {
    const client = await shopper();
    const key = randomUUID();
    let orderId = 0;
    for (const value of ['', 'pi_123', 'pm_<script>', 'x'.repeat(400)]) {
      // The same form again: the order waits for its payment, nothing reaches the provider.
      const res = await pay(client, value, key);
      expect(res.status).toBe(400);
      const body = (await res.json()) as any;
      expect(body.message).toBe(
        'Ungültige oder fehlende Zahlungsdaten. Bitte prüfen Sie, ob die Zahlungsart richtig eingegeben ist.',
      );
      orderId = body.data.order_id;
    }
    const order = await orderRow(orderId);
    expect(order.status).toBe('pending');
    expect(order.paymentIntentId).toBeNull();
    expect(await intentsOf(orderId)).toHaveLength(0);
  });
});

describe('card numbers', () => {
  it('never appear in the shop’s tables, its mails or its logs', async () => {
    const leaked = await cardNumbersLeaked();
    expect(leaked.tables).toEqual([]);
    expect(leaked.mailCount).toBeGreaterThan(0);
    expect(leaked.mails).toEqual([]);
    expect(leaked.logs).toEqual([]);
    expect(logged.join('\n')).not.toMatch(/_secret_/);
  });
});
