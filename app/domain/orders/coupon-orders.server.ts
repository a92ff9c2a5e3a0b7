// The orders that used a coupon, for the coupon's page in the back office.
import { desc, sql } from 'drizzle-orm';
import type { CouponOrderRow } from '#app/domain/coupons/admin-coupons.view.ts';
import type { Tx } from '#app/domain/kernel/tx.ts';
import { orders } from './orders.schema.ts';

export const COUPON_ORDERS_SHOWN = 50;

/**
 * The latest orders whose coupon lines name the coupon, and how many there are. Orders keep
 * their coupon lines when the coupon is deleted, so the id is matched, not the code.
 */
export async function ordersWithCoupon(
  db: Tx,
  couponId: number,
): Promise<{ rows: CouponOrderRow[]; total: number }> {
  const uses = sql`${orders.couponLines} @> ${JSON.stringify([{ couponId }])}::jsonb`;
  const [found, [count]] = await Promise.all([
    db
      .select({
        id: orders.id,
        number: orders.number,
        status: orders.status,
        createdAt: orders.createdAt,
        total: orders.total,
        currency: orders.currency,
        lines: orders.couponLines,
      })
      .from(orders)
      .where(uses)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(COUPON_ORDERS_SHOWN),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(uses),
  ]);
  return {
    rows: found.map((o) => ({
      id: o.id,
      number: o.number,
      status: o.status,
      createdAt: o.createdAt.toISOString(),
      total: o.total,
      currency: o.currency,
      discount: o.lines
        .filter((l) => l.couponId === couponId)
        .reduce((sum, l) => sum + l.discount, 0),
    })),
    total: Number(count?.n ?? 0),
  };
}
