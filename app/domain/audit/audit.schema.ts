import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Every change made in the back office or through the REST API: who, when, what, and the
 * fields before and after. Rows are only ever added; the object's page shows its own.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** The staff account that made the change; null for the shop itself (jobs, webhooks). */
    actorId: integer('actor_id'),
    /** How the change came: `admin` (the back office), `api` (a REST API key), `system`. */
    channel: text('channel', { enum: ['admin', 'api', 'system'] }).notNull(),
    /** What the actor is called in the log, kept as it was: an e-mail, an API key's description. */
    actorLabel: text('actor_label').notNull().default(''),
    /** The kind of object: `order`, `product`, `setting`, `api_key` ... */
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    /** What was done: `status`, `refund`, `shipment`, `update`, `create`, `delete` ... */
    action: text('action').notNull(),
    before: jsonb('before').$type<Record<string, unknown> | null>(),
    after: jsonb('after').$type<Record<string, unknown> | null>(),
  },
  (t) => [
    index('audit_log_entity_idx').on(t.entity, t.entityId, t.id),
    index('audit_log_at_idx').on(t.at),
  ],
);

export type AuditRow = typeof auditLog.$inferSelect;
