import { sql } from 'drizzle-orm';
import { bigserial, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

export const WEBHOOK_STATUSES = ['active', 'paused', 'disabled'] as const;
export type WebhookStatus = (typeof WEBHOOK_STATUSES)[number];

/**
 * Integrations told of changes in the shop, as WooCommerce's webhooks: a topic
 * (`order.created` …), the address that receives a signed JSON POST, and the secret it is
 * signed with (kept readable: the signature needs it, and staff see it as WooCommerce shows it).
 */
export const webhooks = pgTable(
  'webhooks',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    status: text('status', { enum: WEBHOOK_STATUSES }).notNull().default('active'),
    topic: text('topic').notNull(),
    deliveryUrl: text('delivery_url').notNull(),
    secret: text('secret').notNull(),
    apiVersion: text('api_version').notNull().default('wp_api_v3'),
    /** Failed deliveries in a row; at the limit the webhook is disabled. */
    failureCount: integer('failure_count').notNull().default(0),
    /** The staff account that made it (no reference: accounts are a concept above this one). */
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('webhooks_topic_idx')
      .on(t.topic)
      .where(sql`${t.status} = 'active'`),
  ],
);

export type WebhookRow = typeof webhooks.$inferSelect;

/** Each delivery attempt, newest kept (a bounded number per webhook). */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    webhookId: integer('webhook_id')
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    /** The outbox entry of the event: one delivery id across its attempts. */
    deliveryId: text('delivery_id').notNull(),
    topic: text('topic').notNull(),
    resourceId: integer('resource_id'),
    requestHeaders: text('request_headers').notNull().default(''),
    requestBody: text('request_body').notNull().default(''),
    /** Null when no answer came (refused address, network error, timeout). */
    responseCode: integer('response_code'),
    responseBody: text('response_body').notNull().default(''),
    error: text('error'),
    durationMs: integer('duration_ms').notNull().default(0),
    attempt: integer('attempt').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhook_deliveries_webhook_idx').on(t.webhookId, t.id)],
);

export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
