import { randomBytes, randomUUID } from 'node:crypto';
import { outboxSettled } from '../support/outbox.ts';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { orderNotes, orders } from '#app/domain/orders/orders.schema.ts';
import { reconcileStripeOrders } from '#app/domain/payments/stripe/events.server.ts';
import { type RedirectHash, parseRedirectHash } from '#app/domain/payments/stripe/redirect-hash.ts';
import { stripeEvents } from '#app/domain/payments/stripe/stripe.schema.ts';
import { stripeSandboxObjects } from '#sandbox/stripe/domain/sandbox.schema.ts';
import type { sandboxKeys } from '#app/domain/payments/stripe-setup.server.ts';
import type { TestShop } from '../support/shop.ts';
import { GERMAN_BILLING } from '../support/addresses.ts';
import { startCheckoutShop } from '../support/checkout-shop.ts';
import { StoreClient } from '../support/store-client.ts';
import { sandboxStripe } from '../support/sandbox-client.ts';

let shop: TestShop;
let stripe: Stripe;
let keys: ReturnType<typeof sandboxKeys>;
let candle: number;
const logged: string[] = [];

const billing = GERMAN_BILLING;

beforeAll(async () => {
  for (const method of ['log', 'error', 'warn', 'info'] as const) {
    const original = console[method].bind(console);
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      logged.push(args.map(String).join(' '));
      original(...args);
    });
  }
  const secret = randomBytes(32).toString('base64url');
  ({ shop, candle } = await startCheckoutShop({
    env: { SESSION_SECRET: secret },
    candleStock: 500,
  }));
  ({ stripe, keys } = sandboxStripe(shop));
  // Webhooks wait until a test releases them, so each test decides when they arrive.
  await control('webhooks', { hold: 'true', duplicates: '1', delay_ms: '0' });
});

afterAll(async () => {
  vi.restoreAllMocks();
  await shop?.close();
});

async function control(action: string, form: Record<string, string> = {}) {
  const response = await fetch(`${shop.url}/__sandbox/stripe/control/${action}`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${keys.secretKey}`,
      'Content-Type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams(form).toString(),
  });
  expect(response.status).toBe(200);
  return response.json();
}

async function shopper(quantity = 2) {
  const client = await StoreClient.start(shop.url);
  const res = await client.post('/cart/add-item', { id: candle, quantity });
  expect(res.status).toBe(201);
  return client;
}

function pay(client: StoreClient, paymentMethod: string, key?: string) {
  return client.post('/checkout', {
    billing_address: billing,
    payment_method: 'stripe',
    payment_data: [
      { key: 'wc-stripe-payment-method', value: paymentMethod },
      { key: 'wc-stripe-is-deferred-intent', value: true },
    ],
    additional_fields: { terms: true },
    ...(key ? { idempotency_key: key } : {}),
  });
}

async function orderRow(id: number) {
  const [row] = await shop.database.db.select().from(orders).where(eq(orders.id, id));
  return row!;
}

async function intentsOf(orderId: number) {
  return shop.database.db
    .select({ id: stripeSandboxObjects.id })
    .from(stripeSandboxObjects)
    .where(
      and(
        eq(stripeSandboxObjects.type, 'payment_intent'),
        sql`${stripeSandboxObjects.data}->'metadata'->>'order_id' = ${String(orderId)}`,
      ),
    );
}

async function succeededCharges(intentId: string) {
  const rows = await shop.database.db
    .select({ id: stripeSandboxObjects.id })
    .from(stripeSandboxObjects)
    .where(
      and(
        eq(stripeSandboxObjects.type, 'charge'),
        sql`${stripeSandboxObjects.data}->>'payment_intent' = ${intentId}`,
        sql`${stripeSandboxObjects.data}->>'status' = 'succeeded'`,
      ),
    );
  return rows.length;
}

/** How often the order moved to `to`: each move writes one status note. */
async function moves(orderId: number, to: string) {
  const rows = await shop.database.db
    .select({ id: orderNotes.id })
    .from(orderNotes)
    .where(
      and(
        eq(orderNotes.orderId, orderId),
        eq(orderNotes.code, 'order.note.status_changed'),
        sql`${orderNotes.params}->>'to' = ${to}`,
      ),
    );
  return rows.length;
}

function mailsAbout(number: number, subject: RegExp) {
  const outbox = path.join(shop.dataDir, 'outbox');
  if (!existsSync(outbox)) return 0;
  return readdirSync(outbox)
    .map((f) => readFileSync(path.join(outbox, f), 'utf8'))
    .filter((m) => m.includes(String(number)) && subject.test(m)).length;
}

/** Places an order whose card needs 3-D Secure: pending, with the confirm hash. */
async function pendingThreeDS(client: StoreClient) {
  const res = await pay(client, 'pm_card_authenticationRequired');
  const body = (await res.json()) as any;
  expect(res.status).toBe(200);
  expect(body.status).toBe('pending');
  expect(body.payment_result.payment_status).toBe('pending');
  const redirect = body.payment_result.payment_details.find((d: any) => d.key === 'redirect');
  const hash = parseRedirectHash(redirect.value);
  expect(hash).toMatchObject({ kind: 'confirm', intent: 'pi', orderId: body.order_id });
  return {
    orderId: body.order_id as number,
    hash: hash as Extract<RedirectHash, { kind: 'confirm' }>,
  };
}

async function challenge(intentId: string, approve: boolean) {
  const intent = await stripe.paymentIntents.retrieve(intentId);
  const url = intent.next_action!.redirect_to_url!.url!;
  const answer = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: `outcome=${approve ? 'approve' : 'fail'}`,
    redirect: 'manual',
  });
  expect(answer.status).toBe(303);
}

function updateOrderStatus(client: StoreClient, orderId: number, nonce: string) {
  return fetch(`${shop.url}/wc-ajax/wc_stripe_update_order_status`, {
    method: 'POST',
    headers: {
      cookie: client.cookieHeader,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({ order_id: String(orderId), _ajax_nonce: nonce }).toString(),
  });
}

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
    const pm = await stripe.paymentMethods.create({
      type: 'sepa_debit',
      sepa_debit: { iban: 'AT611904300234573201' },
      billing_details: { name: 'Erika Mustermann', email: 'erika@example.org' },
    });
    const res = await client.post('/checkout', {
      billing_address: billing,
      payment_method: 'stripe_sepa_debit',
      payment_data: [{ key: 'wc-stripe-payment-method', value: pm.id }],
      additional_fields: { terms: true },
    });
    const body = (await res.json()) as any;
    expect(res.status).toBe(200);
    expect(body.status).toBe('on-hold');
    const order = await orderRow(body.order_id);
    await control('advance', { payment_intent: order.paymentIntentId! });
    await control('deliver');
    await expect.poll(async () => (await orderRow(order.id)).status).toBe('processing');
    expect(await moves(order.id, 'processing')).toBe(1);
  });
});

describe('card numbers', () => {
  const PAN = /\b(?:\d[ -]?){13,19}\b/g;
  const luhn = (digits: string) => {
    let sum = 0;
    for (let i = 0; i < digits.length; i++) {
      let d = Number(digits[digits.length - 1 - i]);
      if (i % 2 === 1) {
        d *= 2;
        if (d > 9) d -= 9;
      }
      sum += d;
    }
    return sum % 10 === 0;
  };
  const pans = (text: string) =>
    (text.match(PAN) ?? [])
      .map((m) => m.replace(/\D/g, ''))
      .filter((d) => d.length >= 13 && luhn(d));

  it('never appear in the shop’s tables, its mails or its logs', async () => {
    const db = shop.database.db;
    const tables = (await db.execute(
      sql`select table_name from information_schema.tables where table_schema = 'public'`,
    )) as unknown as { rows: { table_name: string }[] };
    const found: string[] = [];
    for (const { table_name: table } of tables.rows) {
      // The sandbox plays Stripe: its own tables hold what Stripe would, never the shop's.
      if (table.startsWith('stripe_sandbox') || table === '__drizzle_migrations') continue;
      const rows = (await db.execute(
        sql`select row_to_json(t)::text as row from ${sql.identifier(table)} t`,
      )) as unknown as { rows: { row: string }[] };
      for (const { row } of rows.rows) found.push(...pans(row).map((p) => `${table}: ${p}`));
    }
    expect(found).toEqual([]);
    const outbox = path.join(shop.dataDir, 'outbox');
    const mails = existsSync(outbox)
      ? readdirSync(outbox).map((f) => readFileSync(path.join(outbox, f), 'utf8'))
      : [];
    expect(mails.length).toBeGreaterThan(0);
    expect(mails.flatMap(pans)).toEqual([]);
    expect(logged.flatMap(pans)).toEqual([]);
    expect(logged.join('\n')).not.toMatch(/_secret_/);
  });
});
