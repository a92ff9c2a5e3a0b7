import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Tx } from '#app/lib/db.server.ts';
import { eventObject } from './objects.ts';
import { noSuch } from './params.ts';
import {
  stripeSandboxDeliveries,
  stripeSandboxIdempotency,
  stripeSandboxObjects,
  stripeSandboxSettings,
} from './sandbox.schema.ts';

export type ObjectType =
  | 'payment_intent'
  | 'setup_intent'
  | 'payment_method'
  | 'customer'
  | 'charge'
  | 'refund'
  | 'confirmation_token'
  | 'mandate'
  | 'event';

export type Stored<T = Record<string, unknown>> = {
  id: string;
  type: ObjectType;
  customer: string | null;
  data: T;
  hidden: Record<string, unknown>;
  advanceAt: Date | null;
};

/** Loads an object; inside a transaction `lock` serialises concurrent changes to it. */
export async function load<T>(
  tx: Tx,
  type: ObjectType,
  id: string,
  options: { lock?: boolean; param?: string } = {},
): Promise<Stored<T>> {
  const found = await find<T>(tx, type, id, options.lock);
  if (!found) throw noSuch(type, id, options.param);
  return found;
}

export async function find<T>(
  tx: Tx,
  type: ObjectType,
  id: string,
  lock = false,
): Promise<Stored<T> | null> {
  if (id.length > 255) return null;
  const query = tx
    .select()
    .from(stripeSandboxObjects)
    .where(and(eq(stripeSandboxObjects.id, id), eq(stripeSandboxObjects.type, type)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) return null;
  return { ...row, type: row.type as ObjectType, data: row.data as T };
}

export async function insert<T extends { id: string }>(
  tx: Tx,
  type: ObjectType,
  data: T,
  extra: {
    customer?: string | null;
    hidden?: Record<string, unknown>;
    advanceAt?: Date | null;
  } = {},
): Promise<Stored<T>> {
  const row = {
    id: data.id,
    type,
    customer: extra.customer ?? null,
    data: data as unknown as Record<string, unknown>,
    hidden: extra.hidden ?? {},
    advanceAt: extra.advanceAt ?? null,
  };
  await tx.insert(stripeSandboxObjects).values(row);
  return { ...row, data };
}

export async function save<T>(tx: Tx, stored: Stored<T>): Promise<void> {
  await tx
    .update(stripeSandboxObjects)
    .set({
      data: stored.data as unknown as Record<string, unknown>,
      hidden: stored.hidden,
      customer: stored.customer,
      advanceAt: stored.advanceAt,
    })
    .where(eq(stripeSandboxObjects.id, stored.id));
}

export async function list<T>(
  tx: Tx,
  type: ObjectType,
  options: { customer?: string; limit: number; startingAfter?: string },
) {
  const conditions = [eq(stripeSandboxObjects.type, type)];
  if (options.customer) conditions.push(eq(stripeSandboxObjects.customer, options.customer));
  if (options.startingAfter) {
    const [after] = await tx
      .select({ createdAt: stripeSandboxObjects.createdAt })
      .from(stripeSandboxObjects)
      .where(eq(stripeSandboxObjects.id, options.startingAfter));
    if (after) conditions.push(lt(stripeSandboxObjects.createdAt, after.createdAt));
  }
  const rows = await tx
    .select({ data: stripeSandboxObjects.data })
    .from(stripeSandboxObjects)
    .where(and(...conditions))
    .orderBy(desc(stripeSandboxObjects.createdAt), desc(stripeSandboxObjects.id))
    .limit(options.limit + 1);
  return {
    data: rows.slice(0, options.limit).map((r) => r.data as T),
    hasMore: rows.length > options.limit,
  };
}

/** Objects whose delayed transition is due (or all pending ones when forced). */
export async function dueForAdvance(tx: Tx, force: boolean, id?: string): Promise<string[]> {
  const conditions = [sql`${stripeSandboxObjects.advanceAt} is not null`];
  if (!force) conditions.push(sql`${stripeSandboxObjects.advanceAt} <= now()`);
  if (id) conditions.push(eq(stripeSandboxObjects.id, id));
  const rows = await tx
    .select({ id: stripeSandboxObjects.id })
    .from(stripeSandboxObjects)
    .where(and(...conditions))
    .orderBy(stripeSandboxObjects.advanceAt)
    .limit(100);
  return rows.map((r) => r.id);
}

export type WebhookOptions = {
  /** Milliseconds before the first attempt. */
  delayMs: number;
  /** Each event is delivered this many times. */
  duplicates: number;
  /** Deliveries wait for the release control call (which can send them in reverse order). */
  hold: boolean;
};

export const DEFAULT_WEBHOOK_OPTIONS: WebhookOptions = { delayMs: 0, duplicates: 1, hold: false };

export async function webhookOptions(tx: Tx): Promise<WebhookOptions> {
  const [row] = await tx
    .select()
    .from(stripeSandboxSettings)
    .where(eq(stripeSandboxSettings.name, 'webhooks'));
  return { ...DEFAULT_WEBHOOK_OPTIONS, ...(row?.value as Partial<WebhookOptions> | undefined) };
}

export async function setWebhookOptions(tx: Tx, options: WebhookOptions): Promise<void> {
  await tx
    .insert(stripeSandboxSettings)
    .values({ name: 'webhooks', value: options })
    .onConflictDoUpdate({ target: stripeSandboxSettings.name, set: { value: options } });
}

export type RequestInfo = { requestId: string | null; idempotencyKey: string | null };

/** Records an event and queues its delivery to the shop's webhook endpoint. */
export async function emit(
  tx: Tx,
  request: RequestInfo,
  type: Stripe.Event.Type,
  object: unknown,
  previousAttributes?: Record<string, unknown>,
): Promise<string> {
  const event = eventObject({
    type,
    object: object as Record<string, unknown>,
    previousAttributes,
    requestId: request.requestId,
    idempotencyKey: request.idempotencyKey,
  });
  await insert(tx, 'event', event);
  const options = await webhookOptions(tx);
  const at = new Date(Date.now() + options.delayMs);
  for (let i = 0; i < Math.max(1, options.duplicates); i++) {
    await tx
      .insert(stripeSandboxDeliveries)
      .values({ eventId: event.id, nextAttemptAt: at, held: options.hold });
  }
  return event.id;
}

export type IdempotencyClaim =
  { state: 'new' } | { state: 'replay'; response: Record<string, unknown> } | { state: 'mismatch' };

/**
 * Claims an idempotency key inside the request's transaction. A concurrent request with the
 * same key waits on the row until the first commits, then replays its stored answer.
 */
export async function claimIdempotency(
  tx: Tx,
  key: string,
  requestHash: string,
): Promise<IdempotencyClaim> {
  const inserted = await tx
    .insert(stripeSandboxIdempotency)
    .values({ key, requestHash })
    .onConflictDoNothing()
    .returning({ key: stripeSandboxIdempotency.key });
  if (inserted.length > 0) return { state: 'new' };
  const [row] = await tx
    .select()
    .from(stripeSandboxIdempotency)
    .where(eq(stripeSandboxIdempotency.key, key));
  if (!row || row.requestHash !== requestHash) return { state: 'mismatch' };
  return row.response ? { state: 'replay', response: row.response } : { state: 'mismatch' };
}

export async function storeIdempotent(
  tx: Tx,
  key: string,
  response: Record<string, unknown>,
): Promise<void> {
  await tx
    .update(stripeSandboxIdempotency)
    .set({ response })
    .where(eq(stripeSandboxIdempotency.key, key));
}

/** Any stored object by id, for `expand[]`. */
export async function anyObject(tx: Tx, id: string): Promise<Record<string, unknown> | null> {
  if (id.length > 255) return null;
  const [row] = await tx
    .select({ data: stripeSandboxObjects.data })
    .from(stripeSandboxObjects)
    .where(eq(stripeSandboxObjects.id, id));
  return row?.data ?? null;
}
