import { eq } from 'drizzle-orm';
import type { Tx } from '#app/domain/kernel/tx.ts';
import { customers } from './customers.schema.ts';
import { hashPassword } from './passwords.server.ts';

/**
 * The administrator's account (ADMIN_EMAIL): created with the given password when the address
 * has none yet; an existing account (a customer or a shop manager) keeps its password (changed
 * through the shop) and becomes administrator. Returns whether an account was created.
 */
export async function ensureAdministrator(
  db: Tx,
  input: { email: string; password: string },
): Promise<boolean> {
  const email = input.email.trim().toLowerCase();
  const [created] = await db
    .insert(customers)
    .values({
      email,
      passwordHash: await hashPassword(input.password),
      displayName: email.split('@')[0]!,
      role: 'administrator',
      status: 'active',
    })
    .onConflictDoNothing({ target: customers.email })
    .returning({ id: customers.id });
  if (!created) {
    await db
      .update(customers)
      .set({ role: 'administrator', updatedAt: new Date() })
      .where(eq(customers.email, email));
  }
  return Boolean(created);
}
