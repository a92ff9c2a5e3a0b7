/**
 * Orders to refund and the order page's refund form, for the refund tests (API and browser).
 */
import { eq } from 'drizzle-orm';
import { auditLog } from '#app/domain/audit/audit.schema.ts';
import { products } from '#app/domain/catalog/catalog.schema.ts';
import type { Tx } from '#app/domain/kernel/tx.ts';
import { orderItems, orders } from '#app/domain/orders/orders.schema.ts';
import { orderRefunds } from '#app/domain/payments/refunds.schema.ts';
import { createProduct } from '#db/seed/factories.ts';

let serial = 0;

/**
 * A paid bank-transfer order: 3 candles at 11.90 (stock taken) and one mug at 10.00 without
 * managed stock, 4.90 shipping; 50.60 in all.
 */
export async function paidTransferOrder(db: Tx, email = 'kunde@example.com') {
  const { product: candle } = await createProduct(db, {
    name: { de: 'Kerze', en: 'Candle' },
    regularPrice: 1190,
    manageStock: true,
    stockQuantity: 10,
  });
  const address = {
    first_name: 'Erika',
    last_name: 'Mustermann',
    company: '',
    address_1: 'Hauptstraße 1',
    address_2: '',
    city: 'Leipzig',
    state: '',
    postcode: '04109',
    country: 'DE',
    phone: '',
  };
  const [order] = await db
    .insert(orders)
    .values({
      orderKey: `wc_order_refund${++serial}_${Date.now()}`,
      status: 'processing',
      billingAddress: { ...address, email },
      shippingAddress: address,
      paymentMethod: 'bacs',
      paymentMethodTitle: 'Vorkasse',
      currency: 'EUR',
      itemsTotal: 4570,
      itemsTax: 730,
      shippingTotal: 490,
      shippingTax: 78,
      total: 5060,
      totalTax: 808,
      stockReduced: true,
      paidAt: new Date(),
      consent: { terms: true, digital: null, at: new Date().toISOString() },
    })
    .returning();
  const lines = await db
    .insert(orderItems)
    .values([
      {
        orderId: order!.id,
        productId: candle.id,
        stockProductId: candle.id,
        name: 'Kerze',
        sku: 'K-1',
        quantity: 3,
        unitPrice: 1190,
        subtotal: 3570,
        total: 3570,
        tax: 570,
        taxRate: 19,
      },
      {
        orderId: order!.id,
        productId: candle.id + 100_000,
        name: 'Becher',
        quantity: 1,
        unitPrice: 1000,
        subtotal: 1000,
        total: 1000,
        tax: 160,
        taxRate: 19,
      },
    ])
    .returning();
  return { order: order!, candle: lines[0]!, mug: lines[1]!, candleProductId: candle.id };
}

export async function stockOf(db: Tx, productId: number): Promise<number | null> {
  const [row] = await db
    .select({ stock: products.stockQuantity })
    .from(products)
    .where(eq(products.id, productId));
  return row?.stock ?? null;
}

export async function refundRows(db: Tx, orderId: number) {
  return db.select().from(orderRefunds).where(eq(orderRefunds.orderId, orderId));
}

export async function orderStatus(db: Tx, orderId: number) {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
  return row!.status;
}

export async function auditActions(db: Tx, orderId: number) {
  const rows = await db
    .select()
    .from(auditLog)
    .where(eq(auditLog.entityId, String(orderId)));
  return rows.filter((r) => r.entity === 'order').map((r) => r.action);
}

/** The order page's form as a staff browser without JavaScript sends it. */
export function refundForms(base: () => string) {
  const page = (orderId: number, cookie: string) =>
    fetch(`${base()}/admin/orders/${orderId}`, {
      headers: { cookie: `lang=en; ${cookie}` },
      redirect: 'manual',
    });
  const security = async (orderId: number, cookie: string) => {
    const html = await (await page(orderId, cookie)).text();
    return /name="security" value="([^"]+)"/.exec(html)?.[1] ?? '';
  };
  const post = (
    orderId: number,
    cookie: string,
    fields: Record<string, string> | [string, string][],
    origin = base(),
  ) =>
    fetch(`${base()}/admin/orders/${orderId}`, {
      method: 'POST',
      headers: {
        cookie: `lang=en; ${cookie}`,
        origin,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams(fields).toString(),
      redirect: 'manual',
    });
  return { page, security, post };
}
