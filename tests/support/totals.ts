import {
  type TaxedAmount,
  type Totals,
  type TotalsInput,
  type TotalsLineInput,
} from '#app/domain/pricing/totals/totals.ts';

/** Builders and the invariant check shared by the totals engine’s tests. */
export const line = (
  key: string,
  unitPrice: number,
  taxRate: number,
  extra: Partial<TotalsLineInput> = {},
): TotalsLineInput => ({ key, unitPrice, quantity: 1, taxRate, needsShipping: true, ...extra });

export const money = (gross: number, tax: number): TaxedAmount => ({
  gross,
  tax,
  net: gross - tax,
});

/** The invariants every result keeps, whatever the cart; returns what is broken. */
export function brokenInvariants(input: TotalsInput, totals: Totals): string[] {
  const broken: string[] = [];
  const check = (holds: boolean, what: string) => {
    if (!holds) broken.push(what);
  };
  const named: [string, TaxedAmount][] = [
    ...totals.lines.flatMap((l): [string, TaxedAmount][] => [
      [`${l.key} before discount`, l.beforeDiscount],
      [`${l.key} discount`, l.discount],
      [`${l.key} after discount`, l.afterDiscount],
      ...(l.deposit ? [[`${l.key} deposit`, l.deposit] as [string, TaxedAmount]] : []),
    ]),
    ['items before discount', totals.items.beforeDiscount],
    ['items after discount', totals.items.afterDiscount],
    ['discount', totals.discount],
    ...totals.coupons.map((c): [string, TaxedAmount] => [`coupon ${c.code}`, c.discount]),
    ['deposits', totals.deposits],
    ...(totals.shipping
      ? [
          ['shipping', totals.shipping] as [string, TaxedAmount],
          ...totals.shipping.shares.map((s): [string, TaxedAmount] => [`shipping ${s.rate}`, s]),
        ]
      : []),
    ...totals.fees.map((f): [string, TaxedAmount] => [`fee ${f.key}`, f]),
    ['fees', totals.feesTotal],
    ['total', totals.total],
  ];
  for (const [name, a] of named) {
    check(a.gross === a.net + a.tax, `${name}: gross = net + tax`);
    check(
      [a.gross, a.tax, a.net].every((n) => Number.isInteger(n) && n >= 0),
      `${name}: whole and not negative`,
    );
  }
  totals.lines.forEach((l, i) => {
    check(l.key === input.lines[i]!.key, `line ${i} keeps its key and place`);
    check(
      l.afterDiscount.gross === l.beforeDiscount.gross - l.discount.gross,
      `${l.key}: after = before - discount`,
    );
  });
  const sumOf = (list: TaxedAmount[], field: keyof TaxedAmount) =>
    list.reduce((n, a) => n + a[field], 0);
  for (const field of ['gross', 'tax'] as const) {
    check(
      sumOf(
        totals.coupons.map((c) => c.discount),
        field,
      ) === totals.discount[field],
      `coupons sum to the discount (${field})`,
    );
    check(
      sumOf(
        totals.lines.map((l) => l.discount),
        field,
      ) === totals.discount[field],
      `line discounts sum to the discount (${field})`,
    );
    const parts = [
      totals.items.afterDiscount,
      totals.deposits,
      ...(totals.shipping ? [totals.shipping] : []),
      totals.feesTotal,
    ];
    check(sumOf(parts, field) === totals.total[field], `parts sum to the total (${field})`);
    if (totals.shipping?.taxable) {
      check(
        sumOf(totals.shipping.shares, field) === totals.shipping[field],
        `shipping shares sum to shipping (${field})`,
      );
    }
  }
  check(
    totals.taxLines.reduce((n, l) => n + l.amount, 0) === totals.total.tax,
    'tax lines sum to the total tax',
  );
  const rates = totals.taxLines.map((l) => l.rate);
  check(
    rates.every((r, i) => i === 0 || rates[i - 1]! > r),
    'one tax line per rate, highest first',
  );
  check(totals.needsPayment === totals.total.gross > 0, 'needs payment when total > 0');
  check(
    totals.needsShipping === input.lines.some((l) => l.needsShipping),
    'needs shipping when a line does',
  );
  for (const [i, coupon] of (input.coupons ?? []).entries()) {
    if (coupon.kind === 'fixed_cart') {
      check(totals.coupons[i]!.discount.gross <= coupon.amount, `${coupon.code} within its amount`);
    }
  }
  return broken;
}

/** A small deterministic PRNG (mulberry32), so a failing cart can be replayed. */
export function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
