import { describe, expect, it } from 'vitest';
import { lineShare, parseAmount, parseQuantity, planRefund } from './refunds.rules.ts';

const line = { id: 1, quantity: 3, total: 1000, tax: 160, refundedQuantity: 0 };

describe('refund rules', () => {
  it('gives back exactly the line total however the units are split', () => {
    const one = lineShare(line, 0, 1);
    const two = lineShare(line, 1, 1);
    const three = lineShare(line, 2, 1);
    expect([one.amount, two.amount, three.amount]).toEqual([333, 334, 333]);
    expect(one.amount + two.amount + three.amount).toBe(1000);
    expect(one.tax + two.tax + three.tax).toBe(160);
    expect(lineShare(line, 0, 3)).toEqual({ amount: 1000, tax: 160 });
  });

  it('refuses other lines, too many units, fractions of whole units and too much money', () => {
    const state = { lines: [line], shippingLeft: 490, amountLeft: 1490 };
    const plan = (lines: { itemId: number; quantity: number }[], shipping = 0, free = 0) =>
      planRefund(state, {
        lines: lines.map((l) => ({ ...l, restock: true })),
        shipping,
        free,
      });
    expect(plan([{ itemId: 2, quantity: 1 }])).toMatchObject({ ok: false });
    expect(plan([{ itemId: 1, quantity: 4 }])).toMatchObject({ ok: false });
    expect(plan([{ itemId: 1, quantity: 0.5 }])).toMatchObject({ ok: false });
    expect(plan([{ itemId: 1, quantity: -1 }])).toMatchObject({ ok: false });
    expect(plan([], 491)).toMatchObject({ ok: false });
    expect(plan([], 0, 0)).toMatchObject({
      ok: false,
      error: { code: 'admin.refund.error.empty' },
    });
    expect(plan([{ itemId: 1, quantity: 3 }], 490, 1)).toMatchObject({
      ok: false,
      error: { code: 'admin.refund.error.too_much' },
    });
    expect(plan([{ itemId: 1, quantity: 3 }], 490)).toMatchObject({
      ok: true,
      value: { amount: 1490, itemsAmount: 1000, shippingAmount: 490 },
    });
  });

  it('reads money and quantities as staff type them, nothing else', () => {
    expect(parseAmount('12,34')).toBe(1234);
    expect(parseAmount('12.3')).toBe(1230);
    expect(parseAmount('')).toBe(0);
    for (const bad of ['-1', '1.234', '1e3', 'zehn', '12,34,5'])
      expect(parseAmount(bad)).toBeNull();
    expect(parseQuantity('2')).toBe(2);
    expect(parseQuantity('0,5')).toBe(0.5);
    for (const bad of ['-1', 'abc', '1e3']) expect(parseQuantity(bad)).toBeNull();
  });
});
