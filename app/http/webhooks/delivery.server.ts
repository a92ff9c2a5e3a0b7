// Delivers webhook events: the payload built when it is sent, signed as WooCommerce signs it,
// posted with a timeout and without following redirects; each attempt is logged and counted.
import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { eq } from 'drizzle-orm';
import { coupons } from '#app/domain/coupons/coupons.schema.ts';
import { oneJson as couponAnswer } from '../rest-v3/coupons.server.ts';
import { customerJson } from '../rest-v3/customers.server.ts';
import { apiCustomer } from '#app/domain/privacy/api-customers.server.ts';
import type { Tx } from '#app/domain/kernel/tx.ts';
import { staffOrder } from '#app/domain/orders/staff-orders.server.ts';
import type { OutboxRow } from '#app/domain/orders/outbox.schema.ts';
import { LOG_EXCERPT, topicParts } from '#app/domain/webhooks/webhooks.rules.ts';
import type { WebhookRow } from '#app/domain/webhooks/webhooks.schema.ts';
import {
  type WebhookEvent,
  findWebhook,
  recordDelivery,
} from '#app/domain/webhooks/webhooks.server.ts';
import type { Env } from '#app/lib/env.server.ts';
import { fullOrder } from '../rest-v3/orders.server.ts';
import { jsonContext } from '../rest-v3/product-context.server.ts';
import { productAnswer } from '../rest-v3/products.server.ts';
import {
  RefusedTarget,
  guardedLookup,
  isPrivateAddress,
  privateTargetsAllowed,
} from './targets.server.ts';

/** How long a receiver has to answer. */
export const DELIVERY_TIMEOUT_MS = 10_000;
/** How much of an answer is read (the log keeps less). */
const ANSWER_LIMIT = 64 * 1024;

/** WooCommerce's signature: HMAC-SHA256 of the raw body with the secret, base64. */
export function webhookSignature(body: string, secret: string): string {
  return createHmac('sha256', secret).update(body, 'utf8').digest('base64');
}

type Answer = { status: number | null; body: string; error: string | null; durationMs: number };

/** One POST; redirects are answers (not followed), any failure an answer without status. */
function post(
  target: string,
  body: string,
  headers: Record<string, string>,
  allowPrivate: boolean,
): Promise<Answer> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  return new Promise((resolve) => {
    let url: URL;
    try {
      url = new URL(target);
    } catch {
      resolve({ status: null, body: '', error: 'invalid address', durationMs: 0 });
      return;
    }
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (!allowPrivate && net.isIP(host) && isPrivateAddress(host)) {
      resolve({ status: null, body: '', error: new RefusedTarget().message, durationMs: 0 });
      return;
    }
    const client = url.protocol === 'https:' ? https : http;
    const request = client.request(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'Content-Length': String(Buffer.byteLength(body)) },
        lookup: guardedLookup(allowPrivate) as never,
        timeout: DELIVERY_TIMEOUT_MS,
        agent: false,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          if (size < ANSWER_LIMIT) chunks.push(chunk);
          size += chunk.length;
          if (size >= ANSWER_LIMIT) response.destroy();
        });
        const done = () =>
          resolve({
            status: response.statusCode ?? null,
            body: Buffer.concat(chunks).toString('utf8').slice(0, LOG_EXCERPT),
            error: null,
            durationMs: elapsed(),
          });
        response.on('end', done);
        response.on('close', done);
        response.on('error', done);
      },
    );
    request.on('timeout', () => request.destroy(new Error('timed out')));
    request.on('error', (error) =>
      resolve({
        status: null,
        body: '',
        error: error.message.slice(0, 300),
        durationMs: elapsed(),
      }),
    );
    request.end(body);
  });
}

/**
 * The resource as the REST API v3 answers it, read now (a later change is what the receiver
 * sees); `{id}` for a deletion or a resource gone by now.
 */
export async function webhookPayload(
  db: Tx,
  env: Env,
  topic: string,
  id: number,
): Promise<unknown> {
  const { resource, event } = topicParts(topic);
  const gone = { id };
  if (event === 'deleted') return gone;
  const base = env.SHOP_URL;
  switch (resource) {
    case 'order': {
      const order = await staffOrder(db, id);
      return order ? fullOrder(db, order, base) : gone;
    }
    case 'product': {
      const answer = await productAnswer(db, id, await jsonContext(db, new URL(base), env));
      return answer.ok ? answer.value : gone;
    }
    case 'customer': {
      const row = await apiCustomer(db, id);
      return row ? customerJson(row, base) : gone;
    }
    case 'coupon': {
      const [row] = await db.select().from(coupons).where(eq(coupons.id, id));
      return row ? couponAnswer(db, row, base) : gone;
    }
    default:
      return gone;
  }
}

function deliveryHeaders(
  env: Env,
  hook: WebhookRow,
  topic: string,
  deliveryId: string,
  body: string,
  contentType: string,
): Record<string, string> {
  const { resource, event } = topicParts(topic);
  return {
    'Content-Type': contentType,
    'User-Agent': `Ladenzeile-Shop/1.0 Hookshot (${env.SHOP_URL})`,
    'X-WC-Webhook-Source': `${env.SHOP_URL}/`,
    'X-WC-Webhook-Topic': topic,
    'X-WC-Webhook-Resource': resource,
    'X-WC-Webhook-Event': event,
    'X-WC-Webhook-Signature': webhookSignature(body, hook.secret),
    'X-WC-Webhook-ID': String(hook.id),
    'X-WC-Webhook-Delivery-ID': deliveryId,
  };
}

const headerText = (headers: Record<string, string>) =>
  Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}`)
    .join('\n');

export type DeliveryOutcome = { ok: boolean; status: WebhookRow['status'] | null; answer: Answer };

/** Sends one body to the webhook and logs the attempt. */
async function send(
  db: Tx,
  env: Env,
  hook: WebhookRow,
  delivery: { topic: string; resourceId: number | null; deliveryId: string; attempt: number },
  body: string,
  { contentType = 'application/json', count = true } = {},
): Promise<DeliveryOutcome> {
  const headers = deliveryHeaders(
    env,
    hook,
    delivery.topic,
    delivery.deliveryId,
    body,
    contentType,
  );
  const allowPrivate = await privateTargetsAllowed(db, env);
  const answer = await post(hook.deliveryUrl, body, headers, allowPrivate);
  const ok = answer.status !== null && answer.status >= 200 && answer.status < 300;
  const status = await recordDelivery(
    db,
    {
      webhookId: hook.id,
      deliveryId: delivery.deliveryId,
      topic: delivery.topic,
      resourceId: delivery.resourceId,
      // The signature proves the body; the log has no use for it.
      requestHeaders: headerText({ ...headers, 'X-WC-Webhook-Signature': '…' }),
      requestBody: body.slice(0, 2_000),
      responseCode: answer.status,
      responseBody: answer.body,
      error: answer.error,
      durationMs: answer.durationMs,
      attempt: delivery.attempt,
    },
    { success: ok, count },
  );
  return { ok, status, answer };
}

function eventOf(entry: OutboxRow): WebhookEvent | null {
  const { webhookId, topic, resourceId } = entry.payload;
  if (typeof webhookId !== 'number' || typeof topic !== 'string' || typeof resourceId !== 'number')
    return null;
  return { webhookId, topic, resourceId };
}

/**
 * The outbox effect of one event for one webhook. A paused, disabled or deleted webhook drops
 * it; a failed attempt throws, so the outbox tries again later, until the webhook is disabled.
 */
export async function deliverWebhookEvent(
  ctx: { db: Tx; env: Env },
  entry: OutboxRow,
): Promise<void> {
  const event = eventOf(entry);
  if (!event) return;
  const hook = await findWebhook(ctx.db, event.webhookId);
  if (!hook || hook.status !== 'active') return;
  const body = JSON.stringify(await webhookPayload(ctx.db, ctx.env, event.topic, event.resourceId));
  const outcome = await send(
    ctx.db,
    ctx.env,
    hook,
    {
      topic: event.topic,
      resourceId: event.resourceId,
      deliveryId: String(entry.id),
      attempt: entry.attempts,
    },
    body,
  );
  if (!outcome.ok && outcome.status === 'active') {
    throw new Error(
      `webhook ${hook.id}: ${outcome.answer.status ?? outcome.answer.error ?? 'no answer'}`,
    );
  }
}

/** The back office's test: WooCommerce's ping body, logged but not counted as a failure. */
export async function pingWebhook(db: Tx, env: Env, hook: WebhookRow): Promise<DeliveryOutcome> {
  return send(
    db,
    env,
    hook,
    { topic: hook.topic, resourceId: null, deliveryId: `ping-${Date.now()}`, attempt: 1 },
    `webhook_id=${hook.id}`,
    { contentType: 'application/x-www-form-urlencoded', count: false },
  );
}
