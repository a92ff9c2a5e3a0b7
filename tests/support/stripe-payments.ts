/**
 * The shop of the Stripe payment tests (tests/api/stripe-payments-*.test.ts): a checkout shop
 * on its built-in Stripe sandbox whose webhooks wait until a test delivers them, the console
 * recorded, and the look-ups those tests share. After its file ran, no card number may stand
 * in the shop's tables, mails or logs.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import { afterAll, beforeAll, expect, vi } from 'vitest';
import { orderNotes, orders } from '#app/domain/orders/orders.schema.ts';
import { type RedirectHash, parseRedirectHash } from '#app/domain/payments/stripe/redirect-hash.ts';
import type { sandboxKeys } from '#app/domain/payments/stripe-setup.server.ts';
import { stripeSandboxObjects } from '#sandbox/stripe/domain/sandbox.schema.ts';
import { GERMAN_BILLING } from './addresses.ts';
import { startCheckoutShop } from './checkout-shop.ts';
import { sandboxStripe } from './sandbox-client.ts';
import type { TestShop } from './shop.ts';
import { StoreClient } from './store-client.ts';

// Live bindings: set in the file's beforeAll, read by its tests.
export let shop: TestShop;
export let stripe: Stripe;
export let keys: ReturnType<typeof sandboxKeys>;
export let candle: number;
/** Everything the shop wrote to the console while the file ran. */
export const logged: string[] = [];

export const billing = GERMAN_BILLING;

/** Starts the file's shop before its tests and closes it after them. */
export function withStripePaymentsShop() {
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
    try {
      if (shop) {
        const leaked = await cardNumbersLeaked();
        expect([...leaked.tables, ...leaked.mails, ...leaked.logs]).toEqual([]);
        expect(logged.join('\n')).not.toMatch(/_secret_/);
      }
    } finally {
      vi.restoreAllMocks();
      await shop?.close();
    }
  });
}

const PAN = /\b(?:\d[ -]?){13,19}\b/g;

function luhn(digits: string) {
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
}

const pans = (text: string) =>
  (text.match(PAN) ?? []).map((m) => m.replace(/\D/g, '')).filter((d) => d.length >= 13 && luhn(d));

/** Card numbers in the shop's tables, its mails and the logged lines, and how many mails it sent. */
export async function cardNumbersLeaked() {
  const db = shop.database.db;
  const found = (await db.execute(
    sql`select table_name from information_schema.tables where table_schema = 'public'`,
  )) as unknown as { rows: { table_name: string }[] };
  const tables: string[] = [];
  for (const { table_name: table } of found.rows) {
    // The sandbox plays Stripe: its own tables hold what Stripe would, never the shop's.
    if (table.startsWith('stripe_sandbox') || table === '__drizzle_migrations') continue;
    const rows = (await db.execute(
      sql`select row_to_json(t)::text as row from ${sql.identifier(table)} t`,
    )) as unknown as { rows: { row: string }[] };
    for (const { row } of rows.rows) tables.push(...pans(row).map((p) => `${table}: ${p}`));
  }
  const outbox = path.join(shop.dataDir, 'outbox');
  const mailTexts = existsSync(outbox)
    ? readdirSync(outbox).map((f) => readFileSync(path.join(outbox, f), 'utf8'))
    : [];
  return {
    tables,
    mailCount: mailTexts.length,
    mails: mailTexts.flatMap(pans),
    logs: logged.flatMap(pans),
  };
}

export async function control(action: string, form: Record<string, string> = {}) {
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

export async function shopper(quantity = 2) {
  const client = await StoreClient.start(shop.url);
  const res = await client.post('/cart/add-item', { id: candle, quantity });
  expect(res.status).toBe(201);
  return client;
}

export function pay(client: StoreClient, paymentMethod: string, key?: string) {
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

/** Checks out with a new SEPA Direct Debit method: the order waits on hold while the debit runs. */
export async function paySepa(client: StoreClient) {
  const method = await stripe.paymentMethods.create({
    type: 'sepa_debit',
    sepa_debit: { iban: 'AT611904300234573201' },
    billing_details: { name: 'Erika Mustermann', email: 'erika@example.org' },
  });
  const res = await client.post('/checkout', {
    billing_address: billing,
    payment_method: 'stripe_sepa_debit',
    payment_data: [{ key: 'wc-stripe-payment-method', value: method.id }],
    additional_fields: { terms: true },
  });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { order_id: number; status: string };
  return { method, body };
}

export async function orderRow(id: number) {
  const [row] = await shop.database.db.select().from(orders).where(eq(orders.id, id));
  return row!;
}

export async function intentsOf(orderId: number) {
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

export async function succeededCharges(intentId: string) {
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
export async function moves(orderId: number, to: string) {
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

export function mailsAbout(number: number, subject: RegExp) {
  const outbox = path.join(shop.dataDir, 'outbox');
  if (!existsSync(outbox)) return 0;
  return readdirSync(outbox)
    .map((f) => readFileSync(path.join(outbox, f), 'utf8'))
    .filter((m) => m.includes(String(number)) && subject.test(m)).length;
}

/** Places an order whose card needs 3-D Secure: pending, with the confirm hash. */
export async function pendingThreeDS(client: StoreClient) {
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

export async function challenge(intentId: string, approve: boolean) {
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

export function updateOrderStatus(client: StoreClient, orderId: number, nonce: string) {
  return fetch(`${shop.url}/wc-ajax/wc_stripe_update_order_status`, {
    method: 'POST',
    headers: {
      cookie: client.cookieHeader,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({ order_id: String(orderId), _ajax_nonce: nonce }).toString(),
  });
}
