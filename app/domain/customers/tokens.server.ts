import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt, or, isNotNull } from 'drizzle-orm';
import type { Tx } from '#app/domain/kernel/tx.ts';
import { type TokenPurpose, customerTokens } from './customers.schema.ts';

/** How long each kind of mailed link works. */
export const TOKEN_TTL_MS: Record<TokenPurpose, number> = {
  reset: 60 * 60_000,
  activate: 7 * 86_400_000,
  email_change: 24 * 60 * 60_000,
};

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/**
 * A new single-use link secret for a customer. Earlier unused links of the same purpose stop
 * working: only the latest mail counts.
 */
export async function issueToken(
  db: Tx,
  customerId: number,
  purpose: TokenPurpose,
  options: { newEmail?: string; now?: Date } = {},
): Promise<string> {
  const now = options.now ?? new Date();
  const token = randomBytes(32).toString('base64url');
  await db
    .delete(customerTokens)
    .where(and(eq(customerTokens.customerId, customerId), eq(customerTokens.purpose, purpose)));
  await db.insert(customerTokens).values({
    customerId,
    purpose,
    tokenHash: hashToken(token),
    newEmail: options.newEmail ?? null,
    expiresAt: new Date(now.getTime() + TOKEN_TTL_MS[purpose]),
  });
  return token;
}

export type TokenClaim = { customerId: number; newEmail: string | null };

/** Whether a link still works, without using it up (the reset form shows only for a live link). */
export async function peekToken(
  db: Tx,
  token: string,
  purpose: TokenPurpose,
  now = new Date(),
): Promise<TokenClaim | null> {
  if (!TOKEN_SHAPE.test(token)) return null;
  const [row] = await db
    .select({ customerId: customerTokens.customerId, newEmail: customerTokens.newEmail })
    .from(customerTokens)
    .where(live(token, purpose, now))
    .limit(1);
  return row ?? null;
}

/**
 * Uses a link up: the guard in SQL lets exactly one of two simultaneous uses succeed; a used,
 * expired or unknown link yields null.
 */
export async function consumeToken(
  db: Tx,
  token: string,
  purpose: TokenPurpose,
  now = new Date(),
): Promise<TokenClaim | null> {
  if (!TOKEN_SHAPE.test(token)) return null;
  const [row] = await db
    .update(customerTokens)
    .set({ usedAt: now })
    .where(live(token, purpose, now))
    .returning({ customerId: customerTokens.customerId, newEmail: customerTokens.newEmail });
  return row ?? null;
}

function live(token: string, purpose: TokenPurpose, now: Date) {
  return and(
    eq(customerTokens.tokenHash, hashToken(token)),
    eq(customerTokens.purpose, purpose),
    isNull(customerTokens.usedAt),
    gt(customerTokens.expiresAt, now),
  );
}

/** Deletes used and expired links (a job); a day's grace keeps them for inspection. */
export async function purgeTokens(db: Tx, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - 86_400_000);
  const gone = await db
    .delete(customerTokens)
    .where(
      or(
        lt(customerTokens.expiresAt, before),
        and(isNotNull(customerTokens.usedAt), lt(customerTokens.usedAt, before)),
      ),
    )
    .returning({ id: customerTokens.id });
  return gone.length;
}
