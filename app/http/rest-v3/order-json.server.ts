import { minorUnit, roundMinor } from '#app/domain/pricing/money.ts';
import {
  DEFAULT_VAT_RATES,
  SHOP_COUNTRY,
  TAX_CLASSES,
  TAX_CLASS_SLUGS,
  type VatRateTable,
} from '#app/domain/pricing/tax.ts';
import { orderFees } from '#app/domain/orders/order-fees.ts';
import type {
  OrderAddress,
  OrderItemRow,
  OrderNoteRow,
  OrderRow,
} from '#app/domain/orders/orders.schema.ts';
import type { TextKey, Translate } from '#app/lib/i18n.ts';

/** Money as WooCommerce writes it: a decimal string with the currency's minor digits. */
export function decimal(minor: number, currency: string): string {
  const digits = minorUnit(currency);
  if (digits === 0) return String(minor);
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  const unit = 10 ** digits;
  return `${sign}${Math.floor(abs / unit)}.${String(abs % unit).padStart(digits, '0')}`;
}

/**
 * An order's refunds as WooCommerce lists them in the order: newest first, the amount as a
 * negative decimal string. Failed refunds gave nothing back and are left out.
 */
export function orderRefundsJson(
  refunds: readonly { id: number; reason: string; amount: number }[],
  currency: string,
) {
  return refunds.map((r) => ({
    id: r.id,
    reason: r.reason,
    total: `-${decimal(r.amount, currency)}`,
  }));
}

const berlin = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'Europe/Berlin',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: false,
});

/** WooCommerce's two date fields: the shop's local time and GMT, both without a zone. */
export function dates(name: string, date: Date | null): Record<string, string | null> {
  if (!date) return { [name]: null, [`${name}_gmt`]: null };
  return {
    [name]: berlin.format(date).replace(' ', 'T'),
    [`${name}_gmt`]: date.toISOString().slice(0, 19),
  };
}

/** Tax rates are kept in basis points (1900 = 19 %); the rate is its own id here. */
const percent = (rate: number) => (rate >= 100 ? rate / 100 : rate);

/** A line's class slug: the class whose rate in the order's tax country the line carries. */
function classOfRate(rates: VatRateTable, country: string) {
  const row = rates[country] ?? rates[SHOP_COUNTRY];
  return (rate: number) =>
    TAX_CLASS_SLUGS[TAX_CLASSES.find((c) => row?.[c] === rate) ?? 'standard'];
}

function address(stored: OrderAddress, withEmail: boolean) {
  const base = {
    first_name: stored.first_name ?? '',
    last_name: stored.last_name ?? '',
    company: stored.company ?? '',
    address_1: stored.address_1 ?? '',
    address_2: stored.address_2 ?? '',
    city: stored.city ?? '',
    state: stored.state ?? '',
    postcode: stored.postcode ?? '',
    country: stored.country ?? '',
  };
  return withEmail
    ? { ...base, email: stored.email ?? '', phone: stored.phone ?? '' }
    : { ...base, phone: stored.phone ?? '' };
}

function lineItem(item: OrderItemRow, currency: string, taxClass: (rate: number) => string) {
  const money = (n: number) => decimal(n, currency);
  const rate = percent(item.taxRate);
  const subtotalTax = roundMinor((item.subtotal * rate) / (100 + rate));
  const net = item.total - item.tax;
  return {
    id: item.id,
    name: item.name,
    product_id: item.productId,
    variation_id: item.variationId ?? 0,
    quantity: item.quantity,
    tax_class: taxClass(item.taxRate),
    subtotal: money(item.subtotal - subtotalTax),
    subtotal_tax: money(subtotalTax),
    total: money(net),
    total_tax: money(item.tax),
    taxes: [{ id: item.taxRate, total: money(item.tax), subtotal: money(subtotalTax) }],
    meta_data: item.variation.map((v, i) => ({
      id: i + 1,
      key: v.attribute,
      value: v.value,
      display_key: v.attribute,
      display_value: v.value,
    })),
    sku: item.sku ?? '',
    price: item.quantity > 0 ? net / 10 ** minorUnit(currency) / item.quantity : 0,
    image: { id: '', src: '' },
    parent_name: null,
  };
}

/** An order in WooCommerce's REST API v3 shape (`class-wc-rest-orders-v2-controller`). */
export function orderJson(
  order: OrderRow,
  items: readonly OrderItemRow[],
  base: string,
  rates: VatRateTable = DEFAULT_VAT_RATES,
) {
  const currency = order.currency;
  const taxClass = classOfRate(rates, order.taxCountry);
  const money = (n: number) => decimal(n, currency);
  const shippingTaxByRate = new Map<number, number>();
  for (const line of order.shippingLines) {
    for (const tax of line.taxes) {
      shippingTaxByRate.set(tax.rate, (shippingTaxByRate.get(tax.rate) ?? 0) + tax.amount);
    }
  }
  const links = `${base}/wp-json/wc/v3/orders`;
  return {
    id: order.id,
    parent_id: 0,
    status: order.status,
    currency,
    version: '',
    prices_include_tax: true,
    ...dates('date_created', order.createdAt),
    ...dates('date_modified', order.updatedAt),
    discount_total: money(order.discountTotal - order.discountTax),
    discount_tax: money(order.discountTax),
    shipping_total: money(order.shippingTotal - order.shippingTax),
    shipping_tax: money(order.shippingTax),
    cart_tax: money(order.itemsTax + order.depositTax),
    total: money(order.total),
    total_tax: money(order.totalTax),
    customer_id: order.customerId ?? 0,
    order_key: order.orderKey,
    billing: address(order.billingAddress, true),
    shipping: address(order.shippingAddress, false),
    payment_method: order.paymentMethod,
    payment_method_title: order.paymentMethodTitle,
    transaction_id: order.paymentIntentId ?? '',
    customer_ip_address: '',
    customer_user_agent: '',
    created_via: order.subscriptionId ? 'subscription' : 'checkout',
    customer_note: order.customerNote,
    ...dates('date_completed', order.completedAt),
    ...dates('date_paid', order.paidAt),
    cart_hash: '',
    number: String(order.number),
    meta_data: [],
    line_items: items.map((item) => lineItem(item, currency, taxClass)),
    tax_lines: order.taxLines.map((line) => {
      const shippingTax = shippingTaxByRate.get(line.rate) ?? 0;
      return {
        id: line.rate,
        rate_code: `${order.taxCountry}-VAT-${percent(line.rate)}`,
        rate_id: line.rate,
        label: 'MwSt.',
        compound: false,
        tax_total: money(line.amount - shippingTax),
        shipping_tax_total: money(shippingTax),
        rate_percent: percent(line.rate),
        meta_data: [],
      };
    }),
    shipping_lines: order.shippingLines.map((line, i) => ({
      id: i + 1,
      method_title: line.name,
      method_id: line.methodId,
      instance_id: line.rateId.split(':')[1] ?? '',
      total: money(line.total - line.tax),
      total_tax: money(line.tax),
      taxes: line.taxes.map((tax) => ({ id: tax.rate, total: money(tax.amount), subtotal: '' })),
      meta_data: [],
    })),
    fee_lines: [
      ...(order.depositTotal > 0
        ? [{ name: 'Pfand', gross: order.depositTotal, tax: order.depositTax, taxes: [] }]
        : []),
      ...orderFees(order, order.locale),
    ].map((fee, i) => ({
      id: i + 1,
      name: fee.name,
      tax_class: '',
      tax_status: 'taxable',
      amount: money(fee.gross - fee.tax),
      total: money(fee.gross - fee.tax),
      total_tax: money(fee.tax),
      taxes: fee.taxes.map((tax) => ({ id: tax.rate, total: money(tax.amount), subtotal: '' })),
      meta_data: [],
    })),
    coupon_lines: order.couponLines.map((line, i) => ({
      id: i + 1,
      code: line.code,
      discount: money(line.discount - line.discountTax),
      discount_tax: money(line.discountTax),
      meta_data: [],
    })),
    refunds: [],
    payment_url: `${base}/checkout/order-pay/${order.id}?key=${order.orderKey}`,
    is_editable: order.status === 'pending' || order.status === 'on-hold',
    needs_payment: order.status === 'pending' || order.status === 'failed',
    needs_processing: true,
    set_paid: false,
    currency_symbol: currency === 'EUR' ? '€' : currency,
    _links: {
      self: [{ href: `${links}/${order.id}` }],
      collection: [{ href: links }],
      ...(order.customerId
        ? { customer: [{ href: `${base}/wp-json/wc/v3/customers/${order.customerId}` }] }
        : {}),
    },
  };
}

/** An order note in WooCommerce's shape; the shop's own notes are worded in the reader's language. */
export function noteJson(note: OrderNoteRow, orderId: number, t: Translate, base: string) {
  const byStaff = note.code === 'order.note.staff';
  return {
    id: note.id,
    author: byStaff ? String(note.params.author ?? '') : 'system',
    ...dates('date_created', note.createdAt),
    note: byStaff ? String(note.params.text ?? '') : t(note.code as TextKey, note.params),
    customer_note: note.forCustomer,
    added_by_user: byStaff,
    _links: {
      self: [{ href: `${base}/wp-json/wc/v3/orders/${orderId}/notes/${note.id}` }],
      collection: [{ href: `${base}/wp-json/wc/v3/orders/${orderId}/notes` }],
      up: [{ href: `${base}/wp-json/wc/v3/orders/${orderId}` }],
    },
  };
}
