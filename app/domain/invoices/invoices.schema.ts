import { sql } from 'drizzle-orm';
import {
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { orders } from '#app/domain/orders/orders.schema.ts';
import type { InvoiceDocument } from './invoice-document.rules.ts';

/** Raw bytes (PostgreSQL `bytea`), read and written as a Node Buffer by both drivers. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

export const INVOICE_KINDS = ['invoice', 'cancellation'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];

/** What an issued document adds up to, in minor units (negative on a cancellation). */
export type InvoiceTotals = {
  net: number;
  tax: number;
  gross: number;
  rates: { rate: number; net: number; tax: number }[];
};

/**
 * Issued invoices and cancellation invoices. A row is never changed: the PDF as issued is the
 * document, downloaded byte for byte as often as asked.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    kind: text('kind', { enum: INVOICE_KINDS }).notNull(),
    number: text('number').notNull(),
    /** A cancellation names the invoice it cancels. */
    cancelsId: integer('cancels_id'),
    /** The refund a partial cancellation takes back: one cancellation per refund. */
    refundId: integer('refund_id'),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    currency: text('currency').notNull(),
    totals: jsonb('totals').$type<InvoiceTotals>().notNull(),
    /** What the PDF shows, as data: the lines a later cancellation takes back. */
    document: jsonb('document').$type<InvoiceDocument>().notNull(),
    /** The document's language (the order's). */
    locale: text('locale').notNull(),
    /** `zugferd` when the PDF carries the EN 16931 XML (business buyers with a VAT id). */
    format: text('format', { enum: ['pdf', 'zugferd'] })
      .notNull()
      .default('pdf'),
    pdf: bytea('pdf').notNull(),
    sha256: text('sha256').notNull(),
  },
  (t) => [
    uniqueIndex('invoices_number_idx').on(t.number),
    // One invoice per order, however often its payment is announced.
    uniqueIndex('invoices_order_invoice_idx')
      .on(t.orderId)
      .where(sql`${t.kind} = 'invoice'`),
    index('invoices_order_idx').on(t.orderId, t.issuedAt),
    uniqueIndex('invoices_refund_idx')
      .on(t.refundId)
      .where(sql`${t.refundId} is not null`),
  ],
);

/**
 * The last number given per kind and year. Raised in the transaction that stores the
 * document, under the row's lock: a rolled-back invoice gives its number back.
 */
export const invoiceCounters = pgTable(
  'invoice_counters',
  {
    kind: text('kind', { enum: INVOICE_KINDS }).notNull(),
    year: integer('year').notNull(),
    last: integer('last').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.year] }),
    check('invoice_counters_last', sql`${t.last} > 0`),
  ],
);

export type InvoiceRow = typeof invoices.$inferSelect;
