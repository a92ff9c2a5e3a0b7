import { and, asc, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Tx } from '#app/domain/kernel/tx.ts';
import { productRowsById } from '#app/domain/catalog/catalog.server.ts';
import {
  type ProductRow,
  effectiveStockStatus,
  quantityRules,
  resolveVariation,
  stockLeft,
} from '#app/domain/catalog/catalog.rules.ts';
import { sessions } from '#app/domain/sessions/sessions.schema.ts';
import { cartItems, carts } from './cart.schema.ts';

/**
 * The most of `wanted` the product allows in one cart line: its maximum, its stock and its
 * step, or 0 when it cannot be bought at all.
 */
export function allowedQuantity(row: ProductRow, wanted: number): number {
  const left = stockLeft(row);
  if (effectiveStockStatus(row) === 'outofstock' || left === 0) return 0;
  const rules = quantityRules(row, left);
  let quantity = wanted;
  if (rules.max !== null) quantity = Math.min(quantity, rules.max);
  const steps = Math.floor((quantity - rules.min) / rules.step + 1e-9);
  quantity = rules.min + steps * rules.step;
  return quantity < rules.min ? 0 : Number(quantity.toFixed(3));
}

export type MergeOutcome = {
  /** Lines of the saved cart that came over (new lines or added quantities). */
  merged: number;
  /** Product ids whose quantity was cut to what the product allows. */
  limited: number[];
};

/** Whether the customer left a cart saved (on logout or an ended session) for the next login. */
export async function hasSavedCart(tx: Tx, customerId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: carts.id })
    .from(carts)
    .where(and(eq(carts.customerId, customerId), isNull(carts.sessionIdHash)))
    .limit(1);
  return row !== undefined;
}

/**
 * After a login: the guest cart moves to the new session and becomes the customer's, and the
 * carts the customer left saved (on logout, or on another device's ended session) are merged
 * into it, quantities added up to what each product allows. Runs in the caller's transaction,
 * after the new session row exists and before the old one is deleted.
 */
export async function mergeCartsOnLogin(
  tx: Tx,
  input: { fromIdHash: string | null; toIdHash: string; customerId: number },
): Promise<MergeOutcome> {
  const outcome: MergeOutcome = { merged: 0, limited: [] };
  const [guest] = input.fromIdHash
    ? await tx
        .update(carts)
        .set({ sessionIdHash: input.toIdHash, customerId: input.customerId, updatedAt: new Date() })
        .where(eq(carts.sessionIdHash, input.fromIdHash))
        .returning()
    : [];
  const saved = await tx
    .select()
    .from(carts)
    .where(and(eq(carts.customerId, input.customerId), isNull(carts.sessionIdHash)))
    .orderBy(desc(carts.updatedAt));
  let target = guest ?? null;
  let others = saved;
  if (!target) {
    const [newest, ...rest] = saved;
    if (!newest) return outcome;
    await tx
      .update(carts)
      .set({ sessionIdHash: input.toIdHash, updatedAt: new Date() })
      .where(eq(carts.id, newest.id));
    target = newest;
    others = rest;
  }
  others = others.filter((c) => c.id !== target.id);
  if (others.length === 0) return outcome;
  // One after the other: a transaction's connection runs one query at a time.
  const targetItems = await tx.select().from(cartItems).where(eq(cartItems.cartId, target.id));
  const incoming = await tx
    .select()
    .from(cartItems)
    .where(
      inArray(
        cartItems.cartId,
        others.map((c) => c.id),
      ),
    )
    .orderBy(asc(cartItems.id));
  const ids = [
    ...new Set(incoming.flatMap((i) => [i.productId, ...(i.variationId ? [i.variationId] : [])])),
  ];
  const rows = ids.length ? await productRowsById(tx, ids) : new Map<number, ProductRow>();
  const byKey = new Map(targetItems.map((i) => [i.key, i]));
  for (const item of incoming) {
    const parent = rows.get(item.productId);
    const variation = item.variationId ? rows.get(item.variationId) : undefined;
    if (!parent || (item.variationId && !variation)) continue;
    const row = variation ? resolveVariation(parent, variation) : parent;
    const present = byKey.get(item.key);
    const wanted = (present?.quantity ?? 0) + item.quantity;
    const allowed = allowedQuantity(row, wanted);
    if (allowed < wanted) outcome.limited.push(item.productId);
    if (present) {
      if (allowed > present.quantity) {
        await tx.update(cartItems).set({ quantity: allowed }).where(eq(cartItems.id, present.id));
        present.quantity = allowed;
        outcome.merged += 1;
      }
    } else if (allowed > 0) {
      const [inserted] = await tx
        .insert(cartItems)
        .values({
          cartId: target.id,
          key: item.key,
          productId: item.productId,
          variationId: item.variationId,
          variation: item.variation,
          quantity: allowed,
        })
        .returning();
      byKey.set(item.key, inserted!);
      outcome.merged += 1;
    }
  }
  await tx.delete(carts).where(
    inArray(
      carts.id,
      others.map((c) => c.id),
    ),
  );
  await tx.update(carts).set({ updatedAt: new Date() }).where(eq(carts.id, target.id));
  return outcome;
}

/**
 * Before a customer's sessions end (logout, password change, deleting the session), their
 * carts are detached and kept for the next login. `except` keeps the current session's.
 */
export async function keepCustomerCarts(
  tx: Tx,
  input: { customerId: number; idHash?: string; except?: string },
): Promise<void> {
  const ofCustomer = sql`${carts.sessionIdHash} in (select ${sessions.idHash} from ${sessions} where ${sessions.customerId} = ${input.customerId})`;
  await tx
    .update(carts)
    .set({ sessionIdHash: null, customerId: input.customerId })
    .where(
      and(
        input.idHash ? eq(carts.sessionIdHash, input.idHash) : ofCustomer,
        input.except ? ne(carts.sessionIdHash, input.except) : undefined,
      ),
    );
}

/** When the session changes its id (rotation), its cart goes along. */
export async function moveSessionCart(tx: Tx, fromIdHash: string, toIdHash: string) {
  await tx
    .update(carts)
    .set({ sessionIdHash: toIdHash })
    .where(eq(carts.sessionIdHash, fromIdHash));
}
