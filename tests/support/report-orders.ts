/**
 * Orders with known amounts for the reports' tests: lines at given rates, shipping, coupons,
 * the tax treatment and the moment they were placed.
 */
import { randomBytes } from 'node:crypto';
import type { Tx } from '#app/domain/kernel/tx.ts';
import {
  type OrderCouponLine,
  type OrderStatus,
  orderItems,
  orders,
} from '#app/domain/orders/orders.schema.ts';
import { orderRefundLines, orderRefunds } from '#app/domain/payments/refunds.schema.ts';

export type ReportLine = {
  productId: number;
  name: string;
  quantity: number;
  total: number;
  tax: number;
  rate: number;
};

export async function reportOrder(
  db: Tx,
  input: {
    at: string;
    status?: OrderStatus;
    email: string;
    customerId?: number | null;
    country?: string;
    treatment?: 'domestic' | 'destination' | 'reverse_charge' | 'export';
    lines: ReportLine[];
    shipping?: { total: number; tax: number; rate: number | null };
    coupons?: { code: string; discount: number }[];
  },
) {
  const shipping = input.shipping ?? { total: 0, tax: 0, rate: null };
  const itemsTotal = input.lines.reduce((s, l) => s + l.total, 0);
  const itemsTax = input.lines.reduce((s, l) => s + l.tax, 0);
  const country = input.country ?? 'DE';
  const address = {
    first_name: 'Erika',
    last_name: 'Muster',
    company: '',
    address_1: 'Hauptstraße 1',
    address_2: '',
    city: 'Leipzig',
    state: '',
    postcode: '04109',
    country,
    phone: '',
  };
  const couponLines: OrderCouponLine[] = (input.coupons ?? []).map((c, i) => ({
    couponId: i + 1,
    code: c.code,
    discount: c.discount,
    discountTax: 0,
    freeShipping: false,
  }));
  const at = new Date(input.at);
  const [order] = await db
    .insert(orders)
    .values({
      orderKey: `wc_order_report_${randomBytes(6).toString('hex')}`,
      status: input.status ?? 'processing',
      customerId: input.customerId ?? null,
      billingAddress: { ...address, email: input.email },
      shippingAddress: address,
      paymentMethod: 'bacs',
      paymentMethodTitle: 'Vorkasse',
      currency: 'EUR',
      itemsTotal,
      itemsTax,
      shippingTotal: shipping.total,
      shippingTax: shipping.tax,
      discountTotal: couponLines.reduce((s, c) => s + c.discount, 0),
      total: itemsTotal + shipping.total,
      totalTax: itemsTax + shipping.tax,
      taxTreatment: input.treatment ?? 'domestic',
      taxCountry: country,
      couponLines,
      shippingLines:
        shipping.total > 0
          ? [
              {
                packageId: 0,
                rateId: 'flat_rate:1',
                methodId: 'flat_rate',
                name: 'DHL',
                total: shipping.total,
                tax: shipping.tax,
                taxes:
                  shipping.rate === null ? [] : [{ rate: shipping.rate, amount: shipping.tax }],
              },
            ]
          : [],
      consent: { terms: true, digital: null, at: at.toISOString() },
      createdAt: at,
      updatedAt: at,
    })
    .returning();
  const items = await db
    .insert(orderItems)
    .values(
      input.lines.map((l) => ({
        orderId: order!.id,
        productId: l.productId,
        name: l.name,
        quantity: l.quantity,
        unitPrice: Math.round(l.total / l.quantity),
        subtotal: l.total,
        total: l.total,
        tax: l.tax,
        taxRate: l.rate,
      })),
    )
    .returning();
  return { order: order!, items };
}

/** A refund row of the given parts, made at `at`. */
async function refund(
  db: Tx,
  input: {
    orderId: number;
    items: number;
    shipping: number;
    at: string;
    status?: 'succeeded' | 'failed';
  },
) {
  const [row] = await db
    .insert(orderRefunds)
    .values({
      orderId: input.orderId,
      amount: input.items + input.shipping,
      itemsAmount: input.items,
      shippingAmount: input.shipping,
      method: 'manual',
      status: input.status ?? 'succeeded',
      actorChannel: 'admin',
      createdAt: new Date(input.at),
    })
    .returning();
  return row!;
}

/** A refund of one line's pieces, made at `at`. */
export async function refundLine(
  db: Tx,
  input: {
    orderId: number;
    itemId: number;
    quantity: number;
    amount: number;
    tax: number;
    at: string;
    status?: 'succeeded' | 'failed';
  },
) {
  const made = await refund(db, { ...input, items: input.amount, shipping: 0 });
  await db.insert(orderRefundLines).values({
    refundId: made.id,
    orderItemId: input.itemId,
    quantity: input.quantity,
    amount: input.amount,
    tax: input.tax,
  });
  return made;
}

/** A refund of shipping only, made at `at`. */
export function refundShipping(db: Tx, input: { orderId: number; amount: number; at: string }) {
  return refund(db, { ...input, items: 0, shipping: input.amount });
}
