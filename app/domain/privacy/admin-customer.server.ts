// One customer in the back office: everything the shop holds about them, and the staff's
// changes (details, addresses, erasure), each in one transaction with its audit entry.
import { and, desc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import { orderAttribution } from '#app/domain/attribution/attribution.schema.ts';
import { type Actor, changesOf, recordChange } from '#app/domain/audit/audit.server.ts';
import {
  type AddressKind,
  normalizeEmail,
  saveAddress,
} from '#app/domain/customers/accounts.server.ts';
import type { AddressInput } from '#app/domain/customers/address-locale.ts';
import { type CustomerRow, customers } from '#app/domain/customers/customers.schema.ts';
import { type Result, domainError, fail, ok } from '#app/domain/kernel/result.ts';
import type { Tx } from '#app/domain/kernel/tx.ts';
import { orders } from '#app/domain/orders/orders.schema.ts';
import { stripePaymentDetails } from '#app/domain/payments/stripe/stripe.schema.ts';
import { reviews } from '#app/domain/reviews/reviews.schema.ts';
import { subscriptions } from '#app/domain/subscriptions/subscriptions.schema.ts';
import type { Locale } from '#app/lib/locale.ts';
import { orderFigures } from './admin-customers.server.ts';
import { anonymiseCustomer } from './anonymise.server.ts';
import { queueWebhookEvent } from '#app/domain/webhooks/webhooks.server.ts';

export const AUDIT_ENTITY = 'customer';
/** Orders the page lists; the order list filtered by the customer shows them all. */
const ORDERS_SHOWN = 50;

/** The audit entry's view of an account: what staff may change, no secrets. */
export function audited(row: CustomerRow) {
  return {
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    displayName: row.displayName,
    billing: row.billingAddress,
    shipping: row.shippingAddress,
  };
}

/** The account if staff of this role may open it: shop managers see customers only. */
export async function staffCustomer(
  db: Tx,
  id: number,
  viewerRole: CustomerRow['role'],
): Promise<CustomerRow | null> {
  const [row] = await db.select().from(customers).where(eq(customers.id, id)).limit(1);
  if (!row) return null;
  if (row.role !== 'customer' && viewerRole !== 'administrator') return null;
  return row;
}

/** Everything the customer page shows besides the account row. */
export async function customerSections(db: Tx, customer: CustomerRow) {
  const [orderRows, figures, subs, reviewRows, changes] = await Promise.all([
    db
      .select({
        id: orders.id,
        number: orders.number,
        status: orders.status,
        total: orders.total,
        currency: orders.currency,
        createdAt: orders.createdAt,
        consent: orders.consent,
        paymentMethodTitle: orders.paymentMethodTitle,
      })
      .from(orders)
      .where(eq(orders.customerId, customer.id))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(ORDERS_SHOWN),
    orderFigures(db, [customer.id]),
    db
      .select({
        id: subscriptions.id,
        name: subscriptions.name,
        status: subscriptions.status,
        nextPaymentAt: subscriptions.nextPaymentAt,
      })
      .from(subscriptions)
      .where(eq(subscriptions.customerId, customer.id))
      .orderBy(desc(subscriptions.id)),
    db
      .select({
        id: reviews.id,
        productId: reviews.productId,
        rating: reviews.rating,
        content: reviews.content,
        status: reviews.status,
        createdAt: reviews.createdAt,
      })
      .from(reviews)
      .where(
        and(
          or(eq(reviews.customerId, customer.id), eq(reviews.email, customer.email)),
          eq(reviews.byShop, false),
        ),
      )
      .orderBy(desc(reviews.createdAt))
      .limit(50),
    changesOf(db, AUDIT_ENTITY, customer.id, { limit: 50 }),
  ]);
  const ids = orderRows.map((o) => o.id);
  const [attribution, methods] = ids.length
    ? await Promise.all([
        db.select().from(orderAttribution).where(inArray(orderAttribution.orderId, ids)),
        db
          .select({
            orderId: stripePaymentDetails.orderId,
            methodType: stripePaymentDetails.methodType,
            brand: stripePaymentDetails.brand,
            last4: stripePaymentDetails.last4,
          })
          .from(stripePaymentDetails)
          .where(inArray(stripePaymentDetails.orderId, ids)),
      ])
    : [[], []];
  // A card or account once per brand and last four digits.
  const seen = new Map<string, { type: string; brand: string | null; last4: string }>();
  for (const m of methods) {
    if (!m.last4) continue;
    seen.set(`${m.methodType}:${m.brand ?? ''}:${m.last4}`, {
      type: m.methodType,
      brand: m.brand,
      last4: m.last4,
    });
  }
  return {
    figures: figures.get(customer.id) ?? { orders: 0, spent: 0, last: null },
    orders: orderRows.map((o) => ({
      id: o.id,
      number: o.number,
      status: o.status,
      total: o.total,
      currency: o.currency,
      createdAt: o.createdAt.toISOString(),
      paymentMethodTitle: o.paymentMethodTitle,
      consent: o.consent,
      attribution: Object.fromEntries(
        attribution.filter((a) => a.orderId === o.id).map((a) => [a.field, a.value]),
      ),
    })),
    subscriptions: subs.map((s) => ({
      ...s,
      nextPaymentAt: s.nextPaymentAt?.toISOString() ?? null,
    })),
    paymentMethods: [...seen.values()],
    reviews: reviewRows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
    changes: changes.map((c) => ({
      id: c.id,
      at: c.at.toISOString(),
      actor: c.actorLabel,
      channel: c.channel,
      action: c.action,
      fields: Object.keys({ ...(c.before ?? {}), ...(c.after ?? {}) }),
    })),
  };
}

export type CustomerDetails = {
  firstName: string;
  lastName: string;
  displayName: string;
  email: string;
};

/** Staff change names and e-mail at once (no confirmation link: staff vouch for it). */
export async function updateCustomerDetails(
  db: Tx,
  id: number,
  input: CustomerDetails,
  actor: Actor,
): Promise<Result<CustomerRow>> {
  const email = normalizeEmail(input.email);
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(customers).where(eq(customers.id, id)).for('update');
    if (!before) return fail(domainError('not_found', 'admin.customers.error.not_found'));
    const taken = await tx
      .select({ id: customers.id })
      .from(customers)
      .where(and(eq(customers.email, email), ne(customers.id, id)))
      .limit(1);
    if (taken.length > 0)
      return fail(domainError('invalid', 'admin.customers.error.email_taken', { field: 'email' }));
    const [after] = await tx
      .update(customers)
      .set({
        email,
        firstName: input.firstName,
        lastName: input.lastName,
        displayName: input.displayName,
        updatedAt: new Date(),
      })
      .where(eq(customers.id, id))
      .returning();
    await recordChange(tx, actor, {
      entity: AUDIT_ENTITY,
      entityId: id,
      action: 'updated',
      before: audited(before),
      after: audited(after!),
    });
    await queueWebhookEvent(tx, 'customer.updated', id);
    return ok(after!);
  });
}

/** An address saved under the account's own rules (those of the checkout's countries). */
export async function updateCustomerAddress(
  db: Tx,
  id: number,
  kind: AddressKind,
  input: AddressInput,
  locale: Locale,
  actor: Actor,
): Promise<Result<unknown>> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(customers).where(eq(customers.id, id)).for('update');
    if (!before) return fail(domainError('not_found', 'admin.customers.error.not_found'));
    const saved = await saveAddress(tx, id, kind, input, locale);
    if (!saved.ok) return saved;
    const [after] = await tx.select().from(customers).where(eq(customers.id, id));
    await recordChange(tx, actor, {
      entity: AUDIT_ENTITY,
      entityId: id,
      action: `address_${kind}`,
      before: audited(before),
      after: audited(after!),
    });
    return ok(saved.value);
  });
}

/** Records something done about the account that changes no field of it (a mail, an export). */
export async function recordCustomerEvent(db: Tx, id: number, action: string, actor: Actor) {
  await db.transaction((tx) =>
    recordChange(tx, actor, { entity: AUDIT_ENTITY, entityId: id, action }),
  );
}

/**
 * Erases a customer as their own account deletion does: orders stay anonymised. Staff
 * accounts are refused (a staff member is removed in the staff area). The audit entry keeps
 * only the account's number and how many orders stayed.
 */
export async function eraseCustomer(
  db: Tx,
  id: number,
  actor: Actor,
): Promise<Result<{ orders: number }>> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ role: customers.role })
      .from(customers)
      .where(eq(customers.id, id))
      .for('update');
    if (!row) return fail(domainError('not_found', 'admin.customers.error.not_found'));
    if (row.role !== 'customer')
      return fail(domainError('forbidden', 'admin.customers.error.staff_erase'));
    const [count] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(eq(orders.customerId, id));
    await anonymiseCustomer(tx, id);
    await recordChange(tx, actor, {
      entity: AUDIT_ENTITY,
      entityId: id,
      action: 'erased',
      after: { orders: Number(count?.n ?? 0) },
    });
    return ok({ orders: Number(count?.n ?? 0) });
  });
}
