import { type DomainError, domainError } from '#app/domain/kernel/result.ts';
import { formatMoney } from '#app/domain/pricing/money.ts';
import type { CouponInput, CouponKind } from '#app/domain/pricing/totals/totals.ts';
import type { Locale } from '#app/lib/locale.ts';

/** What the rules need of a coupon: its row, as the schema stores it. */
export type CouponRule = {
  id: number;
  code: string;
  kind: CouponKind;
  amount: number;
  freeShipping: boolean;
  expiresAt: Date | null;
  minimumSpend: number | null;
  maximumSpend: number | null;
  productIds: readonly number[];
  excludedProductIds: readonly number[];
  categoryIds: readonly number[];
  excludedCategoryIds: readonly number[];
  usageLimit: number | null;
  usageLimitPerCustomer: number | null;
  usageCount: number;
  individualUse: boolean;
  excludeSaleItems: boolean;
  /** Lower-case e-mail patterns the buyer's billing e-mail must match; empty: anyone. */
  allowedEmails: readonly string[];
  /** Percent and product coupons: the most pieces they discount; null: every piece. */
  itemLimit: number | null;
};

/** A cart line as coupons see it. */
export type CouponLine = {
  key: string;
  productId: number;
  variationId: number | null;
  name: string;
  /** The product's categories and their ancestors. */
  categories: readonly { id: number; name: string }[];
  onSale: boolean;
};

export type CouponCart = {
  lines: readonly CouponLine[];
  /** Gross of the items before any discount; deposits are not part of it. */
  subtotal: number;
  currency: string;
  locale: Locale;
  now: Date;
  /** Uses by this customer (id or billing e-mail) so far; null when the customer is not known yet. */
  customerUses: number | null;
  /** The buyer's billing e-mail once known (checkout, a signed-in customer); null before. */
  email?: string | null;
};

export const COUPON_CODE_MAX = 100;

/**
 * A code as typed, tidied as WooCommerce tidies it: markup tags removed (no code holds one,
 * and the code is quoted back in messages), surrounding blanks trimmed.
 */
export function formatCouponCode(code: string): string {
  return code.replace(/<[^>]*>?/g, '').trim();
}

/** The form in which codes are compared: case, tags and surrounding blanks do not matter. */
export function normalizeCouponCode(code: string): string {
  return formatCouponCode(code).toLowerCase();
}

export const couponError = {
  enterCode: () => domainError('invalid', 'coupon.error.enter_code'),
  notExist: (code: string) => domainError('invalid', 'coupon.error.not_exist', { code }),
  alreadyApplied: () => domainError('invalid', 'coupon.error.already_applied'),
  individualUse: (code: string) => domainError('invalid', 'coupon.error.individual_use', { code }),
  usageLimit: () => domainError('limit', 'coupon.error.usage_limit'),
  expired: () => domainError('invalid', 'coupon.error.expired'),
  minimumSpend: (amount: string) => domainError('limit', 'coupon.error.minimum_spend', { amount }),
  maximumSpend: (amount: string) => domainError('limit', 'coupon.error.maximum_spend', { amount }),
  notApplicable: () => domainError('invalid', 'coupon.error.not_applicable'),
  cartContents: () => domainError('invalid', 'coupon.error.cart_contents'),
  saleItems: () => domainError('invalid', 'coupon.error.sale_items'),
  excludedProducts: (names: string) =>
    domainError('invalid', 'coupon.error.excluded_products', { names }),
  excludedCategories: (names: string) =>
    domainError('invalid', 'coupon.error.excluded_categories', { names }),
  notApplied: () => domainError('conflict', 'coupon.error.not_applied'),
  email: (code: string) => domainError('invalid', 'coupon.error.email', { code }),
} as const;

const matchesProduct = (ids: readonly number[], line: CouponLine) =>
  ids.includes(line.productId) || (line.variationId !== null && ids.includes(line.variationId));

const matchesCategory = (ids: readonly number[], line: CouponLine) =>
  line.categories.some((c) => ids.includes(c.id));

/**
 * Whether an e-mail may use a coupon limited to `patterns`: compared without case, `*` standing
 * for any run of characters (`*@example.com` admits a whole domain).
 */
export function emailAllowed(patterns: readonly string[], email: string): boolean {
  if (patterns.length === 0) return true;
  const wanted = email.trim().toLowerCase();
  return patterns.some((pattern) => globMatches(pattern.toLowerCase(), wanted));
}

/** `*`-pattern matching in linear passes (no regular expression to backtrack on). */
function globMatches(pattern: string, text: string): boolean {
  let p = 0;
  let t = 0;
  let star = -1;
  let resume = 0;
  while (t < text.length) {
    if (p < pattern.length && pattern[p] !== '*' && pattern[p] === text[t]) {
      p++;
      t++;
    } else if (p < pattern.length && pattern[p] === '*') {
      star = p++;
      resume = t;
    } else if (star >= 0) {
      p = star + 1;
      t = ++resume;
    } else {
      return false;
    }
  }
  while (pattern[p] === '*') p++;
  return p === pattern.length;
}

/** Whether the coupon's product, category and sale restrictions let it discount this line. */
export function appliesToLine(coupon: CouponRule, line: CouponLine): boolean {
  // As in WooCommerce, a line qualifies through its product or through its categories.
  const restricted = coupon.productIds.length > 0 || coupon.categoryIds.length > 0;
  if (
    restricted &&
    !matchesProduct(coupon.productIds, line) &&
    !matchesCategory(coupon.categoryIds, line)
  ) {
    return false;
  }
  if (matchesProduct(coupon.excludedProductIds, line)) return false;
  if (matchesCategory(coupon.excludedCategoryIds, line)) return false;
  return !(coupon.excludeSaleItems && line.onSale);
}

/** The keys of the lines the coupon discounts. */
export function eligibleLineKeys(coupon: CouponRule, lines: readonly CouponLine[]): string[] {
  return lines.filter((line) => appliesToLine(coupon, line)).map((line) => line.key);
}

/**
 * Why the coupon cannot be used on this cart now, or null when it can. The checks run in
 * WooCommerce's order, so the shopper hears the same first reason.
 */
export function couponProblem(coupon: CouponRule, cart: CouponCart): DomainError | null {
  const money = (amount: number) => formatMoney(amount, cart.currency, cart.locale);
  if (coupon.usageLimit !== null && coupon.usageCount >= coupon.usageLimit) {
    return couponError.usageLimit();
  }
  if (
    coupon.usageLimitPerCustomer !== null &&
    cart.customerUses !== null &&
    cart.customerUses >= coupon.usageLimitPerCustomer
  ) {
    return couponError.usageLimit();
  }
  if (coupon.expiresAt !== null && cart.now.getTime() >= coupon.expiresAt.getTime()) {
    return couponError.expired();
  }
  // Until the buyer's e-mail is known the coupon may wait on the cart; the checkout decides.
  if (cart.email && !emailAllowed(coupon.allowedEmails, cart.email)) {
    return couponError.email(coupon.code);
  }
  if (cart.lines.length === 0) return couponError.cartContents();
  if (coupon.minimumSpend !== null && cart.subtotal < coupon.minimumSpend) {
    return couponError.minimumSpend(money(coupon.minimumSpend));
  }
  if (coupon.maximumSpend !== null && cart.subtotal > coupon.maximumSpend) {
    return couponError.maximumSpend(money(coupon.maximumSpend));
  }
  if (
    coupon.productIds.length > 0 &&
    !cart.lines.some((l) => matchesProduct(coupon.productIds, l))
  ) {
    return couponError.notApplicable();
  }
  if (
    coupon.categoryIds.length > 0 &&
    !cart.lines.some((l) => matchesCategory(coupon.categoryIds, l))
  ) {
    return couponError.notApplicable();
  }
  if (coupon.kind === 'fixed_cart') {
    // A cart coupon is refused outright while the cart holds something it excludes.
    const excluded = cart.lines.filter((l) => matchesProduct(coupon.excludedProductIds, l));
    if (excluded.length > 0) {
      return couponError.excludedProducts(unique(excluded.map((l) => l.name)).join(', '));
    }
    const categories = cart.lines.flatMap((l) =>
      l.categories.filter((c) => coupon.excludedCategoryIds.includes(c.id)),
    );
    if (categories.length > 0) {
      return couponError.excludedCategories(unique(categories.map((c) => c.name)).join(', '));
    }
    if (coupon.excludeSaleItems && cart.lines.some((l) => l.onSale)) {
      return couponError.saleItems();
    }
  }
  if (eligibleLineKeys(coupon, cart.lines).length === 0) {
    // Only the sale rule stands between the coupon and some line: say so.
    const withoutSaleRule = { ...coupon, excludeSaleItems: false };
    return coupon.excludeSaleItems && eligibleLineKeys(withoutSaleRule, cart.lines).length > 0
      ? couponError.saleItems()
      : couponError.notApplicable();
  }
  return null;
}

/** Whether a coupon may join the ones already applied. */
export function combinationProblem(
  coupon: CouponRule,
  applied: readonly CouponRule[],
): DomainError | null {
  if (applied.some((c) => c.id === coupon.id)) return couponError.alreadyApplied();
  const exclusive = applied.find((c) => c.individualUse);
  if (exclusive) return couponError.individualUse(exclusive.code);
  return null;
}

/** What the totals engine needs of the applied coupons, each limited to the lines it covers. */
export function couponTotalsInput(
  applied: readonly CouponRule[],
  lines: readonly CouponLine[],
): CouponInput[] {
  return applied.map((coupon) => {
    const keys = eligibleLineKeys(coupon, lines);
    return {
      code: coupon.code,
      kind: coupon.kind,
      // No line left to discount (a free-shipping coupon, say): it takes nothing off.
      amount: keys.length > 0 ? coupon.amount : 0,
      productKeys: keys,
      itemLimit: coupon.itemLimit,
    };
  });
}

function unique(values: readonly string[]): string[] {
  return [...new Set(values)];
}

/** Why a checkout stops when the cart, priced afresh, had to drop one of its coupons. */
export function checkoutCouponError(removed: {
  code: string;
  reason: { code: string };
}): DomainError {
  const { code } = removed;
  switch (removed.reason.code) {
    case 'coupon.error.usage_limit':
      return domainError('limit', 'checkout.error.coupon_limit', { code });
    case 'coupon.error.email':
      return domainError('invalid', 'coupon.error.email', { code, field: 'billing_email' });
    default:
      return domainError('invalid', 'checkout.error.coupon_removed', { code });
  }
}
