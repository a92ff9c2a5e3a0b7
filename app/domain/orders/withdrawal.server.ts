import { and, count, desc, eq, gt, isNull, notInArray } from 'drizzle-orm';
import { z } from 'zod';
import { emailSchema } from '#app/domain/customers/customers.validation.ts';
import { type Result, domainError, fail, ok } from '#app/domain/kernel/result.ts';
import type { Tx } from '#app/domain/kernel/tx.ts';
import { getSetting } from '#app/domain/settings/settings.server.ts';
import type { Locale } from '#app/lib/locale.ts';
import { addOrderNote } from './orders.server.ts';
import {
  type OrderRow,
  type OrderStatus,
  type OrderWithdrawalRow,
  orderWithdrawals,
  orders,
} from './orders.schema.ts';

/** Orders that were never concluded or are already undone: nothing left to withdraw from. */
const NOT_WITHDRAWABLE: readonly OrderStatus[] = ['cancelled', 'refunded', 'failed'];

export function mayWithdraw(order: Pick<OrderRow, 'status' | 'withdrawnAt'>): boolean {
  return order.withdrawnAt === null && !NOT_WITHDRAWABLE.includes(order.status);
}

export const WITHDRAWAL_LIMIT_SETTING = 'withdrawal.rate_limit';
const limitSchema = z.object({
  declarations: z.number().int().min(1),
  windowMinutes: z.number().int().min(1),
});
export type WithdrawalLimit = z.infer<typeof limitSchema>;
/** Guessing order numbers needs many tries; an honest customer needs one or two. */
export const DEFAULT_WITHDRAWAL_LIMIT: WithdrawalLimit = { declarations: 5, windowMinutes: 60 };

/** What a guest gives to name the order: all three must fit one order. */
export type GuestIdentity = { name: string; orderNumber: string; email: string };

export const guestIdentitySchema = z.object({
  name: z.string().trim().min(1).max(200),
  // "#10001" as printed on the mails is accepted too.
  orderNumber: z
    .string()
    .trim()
    .transform((v) => v.replace(/^#/, ''))
    .pipe(z.string().regex(/^\d{1,12}$/)),
  email: emailSchema,
});

/** The first field a guest's identity fails on, or the parsed identity. */
export function parseGuestIdentity(input: Record<string, unknown>): Result<GuestIdentity> {
  const parsed = guestIdentitySchema.safeParse(input);
  if (parsed.success) return ok(parsed.data);
  const field = String(parsed.error.issues[0]?.path[0] ?? 'name');
  return fail(domainError('invalid', `withdrawal.error.${field}`, { field }));
}

/** A customer's orders that may still be withdrawn from, newest first. */
export async function withdrawableOrders(db: Tx, customerId: number): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.customerId, customerId),
        isNull(orders.withdrawnAt),
        notInArray(orders.status, [...NOT_WITHDRAWABLE]),
      ),
    )
    .orderBy(desc(orders.createdAt))
    .limit(100);
}

const fold = (value: string) => value.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();

/** The guest's name fits when it is the billing name in full or its last name. */
function nameFits(given: string, order: OrderRow): boolean {
  const { first_name: first, last_name: last } = order.billingAddress;
  const wanted = fold(given);
  return wanted !== '' && (wanted === fold(`${first} ${last}`) || wanted === fold(last));
}

async function matchGuestOrder(db: Tx, identity: GuestIdentity): Promise<OrderRow | null> {
  const number = Number(identity.orderNumber);
  if (!Number.isSafeInteger(number)) return null;
  const [order] = await db.select().from(orders).where(eq(orders.number, number)).limit(1);
  if (!order) return null;
  const email = order.billingAddress.email ?? '';
  if (fold(email) !== fold(identity.email) || !nameFits(identity.name, order)) return null;
  return order;
}

export type WithdrawalRequest =
  { kind: 'customer'; customerId: number; orderId: number } | ({ kind: 'guest' } & GuestIdentity);

export type DeclaredWithdrawal = {
  declaration: OrderWithdrawalRow;
  /** The order it was matched to; null for a guest's details that fit none. */
  order: OrderRow | null;
};

/**
 * Records a declaration of withdrawal and marks the order it names. A guest's details are
 * matched quietly: the answer is the same whether they fit an order or not, and each client
 * address may declare only a few times per window, so order numbers cannot be probed.
 */
export async function declareWithdrawal(
  db: Tx,
  request: WithdrawalRequest,
  ctx: { clientHash: string; locale: Locale; now?: Date },
): Promise<Result<DeclaredWithdrawal>> {
  const now = ctx.now ?? new Date();
  const limit = await getSetting(
    db,
    WITHDRAWAL_LIMIT_SETTING,
    limitSchema,
    DEFAULT_WITHDRAWAL_LIMIT,
  );
  const since = new Date(now.getTime() - limit.windowMinutes * 60_000);
  const [recent] = await db
    .select({ n: count() })
    .from(orderWithdrawals)
    .where(
      and(eq(orderWithdrawals.clientHash, ctx.clientHash), gt(orderWithdrawals.declaredAt, since)),
    );
  if ((recent?.n ?? 0) >= limit.declarations) {
    return fail(
      domainError('rate_limited', 'withdrawal.error.throttled', { minutes: limit.windowMinutes }),
    );
  }

  let order: OrderRow | null;
  let identity: GuestIdentity;
  if (request.kind === 'customer') {
    const [own] = await db
      .select()
      .from(orders)
      .where(and(eq(orders.id, request.orderId), eq(orders.customerId, request.customerId)))
      .limit(1);
    if (!own)
      return fail(domainError('not_found', 'withdrawal.error.order', { field: 'order_id' }));
    if (!mayWithdraw(own)) {
      return fail(
        domainError('conflict', 'withdrawal.error.not_withdrawable', { field: 'order_id' }),
      );
    }
    order = own;
    const { first_name: first, last_name: last, email } = own.billingAddress;
    identity = {
      name: `${first} ${last}`.trim(),
      orderNumber: String(own.number),
      email: email ?? '',
    };
  } else {
    identity = { name: request.name, orderNumber: request.orderNumber, email: request.email };
    order = await matchGuestOrder(db, identity);
  }

  return db.transaction(async (tx) => {
    const [declaration] = await tx
      .insert(orderWithdrawals)
      .values({
        orderId: order?.id ?? null,
        customerId: request.kind === 'customer' ? request.customerId : null,
        name: identity.name,
        orderNumber: identity.orderNumber,
        email: identity.email,
        locale: ctx.locale,
        clientHash: ctx.clientHash,
        declaredAt: now,
      })
      .returning();
    let marked: OrderRow | null = order;
    if (order) {
      // A repeated declaration keeps the first moment; the order is marked once.
      const [updated] = await tx
        .update(orders)
        .set({ withdrawnAt: now, updatedAt: now })
        .where(and(eq(orders.id, order.id), isNull(orders.withdrawnAt)))
        .returning();
      if (updated) {
        marked = updated;
        await addOrderNote(tx, order.id, {
          code: 'order.note.withdrawal_declared',
          forCustomer: true,
        });
      }
    }
    return ok({ declaration: declaration!, order: marked });
  });
}
