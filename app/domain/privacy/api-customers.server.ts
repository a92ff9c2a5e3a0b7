// Customer accounts as integrations manage them (the REST API v3 `customers` endpoints): the
// list with WooCommerce's filters and offset paging, creation, changes and erasure.
import { type SQL, and, asc, desc, eq, inArray, ne, notInArray, sql } from 'drizzle-orm';
import { type Actor, recordChange } from '#app/domain/audit/audit.server.ts';
import type { ADDRESS_FIELDS } from '#app/domain/customers/address-countries.ts';
import { normalizeEmail } from '#app/domain/customers/accounts.server.ts';
import {
  CUSTOMER_NAME_SORT,
  CUSTOMER_SEARCH_TEXT,
  type CustomerRole,
  type CustomerRow,
  type StoredAddress,
  customers,
} from '#app/domain/customers/customers.schema.ts';
import { hashPassword } from '#app/domain/customers/passwords.server.ts';
import { type Result, domainError, fail, ok } from '#app/domain/kernel/result.ts';
import type { Tx } from '#app/domain/kernel/tx.ts';
import { queueWebhookEvent } from '#app/domain/webhooks/webhooks.server.ts';
import { SALES_STATUSES } from '#app/domain/orders/admin-orders.rules.ts';
import { orders } from '#app/domain/orders/orders.schema.ts';
import { AUDIT_ENTITY, audited, eraseCustomer } from './admin-customer.server.ts';
import { containsPattern } from './admin-customers.server.ts';

export type ApiCustomerQuery = {
  search?: string;
  email?: string;
  /** null: every role. */
  role: CustomerRole | null;
  include?: number[];
  exclude?: number[];
  orderby: 'id' | 'include' | 'name' | 'registered_date';
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
};

export type ApiAddress = Partial<Record<(typeof ADDRESS_FIELDS)[number] | 'email', string>>;

export type ApiCustomerInput = {
  email?: string;
  firstName?: string;
  lastName?: string;
  password?: string;
  billing?: ApiAddress;
  shipping?: ApiAddress;
};

export type ApiCustomer = CustomerRow & { paying: boolean };

const SALES = sql.raw(SALES_STATUSES.map((s) => `'${s}'`).join(', '));

const notFoundError = () => domainError('not_found', 'rest.error.customer_invalid_id');

function condition(query: ApiCustomerQuery): SQL | undefined {
  return and(
    query.role ? eq(customers.role, query.role) : undefined,
    query.search
      ? sql`${sql.raw(CUSTOMER_SEARCH_TEXT)} like ${containsPattern(query.search)}`
      : undefined,
    query.email ? eq(customers.email, normalizeEmail(query.email)) : undefined,
    query.include?.length ? inArray(customers.id, query.include) : undefined,
    query.exclude?.length ? notInArray(customers.id, query.exclude) : undefined,
  );
}

/** Whether each account has a paid order, in one query for the page's rows. */
async function withPaying(db: Tx, rows: CustomerRow[]): Promise<ApiCustomer[]> {
  if (rows.length === 0) return [];
  const paid = await db
    .selectDistinct({ id: orders.customerId })
    .from(orders)
    .where(
      and(
        inArray(
          orders.customerId,
          rows.map((r) => r.id),
        ),
        sql`${orders.status} in (${SALES})`,
      ),
    );
  const paying = new Set(paid.map((p) => p.id));
  return rows.map((row) => ({ ...row, paying: paying.has(row.id) }));
}

/** One page of accounts and how many the filters match. */
export async function apiCustomerPage(
  db: Tx,
  query: ApiCustomerQuery,
): Promise<{ rows: ApiCustomer[]; total: number }> {
  const where = condition(query);
  const direction = query.order === 'asc' ? asc : desc;
  const order =
    query.orderby === 'name'
      ? [direction(sql.raw(CUSTOMER_NAME_SORT)), direction(customers.id)]
      : query.orderby === 'registered_date'
        ? [direction(customers.createdAt), direction(customers.id)]
        : query.orderby === 'include' && query.include?.length
          ? [
              sql`array_position(${sql.raw(`array[${query.include.map(Number).join(',')}]::int[]`)}, ${customers.id})`,
            ]
          : [direction(customers.id)];
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(customers)
      .where(where)
      .orderBy(...order)
      .limit(query.limit)
      .offset(query.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(customers)
      .where(where),
  ]);
  return { rows: await withPaying(db, rows), total: Number(count?.n ?? 0) };
}

export async function apiCustomer(db: Tx, id: number): Promise<ApiCustomer | null> {
  const [row] = await db.select().from(customers).where(eq(customers.id, id));
  return row ? ((await withPaying(db, [row]))[0] ?? null) : null;
}

/** An address as the API sends it: only the known fields, country upper-cased. */
function mergedAddress(before: StoredAddress, given: ApiAddress | undefined): StoredAddress {
  if (!given) return before;
  const next: StoredAddress = { ...before };
  for (const [field, value] of Object.entries(given)) {
    if (value === undefined) continue;
    next[field] = field === 'country' ? value.toUpperCase() : value;
  }
  return next;
}

function addressColumns(
  before: Pick<CustomerRow, 'billingAddress' | 'shippingAddress'>,
  input: ApiCustomerInput,
) {
  return {
    billingAddress: mergedAddress(before.billingAddress, input.billing),
    shippingAddress: mergedAddress(before.shippingAddress, input.shipping),
  };
}

/** Creates a customer account; without a password it can be set through the reset mail. */
export async function createApiCustomer(
  db: Tx,
  input: ApiCustomerInput & { email: string },
  actor: Actor,
): Promise<Result<ApiCustomer>> {
  const email = normalizeEmail(input.email);
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(customers)
      .values({
        email,
        passwordHash,
        firstName: input.firstName ?? '',
        lastName: input.lastName ?? '',
        displayName:
          [input.firstName, input.lastName].filter(Boolean).join(' ').slice(0, 100) ||
          email.split('@')[0]!.slice(0, 100),
        ...addressColumns({ billingAddress: {}, shippingAddress: {} }, input),
      })
      .onConflictDoNothing({ target: customers.email })
      .returning();
    if (!created) return fail(domainError('invalid', 'rest.error.customer_email_exists'));
    await recordChange(tx, actor, {
      entity: AUDIT_ENTITY,
      entityId: created.id,
      action: 'created',
      after: audited(created),
    });
    await queueWebhookEvent(tx, 'customer.created', created.id);
    return ok({ ...created, paying: false });
  });
}

/**
 * Changes an account. A staff account's e-mail and password are not changed here, as
 * WooCommerce guards them: staff manage their own sign-in.
 */
export async function updateApiCustomer(
  db: Tx,
  id: number,
  input: ApiCustomerInput,
  actor: Actor,
): Promise<Result<ApiCustomer>> {
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  const updated = await db.transaction(async (tx): Promise<Result<CustomerRow>> => {
    const [before] = await tx.select().from(customers).where(eq(customers.id, id)).for('update');
    if (!before) return fail(notFoundError());
    const email = input.email === undefined ? before.email : normalizeEmail(input.email);
    if (before.role !== 'customer' && (email !== before.email || input.password !== undefined)) {
      return fail(domainError('forbidden', 'rest.error.customer_staff_sign_in'));
    }
    if (email !== before.email) {
      const taken = await tx
        .select({ id: customers.id })
        .from(customers)
        .where(and(eq(customers.email, email), ne(customers.id, id)))
        .limit(1);
      if (taken.length > 0) return fail(domainError('invalid', 'rest.error.customer_email_taken'));
    }
    const [after] = await tx
      .update(customers)
      .set({
        email,
        ...(input.firstName !== undefined ? { firstName: input.firstName } : {}),
        ...(input.lastName !== undefined ? { lastName: input.lastName } : {}),
        ...(passwordHash ? { passwordHash } : {}),
        ...addressColumns(before, input),
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
  if (!updated.ok) return updated;
  return ok((await withPaying(db, [updated.value]))[0]!);
}

/** Erases a customer as the back office does (orders kept, anonymised); staff are refused. */
export async function deleteApiCustomer(
  db: Tx,
  id: number,
  actor: Actor,
): Promise<Result<ApiCustomer>> {
  const before = await apiCustomer(db, id);
  if (!before) return fail(notFoundError());
  if (before.role !== 'customer')
    return fail(domainError('forbidden', 'rest.error.customer_staff_delete'));
  const erased = await eraseCustomer(db, id, actor);
  return erased.ok ? ok(before) : erased;
}
