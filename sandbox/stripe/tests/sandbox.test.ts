import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sandboxKeys } from '#app/domain/payments/stripe-setup.server.ts';
import { nextDueInMs } from '#sandbox/stripe/domain/deliveries.server.ts';
import { luhnValid } from '#sandbox/stripe/domain/test-data.ts';
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

type Delivery = { eventId: string; type: string; attempts: number; delivered: boolean };
const deliveries = async () => ((await sandbox.control('deliveries')) as { data: Delivery[] }).data;
const eventsOf = () =>
  sandbox.webhooks.map((w) =>
    stripe.webhooks.constructEvent(w.body, w.signature, sandbox.setup.webhookSecret),
  );

/** Raw call with a key of choice, for what the SDK would never send. */
async function raw(path: string, body: string, key = sandboxKeys(sandbox.env).secretKey) {
  const response = await fetch(`${sandbox.url}${path}`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${key}`,
      'Content-Type': 'application/x-www-form-urlencoded',
    },
    body,
  });
  return { status: response.status, json: (await response.json()) as Record<string, any> };
}

const card = (paymentMethod: string, extra: Partial<Stripe.PaymentIntentCreateParams> = {}) =>
  stripe.paymentIntents.create({
    amount: 1500,
    currency: 'eur',
    allowed_payment_method_types: ['card'],
    payment_method: paymentMethod,
    confirm: true,
    ...extra,
  });

describe('webhook delivery', () => {
  beforeEach(async () => {
    await sandbox.control('deliver');
    await sandbox.control('webhooks', { delay_ms: '0', duplicates: '1', hold: 'false' });
    sandbox.webhooks.length = 0;
  });

  it('sends each event N times when asked for duplicates', async () => {
    await sandbox.control('webhooks', { duplicates: '3' });
    const customer = await stripe.customers.create({ email: 'dup@example.com' });
    await sandbox.control('deliver');
    const created = eventsOf().filter(
      (e) => e.type === 'customer.created' && (e.data.object as Stripe.Customer).id === customer.id,
    );
    expect(created).toHaveLength(3);
    expect(new Set(created.map((e) => e.id)).size).toBe(1);
  });

  it('holds deliveries and releases them newest first when reordering', async () => {
    await sandbox.control('webhooks', { hold: 'true' });
    const first = await stripe.customers.create({ email: 'first@example.com' });
    const second = await stripe.customers.create({ email: 'second@example.com' });
    await sandbox.control('deliver', { order: 'reverse' });
    const ids = eventsOf()
      .filter((e) => e.type === 'customer.created')
      .map((e) => (e.data.object as Stripe.Customer).id);
    expect(ids).toEqual([second.id, first.id]);
  });

  it('delays deliveries until due, and delivers at once on the control call', async () => {
    // The worker sleeps until the next due time: none with nothing waiting, not "now".
    expect(await nextDueInMs(sandbox.database.db)).toBeNull();
    await sandbox.control('webhooks', { delay_ms: '3600000' });
    const customer = await stripe.customers.create({ email: 'later@example.com' });
    const pending = (await deliveries()).filter((d) => !d.delivered);
    expect(pending.length).toBeGreaterThan(0);
    expect(sandbox.webhooks).toHaveLength(0);
    const wait = await nextDueInMs(sandbox.database.db);
    expect(wait).toBeGreaterThan(3_500_000);
    expect(wait).toBeLessThanOrEqual(3_600_000);
    await sandbox.control('deliver');
    expect(eventsOf().map((e) => (e.data.object as { id: string }).id)).toContain(customer.id);
    expect(await nextDueInMs(sandbox.database.db)).toBeNull();
  });

  it('retries a delivery the shop refused, keeping the event until it is taken', async () => {
    sandbox.failNextWebhooks(1, 503);
    const customer = await stripe.customers.create({ email: 'retry@example.com' });
    await expect
      .poll(async () => (await deliveries()).some((d) => d.attempts >= 1 && !d.delivered))
      .toBe(true);
    await sandbox.control('deliver');
    const log = (await deliveries()).filter((d) => d.type === 'customer.created');
    const mine = log.at(-1)!;
    expect(mine.delivered).toBe(true);
    expect(mine.attempts).toBe(2);
    expect(eventsOf().some((e) => (e.data.object as { id: string }).id === customer.id)).toBe(true);
  });
});

describe('payment flows beyond the contract', () => {
  it('SEPA DE89370400440532013000 settles on its own after processing', async () => {
    const pi = await stripe.paymentIntents.create({
      amount: 2000,
      currency: 'eur',
      allowed_payment_method_types: ['sepa_debit'],
      payment_method_data: {
        type: 'sepa_debit',
        sepa_debit: { iban: 'DE89 3704 0044 0532 0130 00' },
        billing_details: { name: 'Max Muster', email: 'max@example.com' },
      },
      confirm: true,
    });
    expect(pi.status).toBe('processing');
    await expect
      .poll(async () => (await stripe.paymentIntents.retrieve(pi.id)).status)
      .toBe('succeeded');
  });

  it('SEPA AT861904300235473202 fails after processing', async () => {
    const pi = await stripe.paymentIntents.create({
      amount: 2000,
      currency: 'eur',
      allowed_payment_method_types: ['sepa_debit'],
      payment_method_data: {
        type: 'sepa_debit',
        sepa_debit: { iban: 'AT861904300235473202' },
        billing_details: { name: 'Max Muster', email: 'max@example.com' },
      },
      confirm: true,
    });
    expect(pi.status).toBe('processing');
    await sandbox.control('advance', { payment_intent: pi.id });
    const after = await stripe.paymentIntents.retrieve(pi.id);
    expect(after.status).toBe('requires_payment_method');
    expect(after.last_payment_error?.code).toBe('payment_intent_payment_attempt_failed');
  });

  it('manual capture: requires_capture, then captured', async () => {
    const pi = await card('pm_card_visa', { capture_method: 'manual' });
    expect(pi).toMatchObject({ status: 'requires_capture', amount_capturable: 1500 });
    const captured = await stripe.paymentIntents.capture(pi.id, { amount_to_capture: 1000 });
    expect(captured).toMatchObject({ status: 'succeeded', amount_received: 1000 });
  });

  it('cancel: an open intent is canceled, a succeeded one cannot be', async () => {
    const open = await stripe.paymentIntents.create({ amount: 900, currency: 'eur' });
    const canceled = await stripe.paymentIntents.cancel(open.id, {
      cancellation_reason: 'abandoned',
    });
    expect(canceled).toMatchObject({ status: 'canceled', cancellation_reason: 'abandoned' });
    const done = await card('pm_card_visa');
    await expect(stripe.paymentIntents.cancel(done.id)).rejects.toMatchObject({
      code: 'payment_intent_unexpected_state',
    });
  });

  it('off-session 3155 without earlier authentication declines with authentication_required', async () => {
    const error = await card('pm_card_authenticationRequired', { off_session: true }).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ type: 'StripeCardError', code: 'authentication_required' });
  });

  it('BLIK: six digits lead to the approval step, anything else is refused', async () => {
    const create = (code: string) =>
      stripe.paymentIntents.create({
        amount: 5000,
        currency: 'pln',
        allowed_payment_method_types: ['blik'],
        payment_method_data: { type: 'blik' },
        payment_method_options: { blik: { code } },
        confirm: true,
      });
    await expect(create('12345')).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      param: 'payment_method_options[blik][code]',
      message: 'BLIK Code is invalid',
    });
    const pi = await create('777123');
    expect(pi.status).toBe('requires_action');
    expect(pi.next_action?.type).toBe('blik_authorize');
  });

  it('redirect method: return_url required; the bank page sends the buyer back', async () => {
    const params: Stripe.PaymentIntentCreateParams = {
      amount: 3000,
      currency: 'eur',
      allowed_payment_method_types: ['ideal'],
      payment_method_data: { type: 'ideal' },
      confirm: true,
    };
    await expect(stripe.paymentIntents.create(params)).rejects.toMatchObject({
      param: 'return_url',
    });
    const pi = await stripe.paymentIntents.create({
      ...params,
      return_url: 'https://shop.example/return?order=5',
    });
    const url = pi.next_action!.redirect_to_url!.url!;
    expect(url).toContain('/__sandbox/stripe/authorize/');
    const answer = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'outcome=approve',
      redirect: 'manual',
    });
    const back = new URL(answer.headers.get('location')!);
    expect(back.searchParams.get('order')).toBe('5');
    expect(back.searchParams.get('payment_intent')).toBe(pi.id);
    expect(back.searchParams.get('payment_intent_client_secret')).toBe(pi.client_secret);
    expect(back.searchParams.get('redirect_status')).toBe('succeeded');
    // The page's address works once.
    expect((await fetch(url)).status).toBe(404);
  });

  it('voucher: boleto shows its details and counts as paid when advanced', async () => {
    const pi = await stripe.paymentIntents.create({
      amount: 3000,
      currency: 'brl',
      allowed_payment_method_types: ['boleto'],
      payment_method_data: {
        type: 'boleto',
        boleto: { tax_id: '00000000000' },
        billing_details: { name: 'Ana', email: 'ana@example.com' },
      },
      confirm: true,
    });
    expect(pi.next_action?.type).toBe('boleto_display_details');
    expect(pi.next_action?.boleto_display_details?.hosted_voucher_url).toContain(
      '/__sandbox/stripe/voucher/',
    );
    await sandbox.control('advance', { payment_intent: pi.id });
    expect((await stripe.paymentIntents.retrieve(pi.id)).status).toBe('succeeded');
  });

  it('QR: WeChat Pay shows a QR code image', async () => {
    const pi = await stripe.paymentIntents.create({
      amount: 3000,
      currency: 'cny',
      allowed_payment_method_types: ['wechat_pay'],
      payment_method_data: { type: 'wechat_pay' },
      payment_method_options: { wechat_pay: { client: 'web' } },
      confirm: true,
    });
    const qr = pi.next_action?.wechat_pay_display_qr_code;
    const image = await fetch(qr!.image_url_svg);
    expect(image.headers.get('content-type')).toBe('image/svg+xml');
  });

  it('five parallel confirms with one idempotency key charge once', async () => {
    const pi = await stripe.paymentIntents.create({
      amount: 4100,
      currency: 'eur',
      allowed_payment_method_types: ['card'],
    });
    const key = randomUUID();
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        stripe.paymentIntents.confirm(
          pi.id,
          { payment_method: 'pm_card_visa' },
          { idempotencyKey: key },
        ),
      ),
    );
    expect(new Set(results.map((r) => r.latest_charge)).size).toBe(1);
    expect(results.every((r) => r.status === 'succeeded')).toBe(true);
  });
});

describe('keys, input and stored data', () => {
  it('the publishable key creates methods and confirms with the client secret only', async () => {
    const pk = sandboxKeys(sandbox.env).publishableKey;
    const pm = await raw(
      '/v1/payment_methods',
      'type=card&card[number]=4242424242424242&card[exp_month]=12&card[exp_year]=39&card[cvc]=123',
      pk,
    );
    expect(pm.status).toBe(200);
    expect(pm.json.card).toMatchObject({ brand: 'visa', last4: '4242' });
    expect((await raw('/v1/payment_intents', 'amount=1000&currency=eur', pk)).status).toBe(403);
    const pi = await stripe.paymentIntents.create({ amount: 1000, currency: 'eur' });
    const other = await stripe.paymentIntents.create({ amount: 1000, currency: 'eur' });
    const wrong = await raw(
      `/v1/payment_intents/${pi.id}/confirm`,
      `payment_method=${pm.json.id}&client_secret=${other.client_secret}`,
      pk,
    );
    expect(wrong.status).toBe(400);
    expect(wrong.json.error.param).toBe('client_secret');
    const confirmed = await raw(
      `/v1/payment_intents/${pi.id}/confirm`,
      `payment_method=${pm.json.id}&client_secret=${pi.client_secret}`,
      pk,
    );
    expect(confirmed.json.status).toBe('succeeded');
    expect((await raw('/v1/customers', 'email=a@b.c', 'sk_test_wrong')).status).toBe(401);
  });

  it.each([
    ['a NUL byte', 'amount=1000&currency=eur&description=a%00b', 'description'],
    ['a 10 kB string', `amount=1000&currency=eur&description=${'x'.repeat(10_240)}`, 'description'],
    ['an array for a scalar', 'amount[]=1000&currency=eur', 'amount'],
    ['a number with letters', 'amount=10e3&currency=eur', 'amount'],
    ['a prototype key', 'amount=1000&currency=eur&__proto__[x]=1', '__proto__[x]'],
    ['too small an amount', 'amount=10&currency=eur', 'amount'],
  ])('refuses %s with invalid_request_error naming the parameter', async (_, body, param) => {
    const { status, json } = await raw('/v1/payment_intents', body);
    expect(status).toBe(400);
    expect(json.error).toMatchObject({ type: 'invalid_request_error', param });
  });

  it('answers a wrong card number with card_error incorrect_number', async () => {
    const error = await stripe.paymentMethods
      .create({
        type: 'card',
        card: { number: '4242424242424241', exp_month: 12, exp_year: 2040, cvc: '123' },
      })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ type: 'StripeCardError', code: 'incorrect_number' });
  });

  it('keeps no card number anywhere in its tables', async () => {
    for (const number of ['4000002500003155', '4000000000009995', '5555555555554444']) {
      await stripe.paymentMethods.create({
        type: 'card',
        card: { number, exp_month: 1, exp_year: 2041, cvc: '314' },
      });
    }
    const dump = await sandbox.database.db.execute(
      sql`select coalesce(string_agg(data::text || ' ' || hidden::text, ' '), '') ||
        (select coalesce(string_agg(coalesce(response::text, ''), ' '), '') from stripe_sandbox_idempotency) as text
        from stripe_sandbox_objects`,
    );
    const text = (dump as unknown as { rows: { text: string }[] }).rows[0]!.text;
    // Card numbers of the networks the sandbox knows: 14 to 19 digits from 3, 4, 5 or 6 on
    // (times, ids and amounts in the objects are other digit runs).
    const candidates = (text.match(/\d{14,19}/g) ?? []).filter((n) => /^[3-6]/.test(n));
    expect(candidates.filter(luhnValid)).toEqual([]);
    for (const number of ['4000002500003155', '4000000000009995', '5555555555554444']) {
      expect(text).not.toContain(number);
    }
    expect(text).toContain('"last4": "3155"');
  });

  it('is not there with real keys: /v1 and the control calls are the shop’s 404', async () => {
    const withKeys = await startSandboxHarness({
      STRIPE_SECRET_KEY: 'sk_test_51Abcdefghijklmnop',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_51Abcdefghijklmnop',
    });
    try {
      expect((await fetch(`${withKeys.url}/v1/customers`, { method: 'POST' })).status).toBe(404);
      expect((await fetch(`${withKeys.url}/__sandbox/stripe/stripe.js`)).status).toBe(404);
      expect(
        (await fetch(`${withKeys.url}/__sandbox/stripe/control/deliver`, { method: 'POST' }))
          .status,
      ).toBe(404);
    } finally {
      await withKeys.close();
    }
  });

  it('refuses control calls without the secret key', async () => {
    const response = await fetch(`${sandbox.url}/__sandbox/stripe/control/deliver`, {
      method: 'POST',
    });
    expect(response.status).toBe(403);
  });
});
