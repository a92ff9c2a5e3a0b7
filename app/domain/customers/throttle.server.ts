import { and, desc, eq, gt, lt } from 'drizzle-orm';
import type { Tx } from '#app/domain/kernel/tx.ts';
import type { AccountSettings } from './account-settings.server.ts';
import { loginFailures } from './customers.schema.ts';

/** Who tried: the email as typed (normalised) and the client's address. */
export type LoginAttempt = { email: string; address: string };

export type LoginThrottle = {
  /** Minutes until a login may be tried again, or 0 when it may be tried now. */
  blockedMinutes: number;
  /** Whether the email typed has failures in the window (a success then forgives them). */
  accountHasFailures: boolean;
};

/**
 * The throttle's state for one attempt. Counts failures by the email typed, not by account,
 * so the answer is the same whether the account exists. Blocked until the failure that
 * reached the limit leaves the window.
 */
export async function loginThrottle(
  db: Tx,
  attempt: LoginAttempt,
  limits: AccountSettings['throttle'],
  now = new Date(),
): Promise<LoginThrottle> {
  const windowMs = limits.windowMinutes * 60_000;
  const since = new Date(now.getTime() - windowMs);
  const inWindow = (scope: 'account' | 'address', subject: string) =>
    and(
      eq(loginFailures.scope, scope),
      eq(loginFailures.subject, subject),
      gt(loginFailures.at, since),
    );
  // The account's limit is small (at most 1,000): its newest failures tell both whether it has
  // any and when the one that reached the limit leaves the window. The address's limit can be
  // large, so only that one row is read.
  const [accountRows, [addressRow]] = await Promise.all([
    db
      .select({ at: loginFailures.at })
      .from(loginFailures)
      .where(inWindow('account', attempt.email))
      .orderBy(desc(loginFailures.at))
      .limit(limits.perAccount),
    db
      .select({ at: loginFailures.at })
      .from(loginFailures)
      .where(inWindow('address', attempt.address))
      .orderBy(desc(loginFailures.at))
      .offset(limits.perAddress - 1)
      .limit(1),
  ]);
  const reached = accountRows.length >= limits.perAccount ? accountRows.at(-1) : undefined;
  const until = Math.max(
    reached ? reached.at.getTime() + windowMs : 0,
    addressRow ? addressRow.at.getTime() + windowMs : 0,
  );
  return {
    blockedMinutes:
      until > now.getTime() ? Math.max(1, Math.ceil((until - now.getTime()) / 60_000)) : 0,
    accountHasFailures: accountRows.length > 0,
  };
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
