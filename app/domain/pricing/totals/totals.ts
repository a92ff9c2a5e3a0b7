import { multiply, sum } from '#app/domain/pricing/money.ts';
import { DEFAULT_VAT_RATES, taxInGross, vatRate } from '#app/domain/pricing/tax.ts';

/** A gross amount split into the VAT it contains and the rest; always gross = net + tax. */
export type TaxedAmount = { gross: number; tax: number; net: number };

export type TotalsLineInput = {
  key: string;
  /** What a coupon's `productKeys` are matched against; the line key when absent. */
  productKey?: string;
  /** Gross minor units per piece (or per unit of a measured good). */
  unitPrice: number;
  /** May be fractional for measured goods (1.5 m). */
  quantity: number;
  /** Basis points: 1900 = 19 %. */
  taxRate: number;
  needsShipping: boolean;
  /** Deposit (Pfand) of the whole line, gross; taxed at the line's rate, never discounted. */
  deposit?: number | null;
};

export type CouponKind = 'percent' | 'fixed_cart' | 'fixed_product';

export type CouponInput = {
  code: string;
  kind: CouponKind;
  /**
   * percent: basis points (1000 = 10 %) of each line; fixed_cart: gross minor units for the
   * whole cart; fixed_product: gross minor units per piece.
   */
  amount: number;
  /** Limits the coupon to lines selling these products; absent or empty: every line. */
  productKeys?: readonly string[];
  /**
   * percent and fixed_product: the most pieces discounted, the dearest first; absent or null:
   * every piece of every eligible line.
   */
  itemLimit?: number | null;
};

export type ShippingInput = { id: string; cost: number; taxable: boolean };

export type FeeInput = {
  key: string;
  name: string;
  amount: number;
  taxRate: number;
  /**
   * A secondary service following the goods (the cash on delivery fee): split over the cart's
   * VAT rates like shipping, and `taxRate` is ignored.
   */
  split?: boolean;
};

export type TotalsInput = {
  lines: readonly TotalsLineInput[];
  /** Applied in this order, each to what the earlier ones left of a line. */
  coupons?: readonly CouponInput[];
  shipping?: ShippingInput | null;
  fees?: readonly FeeInput[];
  /**
   * Reverse charge or a tax-free export: no VAT is due here, so every figure is charged net:
   * the prices, which include VAT at the lines' rates, lose the VAT they contain.
   */
  vatFree?: boolean;
  /** The standard rate in force where the sale is taxed: shipping's rate when nothing weighs. */
  standardRate?: number;
};

export type TaxLine = { rate: number; amount: number };

export type LineTotals = {
  key: string;
  taxRate: number;
  beforeDiscount: TaxedAmount;
  discount: TaxedAmount;
  afterDiscount: TaxedAmount;
  deposit: TaxedAmount | null;
};

export type CouponTotals = { code: string; kind: CouponKind; discount: TaxedAmount };

export type ShippingShare = TaxedAmount & { rate: number };

export type ShippingTotals = TaxedAmount & {
  id: string;
  taxable: boolean;
  /** The shipping cost split over the cart's VAT rates; empty when not taxable. */
  shares: ShippingShare[];
};

export type FeeTotals = TaxedAmount & {
  key: string;
  name: string;
  /** A split fee: the rate of its largest share. */
  taxRate: number;
  /** A split fee's parts per VAT rate, as shipping's. */
  shares?: ShippingShare[];
};

export type Totals = {
  lines: LineTotals[];
  items: { beforeDiscount: TaxedAmount; afterDiscount: TaxedAmount };
  discount: TaxedAmount;
  coupons: CouponTotals[];
  deposits: TaxedAmount;
  shipping: ShippingTotals | null;
  fees: FeeTotals[];
  feesTotal: TaxedAmount;
  /** VAT per rate, highest rate first. */
  taxLines: TaxLine[];
  total: TaxedAmount;
  needsShipping: boolean;
  needsPayment: boolean;
  /** Whole pieces count one each; a measured quantity counts as one item. */
  itemCount: number;
  /** Charged without VAT (reverse charge, export): every gross figure equals its net. */
  vatFree: boolean;
};

/**
 * The one place where a cart's, checkout's or order's money is added up. Prices are gross;
 * VAT is extracted per line and summed per rate, so every figure is a sum of integers.
 */
export function computeTotals(input: TotalsInput): Totals {
  checkInput(input);
  const lines = input.lines.map((line) => {
    const gross = multiply(line.unitPrice, line.quantity);
    return { line, gross, remaining: gross };
  });

  const coupons = (input.coupons ?? []).map((coupon): CouponTotals => {
    const wanted = couponDiscounts(coupon, lines);
    let gross = 0;
    let tax = 0;
    lines.forEach((entry, i) => {
      const off = wanted[i]!;
      if (off === 0) return;
      const taxBefore = taxInGross(entry.remaining, entry.line.taxRate);
      entry.remaining -= off;
      gross += off;
      tax += taxBefore - taxInGross(entry.remaining, entry.line.taxRate);
    });
    return { code: coupon.code, kind: coupon.kind, discount: { gross, tax, net: gross - tax } };
  });

  const lineTotals = lines.map(({ line, gross, remaining }): LineTotals => {
    const beforeDiscount = taxed(gross, line.taxRate);
    const afterDiscount = taxed(remaining, line.taxRate);
    const discountTax = beforeDiscount.tax - afterDiscount.tax;
    const hasDeposit = line.deposit !== undefined && line.deposit !== null;
    return {
      key: line.key,
      taxRate: line.taxRate,
      beforeDiscount,
      discount: {
        gross: gross - remaining,
        tax: discountTax,
        net: gross - remaining - discountTax,
      },
      afterDiscount,
      deposit: hasDeposit ? taxed(line.deposit!, line.taxRate) : null,
    };
  });

  const shipping = input.shipping
    ? shippingTotals(input.shipping, lineTotals, input.standardRate)
    : null;
  const fees = (input.fees ?? []).map((fee): FeeTotals => {
    if (!fee.split) {
      return {
        key: fee.key,
        name: fee.name,
        taxRate: fee.taxRate,
        ...taxed(fee.amount, fee.taxRate),
      };
    }
    const shares = sharesByRate(fee.amount, lineTotals, input.standardRate);
    const tax = sum(shares.map((s) => s.tax));
    const main = shares.reduce((a, b) => (b.gross > a.gross ? b : a), shares[0]!);
    return {
      key: fee.key,
      name: fee.name,
      taxRate: main.rate,
      gross: fee.amount,
      tax,
      net: fee.amount - tax,
      shares,
    };
  });

  const byRate = new Map<number, number>();
  const addTax = (rate: number, amount: number) =>
    byRate.set(rate, (byRate.get(rate) ?? 0) + amount);
  for (const line of lineTotals) {
    addTax(line.taxRate, line.afterDiscount.tax);
    if (line.deposit) addTax(line.taxRate, line.deposit.tax);
  }
  for (const share of shipping?.shares ?? []) addTax(share.rate, share.tax);
  for (const fee of fees) {
    if (fee.shares) for (const share of fee.shares) addTax(share.rate, share.tax);
    else addTax(fee.taxRate, fee.tax);
  }

  const items = {
    beforeDiscount: addUp(lineTotals.map((l) => l.beforeDiscount)),
    afterDiscount: addUp(lineTotals.map((l) => l.afterDiscount)),
  };
  const deposits = addUp(lineTotals.flatMap((l) => (l.deposit ? [l.deposit] : [])));
  const feesTotal = addUp(fees);
  const total = addUp([items.afterDiscount, deposits, ...(shipping ? [shipping] : []), feesTotal]);
  const totals: Totals = {
    lines: lineTotals,
    items,
    discount: addUp(lineTotals.map((l) => l.discount)),
    coupons,
    deposits,
    shipping,
    fees,
    feesTotal,
    taxLines: [...byRate.entries()]
      .sort((a, b) => b[0] - a[0])
      .map(([rate, amount]) => ({ rate, amount })),
    total,
    needsShipping: input.lines.some((l) => l.needsShipping),
    needsPayment: total.gross > 0,
    itemCount: sum(input.lines.map((l) => (Number.isInteger(l.quantity) ? l.quantity : 1))),
    vatFree: false,
  };
  return input.vatFree ? withoutVat(totals) : totals;
}

/**
 * The same totals charged net: each amount keeps its net part and loses its VAT. Every total
 * is a sum of its parts' nets, so the figures still add up exactly.
 */
function withoutVat(totals: Totals): Totals {
  const net = (a: TaxedAmount): TaxedAmount => ({ gross: a.net, tax: 0, net: a.net });
  const shipping = totals.shipping
    ? {
        ...totals.shipping,
        ...net(totals.shipping),
        shares: totals.shipping.shares.map((s) => ({ ...s, ...net(s), rate: 0 })),
      }
    : null;
  const total = net(totals.total);
  return {
    ...totals,
    lines: totals.lines.map((l) => ({
      ...l,
      taxRate: 0,
      beforeDiscount: net(l.beforeDiscount),
      discount: net(l.discount),
      afterDiscount: net(l.afterDiscount),
      deposit: l.deposit ? net(l.deposit) : null,
    })),
    items: {
      beforeDiscount: net(totals.items.beforeDiscount),
      afterDiscount: net(totals.items.afterDiscount),
    },
    discount: net(totals.discount),
    coupons: totals.coupons.map((c) => ({ ...c, discount: net(c.discount) })),
    deposits: net(totals.deposits),
    shipping,
    fees: totals.fees.map((f) => ({
      ...f,
      ...net(f),
      taxRate: 0,
      ...(f.shares ? { shares: f.shares.map((s) => ({ ...s, ...net(s), rate: 0 })) } : {}),
    })),
    feesTotal: net(totals.feesTotal),
    taxLines: [],
    total,
    needsPayment: total.gross > 0,
    vatFree: true,
  };
}

function taxed(gross: number, rate: number): TaxedAmount {
  const tax = taxInGross(gross, rate);
  return { gross, tax, net: gross - tax };
}

function addUp(amounts: readonly TaxedAmount[]): TaxedAmount {
  const gross = sum(amounts.map((a) => a.gross));
  const tax = sum(amounts.map((a) => a.tax));
  return { gross, tax, net: gross - tax };
}

type PricedLine = { line: TotalsLineInput; gross: number; remaining: number };

/** What a coupon takes off each line, never more than the line has left. */
function couponDiscounts(coupon: CouponInput, lines: readonly PricedLine[]): number[] {
  const only = coupon.productKeys?.length ? new Set(coupon.productKeys) : null;
  const eligible = lines.map(({ line, remaining }) =>
    only && !only.has(line.productKey ?? line.key) ? 0 : remaining,
  );
  const pieces = piecesDiscounted(coupon, lines, eligible);
  switch (coupon.kind) {
    case 'percent':
      return eligible.map((left, i) => {
        const quantity = lines[i]!.line.quantity;
        // A share of the line's pieces: that share of what is left of the line.
        const base = pieces[i] === quantity ? left : Math.round((left * pieces[i]!) / quantity);
        return Math.min(left, percentOf(base, coupon.amount));
      });
    case 'fixed_product':
      return eligible.map((left, i) =>
        left === 0 ? 0 : Math.min(left, multiply(coupon.amount, pieces[i]!)),
      );
    case 'fixed_cart':
      return allocate(Math.min(coupon.amount, sum(eligible)), eligible);
  }
}

/**
 * How many pieces of each line a coupon discounts: all of an eligible line's, or under an item
 * limit the dearest pieces first (ties: the earlier line), as many as the limit allows.
 */
function piecesDiscounted(
  coupon: CouponInput,
  lines: readonly PricedLine[],
  eligible: readonly number[],
): number[] {
  const pieces = lines.map(({ line }, i) => (eligible[i]! > 0 ? line.quantity : 0));
  const limit = coupon.itemLimit;
  if (limit == null || coupon.kind === 'fixed_cart') return pieces;
  let left = limit;
  const order = pieces
    .map((_, i) => i)
    .sort((a, b) => lines[b]!.line.unitPrice - lines[a]!.line.unitPrice || a - b);
  const limited = pieces.map(() => 0);
  for (const i of order) {
    limited[i] = Math.min(pieces[i]!, left);
    left -= limited[i]!;
  }
  return limited;
}

/** `amount × basisPoints / 10 000`, rounded half up, in exact integer arithmetic. */
function percentOf(amount: number, basisPoints: number): number {
  return Number((2n * BigInt(amount) * BigInt(basisPoints) + 10_000n) / 20_000n);
}

/**
 * Splits `total` over `weights` in proportion, by largest remainder: the shares sum exactly to
 * `total`, leftover cents go to the largest fractions, ties to the earlier line. No share exceeds
 * its weight when `total` does not exceed the sum of the weights.
 */
function allocate(total: number, weights: readonly number[]): number[] {
  const whole = BigInt(sum(weights));
  if (whole === 0n) return weights.map(() => 0);
  const parts = weights.map((w) => {
    const exact = BigInt(total) * BigInt(w);
    return { share: Number(exact / whole), rest: exact % whole };
  });
  let left = total - sum(parts.map((p) => p.share));
  const byRest = parts
    .map((_, i) => i)
    .sort((a, b) => {
      const diff = parts[b]!.rest - parts[a]!.rest;
      return diff > 0n ? 1 : diff < 0n ? -1 : a - b;
    });
  for (const i of byRest) {
    if (left === 0) break;
    parts[i]!.share += 1;
    left -= 1;
  }
  return parts.map((p) => p.share);
}

/**
 * Shipping is a secondary service (Nebenleistung): its cost is split over the VAT rates in
 * proportion to the items at each rate after discounts and taxed at those rates. The rounding
 * remainder goes to the largest share.
 */
function shippingTotals(
  shipping: ShippingInput,
  lines: readonly LineTotals[],
  standardRate?: number,
): ShippingTotals {
  const { id, cost, taxable } = shipping;
  if (!taxable) return { id, taxable, gross: cost, tax: 0, net: cost, shares: [] };
  const shares = sharesByRate(cost, lines, standardRate);
  const tax = sum(shares.map((s) => s.tax));
  return { id, taxable, gross: cost, tax, net: cost - tax, shares };
}

/** A secondary service's gross amount split over the items' VAT rates, as shipping is. */
function sharesByRate(
  amount: number,
  lines: readonly LineTotals[],
  standardRate = vatRate(DEFAULT_VAT_RATES, 'standard'),
): ShippingShare[] {
  const weightsAt = (pick: (l: LineTotals) => number) => {
    const byRate = new Map<number, number>();
    for (const l of lines) byRate.set(l.taxRate, (byRate.get(l.taxRate) ?? 0) + pick(l));
    return [...byRate.entries()].sort((a, b) => b[0] - a[0]);
  };
  let weights = weightsAt((l) => l.afterDiscount.gross);
  // A cart discounted to nothing still ships the same goods; with no goods, the standard rate.
  if (sum(weights.map(([, w]) => w)) === 0) weights = weightsAt((l) => l.beforeDiscount.gross);
  if (sum(weights.map(([, w]) => w)) === 0) weights = [[standardRate, 1]];
  weights = weights.filter(([, w]) => w > 0);
  const whole = BigInt(sum(weights.map(([, w]) => w)));
  const grossShares = weights.map(([, w]) => Number((BigInt(amount) * BigInt(w)) / whole));
  let largest = 0;
  weights.forEach(([, w], i) => {
    if (w > weights[largest]![1]) largest = i;
  });
  grossShares[largest]! += amount - sum(grossShares);
  return weights.map(([rate], i) => ({ rate, ...taxed(grossShares[i]!, rate) }));
}

/** Money and rates are whole non-negative numbers; anything else is a caller's bug. */
function checkInput(input: TotalsInput): void {
  const whole = (value: number, what: string) => {
    if (!Number.isSafeInteger(value) || value < 0) {
      throw new RangeError(`${what} must be a non-negative whole number, got ${value}`);
    }
  };
  for (const line of input.lines) {
    whole(line.unitPrice, `unit price of ${line.key}`);
    whole(line.taxRate, `tax rate of ${line.key}`);
    if (!Number.isFinite(line.quantity) || line.quantity < 0) {
      throw new RangeError(`quantity of ${line.key} must be non-negative, got ${line.quantity}`);
    }
    if (line.deposit !== undefined && line.deposit !== null) {
      whole(line.deposit, `deposit of ${line.key}`);
    }
  }
  for (const coupon of input.coupons ?? []) whole(coupon.amount, `amount of coupon ${coupon.code}`);
  if (input.shipping) whole(input.shipping.cost, `cost of shipping ${input.shipping.id}`);
  for (const fee of input.fees ?? []) {
    whole(fee.amount, `amount of fee ${fee.key}`);
    whole(fee.taxRate, `tax rate of fee ${fee.key}`);
  }
}
