import { randomBytes } from 'node:crypto';
import { type CustomerRole, customers } from '#app/domain/customers/customers.schema.ts';
import { sessions } from '#app/domain/sessions/sessions.schema.ts';
import type { Tx } from '#app/lib/db.server.ts';
import { SESSION_COOKIE, hashSessionId } from '#app/lib/session.server.ts';

export type SignedIn = {
  customer: typeof customers.$inferSelect;
  /** The session cookie's value: the browser or a request sends it as `sid`. */
  sessionId: string;
  idHash: string;
  cookie: string;
};

/**
 * A customer with a live session, written straight to the database: what a login leaves
 * behind, for tests of pages that show who is signed in.
 */
export async function signedInCustomer(
  db: Tx,
  input: { role?: CustomerRole; displayName?: string; email?: string } = {},
): Promise<SignedIn> {
  const tag = randomBytes(4).toString('hex');
  const [customer] = await db
    .insert(customers)
    .values({
      email: input.email ?? `kunde-${tag}@example.com`,
      displayName: input.displayName ?? `Kundin ${tag}`,
      role: input.role ?? 'customer',
    })
    .returning();
  const sessionId = randomBytes(32).toString('base64url');
  const idHash = hashSessionId(sessionId);
  await db.insert(sessions).values({
    idHash,
    customerId: customer!.id,
    expiresAt: new Date(Date.now() + 86_400_000),
  });
  return { customer: customer!, sessionId, idHash, cookie: `${SESSION_COOKIE}=${sessionId}` };
}

/**
 * A signed-in customer's requests to the shop at `base()` (read when a request is sent, as the
 * shop starts after the test file loads): GET with the cookie, and same-origin form posts. No
 * redirect is followed, so a test sees where the shop sends the customer.
 */
export function customerRequests(base: () => string) {
  return {
    get(who: { cookie: string }, path: string) {
      return fetch(base() + path, { headers: { cookie: who.cookie }, redirect: 'manual' });
    },
    post(who: { cookie: string }, path: string, fields: Record<string, string> | string) {
      return fetch(base() + path, {
        method: 'POST',
        headers: {
          cookie: who.cookie,
          origin: base(),
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: typeof fields === 'string' ? fields : new URLSearchParams(fields).toString(),
        redirect: 'manual',
      });
    },
  };
}
