import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type SandboxHarness, startSandboxHarness } from './harness.ts';

let sandbox: SandboxHarness;
let stripe: Stripe;
beforeAll(async () => {
  sandbox = await startSandboxHarness();
  stripe = sandbox.setup.stripe;
});
afterAll(async () => {
  await sandbox?.close();
});
beforeEach(async () => {
  await sandbox.control('deliver');
  sandbox.webhooks.length = 0;
});

const paid = (amount: number, extra: Partial<Stripe.PaymentIntentCreateParams> = {}) =>
  stripe.paymentIntents.create({
    amount,
    currency: 'eur',
    allowed_payment_method_types: ['card'],
    payment_method: 'pm_card_visa',
    confirm: true,
    ...extra,
  });

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (e: unknown) => e as Stripe.errors.StripeError,
  );

/** The events delivered to the shop's webhook so far, checked against their signatures. */
async function delivered() {
  await sandbox.control('deliver');
  return sandbox.webhooks.map((w) =>
    stripe.webhooks.constructEvent(w.body, w.signature, sandbox.setup.webhookSecret),
  );
}

const charge = (pi: Stripe.PaymentIntent) => stripe.charges.retrieve(pi.latest_charge as string);

describe('refunds', () => {
  it('refunds a whole payment: the charge is refunded and lists the refund', async () => {
    const pi = await paid(3000);
    const refund = await stripe.refunds.create({ payment_intent: pi.id });
    expect(refund).toMatchObject({
      object: 'refund',
      amount: 3000,
      currency: 'eur',
      status: 'succeeded',
      payment_intent: pi.id,
      charge: pi.latest_charge,
    });
    const after = await charge(pi);
    expect(after).toMatchObject({ amount_refunded: 3000, refunded: true });
    expect(after.refunds?.data.map((r) => r.id)).toEqual([refund.id]);
    expect(await stripe.refunds.retrieve(refund.id)).toEqual(refund);
  });

  it('refunds in two parts by charge, then the rest, then refuses more', async () => {
    const pi = await paid(3000);
    const first = await stripe.refunds.create({ charge: pi.latest_charge as string, amount: 1000 });
    const second = await stripe.refunds.create({
      payment_intent: pi.id,
      amount: 500,
      reason: 'requested_by_customer',
      metadata: { order_id: '42' },
    });
    expect(second).toMatchObject({
      amount: 500,
      reason: 'requested_by_customer',
      metadata: { order_id: '42' },
    });
    expect(await charge(pi)).toMatchObject({ amount_refunded: 1500, refunded: false });
    const listed = await stripe.refunds.list({ payment_intent: pi.id });
    expect(listed.data.map((r) => r.id)).toEqual([second.id, first.id]);

    const tooMuch = await failure(stripe.refunds.create({ payment_intent: pi.id, amount: 1501 }));
    expect(tooMuch).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(tooMuch).toMatchObject({ statusCode: 400, code: 'amount_too_large', param: 'amount' });
    expect(tooMuch?.message).toBe(
      'Refund amount (1501) is greater than unrefunded amount on charge (1500)',
    );
    expect(await charge(pi)).toMatchObject({ amount_refunded: 1500, refunded: false });

    const rest = await stripe.refunds.create({ payment_intent: pi.id });
    expect(rest.amount).toBe(1500);
    expect(await charge(pi)).toMatchObject({ amount_refunded: 3000, refunded: true });
    expect(await failure(stripe.refunds.create({ payment_intent: pi.id }))).toMatchObject({
      code: 'charge_already_refunded',
    });
    expect((await stripe.refunds.list({ payment_intent: pi.id })).data).toHaveLength(3);
  });

  it('lists only the refunds of the intent asked for', async () => {
    const one = await paid(1200);
    const other = await paid(1300);
    const mine = await stripe.refunds.create({ payment_intent: one.id, amount: 100 });
    await stripe.refunds.create({ payment_intent: other.id, amount: 100 });
    const listed = await stripe.refunds.list({ payment_intent: one.id });
    expect(listed.data.map((r) => r.id)).toEqual([mine.id]);
  });

  it('refuses what cannot be refunded, and changes nothing', async () => {
    const open = await stripe.paymentIntents.create({ amount: 1000, currency: 'eur' });
    expect(await failure(stripe.refunds.create({ payment_intent: open.id }))).toMatchObject({
      code: 'charge_not_refundable',
      param: 'payment_intent',
    });
    const pi = await paid(1000);
    const another = await paid(1000);
    expect(
      await failure(
        stripe.refunds.create({
          payment_intent: pi.id,
          charge: another.latest_charge as string,
        }),
      ),
    ).toMatchObject({ statusCode: 400, param: 'charge' });
    expect(await failure(stripe.refunds.create({}))).toMatchObject({ code: 'parameter_missing' });
    expect(
      await failure(stripe.refunds.create({ payment_intent: pi.id, amount: 0 })),
    ).toMatchObject({ statusCode: 400, param: 'amount' });
    expect(
      await failure(
        stripe.refunds.create({
          payment_intent: pi.id,
          reason: 'changed_mind' as Stripe.RefundCreateParams.Reason,
        }),
      ),
    ).toMatchObject({ code: 'parameter_invalid_enum', param: 'reason' });
    expect(await charge(pi)).toMatchObject({ amount_refunded: 0, refunded: false });
  });

  it('sends refund.created and charge.refunded signed through the webhook queue; an update sends refund.updated', async () => {
    const pi = await paid(2500);
    const refund = await stripe.refunds.create({ payment_intent: pi.id, amount: 700 });
    const updated = await stripe.refunds.update(refund.id, { metadata: { note: 'damaged' } });
    expect(updated.metadata).toEqual({ note: 'damaged' });
    const events = (await delivered()).filter((e) =>
      ['refund.created', 'refund.updated', 'charge.refunded'].includes(e.type),
    );
    expect(events.map((e) => e.type)).toEqual([
      'refund.created',
      'charge.refunded',
      'refund.updated',
    ]);
    expect((events[0]!.data.object as Stripe.Refund).id).toBe(refund.id);
    const refunded = events[1]!;
    expect(refunded.data.object).toMatchObject({ id: pi.latest_charge, amount_refunded: 700 });
    expect(refunded.data.previous_attributes).toMatchObject({ amount_refunded: 0 });
    expect(events[2]!.data.previous_attributes).toEqual({ metadata: {} });
    const stored = await stripe.events.retrieve(refunded.id);
    expect(stored.type).toBe('charge.refunded');
  });
});

describe('cancel', () => {
  it('cancels an open intent with its reason and sends payment_intent.canceled', async () => {
    const pi = await stripe.paymentIntents.create({ amount: 900, currency: 'eur' });
    const canceled = await stripe.paymentIntents.cancel(pi.id, {
      cancellation_reason: 'requested_by_customer',
    });
    expect(canceled).toMatchObject({
      status: 'canceled',
      cancellation_reason: 'requested_by_customer',
    });
    expect(canceled.canceled_at).toEqual(expect.any(Number));
    const events = await delivered();
    const event = events.find(
      (e) => e.type === 'payment_intent.canceled' && (e.data.object as { id: string }).id === pi.id,
    );
    expect(event?.data.object).toMatchObject({ status: 'canceled' });
    expect(
      await failure(stripe.paymentIntents.confirm(pi.id, { payment_method: 'pm_card_visa' })),
    ).toMatchObject({ code: 'payment_intent_unexpected_state' });
  });

  it('refuses to cancel a succeeded or canceled intent, as Stripe does', async () => {
    const pi = await paid(1000);
    const refused = await failure(stripe.paymentIntents.cancel(pi.id));
    expect(refused).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(refused).toMatchObject({ statusCode: 400, code: 'payment_intent_unexpected_state' });
    expect(refused?.message).toContain('because it has a status of succeeded');
    expect((await stripe.paymentIntents.retrieve(pi.id)).status).toBe('succeeded');
    const open = await stripe.paymentIntents.create({ amount: 900, currency: 'eur' });
    await stripe.paymentIntents.cancel(open.id);
    expect(await failure(stripe.paymentIntents.cancel(open.id))).toMatchObject({
      code: 'payment_intent_unexpected_state',
    });
  });

  it('releases an uncaptured authorisation: the charge is refunded in full', async () => {
    const pi = await paid(1800, { capture_method: 'manual' });
    expect(pi.status).toBe('requires_capture');
    const canceled = await stripe.paymentIntents.cancel(pi.id, {
      cancellation_reason: 'abandoned',
    });
    expect(canceled).toMatchObject({ status: 'canceled', amount_capturable: 0 });
    expect(await charge(pi)).toMatchObject({ amount_refunded: 1800, refunded: true });
    const types = (await delivered()).map((e) => e.type);
    expect(types).toContain('charge.refunded');
    expect(types.at(-1)).toBe('payment_intent.canceled');
  });

  it('refuses an unknown cancellation_reason and a misspelt parameter', async () => {
    const pi = await stripe.paymentIntents.create({ amount: 900, currency: 'eur' });
    expect(
      await failure(
        stripe.paymentIntents.cancel(pi.id, {
          cancellation_reason: 'bored' as Stripe.PaymentIntentCancelParams.CancellationReason,
        }),
      ),
    ).toMatchObject({ code: 'parameter_invalid_enum', param: 'cancellation_reason' });
    const misspelt = await failure(
      stripe.paymentIntents.cancel(pi.id, {
        cancelation_reason: 'abandoned',
      } as Stripe.PaymentIntentCancelParams),
    );
    expect(misspelt).toMatchObject({
      statusCode: 400,
      type: 'StripeInvalidRequestError',
      code: 'parameter_unknown',
      param: 'cancelation_reason',
      message: 'Received unknown parameter: cancelation_reason',
    });
    expect((await stripe.paymentIntents.retrieve(pi.id)).status).toBe('requires_payment_method');
  });
});
