import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '#app/domain/kernel/tx.ts';
import type { Localized } from '#app/domain/kernel/localized.ts';
import { localize } from '#app/domain/kernel/localized.ts';
import type { Totals } from '#app/domain/pricing/totals/totals.ts';
import type { Locale } from '#app/lib/locale.ts';
import type { CouponLine, CouponRule } from './coupons.rules.ts';
import { type coupons, couponUses } from './coupons.schema.ts';
import type { CartCoupon } from './coupons.view.ts';

/** Who is shopping, for per-customer usage limits: a customer id, a billing e-mail, or neither. */
export type CouponCustomer = { customerId?: number | null; email?: string | null };

export type CouponContext = CouponCustomer & {
  currency: string;
  locale: Locale;
  now?: Date;
  /** Leave coupons that no longer apply on the cart: the cart page removes them with a notice. */
  readOnly?: boolean;
};

/** A priced cart line, as loadCart has it. */
export type PricedLineForCoupons = {
  key: string;
  productId: number;
  variationId: number | null;
  name: string;
  onSale: boolean;
  unitPrice: number;
  quantity: number;
};

export function toRule(row: typeof coupons.$inferSelect): CouponRule {
  return { ...row, kind: row.kind as CouponRule['kind'] };
}

/** Lines with the categories of their products, ancestors included, as restrictions match them. */
export async function couponLines(
  db: Tx,
  lines: readonly PricedLineForCoupons[],
  locale: Locale,
): Promise<CouponLine[]> {
  const productIds = [...new Set(lines.map((l) => l.productId))];
  const categoriesOf = new Map<number, { id: number; name: string }[]>();
  if (productIds.length > 0) {
    const result = await db.execute(sql`
      with recursive tree(product_id, category_id) as (
        select product_id, category_id from product_categories
        where product_id in ${productIds}
        union
        select tree.product_id, c.parent_id from tree
        join categories c on c.id = tree.category_id
        where c.parent_id is not null
      )
      select tree.product_id, c.id, c.name from tree join categories c on c.id = tree.category_id`);
    const { rows } = result as unknown as {
      rows: { product_id: number; id: number; name: Localized }[];
    };
    for (const row of rows) {
      const list = categoriesOf.get(row.product_id) ?? [];
      list.push({ id: row.id, name: localize(row.name, locale) });
      categoriesOf.set(row.product_id, list);
    }
  }
  return lines.map((l) => ({
    key: l.key,
    productId: l.productId,
    variationId: l.variationId,
    name: l.name,
    onSale: l.onSale,
    categories: categoriesOf.get(l.productId) ?? [],
  }));
}

/** How often this customer has used the coupon; null when nobody is known or no limit applies. */
export async function customerUses(
  db: Tx,
  coupon: CouponRule,
  who: CouponCustomer,
): Promise<number | null> {
  if (coupon.usageLimitPerCustomer === null) return null;
  const email = who.email?.toLowerCase() ?? null;
  const customerId = who.customerId ?? null;
  if (customerId === null && email === null) return null;
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(couponUses)
    .where(
      and(
        eq(couponUses.couponId, coupon.id),
        customerId !== null && email !== null
          ? sql`(${couponUses.customerId} = ${customerId} or ${couponUses.email} = ${email})`
          : customerId !== null
            ? eq(couponUses.customerId, customerId)
            : eq(couponUses.email, email!),
      ),
    );
  return Number(row?.n ?? 0);
}

/** The applied coupons with what the totals engine made of them. */
export function cartCouponViews(applied: readonly CouponRule[], totals: Totals): CartCoupon[] {
  return applied.map((coupon) => {
    const computed = totals.coupons.find((c) => c.code === coupon.code);
    return {
      code: coupon.code,
      kind: coupon.kind,
      discount: computed?.discount.gross ?? 0,
      discountTax: computed?.discount.tax ?? 0,
      freeShipping: coupon.freeShipping,
    };
  });
}
