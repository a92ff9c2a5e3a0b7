import { describe, expect, it } from 'vitest';
import {
  amountLine,
  invoiceNotes,
  negatedLines,
  orderLines,
  totalsOf,
} from './invoice-document.rules.ts';
import {
  bookingYear,
  formatInvoiceNumber,
  isInvoiceNumberShape,
  isValidPattern,
} from './numbering.rules.ts';
import type { OrderItemRow, OrderRow } from '#app/domain/orders/orders.schema.ts';

describe('invoice numbers', () => {
  it('fills the year and the zero-padded counter into the pattern', () => {
    expect(formatInvoiceNumber('RE-{YYYY}-{#####}', 2026, 42)).toBe('RE-2026-00042');
    expect(formatInvoiceNumber('ST{YY}.{###}', 2031, 7)).toBe('ST31.007');
    // A counter past its digits keeps growing instead of wrapping.
    expect(formatInvoiceNumber('R{YYYY}-{##}', 2026, 123)).toBe('R2026-123');
  });

  it('accepts only patterns that give unique numbers fit for a file name', () => {
    for (const ok of ['RE-{YYYY}-{#####}', '{YY}{####}', 'ST_{YYYY}.{#}']) {
      expect(isValidPattern(ok), ok).toBe(true);
    }
    for (const bad of [
      '',
      'RE-{#####}',
      'RE-{YYYY}',
      'RE-{YYYY}-{###}-{###}',
      'RE/{YYYY}/{###}',
      'RE {YYYY}{###}',
      '{MM}{YYYY}{###}',
      `${'X'.repeat(40)}{YYYY}{#}`,
      'RE-{YYYY}-{#\u0000}',
    ]) {
      expect(isValidPattern(bad), bad).toBe(false);
    }
  });

  it('counts the year in Berlin: 31 December 23:30 UTC is already the next year', () => {
    expect(bookingYear(new Date('2026-12-31T23:30:00Z'))).toBe(2027);
    expect(bookingYear(new Date('2026-12-31T22:30:00Z'))).toBe(2026);
  });

  it('recognises numbers in download addresses, nothing else', () => {
    expect(isInvoiceNumberShape('RE-2026-00042')).toBe(true);
    for (const bad of ['', '../x', 'a/b', 'RE 1', 'x'.repeat(61), 'RE%00']) {
      expect(isInvoiceNumberShape(bad), bad).toBe(false);
    }
  });
});

describe('VAT notes', () => {
  const base = {
    smallBusiness: false,
    treatment: 'domestic' as const,
    destination: 'DE',
    shipsGoods: true,
    totalTax: 380,
  };

  it('needs none for a German sale with VAT', () => {
    expect(invoiceNotes(base)).toEqual([]);
  });

  it('names the intra-Community supply for goods to a business in another member state', () => {
    expect(
      invoiceNotes({ ...base, treatment: 'reverse_charge', destination: 'AT', totalTax: 0 }),
    ).toEqual(['intra_eu_supply']);
  });

  it('names the reverse charge when nothing is shipped to the business buyer', () => {
    expect(
      invoiceNotes({
        ...base,
        treatment: 'reverse_charge',
        destination: 'FR',
        shipsGoods: false,
        totalTax: 0,
      }),
    ).toEqual(['reverse_charge']);
  });

  it('names the tax-free export only when no VAT was charged on goods leaving the EU', () => {
    expect(invoiceNotes({ ...base, destination: 'CH', totalTax: 0 })).toEqual(['export']);
    expect(invoiceNotes({ ...base, destination: 'CH', totalTax: 380 })).toEqual([]);
  });

  it('names the tax-free export for every order charged as one', () => {
    expect(invoiceNotes({ ...base, treatment: 'export', destination: 'US', totalTax: 0 })).toEqual([
      'export',
    ]);
  });

  it('prints only the small-business note for a § 19 shop', () => {
    expect(
      invoiceNotes({ ...base, smallBusiness: true, treatment: 'reverse_charge', totalTax: 0 }),
    ).toEqual(['small_business']);
  });
});

describe('invoice lines', () => {
  const order = {
    shippingLines: [
      {
        packageId: 0,
        rateId: 'flat',
        methodId: 'flat_rate',
        name: 'DHL',
        total: 490,
        tax: 78,
        taxes: [{ rate: 1900, amount: 78 }],
      },
    ],
    depositTotal: 0,
    depositTax: 0,
  } as unknown as OrderRow;
  const item = (over: Partial<OrderItemRow>) =>
    ({ name: 'Kerze', sku: 'K1', variation: [], quantity: 1, ...over }) as OrderItemRow;

  it('splits items and shipping into net and VAT per rate that add up to the gross', () => {
    const lines = orderLines(
      order,
      [
        item({ quantity: 2, total: 2380, tax: 380, taxRate: 1900 }),
        item({ name: 'Buch', total: 2000, tax: 131, taxRate: 700 }),
      ],
      { shipping: 'Versand', deposit: 'Pfand' },
    );
    expect(lines.map((l) => [l.name, l.unitNet, l.net, l.rate])).toEqual([
      ['Kerze', 1000, 2000, 1900],
      ['Buch', 1869, 1869, 700],
      ['Versand: DHL', 412, 412, 1900],
    ]);
    const totals = totalsOf(lines);
    expect(totals.rates).toEqual([
      { rate: 1900, net: 2412, tax: 458 },
      { rate: 700, net: 1869, tax: 131 },
    ]);
    expect(totals.gross).toBe(4870);
  });

  it('turns every sign for a full cancellation and takes VAT out of a partial one', () => {
    const lines = orderLines(order, [item({ total: 1190, tax: 190, taxRate: 1900 })], {
      shipping: 'Versand',
      deposit: 'Pfand',
    });
    expect(totalsOf(negatedLines(lines)).gross).toBe(-1680);
    const partial = amountLine('Erstattung', 595, 1900);
    expect([partial.gross, partial.tax, partial.net]).toEqual([-595, -95, -500]);
  });
});
