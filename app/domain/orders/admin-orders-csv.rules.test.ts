import { describe, expect, it } from 'vitest';
import { csvCell, csvLine } from '#app/domain/kernel/csv.ts';
import {
  type CsvOrder,
  csvAmount,
  csvDate,
  csvDecimal,
  csvOrderRows,
} from './admin-orders-csv.rules.ts';

describe('CSV cells', () => {
  it('defuses what a spreadsheet would run as a formula', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) {
      expect(csvCell(`${start}1+1`, 'comma').replace(/^"/, '')).toMatch(/^'/);
    }
    expect(csvCell('=A1', 'semicolon')).toBe("'=A1");
    expect(csvCell('Kerze', 'semicolon')).toBe('Kerze');
    // Amounts stay numbers, negative ones too.
    expect(csvCell('-5,00', 'semicolon')).toBe('-5,00');
    expect(csvCell('-5.00', 'comma')).toBe('-5.00');
    expect(csvCell('-5 Euro', 'comma')).toBe("'-5 Euro");
  });

  it('quotes the separator, quotes and line breaks of its dialect only', () => {
    expect(csvCell('a;b', 'semicolon')).toBe('"a;b"');
    expect(csvCell('a;b', 'comma')).toBe('a;b');
    expect(csvCell('a,b', 'comma')).toBe('"a,b"');
    expect(csvCell('say "hi"', 'comma')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines', 'semicolon')).toBe('"two\nlines"');
    expect(csvLine(['a', 1, 'b;c'], 'semicolon')).toBe('a;1;"b;c"\r\n');
    expect(csvLine(['a', 1, 'b;c'], 'comma')).toBe('a,1,b;c\r\n');
  });

  it('writes amounts and decimals with the dialect decimal mark and no grouping', () => {
    expect(csvAmount(123456, 'semicolon')).toBe('1234,56');
    expect(csvAmount(123456, 'comma')).toBe('1234.56');
    expect(csvAmount(5, 'comma')).toBe('0.05');
    expect(csvAmount(-190, 'semicolon')).toBe('-1,90');
    expect(csvAmount(0, 'semicolon')).toBe('0,00');
    expect(csvDecimal(1.5, 'semicolon')).toBe('1,5');
    expect(csvDecimal(2, 'comma')).toBe('2');
  });

  it('dates orders by the Berlin calendar', () => {
    expect(csvDate(new Date('2026-01-31T23:30:00Z'))).toBe('2026-02-01 00:30');
    expect(csvDate(new Date('2026-07-01T12:05:00Z'))).toBe('2026-07-01 14:05');
  });
});

describe('CSV rows of an order', () => {
  const order: CsvOrder = {
    number: 10042,
    createdAt: new Date('2026-03-02T09:00:00Z'),
    status: 'processing',
    billing: {
      first_name: 'Erika',
      last_name: 'Mustermann',
      company: '',
      address_1: '',
      address_2: '',
      city: '',
      state: '',
      postcode: '',
      country: 'DE',
      phone: '',
      email: 'erika@example.org',
    },
    paymentMethodTitle: 'Vorkasse',
    total: 11900 + 1070 + 495 + 25,
    totalTax: 1900 + 70 + 79 + 4,
    shippingTotal: 495,
    shippingTax: 79,
    depositTotal: 25,
    depositTax: 4,
    shippingLines: [
      {
        packageId: 0,
        rateId: 'x',
        methodId: 'flat_rate',
        name: 'DHL',
        total: 495,
        tax: 79,
        taxes: [],
      },
    ],
    items: [
      {
        name: 'Kerze',
        sku: 'K-1',
        quantity: 2,
        unitPrice: 5950,
        total: 11900,
        tax: 1900,
        taxRate: 19,
      },
      { name: 'Buch', sku: null, quantity: 1, unitPrice: 1070, total: 1070, tax: 70, taxRate: 7 },
    ],
  };

  it('has the lines, then shipping and deposit, adding up to the total and its VAT', () => {
    const rows = csvOrderRows(order, 'comma')
      .trimEnd()
      .split('\r\n')
      .map((r) => r.split(','));
    expect(rows.map((r) => r[0])).toEqual(['line', 'line', 'shipping', 'deposit']);
    expect(rows[0]!.slice(9)).toEqual([
      'Kerze',
      'K-1',
      '2',
      '59.50',
      '100.00',
      '19',
      '19.00',
      '119.00',
      '134.90',
    ]);
    expect(rows[2]!.slice(9)).toEqual(['DHL', '', '', '', '4.16', '19', '0.79', '4.95', '134.90']);
    const sum = (i: number) => rows.reduce((s, r) => s + Math.round(Number(r[i]) * 100), 0);
    expect(sum(16)).toBe(order.total);
    expect(sum(15)).toBe(order.totalTax);
    expect(sum(13) + sum(15)).toBe(order.total);
  });

  it('puts what the parts do not explain (a fee) in an "other" row', () => {
    const withFee = { ...order, total: order.total + 200, totalTax: order.totalTax + 32 };
    const rows = csvOrderRows(withFee, 'semicolon').trimEnd().split('\r\n');
    expect(rows.at(-1)).toMatch(/^other;10042;.*;1,68;19;0,32;2,00;136,90$/);
  });

  it("names a cash on delivery order's fee row, in the export's language", () => {
    const cod = {
      ...order,
      paymentMethod: 'cod',
      total: order.total + 250,
      totalTax: order.totalTax + 40,
    };
    const de = csvOrderRows(cod, 'semicolon').trimEnd().split('\r\n');
    expect(de.at(-1)).toMatch(/^other;10042;.*;Nachnahmegebühr;;;;2,10;19;0,40;2,50;137,40$/);
    const en = csvOrderRows(cod, 'comma', 'en').trimEnd().split('\r\n');
    expect(en.at(-1)).toMatch(/^other,10042,.*,Cash on delivery fee,,,,2.10,19,0.40,2.50,137.40$/);
    // Another method's remainder stays unnamed.
    const other = csvOrderRows({ ...cod, paymentMethod: 'bacs' }, 'semicolon').trimEnd();
    expect(other.split('\r\n').at(-1)).toMatch(/^other;10042;.*;;;;;2,10;/);
  });
});
