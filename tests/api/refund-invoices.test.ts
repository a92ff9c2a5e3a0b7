import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '#app/domain/audit/audit.server.ts';
import { invoices } from '#app/domain/invoices/invoices.schema.ts';
import { ISSUE_ON_SETTING } from '#app/domain/invoices/invoices.server.ts';
import { issueRefundCancellation } from '#app/domain/invoices/refund-invoices.server.ts';
import { transitionOrder } from '#app/domain/orders/lifecycle.server.ts';
import { type OrderRow, orderItems } from '#app/domain/orders/orders.schema.ts';
import { createRefund } from '#app/domain/payments/refunds.server.ts';
import type { RefundRequest } from '#app/domain/payments/refunds.rules.ts';
import { putSetting } from '#app/domain/settings/settings.server.ts';
import { EFFECTS } from '#app/http/outbox/effects.server.ts';
import { invoiceOrder, pdfText, useSeller } from '../support/invoice-orders.ts';
import { outboxSettled } from '../support/outbox.ts';
import { type TestShop, startTestShop } from '../support/shop.ts';

let shop: TestShop;
const db = () => shop.database.db;
const actor: Actor = { channel: 'admin', id: null, label: 'lager@example.org' };

beforeAll(async () => {
  shop = await startTestShop();
  await useSeller(db());
}, 120_000);
afterAll(async () => {
  await shop?.close();
});

/** Candles 2 × 11.90 at 19 %, a book 10.70 at 7 %, shipping 4.90 at 19 %: 39.40, invoiced. */
async function invoicedOrder() {
  const order = await invoiceOrder(db());
  expect((await transitionOrder(db(), order.id, 'processing')).ok).toBe(true);
  await outboxSettled(shop);
  const items = await db()
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id))
    .orderBy(asc(orderItems.id));
  return { order, candle: items[0]!, book: items[1]! };
}

async function refund(order: OrderRow, request: Partial<RefundRequest>) {
  const made = await createRefund(db(), {
    orderId: order.id,
    request: { lines: [], shipping: 0, free: 0, ...request },
    reason: '',
    viaProvider: false,
    actor,
  });
  if (!made.ok) throw new Error(made.error.code);
  await outboxSettled(shop);
  return made.value;
}

const documentsOf = (orderId: number) =>
  db().select().from(invoices).where(eq(invoices.orderId, orderId)).orderBy(asc(invoices.id));
const sequenceOf = (number: string) => Number(number.split('-').at(-1));

describe('cancellation invoices of partial refunds', () => {
  it('gives each refund its own cancellation, consecutively numbered, with VAT per rate', async () => {
    const { order, candle, book } = await invoicedOrder();
    const first = await refund(order, {
      lines: [{ itemId: candle.id, quantity: 1, restock: false }],
    });
    const second = await refund(order, {
      lines: [{ itemId: book.id, quantity: 1, restock: false }],
      shipping: 490,
      free: 100,
    });
    const [invoice, one, two, ...more] = await documentsOf(order.id);
    expect(more).toEqual([]);
    expect([one!.kind, two!.kind]).toEqual(['cancellation', 'cancellation']);
    expect([one!.refundId, two!.refundId]).toEqual([first.id, second.id]);
    expect([one!.cancelsId, two!.cancelsId]).toEqual([invoice!.id, invoice!.id]);
    expect(sequenceOf(two!.number)).toBe(sequenceOf(one!.number) + 1);
    expect(one!.totals).toEqual({
      net: -1000,
      tax: -190,
      gross: -1190,
      rates: [{ rate: 1900, net: -1000, tax: -190 }],
    });
    // Book 10.70 (7 %), shipping 4.90 (19 %); the 1.00 goes where the invoice has money left:
    // nothing is left at 7 % once the book is back.
    expect(two!.totals).toEqual({
      net: -(1000 + 412 + 84),
      tax: -(70 + 78 + 16),
      gross: -1660,
      rates: [
        { rate: 1900, net: -(412 + 84), tax: -(78 + 16) },
        { rate: 700, net: -1000, tax: -70 },
      ],
    });
    const text = await pdfText(two!.pdf);
    expect(text).toContain(`Zur Rechnung ${invoice!.number}`);
    expect(text).toContain('Kerzenbuch');
    expect(text).toContain('DHL Paket');
    expect(text).toContain('Gesamtbetrag -16,60 €');
    expect(await pdfText(one!.pdf)).toContain('Bienenwachskerze');
  });

  it('issues one cancellation per refund however often its effect runs', async () => {
    const { order, candle } = await invoicedOrder();
    const made = await refund(order, {
      lines: [{ itemId: candle.id, quantity: 1, restock: false }],
    });
    const entry = {
      id: 0,
      kind: 'invoice.refund',
      orderId: order.id,
      payload: { refundId: made.id },
    } as unknown as Parameters<(typeof EFFECTS)[string]>[1];
    const ctx = { db: db(), env: shop.env } as unknown as Parameters<(typeof EFFECTS)[string]>[0];
    await EFFECTS['invoice.refund']!(ctx, entry);
    await Promise.all([
      issueRefundCancellation(db(), made.id),
      issueRefundCancellation(db(), made.id),
      EFFECTS['invoice.refund']!(ctx, entry),
    ]);
    const docs = await documentsOf(order.id);
    expect(docs.map((d) => d.kind)).toEqual(['invoice', 'cancellation']);
    expect(docs[1]!.refundId).toBe(made.id);
  });

  it('takes back only what is left when the last refund refunds the order', async () => {
    const { order, candle, book } = await invoicedOrder();
    const first = await refund(order, {
      lines: [{ itemId: candle.id, quantity: 1, restock: false }],
      free: 50,
    });
    await refund(order, {
      lines: [{ itemId: book.id, quantity: 1, restock: false }],
      shipping: 490,
      free: 3940 - 1190 - 50 - 1070 - 490,
    });
    const docs = await documentsOf(order.id);
    expect(docs.map((d) => [d.kind, d.refundId])).toEqual([
      ['invoice', null],
      ['cancellation', first.id],
      ['cancellation', null],
    ]);
    expect(docs.reduce((sum, d) => sum + d.totals.gross, 0)).toBe(0);
    for (const rate of docs[0]!.totals.rates) {
      const cancelled = docs
        .slice(1)
        .flatMap((d) => d.totals.rates)
        .filter((r) => r.rate === rate.rate)
        .reduce((sum, r) => sum + r.net + r.tax, 0);
      expect(cancelled, String(rate.rate)).toBe(-(rate.net + rate.tax));
    }
  });

  it('cancels the whole invoice once when one refund gives everything back', async () => {
    const { order, candle, book } = await invoicedOrder();
    await refund(order, {
      lines: [
        { itemId: candle.id, quantity: 2, restock: false },
        { itemId: book.id, quantity: 1, restock: false },
      ],
      shipping: 490,
    });
    const docs = await documentsOf(order.id);
    expect(docs.map((d) => [d.kind, d.refundId])).toEqual([
      ['invoice', null],
      ['cancellation', null],
    ]);
    // The invoice's own lines with their signs turned.
    expect(docs[1]!.document.lines.map((l) => l.gross)).toEqual(
      docs[0]!.document.lines.map((l) => -l.gross),
    );
  });

  it('issues none for an order without an invoice', async () => {
    const order = await invoiceOrder(db(), { status: 'on-hold', paid: true });
    const [candle] = await db().select().from(orderItems).where(eq(orderItems.orderId, order.id));
    await refund(order, { lines: [{ itemId: candle!.id, quantity: 1, restock: false }] });
    expect(await documentsOf(order.id)).toEqual([]);
  });

  it('cancels a refund made before the invoice once the invoice comes, on completion', async () => {
    await putSetting(db(), ISSUE_ON_SETTING, 'completed');
    try {
      const order = await invoiceOrder(db());
      expect((await transitionOrder(db(), order.id, 'processing')).ok).toBe(true);
      await outboxSettled(shop);
      const [candle] = await db()
        .select()
        .from(orderItems)
        .where(eq(orderItems.orderId, order.id))
        .orderBy(asc(orderItems.id));
      const made = await refund(order, {
        lines: [{ itemId: candle!.id, quantity: 1, restock: false }],
      });
      expect(await documentsOf(order.id)).toEqual([]);
      expect((await transitionOrder(db(), order.id, 'completed')).ok).toBe(true);
      await outboxSettled(shop);
      const [invoice, cancellation, ...more] = await documentsOf(order.id);
      expect(more).toEqual([]);
      expect(invoice!.totals.gross).toBe(3940);
      expect(cancellation!.refundId).toBe(made.id);
      expect(cancellation!.cancelsId).toBe(invoice!.id);
      expect(cancellation!.totals.gross).toBe(-1190);
      // The effect again (a retry) issues nothing more.
      const ctx = { db: db(), env: shop.env } as unknown as Parameters<(typeof EFFECTS)[string]>[0];
      const entry = { id: 0, kind: 'invoice.issue', orderId: order.id, payload: {} };
      await EFFECTS['invoice.issue']!(ctx, entry as never);
      expect(await documentsOf(order.id)).toHaveLength(2);
    } finally {
      await putSetting(db(), ISSUE_ON_SETTING, 'paid');
    }
  });
});
