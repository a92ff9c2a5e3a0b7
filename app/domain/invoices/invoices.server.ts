import { createHash } from 'node:crypto';
import { orderFees } from '#app/domain/orders/order-fees.ts';
import { and, asc, eq, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { type Actor, recordChange } from '#app/domain/audit/audit.server.ts';
import type { Tx } from '#app/domain/kernel/tx.ts';
import { type Result, domainError, notFound } from '#app/domain/kernel/result.ts';
import { Rollback, inTransaction } from '#app/domain/orders/orders.server.ts';
import { type OrderRow, orderItems, orders } from '#app/domain/orders/orders.schema.ts';
import { getSetting } from '#app/domain/settings/settings.server.ts';
import { UNSET_OWNER, shopOwnerSchema } from '#app/domain/settings/shop-owner.ts';
import { serverTranslator } from '#app/lib/i18n.server.ts';
import type { Translate } from '#app/lib/i18n.ts';
import {
  type InvoiceDocument,
  type InvoiceLine,
  amountLine,
  buyerOf,
  invoiceNotes,
  negatedLines,
  orderLines,
  totalsOf,
  wantsEInvoice,
} from './invoice-document.rules.ts';
import { renderInvoicePdf } from './invoice-pdf.server.ts';
import { withinLeft } from './refund-lines.rules.ts';
import { type InvoiceKind, type InvoiceRow, invoiceCounters, invoices } from './invoices.schema.ts';
import {
  DEFAULT_PATTERNS,
  NUMBER_PATTERN_SETTINGS,
  bookingYear,
  formatInvoiceNumber,
  isValidPattern,
} from './numbering.rules.ts';
import { embedEInvoice } from './zugferd.server.ts';

/** When an order gets its invoice: once paid (default) or once completed. */
export const ISSUE_ON_SETTING = 'invoice.issue_on';
/** Whether the customer's processing and completed mails carry the invoice PDF. */
export const ATTACH_SETTING = 'invoice.attach_to_mail';
/** A small business under § 19 UStG charges no VAT and says so on every invoice. */
export const SMALL_BUSINESS_SETTING = 'invoice.small_business';
/** The seller's tax number (Steuernummer), printed beside the VAT id. */
export const TAX_NUMBER_SETTING = 'invoice.tax_number';

export type IssueOn = 'paid' | 'completed';

export async function invoiceIssueOn(db: Tx): Promise<IssueOn> {
  return getSetting(db, ISSUE_ON_SETTING, z.enum(['paid', 'completed']), 'paid');
}

export async function attachInvoiceToMail(db: Tx): Promise<boolean> {
  return getSetting(db, ATTACH_SETTING, z.boolean(), true);
}

export async function smallBusiness(db: Tx): Promise<boolean> {
  return getSetting(db, SMALL_BUSINESS_SETTING, z.boolean(), false);
}

export async function sellerTaxNumber(db: Tx): Promise<string> {
  return getSetting(db, TAX_NUMBER_SETTING, z.string().max(40), '');
}

/** The pattern a kind's numbers are written in; the default while none valid is set. */
export async function numberPattern(db: Tx, kind: InvoiceKind): Promise<string> {
  return getSetting(
    db,
    NUMBER_PATTERN_SETTINGS[kind],
    z.string().refine(isValidPattern),
    DEFAULT_PATTERNS[kind],
  );
}

/** Whether an order in this state is due its invoice. */
export function invoiceDue(order: Pick<OrderRow, 'status'>, issueOn: IssueOn): boolean {
  return issueOn === 'completed'
    ? order.status === 'completed'
    : order.status === 'processing' || order.status === 'completed';
}

/**
 * The next number of a kind, from its counter row for the year: raised in the caller's
 * transaction and locked until it ends, so numbers are gapless and never given twice.
 */
export async function takeInvoiceNumber(tx: Tx, kind: InvoiceKind, at: Date): Promise<string> {
  const year = bookingYear(at);
  const [row] = await tx
    .insert(invoiceCounters)
    .values({ kind, year, last: 1 })
    .onConflictDoUpdate({
      target: [invoiceCounters.kind, invoiceCounters.year],
      set: { last: sql`${invoiceCounters.last} + 1` },
    })
    .returning({ last: invoiceCounters.last });
  return formatInvoiceNumber(await numberPattern(tx, kind), year, row!.last);
}

let queue: Promise<unknown> = Promise.resolve();

/**
 * Issues one document at a time in this process. The counter row's lock lets only one
 * transaction at a time number a document anyway; waiting here instead of on the lock keeps
 * the waiting requests off the connection pool. A caller's own transaction runs at once: it may
 * hold locks that a queued issue waits for.
 */
function oneAtATime<T>(db: Tx, work: () => Promise<T>): Promise<T> {
  if (db instanceof PgTransaction) return work();
  const run = queue.then(work, work);
  queue = run.catch(() => undefined);
  return run;
}

async function sellerOf(db: Tx) {
  const [owner, taxNumber, noVat] = [
    await getSetting(db, 'shop.owner', shopOwnerSchema, UNSET_OWNER),
    await sellerTaxNumber(db),
    await smallBusiness(db),
  ];
  return { seller: { ...owner, taxNumber }, smallBusiness: noVat };
}

const localeOf = (order: OrderRow) => (order.locale === 'en' ? 'en' : 'de');

async function lockOrder(tx: Tx, orderId: number): Promise<OrderRow> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  if (!order) throw new Rollback(notFound());
  return order;
}

/** Renders, stamps and stores a document under a fresh number, in the caller's transaction. */
async function store(
  tx: Tx,
  order: OrderRow,
  draft: Omit<InvoiceDocument, 'number' | 'issuedAt'>,
  now: Date,
  cancelsId: number | null,
  refundId: number | null = null,
): Promise<InvoiceRow> {
  const number = await takeInvoiceNumber(tx, draft.kind, now);
  const document: InvoiceDocument = { ...draft, number, issuedAt: now.toISOString() };
  let pdf = await renderInvoicePdf(document);
  const eInvoice = wantsEInvoice(order.billingAddress);
  if (eInvoice) pdf = await embedEInvoice(document, pdf);
  const [row] = await tx
    .insert(invoices)
    .values({
      orderId: order.id,
      kind: draft.kind,
      number,
      cancelsId,
      refundId,
      issuedAt: now,
      currency: draft.currency,
      totals: {
        net: document.net,
        tax: document.tax,
        gross: document.gross,
        rates: document.rates,
      },
      document,
      locale: draft.locale,
      format: eInvoice ? 'zugferd' : 'pdf',
      pdf,
      sha256: createHash('sha256').update(pdf).digest('hex'),
    })
    .returning();
  return row!;
}

function baseDocument(
  order: OrderRow,
  seller: InvoiceDocument['seller'],
  lines: InvoiceLine[],
  now: Date,
): Omit<InvoiceDocument, 'number' | 'issuedAt' | 'kind' | 'cancels' | 'notes' | 'discount'> {
  return {
    locale: localeOf(order),
    seller,
    buyer: buyerOf(order.billingAddress),
    order: { id: order.id, number: order.number, createdAt: order.createdAt.toISOString() },
    deliveryDate: (order.completedAt ?? now).toISOString(),
    payment: { method: order.paymentMethodTitle, paidAt: order.paidAt?.toISOString() ?? null },
    currency: order.currency,
    lines,
    ...totalsOf(lines),
  };
}

export type IssueOptions = {
  now?: Date;
  /** Staff asked for it: issued for any paid order, whatever `invoice.issue_on` says. */
  actor?: Actor;
};

/**
 * The order's invoice, issued once: under the order's row lock, a second call finds the first
 * one's invoice. Refused (not_due) while the order is not due one.
 */
export async function issueInvoice(
  db: Tx,
  orderId: number,
  options: IssueOptions = {},
): Promise<Result<{ invoice: InvoiceRow; created: boolean }>> {
  return oneAtATime(db, () =>
    inTransaction(db, async (tx) => {
      const order = await lockOrder(tx, orderId);
      const [existing] = await tx
        .select()
        .from(invoices)
        .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, 'invoice')));
      if (existing) return { invoice: existing, created: false };
      const due = options.actor
        ? order.paidAt !== null && invoiceDue(order, 'paid')
        : invoiceDue(order, await invoiceIssueOn(tx));
      if (!due) throw new Rollback(domainError('not_allowed', 'invoice.error.not_due'));
      const now = options.now ?? new Date();
      const t = serverTranslator(localeOf(order));
      const items = await tx
        .select()
        .from(orderItems)
        .where(eq(orderItems.orderId, orderId))
        .orderBy(asc(orderItems.id));
      const { seller, smallBusiness } = await sellerOf(tx);
      const lines = orderLines(
        order,
        items,
        { shipping: t('invoice.pdf.shipping'), deposit: t('invoice.pdf.deposit') },
        orderFees(order, localeOf(order)),
      );
      const base = baseDocument(order, seller, lines, now);
      const destination = order.shippingAddress.country || order.billingAddress.country;
      const invoice = await store(
        tx,
        order,
        {
          ...base,
          kind: 'invoice',
          cancels: null,
          notes: invoiceNotes({
            smallBusiness,
            treatment: order.taxTreatment,
            destination,
            shipsGoods: order.shippingLines.length > 0,
            totalTax: base.tax,
          }),
          discount: {
            codes: order.couponLines.map((c) => c.code),
            gross: order.discountTotal,
          },
        },
        now,
        null,
      );
      if (options.actor) {
        await recordChange(tx, options.actor, {
          entity: 'order',
          entityId: orderId,
          action: 'invoice',
          before: { invoice: null },
          after: { invoice: invoice.number },
        });
      }
      return { invoice, created: true };
    }),
  );
}

/**
 * What a cancellation takes back: everything not yet cancelled, gross amounts per rate, or the
 * lines of one refund (as far as the invoice has anything left at their rates).
 */
export type CancellationAmounts =
  | 'rest'
  | { gross: number; rate: number; name?: string }[]
  | {
      refundId: number;
      lines: (invoice: InvoiceLine[], left: Map<number, number>, t: Translate) => InvoiceLine[];
    };

/**
 * A cancellation invoice (Stornorechnung) for an invoiced order: negative amounts, its own
 * number, naming the invoice. `rest` takes back what earlier cancellations left; amounts (a
 * partial refund) never exceed what is left at their rate. Without an invoice there is
 * nothing to cancel (not_invoiced); with nothing left, nothing is issued (null).
 */
export async function issueCancellationInvoice(
  db: Tx,
  orderId: number,
  amounts: CancellationAmounts,
  options: { now?: Date } = {},
): Promise<Result<InvoiceRow | null>> {
  return oneAtATime(db, () =>
    inTransaction(db, async (tx) => {
      const order = await lockOrder(tx, orderId);
      const documents = await tx
        .select()
        .from(invoices)
        .where(eq(invoices.orderId, orderId))
        .orderBy(asc(invoices.id));
      const original = documents.find((d) => d.kind === 'invoice');
      if (!original) throw new Rollback(domainError('conflict', 'invoice.error.not_invoiced'));
      const refundId = !Array.isArray(amounts) && amounts !== 'rest' ? amounts.refundId : null;
      const done = refundId === null ? undefined : documents.find((d) => d.refundId === refundId);
      if (done) return done;
      const left = new Map(original.totals.rates.map((r) => [r.rate, r.net + r.tax]));
      for (const d of documents) {
        if (d.kind !== 'cancellation') continue;
        for (const r of d.totals.rates) left.set(r.rate, (left.get(r.rate) ?? 0) + r.net + r.tax);
      }
      const t = serverTranslator(localeOf(order));
      let lines: InvoiceLine[];
      if (amounts === 'rest') {
        const untouched = documents.every((d) => d.kind === 'invoice');
        lines = untouched
          ? negatedLines(original.document.lines)
          : [...left]
              .filter(([, gross]) => gross !== 0)
              .map(([rate, gross]) => amountLine(t('invoice.pdf.rest'), gross, rate));
      } else if (!Array.isArray(amounts)) {
        lines = withinLeft(amounts.lines(original.document.lines, left, t), left);
      } else {
        for (const a of amounts) {
          if (!Number.isSafeInteger(a.gross) || a.gross <= 0 || a.gross > (left.get(a.rate) ?? 0)) {
            throw new Rollback(domainError('limit', 'invoice.error.too_much'));
          }
        }
        lines = amounts.map((a) => amountLine(a.name ?? t('invoice.pdf.refund'), a.gross, a.rate));
      }
      if (lines.length === 0) return null;
      const now = options.now ?? new Date();
      const { seller } = await sellerOf(tx);
      const base = baseDocument(order, seller, lines, now);
      return store(
        tx,
        order,
        {
          ...base,
          kind: 'cancellation',
          cancels: { number: original.number, issuedAt: original.issuedAt.toISOString() },
          notes: original.document.notes,
          discount: { codes: [], gross: 0 },
        },
        now,
        original.id,
        refundId,
      );
    }),
  );
}

export type InvoiceSummary = Pick<
  InvoiceRow,
  'id' | 'kind' | 'number' | 'issuedAt' | 'currency' | 'totals' | 'format' | 'sha256'
>;

/** The order's documents, oldest first, without their bytes. */
export function orderInvoices(db: Tx, orderId: number): Promise<InvoiceSummary[]> {
  return db
    .select({
      id: invoices.id,
      kind: invoices.kind,
      number: invoices.number,
      issuedAt: invoices.issuedAt,
      currency: invoices.currency,
      totals: invoices.totals,
      format: invoices.format,
      sha256: invoices.sha256,
    })
    .from(invoices)
    .where(eq(invoices.orderId, orderId))
    .orderBy(asc(invoices.id));
}

/** One stored document of the order, bytes as issued. */
export async function invoiceFile(
  db: Tx,
  orderId: number,
  number: string,
): Promise<Pick<InvoiceRow, 'number' | 'pdf' | 'sha256'> | null> {
  const [row] = await db
    .select({ number: invoices.number, pdf: invoices.pdf, sha256: invoices.sha256 })
    .from(invoices)
    .where(and(eq(invoices.orderId, orderId), eq(invoices.number, number)));
  return row ?? null;
}
