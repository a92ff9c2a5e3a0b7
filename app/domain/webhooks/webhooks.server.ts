// Webhooks in the database: the list staff manage, the events queued with the changes that
// cause them, and the delivery log.
import { createHash, randomBytes } from 'node:crypto';
import { type SQL, and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import {
  type Actor,
  SYSTEM_ACTOR,
  changesOf,
  recordChange,
} from '#app/domain/audit/audit.server.ts';
import { type Result, fail, notFound, ok } from '#app/domain/kernel/result.ts';
import type { Tx } from '#app/domain/kernel/tx.ts';
import {
  DELIVERY_LOG_LIMIT,
  MAX_FAILURES,
  type WebhookDraft,
  type WebhookFields,
  type WebhookTopic,
  checkWebhook,
} from './webhooks.rules.ts';
import {
  type WebhookDeliveryRow,
  type WebhookRow,
  webhookDeliveries,
  webhooks,
} from './webhooks.schema.ts';

/** The outbox entry that delivers one event to one webhook. */
export const WEBHOOK_DELIVER = 'webhook.deliver';

export type WebhookEvent = { webhookId: number; topic: string; resourceId: number };

/**
 * Queues the event for every active webhook of its topic, in the caller's transaction: it is
 * delivered only if the change commits, and once per webhook (the outbox's claims). The
 * outbox belongs to the orders, higher up; it is written here by name so that every layer
 * that changes a resource can announce it.
 */
export async function queueWebhookEvent(
  tx: Tx,
  topic: WebhookTopic | readonly WebhookTopic[],
  resourceId: number,
): Promise<number> {
  const rows = await tx.execute(sql`
    insert into outbox (kind, payload, dedupe_key) ${webhookEventRows(topic, resourceId)}
    on conflict (dedupe_key) do nothing
    returning id`);
  return (rows as unknown as { rows: unknown[] }).rows.length;
}

/**
 * The outbox rows (kind, payload, dedupe_key) of one event: a delivery per active webhook of
 * its topics. The payload is read at delivery: the same event queued twice by one transaction
 * (a bulk edit of twenty variations) is delivered once; the key names the transaction.
 */
export function webhookEventRows(
  topic: WebhookTopic | readonly WebhookTopic[],
  resourceId: number,
): SQL {
  const topics = typeof topic === 'string' ? [topic] : [...topic];
  return sql`select ${WEBHOOK_DELIVER},
      jsonb_build_object('webhookId', ${webhooks.id}, 'topic', ${webhooks.topic},
        'resourceId', ${resourceId}::int),
      concat_ws(':', ${WEBHOOK_DELIVER}::text, ${webhooks.id}, ${webhooks.topic},
        ${resourceId}::int, pg_current_xact_id())
    from ${webhooks}
    where ${webhooks.status} = 'active' and ${inArray(webhooks.topic, topics)}`;
}

/** A secret as WooCommerce makes one when none is given. */
export function newWebhookSecret(): string {
  return randomBytes(24).toString('base64url');
}

export type WebhookListEntry = WebhookRow & {
  lastDelivery: Pick<WebhookDeliveryRow, 'responseCode' | 'createdAt' | 'error'> | null;
};

export async function listWebhooks(
  db: Tx,
  filter: { status?: WebhookRow['status']; ids?: number[] } = {},
): Promise<WebhookListEntry[]> {
  const rows = await db
    .select()
    .from(webhooks)
    .where(
      and(
        filter.status ? eq(webhooks.status, filter.status) : undefined,
        filter.ids ? inArray(webhooks.id, filter.ids.length ? filter.ids : [0]) : undefined,
      ),
    )
    .orderBy(desc(webhooks.id));
  if (rows.length === 0) return [];
  const last = await db
    .selectDistinctOn([webhookDeliveries.webhookId], {
      webhookId: webhookDeliveries.webhookId,
      responseCode: webhookDeliveries.responseCode,
      createdAt: webhookDeliveries.createdAt,
      error: webhookDeliveries.error,
    })
    .from(webhookDeliveries)
    .where(
      inArray(
        webhookDeliveries.webhookId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(webhookDeliveries.webhookId, desc(webhookDeliveries.id));
  const byId = new Map(last.map((l) => [l.webhookId, l]));
  return rows.map((r) => {
    const l = byId.get(r.id);
    return {
      ...r,
      lastDelivery: l
        ? { responseCode: l.responseCode, createdAt: l.createdAt, error: l.error }
        : null,
    };
  });
}

export async function findWebhook(db: Tx, id: number): Promise<WebhookRow | null> {
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) return null;
  const [row] = await db.select().from(webhooks).where(eq(webhooks.id, id));
  return row ?? null;
}

const fieldsOf = (row: WebhookRow): WebhookFields => ({
  name: row.name,
  topic: row.topic as WebhookTopic,
  deliveryUrl: row.deliveryUrl,
  secret: row.secret,
  status: row.status,
});

export const WEBHOOK_ENTITY = 'webhook';

/**
 * A webhook as its audit entries show it. The secret appears as a short fingerprint: a change
 * is visible, the secret is not.
 */
const auditedFields = (row: WebhookRow) => ({
  name: row.name,
  topic: row.topic,
  deliveryUrl: row.deliveryUrl,
  status: row.status,
  secret: `sha256:${createHash('sha256').update(row.secret).digest('hex').slice(0, 8)}`,
});

export async function createWebhook(
  db: Tx,
  draft: WebhookDraft,
  actor: Actor,
): Promise<Result<WebhookRow>> {
  const checked = checkWebhook(draft, null);
  if (!checked.ok) return checked;
  const [row] = await db
    .insert(webhooks)
    .values({
      ...checked.value,
      secret: checked.value.secret || newWebhookSecret(),
      createdBy: actor.id,
    })
    .returning();
  await recordChange(db, actor, {
    entity: WEBHOOK_ENTITY,
    entityId: row!.id,
    action: 'create',
    after: auditedFields(row!),
  });
  return ok(row!);
}

/** Changes a webhook; set active again, it starts over with no failures counted. */
export async function updateWebhook(
  db: Tx,
  id: number,
  draft: WebhookDraft,
  actor: Actor,
): Promise<Result<WebhookRow>> {
  const before = await findWebhook(db, id);
  if (!before) return fail(notFound('admin.webhooks.error.not_found'));
  const checked = checkWebhook(draft, fieldsOf(before));
  if (!checked.ok) return checked;
  const reactivated = checked.value.status === 'active' && before.status !== 'active';
  const [row] = await db
    .update(webhooks)
    .set({
      ...checked.value,
      secret: checked.value.secret || before.secret,
      ...(reactivated ? { failureCount: 0 } : {}),
      updatedAt: new Date(),
    })
    .where(eq(webhooks.id, id))
    .returning();
  if (!row) return fail(notFound('admin.webhooks.error.not_found'));
  await recordChange(db, actor, {
    entity: WEBHOOK_ENTITY,
    entityId: id,
    action: 'update',
    before: auditedFields(before),
    after: auditedFields(row),
  });
  return ok(row);
}

export async function deleteWebhook(db: Tx, id: number, actor: Actor): Promise<Result<WebhookRow>> {
  const before = await findWebhook(db, id);
  if (!before) return fail(notFound('admin.webhooks.error.not_found'));
  await db.delete(webhooks).where(eq(webhooks.id, id));
  await recordChange(db, actor, {
    entity: WEBHOOK_ENTITY,
    entityId: id,
    action: 'delete',
    before: auditedFields(before),
  });
  return ok(before);
}

/** A webhook's latest changes, newest first (kept after it is deleted). */
export function webhookChanges(db: Tx, id: number, limit = 20) {
  return changesOf(db, WEBHOOK_ENTITY, id, { limit });
}

export type DeliveryRecord = Omit<WebhookDeliveryRow, 'id' | 'createdAt'>;

/**
 * Writes one attempt to the log (keeping the newest per webhook) and counts it: a success
 * clears the failures in a row, a failure adds one and disables the webhook at the limit.
 * Pings (`count: false`) are logged only. Returns the webhook's status afterwards.
 */
export async function recordDelivery(
  db: Tx,
  record: DeliveryRecord,
  { success, count = true }: { success: boolean; count?: boolean },
): Promise<WebhookRow['status'] | null> {
  return db.transaction(async (tx) => {
    const [hook] = await tx
      .select()
      .from(webhooks)
      .where(eq(webhooks.id, record.webhookId))
      .for('update');
    if (!hook) return null;
    const [logged] = await tx.insert(webhookDeliveries).values(record).returning({
      id: webhookDeliveries.id,
    });
    await tx.delete(webhookDeliveries).where(
      and(
        eq(webhookDeliveries.webhookId, record.webhookId),
        lt(webhookDeliveries.id, logged!.id - 0),
        sql`${webhookDeliveries.id} not in (
            select id from ${webhookDeliveries} where webhook_id = ${record.webhookId}
            order by id desc limit ${DELIVERY_LOG_LIMIT})`,
      ),
    );
    if (!count) return hook.status;
    const failures = success ? 0 : hook.failureCount + 1;
    const status = failures >= MAX_FAILURES && hook.status === 'active' ? 'disabled' : hook.status;
    await tx
      .update(webhooks)
      .set({ failureCount: failures, status })
      .where(eq(webhooks.id, hook.id));
    if (status !== hook.status) {
      await recordChange(tx, SYSTEM_ACTOR, {
        entity: WEBHOOK_ENTITY,
        entityId: hook.id,
        action: 'disabled_after_failures',
        before: { status: hook.status },
        after: { status },
      });
    }
    return status;
  });
}

export async function webhookDeliveryLog(
  db: Tx,
  webhookId: number,
  limit = DELIVERY_LOG_LIMIT,
): Promise<WebhookDeliveryRow[]> {
  return db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.webhookId, webhookId))
    .orderBy(desc(webhookDeliveries.id))
    .limit(limit);
}

/** Names of the webhooks switched off after failing, for the back office's notices. */
export async function disabledWebhookNames(db: Tx): Promise<string[]> {
  const rows = await db
    .select({ name: webhooks.name })
    .from(webhooks)
    .where(eq(webhooks.status, 'disabled'))
    .orderBy(webhooks.id)
    .limit(20);
  return rows.map((r) => r.name);
}
