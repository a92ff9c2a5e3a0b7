import { describe, expect, it } from 'vitest';
import { type TotalsInput, computeTotals } from './totals.ts';
import { line } from '../../../../tests/support/totals.ts';

/** Destination rates (OSS) and reverse charge through the same totals engine. */

describe('EU VAT', () => {
  it('extracts a destination country’s rates from the same gross prices (OSS)', () => {
    // Austria: 20 % on 11 900 → 1983, 10 % on 1 070 → 97; shipping 490 split 11900:1070.
    const totals = computeTotals({
      lines: [line('mug', 11900, 2000), line('coffee', 1070, 1000)],
      shipping: { id: 'flat', cost: 490, taxable: true },
    });
    expect(totals.total.gross).toBe(13460);
    expect(totals.lines.map((l) => l.afterDiscount.tax)).toEqual([1983, 97]);
    expect(totals.taxLines.map((t) => t.rate)).toEqual([2000, 1000]);
    expect(totals.taxLines.reduce((s, t) => s + t.amount, 0)).toBe(totals.total.tax);
  });

  it('charges a reverse-charge sale net, with no VAT anywhere, and still adds up', () => {
    const input: TotalsInput = {
      lines: [
        line('mug', 11900, 1900, { quantity: 2 }),
        line('beer', 1899, 1900, { deposit: 320 }),
        line('coffee', 1070, 700),
      ],
      coupons: [{ code: 'ZEHN', kind: 'percent', amount: 1000 }],
      shipping: { id: 'flat', cost: 490, taxable: true },
      fees: [{ key: 'cod', name: 'Nachnahme', amount: 238, taxRate: 1900 }],
    };
    const gross = computeTotals(input);
    const net = computeTotals({ ...input, vatFree: true });
    expect(net.vatFree).toBe(true);
    expect(net.total).toEqual({ gross: gross.total.net, tax: 0, net: gross.total.net });
    expect(net.taxLines).toEqual([]);
    expect(net.lines.every((l) => l.taxRate === 0 && l.afterDiscount.tax === 0)).toBe(true);
    expect(net.lines.map((l) => l.afterDiscount.gross)).toEqual(
      gross.lines.map((l) => l.afterDiscount.net),
    );
    expect(net.shipping).toMatchObject({ gross: gross.shipping!.net, tax: 0 });
    expect(net.shipping!.shares.every((s) => s.rate === 0 && s.tax === 0)).toBe(true);
    expect(net.fees[0]).toMatchObject({ gross: 200, tax: 0, taxRate: 0 });
    const parts =
      net.items.afterDiscount.gross +
      net.deposits.gross +
      net.shipping!.gross +
      net.feesTotal.gross;
    expect(parts).toBe(net.total.gross);
    expect(net.discount.gross).toBe(gross.discount.net);
  });
});
