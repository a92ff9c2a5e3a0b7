// Test mails from the back office: each is in the audit log (who sent which mail to whom), and
// that log is also their limit, so every instance counts the same sends.
import { and, count, eq, gt, sql } from 'drizzle-orm';
import type { Tx } from '#app/domain/kernel/tx.ts';
import { auditLog } from './audit.schema.ts';
import { type Actor, recordChange } from './audit.server.ts';

/** Test sends a staff member may make per minute: enough for work, too few for a stuck key. */
export const TEST_SEND_LIMIT = 10;

/**
 * Takes one test send for the staff member and records it; false (nothing recorded) when the
 * last minute already holds the limit. Sends of one member take turns, so two at once cannot
 * both take the last one.
 */
export async function takeTestSend(
  db: Tx,
  actor: Actor & { id: number },
  send: { mail: string; to: string; lang: string },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('mail-test-send'), ${actor.id})`);
    const [recent] = await tx
      .select({ n: count() })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entity, 'mail'),
          eq(auditLog.action, 'test_send'),
          eq(auditLog.actorId, actor.id),
          gt(auditLog.at, sql`now() - interval '1 minute'`),
        ),
      );
    if ((recent?.n ?? 0) >= TEST_SEND_LIMIT) return false;
    await recordChange(tx, actor, {
      entity: 'mail',
      entityId: send.mail,
      action: 'test_send',
      after: { to: send.to, lang: send.lang },
    });
    return true;
  });
}
