import { and, desc, eq, gt, lt } from 'drizzle-orm';
import type { Tx } from '#app/domain/kernel/tx.ts';
import type { AccountSettings } from './account-settings.server.ts';
import { loginFailures } from './customers.schema.ts';

/** Who tried: the email as typed (normalised) and the client's address. */
export type LoginAttempt = { email: string; address: string };

/**
 * Minutes until a login may be tried again, or 0 when it may be tried now. Counts failures by
 * the email typed, not by account, so the answer is the same whether the account exists.
 */
export async function loginBlockedMinutes(
  db: Tx,
  attempt: LoginAttempt,
  limits: AccountSettings['throttle'],
  now = new Date(),
): Promise<number> {
  const since = new Date(now.getTime() - limits.windowMinutes * 60_000);
  // Blocked until the failure that reached the limit leaves the window.
  const blockedUntil = async (scope: 'account' | 'address', subject: string, limit: number) => {
    const [row] = await db
      .select({ at: loginFailures.at })
      .from(loginFailures)
      .where(
        and(
          eq(loginFailures.scope, scope),
          eq(loginFailures.subject, subject),
          gt(loginFailures.at, since),
        ),
      )
      .orderBy(desc(loginFailures.at))
      .offset(limit - 1)
      .limit(1);
    return row ? row.at.getTime() + limits.windowMinutes * 60_000 : 0;
  };
  const [account, address] = await Promise.all([
    blockedUntil('account', attempt.email, limits.perAccount),
    blockedUntil('address', attempt.address, limits.perAddress),
  ]);
  const until = Math.max(account, address);
  return until > now.getTime() ? Math.max(1, Math.ceil((until - now.getTime()) / 60_000)) : 0;
}

export async function recordLoginFailure(db: Tx, attempt: LoginAttempt, now = new Date()) {
  await db.insert(loginFailures).values([
    { scope: 'account', subject: attempt.email, at: now },
    { scope: 'address', subject: attempt.address, at: now },
  ]);
}

/** A successful login forgives the account's failures (the address keeps its count). */
export async function clearAccountFailures(db: Tx, email: string) {
  await db
    .delete(loginFailures)
    .where(and(eq(loginFailures.scope, 'account'), eq(loginFailures.subject, email)));
}

/** Deletes failures older than a day (a job): the window is far shorter. */
export async function purgeLoginFailures(db: Tx, now = new Date()): Promise<number> {
  const gone = await db
    .delete(loginFailures)
    .where(lt(loginFailures.at, new Date(now.getTime() - 86_400_000)))
    .returning({ id: loginFailures.id });
  return gone.length;
}
