import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SandboxHarness, startSandboxHarness } from './harness.ts';

/**
 * One scenario list, run through the real `stripe` SDK: against the built-in sandbox always,
 * and against Stripe's test mode when STRIPE_SECRET_KEY is a test key. What differs is only
 * how delayed things are waited for (the sandbox's control call instead of minutes).
 */
type Target = {
  stripe: () => Stripe;
  webhookSecret: () => string;
  /** Settles SEPA's processing state now; null where only waiting helps (real Stripe). */
  advance: ((paymentIntent: string) => Promise<void>) | null;
  /** Answers a 3-D Secure challenge; null where a browser is needed (real Stripe). */
  challenge: ((url: string, approve: boolean) => Promise<void>) | null;
};

const RETURN_URL = 'https://shop.example/checkout/order-received/1';
const MANDATE = {
  customer_acceptance: {
    type: 'online' as const,
    online: { ip_address: '192.0.2.10', user_agent: 'contract-test' },
  },
};

function scenarios(target: Target) {
  const stripe = () => target.stripe();

  it('card 4242: a confirmed intent succeeds with a charge', async () => {
    const pi = await stripe().paymentIntents.create({
      amount: 1999,
      currency: 'eur',
      allowed_payment_method_types: ['card'],
      payment_method: 'pm_card_visa',
      confirm: true,
    });
    expect(pi.status).toBe('succeeded');
    expect(pi.amount_received).toBe(1999);
    expect(pi.latest_charge).toMatch(/^ch_/);
    const again = await stripe().paymentIntents.retrieve(pi.id, { expand: ['latest_charge'] });
    expect((again.latest_charge as Stripe.Charge).status).toBe('succeeded');
  });

  it('card 3155: confirming requires 3-D Secure with a redirect, completing it succeeds', async () => {
    const pi = await stripe().paymentIntents.create({
      amount: 2500,
      currency: 'eur',
      allowed_payment_method_types: ['card'],
    });
    expect(pi.status).toBe('requires_payment_method');
    const updated = await stripe().paymentIntents.update(pi.id, {
      payment_method: 'pm_card_authenticationRequired',
    });
    expect(updated.status).toBe('requires_confirmation');
    const confirmed = await stripe().paymentIntents.confirm(pi.id, { return_url: RETURN_URL });
    expect(confirmed.status).toBe('requires_action');
    expect(confirmed.next_action?.type).toBe('redirect_to_url');
    const url = confirmed.next_action!.redirect_to_url!.url!;
    expect(url).toMatch(/^https?:\/\//);
    if (!target.challenge) return;
    await target.challenge(url, true);
    expect((await stripe().paymentIntents.retrieve(pi.id)).status).toBe('succeeded');
  });

  it('card 3155: a failed challenge leaves the intent waiting for another method', async () => {
    if (!target.challenge) return;
    const pi = await stripe().paymentIntents.create({
      amount: 2500,
      currency: 'eur',
      allowed_payment_method_types: ['card'],
      payment_method: 'pm_card_authenticationRequired',
      confirm: true,
      return_url: RETURN_URL,
    });
    await target.challenge(pi.next_action!.redirect_to_url!.url!, false);
    const after = await stripe().paymentIntents.retrieve(pi.id);
    expect(after.status).toBe('requires_payment_method');
    expect(after.last_payment_error?.code).toBe('payment_intent_authentication_failure');
  });

  it.each([
    ['pm_card_visa_chargeDeclinedInsufficientFunds', 'insufficient_funds'],
    ['pm_card_chargeDeclined', 'generic_decline'],
  ])('%s: declined with card_declined / %s', async (method, declineCode) => {
    const pi = await stripe().paymentIntents.create({
      amount: 1000,
      currency: 'eur',
      allowed_payment_method_types: ['card'],
    });
    const error = await stripe()
      .paymentIntents.confirm(pi.id, { payment_method: method })
      .then(() => null)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeCardError);
    const cardError = error as Stripe.errors.StripeCardError;
    expect(cardError.statusCode).toBe(402);
    expect(cardError.code).toBe('card_declined');
    expect(cardError.decline_code).toBe(declineCode);
    expect(cardError.payment_intent?.id).toBe(pi.id);
    const after = await stripe().paymentIntents.retrieve(pi.id);
    expect(after.status).toBe('requires_payment_method');
    expect(after.last_payment_error?.decline_code).toBe(declineCode);
  });

  it('SEPA AT611904300234573201: processing, then succeeded', async () => {
    const pm = await stripe().paymentMethods.create({
      type: 'sepa_debit',
      sepa_debit: { iban: 'AT611904300234573201' },
      billing_details: { name: 'Jenny Rosen', email: 'jenny@example.com' },
    });
    expect(pm.sepa_debit?.last4).toBe('3201');
    const pi = await stripe().paymentIntents.create({
      amount: 4200,
      currency: 'eur',
      allowed_payment_method_types: ['sepa_debit'],
      payment_method: pm.id,
      mandate_data: MANDATE,
      confirm: true,
    });
    expect(pi.status).toBe('processing');
    if (!target.advance) return;
    await target.advance(pi.id);
    expect((await stripe().paymentIntents.retrieve(pi.id)).status).toBe('succeeded');
  });

  it('confirmation token: an intent created with one confirms with its payment method', async () => {
    const token = await stripe().testHelpers.confirmationTokens.create({
      payment_method: 'pm_card_visa',
    });
    expect(token.id).toMatch(/^ctoken_/);
    expect(token.payment_method_preview?.type).toBe('card');
    const pi = await stripe().paymentIntents.create({
      amount: 1600,
      currency: 'eur',
      allowed_payment_method_types: ['card'],
      confirmation_token: token.id,
      confirm: true,
    });
    expect(pi.status).toBe('succeeded');
    expect(pi.payment_method).toMatch(/^pm_/);
  });

  it('idempotency: the same key and parameters replay, other parameters fail', async () => {
    const key = randomUUID();
    const params: Stripe.PaymentIntentCreateParams = {
      amount: 1234,
      currency: 'eur',
      allowed_payment_method_types: ['card'],
    };
    const first = await stripe().paymentIntents.create(params, { idempotencyKey: key });
    const second = await stripe().paymentIntents.create(params, { idempotencyKey: key });
    expect(second.id).toBe(first.id);
    const error = await stripe()
      .paymentIntents.create({ ...params, amount: 999 }, { idempotencyKey: key })
      .then(() => null)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    expect((error as Stripe.errors.StripeError).type).toBe('StripeIdempotencyError');
  });

  it('customers: attach, list and detach a payment method', async () => {
    const customer = await stripe().customers.create({
      email: 'contract@example.com',
      name: 'Contract Test',
    });
    const attached = await stripe().paymentMethods.attach('pm_card_visa', {
      customer: customer.id,
    });
    expect(attached.customer).toBe(customer.id);
    const listed = await stripe().customers.listPaymentMethods(customer.id, { type: 'card' });
    expect(listed.data.map((m) => m.id)).toEqual([attached.id]);
    const updated = await stripe().customers.update(customer.id, {
      invoice_settings: { default_payment_method: attached.id },
    });
    expect(updated.invoice_settings.default_payment_method).toBe(attached.id);
    const detached = await stripe().paymentMethods.detach(attached.id);
    expect(detached.customer).toBeNull();
    expect((await stripe().customers.listPaymentMethods(customer.id)).data).toEqual([]);
  });

  it('setup intent: confirmed with a card it succeeds and saves the card to the customer', async () => {
    const customer = await stripe().customers.create({ email: 'setup@example.com' });
    const si = await stripe().setupIntents.create({
      customer: customer.id,
      allowed_payment_method_types: ['card'],
      usage: 'off_session',
    });
    expect(si.id).toMatch(/^seti_/);
    expect(si.status).toBe('requires_payment_method');
    const confirmed = await stripe().setupIntents.confirm(si.id, {
      payment_method: 'pm_card_visa',
    });
    expect(confirmed.status).toBe('succeeded');
    const methods = await stripe().customers.listPaymentMethods(customer.id);
    expect(methods.data.map((m) => m.id)).toEqual([confirmed.payment_method]);
  });

  it('refund: part of a succeeded payment, never more than is left', async () => {
    const pi = await stripe().paymentIntents.create({
      amount: 3000,
      currency: 'eur',
      allowed_payment_method_types: ['card'],
      payment_method: 'pm_card_visa',
      confirm: true,
    });
    const refund = await stripe().refunds.create({ payment_intent: pi.id, amount: 1000 });
    expect(refund).toMatchObject({ amount: 1000, status: 'succeeded', payment_intent: pi.id });
    const charge = await stripe().charges.retrieve(pi.latest_charge as string);
    expect(charge.amount_refunded).toBe(1000);
    const error = await stripe()
      .refunds.create({ payment_intent: pi.id, amount: 2500 })
      .then(() => null)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
  });

  it('resource_missing: an unknown intent is a 404 invalid_request_error', async () => {
    const error = await stripe()
      .paymentIntents.retrieve('pi_doesnotexist000000000000')
      .then(() => null)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect((error as Stripe.errors.StripeError).code).toBe('resource_missing');
    expect((error as Stripe.errors.StripeError).statusCode).toBe(404);
  });

  it('webhook signature: a signed event verifies with constructEvent, a tampered one fails', () => {
    const payload = JSON.stringify({ id: 'evt_test', object: 'event', type: 'ping' });
    const secret = target.webhookSecret();
    const header = stripe().webhooks.generateTestHeaderString({ payload, secret });
    expect(stripe().webhooks.constructEvent(payload, header, secret).id).toBe('evt_test');
    expect(() =>
      stripe().webhooks.constructEvent(payload.replace('ping', 'pong'), header, secret),
    ).toThrow(Stripe.errors.StripeSignatureVerificationError);
  });
}

describe('Stripe contract against the built-in sandbox', () => {
  let sandbox: SandboxHarness;
  beforeAll(async () => {
    sandbox = await startSandboxHarness();
  });
  afterAll(async () => {
    await sandbox?.close();
  });

  scenarios({
    stripe: () => sandbox.setup.stripe,
    webhookSecret: () => sandbox.setup.webhookSecret,
    advance: async (id) => {
      await sandbox.control('advance', { payment_intent: id });
    },
    challenge: async (url, approve) => {
      const page = await fetch(`${url}&locale=en`);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain('>Complete</button>');
      expect(html).toContain('>Fail</button>');
      const answer = await fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: `outcome=${approve ? 'approve' : 'fail'}`,
        redirect: 'manual',
      });
      expect(answer.status).toBe(303);
      const location = new URL(answer.headers.get('location')!);
      expect(location.origin + location.pathname).toBe(RETURN_URL);
      expect(location.searchParams.get('redirect_status')).toBe(approve ? 'succeeded' : 'failed');
    },
  });

  it('delivers the events signed, and constructEvent accepts them with the setup secret', async () => {
    const pi = await sandbox.setup.stripe.paymentIntents.create({
      amount: 777,
      currency: 'eur',
      allowed_payment_method_types: ['card'],
      payment_method: 'pm_card_visa',
      confirm: true,
    });
    await sandbox.control('deliver');
    const events = sandbox.webhooks.map((w) =>
      sandbox.setup.stripe.webhooks.constructEvent(
        w.body,
        w.signature,
        sandbox.setup.webhookSecret,
      ),
    );
    const succeeded = events.find(
      (e) =>
        e.type === 'payment_intent.succeeded' &&
        (e.data.object as Stripe.PaymentIntent).id === pi.id,
    );
    expect(succeeded).toBeDefined();
    const stored = await sandbox.setup.stripe.events.retrieve(succeeded!.id);
    expect(stored.type).toBe('payment_intent.succeeded');
  });
});

const testKey = process.env.STRIPE_SECRET_KEY?.startsWith('sk_test_')
  ? process.env.STRIPE_SECRET_KEY
  : undefined;

describe.skipIf(!testKey)(
  testKey
    ? 'Stripe contract against Stripe test mode'
    : 'Stripe contract against Stripe test mode (skipped: STRIPE_SECRET_KEY is not set to a test key)',
  () => {
    const stripe = new Stripe(testKey ?? 'sk_test_unused');
    scenarios({
      stripe: () => stripe,
      webhookSecret: () => process.env.STRIPE_WEBHOOK_SECRET ?? 'whsec_contract_test',
      advance: null,
      challenge: null,
    });
  },
);
