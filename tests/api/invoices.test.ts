import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices } from '#app/domain/invoices/invoices.schema.ts';
import {
  issueCancellationInvoice,
  issueInvoice,
  takeInvoiceNumber,
} from '#app/domain/invoices/invoices.server.ts';
import { bookingYear } from '#app/domain/invoices/numbering.rules.ts';
import { transitionOrder } from '#app/domain/orders/lifecycle.server.ts';
import { putSetting } from '#app/domain/settings/settings.server.ts';
import { sessionNonce } from '#app/lib/session.server.ts';
import { type SignedIn, signedInCustomer } from '../support/customers.ts';
import { TEN_KB } from '../support/hostile.ts';
import {
  ciiSchemaErrors,
  invoiceOrder,
  pdfAttachments,
  pdfPagePng,
  pdfText,
  pngInk,
  useSeller,
} from '../support/invoice-orders.ts';
import { outboxSettled } from '../support/outbox.ts';
import { type TestShop, startTestShop } from '../support/shop.ts';

let shop: TestShop;
let manager: SignedIn;
let owner: SignedIn;
let stranger: SignedIn;

beforeAll(async () => {
  shop = await startTestShop();
  const db = shop.database.db;
  await useSeller(db);
  manager = await signedInCustomer(db, { role: 'shop_manager' });
  owner = await signedInCustomer(db);
  stranger = await signedInCustomer(db);
}, 120_000);
afterAll(async () => {
  await shop?.close();
});

const db = () => shop.database.db;
const year = () => bookingYear(new Date());
const get = (path: string, cookie = '') =>
  fetch(shop.url + path, { headers: { cookie }, redirect: 'manual' });

async function documentsOf(orderId: number) {
  return db().select().from(invoices).where(eq(invoices.orderId, orderId)).orderBy(invoices.id);
}

async function paidOrder(input: Parameters<typeof invoiceOrder>[1] = {}) {
  const order = await invoiceOrder(db(), input);
  const paid = await transitionOrder(db(), order.id, 'processing');
  expect(paid.ok).toBe(true);
  await outboxSettled(shop);
  return order;
}

const sequenceOf = (number: string) => Number(number.split('-').at(-1));

describe('issuing', () => {
  it('issues one invoice when the order is paid, numbered from the year’s sequence', async () => {
    const order = await paidOrder({ customerId: owner.customer.id });
    // A second announcement of the payment (completed) finds the same invoice.
    expect((await transitionOrder(db(), order.id, 'completed')).ok).toBe(true);
    await outboxSettled(shop);
    const docs = await documentsOf(order.id);
    expect(docs).toHaveLength(1);
    const [invoice] = docs;
    expect(invoice!.kind).toBe('invoice');
    expect(invoice!.number).toMatch(new RegExp(`^RE-${year()}-\\d{5}$`));
    expect(invoice!.totals).toEqual({
      net: 3412,
      tax: 528,
      gross: 3940,
      rates: [
        { rate: 1900, net: 2412, tax: 458 },
        { rate: 700, net: 1000, tax: 70 },
      ],
    });
    expect(invoice!.sha256).toBe(createHash('sha256').update(invoice!.pdf).digest('hex'));

    const text = await pdfText(invoice!.pdf);
    expect(text).toContain(`Rechnung ${invoice!.number}`);
    expect(text).toContain('Kerzenladen Lindner GmbH');
    expect(text).toContain('USt-IdNr. DE811907980');
    expect(text).toContain('Steuernummer 231/123/45678');
    expect(text).toContain('Greta Weiß');
    expect(text).toContain('Süßwarenstraße 12');
    expect(text).toContain('Umsatzsteuer 19 % auf 24,12 € 4,58 €');
    expect(text).toContain('Umsatzsteuer 7 % auf 10,00 € 0,70 €');
    expect(text).toContain('Gesamtbetrag 39,40 €');
    expect(text).toContain('Versand: DHL Paket');
    expect(text).toMatch(/Zahlungsart: Überweisung\. Der Betrag wurde am .+ bezahlt\./);
  });

  it('waits for completion when the shop issues invoices then', async () => {
    await putSetting(db(), 'invoice.issue_on', 'completed');
    try {
      const order = await paidOrder();
      expect(await documentsOf(order.id)).toHaveLength(0);
      await transitionOrder(db(), order.id, 'completed');
      await outboxSettled(shop);
      expect(await documentsOf(order.id)).toHaveLength(1);
    } finally {
      await putSetting(db(), 'invoice.issue_on', 'paid');
    }
  });

  it('gives a rolled-back number back: the next invoice takes it', async () => {
    const before = await takeNumberInRolledBackTransaction();
    const order = await paidOrder();
    const [invoice] = await documentsOf(order.id);
    expect(sequenceOf(invoice!.number)).toBe(before);
  });

  async function takeNumberInRolledBackTransaction(): Promise<number> {
    let taken = 0;
    await db()
      .transaction(async (tx) => {
        taken = sequenceOf(await takeInvoiceNumber(tx, 'invoice', new Date()));
        throw new Error('rolled back');
      })
      .catch(() => {});
    return taken;
  }

  it('gives 50 invoices issued at once 50 consecutive numbers', async () => {
    const orders = [];
    for (let i = 0; i < 50; i++) {
      orders.push(await invoiceOrder(db(), { status: 'processing', paid: true }));
    }
    const issued = await Promise.all(orders.map((o) => issueInvoice(db(), o.id)));
    const numbers = issued.map((r) => (r.ok ? sequenceOf(r.value.invoice.number) : NaN));
    const sorted = [...numbers].sort((a, b) => a - b);
    expect(new Set(sorted).size).toBe(50);
    expect(sorted.at(-1)! - sorted[0]!).toBe(49);
  }, 120_000);

  it('writes English invoices for English orders, one language per document', async () => {
    const order = await paidOrder({ locale: 'en' });
    const [invoice] = await documentsOf(order.id);
    const text = await pdfText(invoice!.pdf);
    expect(text).toContain(`Invoice ${invoice!.number}`);
    expect(text).toContain('VAT 19% on €24.12 €4.58');
    expect(text).toContain('Total €39.40');
    expect(text).not.toContain('Rechnung');
  });
});

describe('cancellation invoices', () => {
  it('takes an invoiced order back in full when it is cancelled, naming the invoice', async () => {
    const order = await paidOrder();
    expect((await transitionOrder(db(), order.id, 'cancelled')).ok).toBe(true);
    await outboxSettled(shop);
    const [invoice, cancellation] = await documentsOf(order.id);
    expect(cancellation!.kind).toBe('cancellation');
    expect(cancellation!.number).toMatch(new RegExp(`^ST-${year()}-\\d{5}$`));
    expect(cancellation!.cancelsId).toBe(invoice!.id);
    expect(cancellation!.totals.gross).toBe(-3940);
    expect(cancellation!.totals.rates).toEqual([
      { rate: 1900, net: -2412, tax: -458 },
      { rate: 700, net: -1000, tax: -70 },
    ]);
    const text = await pdfText(cancellation!.pdf);
    expect(text).toContain(`Stornorechnung ${cancellation!.number}`);
    expect(text).toContain(`Zur Rechnung ${invoice!.number}`);
    expect(text).toContain('Gesamtbetrag -39,40 €');
  });

  it('cancels a partial refund, then the rest, never more than the invoice', async () => {
    const order = await paidOrder();
    const refund = await issueCancellationInvoice(db(), order.id, [{ gross: 1190, rate: 1900 }]);
    expect(refund.ok && refund.value?.totals).toEqual({
      net: -1000,
      tax: -190,
      gross: -1190,
      rates: [{ rate: 1900, net: -1000, tax: -190 }],
    });
    const tooMuch = await issueCancellationInvoice(db(), order.id, [{ gross: 1900, rate: 700 }]);
    expect(tooMuch.ok).toBe(false);
    for (const bad of [0, -5, 1.5, Number.NaN]) {
      const refused = await issueCancellationInvoice(db(), order.id, [{ gross: bad, rate: 1900 }]);
      expect(refused.ok, String(bad)).toBe(false);
    }
    await transitionOrder(db(), order.id, 'refunded');
    await outboxSettled(shop);
    const docs = await documentsOf(order.id);
    expect(docs.map((d) => d.kind)).toEqual(['invoice', 'cancellation', 'cancellation']);
    expect(docs.reduce((sum, d) => sum + d.totals.gross, 0)).toBe(0);
    // Nothing left: nothing more is issued.
    const again = await issueCancellationInvoice(db(), order.id, 'rest');
    expect(again.ok && again.value).toBe(null);
  });

  it('issues none for an order cancelled before it was invoiced', async () => {
    const order = await invoiceOrder(db(), { status: 'on-hold' });
    await transitionOrder(db(), order.id, 'cancelled');
    await outboxSettled(shop);
    expect(await documentsOf(order.id)).toHaveLength(0);
  });
});

describe('VAT notes and e-invoices', () => {
  it('makes the invoice of a business buyer with a VAT id a ZUGFeRD PDF matching the order', async () => {
    const order = await paidOrder({
      country: 'AT',
      company: 'Wachs & Docht KG',
      vatId: 'ATU12345678',
    });
    const [invoice] = await documentsOf(order.id);
    expect(invoice!.format).toBe('zugferd');
    const text = await pdfText(invoice!.pdf);
    expect(text).toContain('Steuerfreie innergemeinschaftliche Lieferung');
    expect(text).toContain('Ihre USt-IdNr. ATU12345678');
    const xml = (await pdfAttachments(invoice!.pdf))['factur-x.xml'];
    expect(xml).toBeDefined();
    expect(await ciiSchemaErrors(xml!)).toEqual([]);
    expect(xml).toContain('urn:cen.eu:en16931:2017');
    expect(xml).toContain(`<ram:ID>${invoice!.number}</ram:ID>`);
    expect(xml).toContain('<ram:TypeCode>380</ram:TypeCode>');
    expect(xml).toContain('<ram:CategoryCode>K</ram:CategoryCode>');
    expect(xml).toMatch(/<ram:GrandTotalAmount[^>]*>34\.12<\/ram:GrandTotalAmount>/);
    expect(xml).toMatch(/<ram:TaxBasisTotalAmount[^>]*>34\.12<\/ram:TaxBasisTotalAmount>/);
    expect(xml).toMatch(/<ram:TaxTotalAmount currencyID="EUR">0\.00<\/ram:TaxTotalAmount>/);
    expect(xml).toContain('<ram:ID schemeID="VA">ATU12345678</ram:ID>');
    expect(xml).toMatch(/<ram:DuePayableAmount>0\.00<\/ram:DuePayableAmount>/);
  });

  it('makes the cancellation of a business buyer’s invoice a schema-valid e-invoice too', async () => {
    const order = await paidOrder({
      country: 'AT',
      company: 'Docht & Söhne OG',
      vatId: 'ATU12345678',
    });
    expect((await transitionOrder(db(), order.id, 'cancelled')).ok).toBe(true);
    await outboxSettled(shop);
    const [invoice, cancellation] = await documentsOf(order.id);
    expect(cancellation!.format).toBe('zugferd');
    const xml = (await pdfAttachments(cancellation!.pdf))['factur-x.xml'];
    expect(await ciiSchemaErrors(xml!)).toEqual([]);
    expect(xml).toContain('<ram:TypeCode>381</ram:TypeCode>');
    expect(xml).toMatch(
      new RegExp(`<ram:InvoiceReferencedDocument>\\s*<ram:IssuerAssignedID>${invoice!.number}<`),
    );
    expect(xml).toMatch(/<ram:GrandTotalAmount[^>]*>34\.12<\/ram:GrandTotalAmount>/);
  });

  it('finds the schema’s complaints in a broken e-invoice', async () => {
    const order = await paidOrder({
      country: 'AT',
      company: 'Wachs & Docht KG',
      vatId: 'ATU12345678',
    });
    const [invoice] = await documentsOf(order.id);
    const xml = (await pdfAttachments(invoice!.pdf))['factur-x.xml']!;
    const broken = xml.replace(/<ram:TypeCode>380<\/ram:TypeCode>/, '<ram:Kind>380</ram:Kind>');
    expect(broken).not.toBe(xml);
    expect((await ciiSchemaErrors(broken)).length).toBeGreaterThan(0);
  });

  it('prints the small-business note and no VAT id check for consumers', async () => {
    await putSetting(db(), 'invoice.small_business', true);
    try {
      const order = await paidOrder();
      const [invoice] = await documentsOf(order.id);
      expect(invoice!.format).toBe('pdf');
      expect(await pdfText(invoice!.pdf)).toContain(
        'Gemäß § 19 UStG wird keine Umsatzsteuer berechnet.',
      );
      expect(await pdfAttachments(invoice!.pdf)).toEqual({});
    } finally {
      await putSetting(db(), 'invoice.small_business', false);
    }
  });
});

describe('rendering', () => {
  it('renders every page of an invoice and an e-invoice as an A4 page with its text on it', async () => {
    const consumer = await paidOrder();
    const business = await paidOrder({
      country: 'AT',
      company: 'Wachs & Docht KG',
      vatId: 'ATU12345678',
    });
    for (const order of [consumer, business]) {
      const [invoice] = await documentsOf(order.id);
      const png = await pdfPagePng(invoice!.pdf);
      // Written beside the other screenshots, to be looked at after a run.
      if (process.env.SCREENSHOT_DIR) {
        const name = `${process.env.SCREENSHOT_DIR}/invoice-${invoice!.format}`;
        writeFileSync(`${name}.png`, png);
        writeFileSync(`${name}.pdf`, invoice!.pdf);
      }
      const page = await pngInk(png);
      expect(page.width / page.height).toBeCloseTo(210 / 297, 2);
      // Text, lines and the totals box: neither a blank page nor a page blacked out.
      expect(page.ink).toBeGreaterThan(0.01);
      expect(page.ink).toBeLessThan(0.3);
    }
  });
});

describe('downloads', () => {
  it('gives staff, the owner and the key holder the stored bytes, everyone else 404', async () => {
    const order = await paidOrder({ customerId: owner.customer.id });
    const [invoice] = await documentsOf(order.id);
    const file = `${encodeURIComponent(invoice!.number)}.pdf`;
    const admin = `/admin/orders/${order.id}/invoices/${file}`;
    const account = `/my-account/view-order/${order.id}/invoices/${file}`;
    const received = `/checkout/order-received/${order.id}/invoices/${file}`;
    const withKey = `${received}?key=${order.orderKey}`;
    for (const [path, cookie] of [
      [admin, manager.cookie],
      [admin, manager.cookie],
      [account, owner.cookie],
      [withKey, ''],
      [received, owner.cookie],
    ] as const) {
      const res = await get(path, cookie);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/pdf');
      expect(res.headers.get('cache-control')).toContain('no-store');
      const bytes = Buffer.from(await res.arrayBuffer());
      expect(createHash('sha256').update(bytes).digest('hex'), path).toBe(invoice!.sha256);
    }
    const other = await paidOrder({ customerId: stranger.customer.id });
    const [foreign] = await documentsOf(other.id);
    for (const [path, cookie] of [
      [admin, ''],
      [admin, owner.cookie],
      [account, ''],
      [account, stranger.cookie],
      [`${account}?key=${order.orderKey}`, stranger.cookie],
      [received, ''],
      [received, stranger.cookie],
      [`${received}?key=${other.orderKey}`, ''],
      [`${received}?key=wc_order_wrong`, ''],
      // Another order's number under this order's address.
      [`/my-account/view-order/${order.id}/invoices/${foreign!.number}.pdf`, owner.cookie],
      [`/admin/orders/${order.id}/invoices/${foreign!.number}.pdf`, manager.cookie],
      [`/admin/orders/${order.id}/invoices/${invoice!.number}`, manager.cookie],
      [`/admin/orders/${order.id}/invoices/..%2F${file}`, manager.cookie],
      [`/admin/orders/${order.id}/invoices/${TEN_KB.slice(0, 2000)}.pdf`, manager.cookie],
      [`/admin/orders/abc/invoices/${file}`, manager.cookie],
    ] as const) {
      const res = await get(path, cookie);
      expect([400, 404, 414], `${path} ${cookie ? 'signed in' : 'guest'}`).toContain(res.status);
      expect(res.headers.get('content-type')).not.toBe('application/pdf');
    }
  });

  it('links the invoice on the account page and the order-received page', async () => {
    const order = await paidOrder({ customerId: owner.customer.id });
    const [invoice] = await documentsOf(order.id);
    const account = await (await get(`/my-account/view-order/${order.id}`, owner.cookie)).text();
    expect(account).toContain(`/my-account/view-order/${order.id}/invoices/${invoice!.number}.pdf`);
    const received = await (
      await get(`/checkout/order-received/${order.id}?key=${order.orderKey}`)
    ).text();
    expect(received).toContain(
      `/checkout/order-received/${order.id}/invoices/${invoice!.number}.pdf?key=${order.orderKey}`,
    );
    const detail = await (await get(`/admin/orders/${order.id}`, manager.cookie)).text();
    expect(detail).toContain(`/admin/orders/${order.id}/invoices/${invoice!.number}.pdf`);
  });

  it('attaches the invoice to the customer’s mail of the paid order', async () => {
    const order = await invoiceOrder(db(), { status: 'on-hold' });
    await transitionOrder(db(), order.id, 'processing');
    await outboxSettled(shop);
    const [invoice] = await documentsOf(order.id);
    const outbox = path.join(shop.dataDir, 'outbox');
    const mails = readdirSync(outbox).map((f) => readFileSync(path.join(outbox, f), 'utf8'));
    const mail = mails.find((m) => m.includes(order.billingAddress.email!));
    expect(mail).toBeDefined();
    expect(mail).toContain(`filename=Rechnung-${invoice!.number}.pdf`);
  });
});

describe('create invoice now', () => {
  const post = (orderId: number | string, body: string, cookie = manager.cookie) =>
    fetch(`${shop.url}/admin/orders/${orderId}/invoices`, {
      method: 'POST',
      headers: { cookie, origin: shop.url, 'content-type': 'application/x-www-form-urlencoded' },
      body,
      redirect: 'manual',
    });
  const nonce = () => sessionNonce({ idHash: manager.idHash }, shop.env);

  it('issues the invoice of a paid order once, recorded in the audit log', async () => {
    const order = await invoiceOrder(db(), { status: 'processing', paid: true });
    const page = await (await get(`/admin/orders/${order.id}`, manager.cookie)).text();
    const form = `action="/admin/orders/${order.id}/invoices"`;
    expect(page).toContain(form);
    const first = await post(order.id, `security=${nonce()}`);
    expect(first.status).toBe(302);
    expect(first.headers.get('location')).toMatch(/\?invoice=created&number=RE-/);
    const second = await post(order.id, `security=${nonce()}`);
    expect(second.headers.get('location')).toMatch(/\?invoice=exists/);
    expect(await documentsOf(order.id)).toHaveLength(1);
    const after = await (
      await get(first.headers.get('location')!.replace(/#.*/, ''), manager.cookie)
    ).text();
    expect(after).toContain('wurde erstellt.</div>');
    expect(after).not.toContain(form);
    // The audit log names who created which invoice.
    expect(after).toMatch(/<code>invoice<\/code>: – → RE-/);
  });

  it('refuses forged, stale and hostile posts and unpaid orders, changing nothing', async () => {
    const order = await invoiceOrder(db(), { status: 'processing', paid: true });
    const unpaid = await invoiceOrder(db(), { status: 'on-hold' });
    for (const body of [
      '',
      'security=forged',
      'security=%00',
      `security=${TEN_KB}`,
      `security[]=${nonce()}`,
      `security=${nonce().slice(1)}x`,
    ]) {
      const res = await post(order.id, body);
      expect(res.status, body.slice(0, 40)).toBe(302);
      expect(res.headers.get('location')).toContain('invoice=expired');
    }
    expect((await post(unpaid.id, `security=${nonce()}`)).headers.get('location')).toContain(
      'invoice=refused',
    );
    for (const id of ['0', 'abc', '99999999', '1%00']) {
      expect([400, 404], id).toContain((await post(id, `security=${nonce()}`)).status);
    }
    expect((await post(order.id, `security=${nonce()}`, owner.cookie)).status).toBe(404);
    expect((await post(order.id, `security=${nonce()}`, '')).status).toBe(404);
    const crossSite = await fetch(`${shop.url}/admin/orders/${order.id}/invoices`, {
      method: 'POST',
      headers: {
        cookie: manager.cookie,
        origin: 'https://evil.example',
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: `security=${nonce()}`,
      redirect: 'manual',
    });
    expect(crossSite.status).toBe(403);
    expect(await documentsOf(order.id)).toHaveLength(0);
    expect(await documentsOf(unpaid.id)).toHaveLength(0);
    const rows = await db()
      .select()
      .from(invoices)
      .where(and(eq(invoices.orderId, unpaid.id), eq(invoices.kind, 'invoice')));
    expect(rows).toHaveLength(0);
  });
});
