import { and, desc, eq, gt, lt, sql } from 'drizzle-orm';
import type { Tx } from '#app/domain/kernel/tx.ts';
import { settings as settingsTable } from '#app/domain/settings/settings.schema.ts';
import {
  ACCOUNT_SETTINGS_KEY,
  type AccountSettings,
  DEFAULT_ACCOUNT_SETTINGS,
  MAX_FAILURES_PER_ACCOUNT,
  MAX_THROTTLE_WINDOW_MINUTES,
  parseAccountSettings,
} from './account-settings.server.ts';
import { type CustomerRow, customers, loginFailures } from './customers.schema.ts';

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
  return judge(
    limits,
    now,
    accountRows.map((r) => r.at.getTime()),
    addressRow ? addressRow.at.getTime() : null,
  );
}

/**
 * The throttle's answer from the account's failures in the window (newest first, at most its
 * limit) and the time of the address's failure that reached its limit, if any.
 */
function judge(
  limits: AccountSettings['throttle'],
  now: Date,
  accountTimes: number[],
  addressLimitAt: number | null,
): LoginThrottle {
  const windowMs = limits.windowMinutes * 60_000;
  const reached = accountTimes.length >= limits.perAccount ? accountTimes.at(-1) : undefined;
  const until = Math.max(
    reached !== undefined ? reached + windowMs : 0,
    addressLimitAt !== null ? addressLimitAt + windowMs : 0,
  );
  return {
    blockedMinutes:
      until > now.getTime() ? Math.max(1, Math.ceil((until - now.getTime()) / 60_000)) : 0,
    accountHasFailures: accountTimes.length > 0,
  };
}

/**
 * The account typed, the account settings and the throttle's state for one attempt in one
 * statement, so a login makes one round trip before its hash. The failures are read for the
 * longest window and the largest account limit, then judged with the settings' own; the
 * address's limit is taken from the stored settings inside the statement. When the settings as
 * parsed here name another address limit than the statement used (stored settings that are not
 * valid), the throttle is read again with the parsed ones.
 */
export async function loginLookup(
  db: Tx,
  attempt: LoginAttempt,
  now = new Date(),
): Promise<{ customer: CustomerRow | null; settings: AccountSettings; throttle: LoginThrottle }> {
  const since = new Date(now.getTime() - MAX_THROTTLE_WINDOW_MINUTES * 60_000);
  const stored = sql`(select ${settingsTable.value} from ${settingsTable} where ${settingsTable.key} = ${ACCOUNT_SETTINGS_KEY})`;
  const perAddress = sql<number>`coalesce((select case when (s.v -> 'throttle' ->> 'perAddress') ~ '^[0-9]{1,6}$' then (s.v -> 'throttle' ->> 'perAddress')::int end from (select ${stored} as v) s), ${DEFAULT_ACCOUNT_SETTINGS.throttle.perAddress})`;
  // One row whether or not the account exists: the account is joined to a row of its own.
  const rows = await db
    .select({
      customer: customers,
      settings: sql<unknown>`${stored}`,
      account: sql<
        number[]
      >`(select coalesce(json_agg(extract(epoch from a.at) * 1000 order by a.at desc), '[]'::json) from (
        select ${loginFailures.at} as at from ${loginFailures}
        where ${loginFailures.scope} = 'account' and ${loginFailures.subject} = ${attempt.email}
          and ${loginFailures.at} > ${since}
        order by ${loginFailures.at} desc limit ${MAX_FAILURES_PER_ACCOUNT}) a)`,
      address: sql<
        number | string | null
      >`(select extract(epoch from ${loginFailures.at}) * 1000 from ${loginFailures}
        where ${loginFailures.scope} = 'address' and ${loginFailures.subject} = ${attempt.address}
          and ${loginFailures.at} > ${since}
        order by ${loginFailures.at} desc offset greatest(${perAddress} - 1, 0) limit 1)`,
      perAddress,
    })
    .from(sql`(select 1) as attempt`)
    .leftJoin(customers, eq(customers.email, attempt.email));
  const row = rows[0]!;
  const settings = parseAccountSettings(row.settings);
  const customer = row.customer;
  if (settings.throttle.perAddress !== Number(row.perAddress)) {
    return {
      customer,
      settings,
      throttle: await loginThrottle(db, attempt, settings.throttle, now),
    };
  }
  const limits = settings.throttle;
  const windowStart = now.getTime() - limits.windowMinutes * 60_000;
  const accountTimes = row.account
    .map(Number)
    .filter((at) => at > windowStart)
    .slice(0, limits.perAccount);
  const addressAt = row.address === null ? null : Number(row.address);
  return {
    customer,
    settings,
    throttle: judge(
      limits,
      now,
      accountTimes,
      addressAt !== null && addressAt > windowStart ? addressAt : null,
    ),
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
