import { and, desc, eq, inArray, lt } from 'drizzle-orm';
import type { Tx } from '#app/domain/kernel/tx.ts';
import { type AuditRow, auditLog } from './audit.schema.ts';

/** Who makes a change: a staff account in the back office, an API key, or the shop itself. */
export type Actor = {
  channel: 'admin' | 'api' | 'system';
  id: number | null;
  label: string;
};

export const SYSTEM_ACTOR: Actor = { channel: 'system', id: null, label: '' };

type Fields = Record<string, unknown>;

/** The fields that differ, each side with only those: an unchanged field is not news. */
export function changedFields(
  before: Fields | null,
  after: Fields | null,
): { before: Fields | null; after: Fields | null } {
  if (!before || !after) return { before, after };
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  const was: Fields = {};
  const is: Fields = {};
  for (const key of keys) {
    if (JSON.stringify(before[key]) === JSON.stringify(after[key])) continue;
    if (key in before) was[key] = before[key];
    if (key in after) is[key] = after[key];
  }
  return { before: was, after: is };
}

/**
 * Records one change, in the caller's transaction so the log and the change commit together.
 * Nothing is recorded when an update changed no field.
 */
export async function recordChange(
  db: Tx,
  actor: Actor,
  change: {
    entity: string;
    entityId: string | number;
    action: string;
    before?: Fields | null;
    after?: Fields | null;
  },
): Promise<void> {
  const diff = changedFields(change.before ?? null, change.after ?? null);
  const unchanged =
    diff.before && diff.after && Object.keys({ ...diff.before, ...diff.after }).length === 0;
  if (unchanged) return;
  await db.insert(auditLog).values({
    actorId: actor.id,
    channel: actor.channel,
    actorLabel: actor.label.slice(0, 200),
    entity: change.entity,
    entityId: String(change.entityId),
    action: change.action,
    before: diff.before,
    after: diff.after,
  });
}

/**
 * An object's changes (or those of several objects of one kind), newest first; `before` is the
 * id of the oldest one already shown.
 */
export async function changesOf(
  db: Tx,
  entity: string,
  entityId: string | number | readonly string[],
  page: { limit?: number; before?: number } = {},
): Promise<AuditRow[]> {
  return db
    .select()
    .from(auditLog)
    .where(
      and(
        eq(auditLog.entity, entity),
        Array.isArray(entityId)
          ? inArray(auditLog.entityId, entityId)
          : eq(auditLog.entityId, String(entityId)),
        page.before ? lt(auditLog.id, page.before) : undefined,
      ),
    )
    .orderBy(desc(auditLog.id))
    .limit(Math.min(page.limit ?? 50, 200));
}
