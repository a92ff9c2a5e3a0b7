import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/**
 * Every object of the Stripe sandbox (payment intents, payment methods, customers, ...) as the
 * JSON Stripe would return, plus what only the sandbox needs to know (`hidden`: the test
 * behaviour of a method, the challenge nonce of an intent). Card numbers are never stored.
 */
export const stripeSandboxObjects = pgTable(
  'stripe_sandbox_objects',
  {
    id: text('id').primaryKey(),
    type: text('type').notNull(),
    /** What lists read by: the owning customer, or for refunds their PaymentIntent. */
    customer: text('customer'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    hidden: jsonb('hidden').$type<Record<string, unknown>>().notNull().default({}),
    /** When a delayed transition (SEPA processing -> succeeded) is due. */
    advanceAt: timestamp('advance_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('stripe_sandbox_objects_type_customer').on(t.type, t.customer),
    index('stripe_sandbox_objects_advance_at').on(t.advanceAt),
  ],
);

/** Stored answers of requests with an Idempotency-Key, per API key. */
export const stripeSandboxIdempotency = pgTable('stripe_sandbox_idempotency', {
  key: text('key').primaryKey(),
  requestHash: text('request_hash').notNull(),
  response: jsonb('response').$type<Record<string, unknown>>(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One row per webhook delivery to the shop; kept until delivered, retried with backoff. */
export const stripeSandboxDeliveries = pgTable(
  'stripe_sandbox_deliveries',
  {
    id: serial('id').primaryKey(),
    eventId: text('event_id').notNull(),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    /** Held deliveries wait for the control call that releases them (reordering in tests). */
    held: boolean('held').notNull().default(false),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    lastStatus: integer('last_status'),
    lastError: text('last_error'),
  },
  (t) => [index('stripe_sandbox_deliveries_due').on(t.deliveredAt, t.nextAttemptAt)],
);

/** Options the control calls set (webhook delay, duplicates, holding for reordering). */
export const stripeSandboxSettings = pgTable('stripe_sandbox_settings', {
  name: text('name').primaryKey(),
  value: jsonb('value').$type<Record<string, unknown>>().notNull(),
});
