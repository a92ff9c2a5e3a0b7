import { and, eq, gt } from 'drizzle-orm';
import type { Tx } from '#app/domain/kernel/tx.ts';
import { sessions } from '#app/domain/sessions/sessions.schema.ts';
import { customers } from './customers.schema.ts';
import type { Viewer } from './identity.view.ts';

/**
 * The customer signed in with a live session (by the session's id hash), or null for a guest,
 * an expired session or an account that is not active.
 */
export async function customerOfSession(db: Tx, idHash: string): Promise<Viewer | null> {
  const [row] = await db
    .select({
      id: customers.id,
      email: customers.email,
      firstName: customers.firstName,
      lastName: customers.lastName,
      displayName: customers.displayName,
      role: customers.role,
    })
    .from(sessions)
    .innerJoin(customers, eq(customers.id, sessions.customerId))
    .where(
      and(
        eq(sessions.idHash, idHash),
        gt(sessions.expiresAt, new Date()),
        eq(customers.status, 'active'),
      ),
    )
    .limit(1);
  if (!row) return null;
  return { id: row.id, email: row.email, role: row.role, name: displayNameOf(row) };
}

/** The name a customer is shown by: the chosen display name, else the full name, else the email's local part. */
export function displayNameOf(row: {
  displayName: string;
  firstName: string;
  lastName: string;
  email: string;
}): string {
  const full = `${row.firstName} ${row.lastName}`.trim();
  return row.displayName.trim() || full || row.email.split('@')[0] || row.email;
}
