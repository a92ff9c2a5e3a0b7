// The order export's CSV: one row per order line, then the order's shipping (and deposit, and
// whatever else the total holds) as rows of their own, so each order's rows add up to its total.
import { type CsvDialect, csvLine } from '#app/domain/kernel/csv.ts';
import { dateTimeParts } from '#app/domain/kernel/date-parts.ts';
import { feeLineName, orderFeeName } from './order-fees.ts';
import type {
  OrderAddress,
  OrderFeeLine,
  OrderShippingLine,
  OrderStatus,
} from './orders.schema.ts';

export const CSV_COLUMNS = [
  'type',
  'order_number',
  'date',
  'status',
  'customer',
  'email',
  'company',
  'billing_country',
  'payment_method',
  'item',
  'sku',
  'quantity',
  'unit_price',
  'net',
  'vat_rate',
  'vat',
  'gross',
  'order_total',
] as const;
export type CsvColumn = (typeof CSV_COLUMNS)[number];

/** Minor units as a decimal amount, e.g. 1190 → "11,90" or "11.90" (no grouping). */
export function csvAmount(minor: number, dialect: CsvDialect): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(Math.round(minor));
  const text = `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
  return dialect === 'semicolon' ? text.replace('.', ',') : text;
}

/** A plain decimal (quantity, rate) without trailing zeros, in the dialect's notation. */
export function csvDecimal(value: number, dialect: CsvDialect): string {
  const text = String(Number(value.toFixed(3)));
  return dialect === 'semicolon' ? text.replace('.', ',') : text;
}

/** The shop's calendar: Berlin local time, `YYYY-MM-DD HH:MM`. */
export function csvDate(date: Date): string {
  const d = dateTimeParts(date, { timeZone: 'Europe/Berlin' });
  return `${d.year}-${d.month}-${d.day} ${d.hour}:${d.minute}`;
}

export type CsvOrder = {
  number: number;
  createdAt: Date;
  status: OrderStatus;
  billing: OrderAddress;
  paymentMethodTitle: string;
  /** The method's id: a cash on delivery order's remainder is its fee. */
  paymentMethod?: string;
  total: number;
  totalTax: number;
  shippingTotal: number;
  shippingTax: number;
  depositTotal: number;
  depositTax: number;
  shippingLines: OrderShippingLine[];
  /** The stored fee lines; null on orders placed before they were stored. */
  feeLines?: OrderFeeLine[] | null;
  items: {
    name: string;
    sku: string | null;
    quantity: number;
    unitPrice: number;
    total: number;
    tax: number;
    taxRate: number;
  }[];
};

/** The main rate of a tax amount within a gross amount, as a whole percentage. */
const rateOf = (gross: number, tax: number) =>
  gross - tax > 0 ? Math.round((tax / (gross - tax)) * 100) : 0;

/**
 * An order's rows: its lines, then `shipping`, `deposit`, `fee` and `other` (rounding) rows
 * where the order has them. Gross amounts of all rows add up to the order total, VAT amounts
 * to its VAT.
 */
export function csvOrderRows(order: CsvOrder, dialect: CsvDialect, locale = 'de'): string {
  const common = (type: string) => [
    type,
    order.number,
    csvDate(order.createdAt),
    order.status,
    [order.billing.first_name, order.billing.last_name].filter(Boolean).join(' '),
    order.billing.email ?? '',
    order.billing.company ?? '',
    order.billing.country ?? '',
    order.paymentMethodTitle,
  ];
  const money = (gross: number, tax: number, rate: number) => [
    csvAmount(gross - tax, dialect),
    csvDecimal(rate, dialect),
    csvAmount(tax, dialect),
    csvAmount(gross, dialect),
    csvAmount(order.total, dialect),
  ];
  let out = '';
  let gross = 0;
  let tax = 0;
  for (const item of order.items) {
    out += csvLine(
      [
        ...common('line'),
        item.name,
        item.sku ?? '',
        csvDecimal(item.quantity, dialect),
        csvAmount(item.unitPrice, dialect),
        ...money(item.total, item.tax, item.taxRate),
      ],
      dialect,
    );
    gross += item.total;
    tax += item.tax;
  }
  const extra = (type: string, name: string, g: number, t: number) => {
    out += csvLine([...common(type), name, '', '', '', ...money(g, t, rateOf(g, t))], dialect);
    gross += g;
    tax += t;
  };
  if (order.shippingTotal !== 0 || order.shippingLines.length > 0) {
    const name = order.shippingLines.map((l) => l.name).join(', ');
    extra('shipping', name, order.shippingTotal, order.shippingTax);
  }
  if (order.depositTotal !== 0) extra('deposit', '', order.depositTotal, order.depositTax);
  for (const fee of order.feeLines ?? []) {
    extra('fee', feeLineName(fee, locale), fee.total, fee.tax);
  }
  // An order without lines still gets its row.
  if (gross !== order.total || tax !== order.totalTax || out === '') {
    const rest = order.total - gross;
    // Before fee lines were stored, a cash on delivery order's rest was its fee.
    const legacyFee = !order.feeLines && order.paymentMethod === 'cod' && rest > 0;
    const name = legacyFee ? orderFeeName('cod', locale) : '';
    extra('other', name, rest, order.totalTax - tax);
  }
  return out;
}
