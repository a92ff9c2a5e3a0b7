import { and, asc, eq, inArray, max, sql } from 'drizzle-orm';
import { type Actor, recordChange } from '#app/domain/audit/audit.server.ts';
import { type CustomerRole, customers } from '#app/domain/customers/customers.schema.ts';
import { STAFF_ROLES } from '#app/domain/customers/identity.view.ts';
import { issueToken } from '#app/domain/customers/tokens.server.ts';
import { type Result, domainError, fail, ok } from '#app/domain/kernel/result.ts';
import type { Tx } from '#app/domain/kernel/tx.ts';
import { sessions } from '#app/domain/sessions/sessions.schema.ts';

/** A role the staff page may give: one of the staff roles, or back to customer. */
export const ASSIGNABLE_ROLES = ['shop_manager', 'administrator', 'customer'] as const;
export type AssignableRole = (typeof ASSIGNABLE_ROLES)[number];

export type StaffMember = {
  id: number;
  name: string;
  email: string;
  role: CustomerRole;
  /** The newest session the account started, while sessions are kept; null when none is. */
  lastLogin: Date | null;
  createdAt: Date;
};

/** Every shop manager and administrator, administrators first, then by address. */
export async function listStaff(db: Tx): Promise<StaffMember[]> {
  const lastLogin = db
    .select({ customerId: sessions.customerId, at: max(sessions.createdAt).as('at') })
    .from(sessions)
    .where(sql`${sessions.customerId} is not null`)
    .groupBy(sessions.customerId)
    .as('last_login');
  const rows = await db
    .select({
      id: customers.id,
      firstName: customers.firstName,
      lastName: customers.lastName,
      displayName: customers.displayName,
      email: customers.email,
      role: customers.role,
      lastLogin: lastLogin.at,
      createdAt: customers.createdAt,
    })
    .from(customers)
    .leftJoin(lastLogin, eq(lastLogin.customerId, customers.id))
    .where(inArray(customers.role, [...STAFF_ROLES]))
    .orderBy(sql`${customers.role} = 'administrator' desc`, asc(customers.email));
  return rows.map((r) => ({
    id: r.id,
    name: [r.firstName, r.lastName].filter(Boolean).join(' ') || r.displayName,
    email: r.email,
    role: r.role,
    // max() comes back as text from the driver.
    lastLogin: r.lastLogin ? new Date(r.lastLogin as unknown as string) : null,
    createdAt: r.createdAt,
  }));
}

export type AddedStaff = {
  customerId: number;
  email: string;
  locale: string;
  name: string;
  /** A password-set link for an account created here; null for an existing account. */
  resetToken: string | null;
};

/**
 * Gives a staff role to the account of an address; an address without an account gets a new
 * one without a password and a reset link to set it (the caller mails it).
 */
export async function addStaff(
  db: Tx,
  input: { email: string; role: 'shop_manager' | 'administrator' },
  actor: Actor,
): Promise<Result<AddedStaff>> {
  const email = input.email.trim().toLowerCase();
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select()
      .from(customers)
      .where(eq(customers.email, email))
      .for('update')
      .limit(1);
    if (existing && STAFF_ROLES.includes(existing.role)) {
      return fail(domainError('conflict', 'admin.staff.error.already_staff', { email }));
    }
    let customerId: number;
    let resetToken: string | null = null;
    if (existing) {
      customerId = existing.id;
      await tx
        .update(customers)
        .set({ role: input.role, updatedAt: new Date() })
        .where(eq(customers.id, existing.id));
    } else {
      const [created] = await tx
        .insert(customers)
        .values({ email, displayName: email.split('@')[0]!, role: input.role, status: 'active' })
        .returning({ id: customers.id });
      customerId = created!.id;
      resetToken = await issueToken(tx, customerId, 'reset');
    }
    await recordChange(tx, actor, {
      entity: 'customer',
      entityId: customerId,
      action: existing ? 'staff_role' : 'staff_create',
      before: existing ? { role: existing.role } : null,
      after: { role: input.role, email },
    });
    return ok({
      customerId,
      email,
      locale: existing?.locale ?? 'de',
      name: existing?.displayName || email,
      resetToken,
    });
  });
}

/**
 * Changes a staff member's role (or takes it away). Nobody changes their own role here, and
 * the last administrator stays one: the administrators' rows are locked first, so two
 * demotions at once cannot leave none.
 */
export async function changeStaffRole(
  db: Tx,
  input: { customerId: number; role: AssignableRole },
  actor: Actor,
): Promise<Result<{ before: CustomerRole; after: AssignableRole }>> {
  return db.transaction(async (tx) => {
    const admins = await tx
      .select({ id: customers.id })
      .from(customers)
      .where(eq(customers.role, 'administrator'))
      .orderBy(asc(customers.id))
      .for('update');
    const [target] = await tx
      .select({ id: customers.id, role: customers.role, email: customers.email })
      .from(customers)
      .where(and(eq(customers.id, input.customerId), inArray(customers.role, [...STAFF_ROLES])))
      .for('update')
      .limit(1);
    if (!target) return fail(domainError('not_found', 'admin.staff.error.not_staff'));
    if (target.id === actor.id) return fail(domainError('forbidden', 'admin.staff.error.self'));
    if (target.role === input.role) return ok({ before: target.role, after: input.role });
    if (target.role === 'administrator' && admins.length <= 1) {
      return fail(domainError('conflict', 'admin.staff.error.last_admin'));
    }
    await tx
      .update(customers)
      .set({ role: input.role, updatedAt: new Date() })
      .where(eq(customers.id, target.id));
    await recordChange(tx, actor, {
      entity: 'customer',
      entityId: target.id,
      action: input.role === 'customer' ? 'staff_remove' : 'staff_role',
      before: { role: target.role },
      after: { role: input.role },
    });
    return ok({ before: target.role, after: input.role });
  });
}
