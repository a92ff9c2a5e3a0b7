import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '#app/domain/catalog/catalog.schema.ts';
import { coupons } from '#app/domain/coupons/coupons.schema.ts';
import { orderOutbox } from '#app/domain/orders/outbox.server.ts';
import { orders } from '#app/domain/orders/orders.schema.ts';
import { createCoupon, createProduct } from '#db/seed/factories.ts';
import { SHIPPED, adminOrders } from '../support/admin-orders.ts';
import { type SignedIn, signedInCustomer } from '../support/customers.ts';
import { mailsWith } from '../support/forms-mail.ts';
import { TEN_KB } from '../support/hostile.ts';
import { outboxSettled } from '../support/outbox.ts';
import { officialClient, staffKey } from '../support/rest-v3.ts';
import { sandboxStripe } from '../support/sandbox-client.ts';
import { type TestShop, startTestShop } from '../support/shop.ts';

let shop: TestShop;
let manager: SignedIn;
let customer: SignedIn;
let productId: number;

beforeAll(async () => {
  shop = await startTestShop();
  const db = shop.database.db;
  manager = await signedInCustomer(db, { role: 'shop_manager' });
  customer = await signedInCustomer(db);
  const { product } = await createProduct(db, { name: { de: 'Kerze', en: 'Candle' } });
  productId = product.id;
  await db
    .update(products)
    .set({ manageStock: true, stockQuantity: 10 })
    .where(eq(products.id, productId));
});
afterAll(async () => {
  await shop?.close();
});

const { db, nonce, stockedOrder, post, get, act, reload, stock, auditOf, notesOf } = adminOrders(
  () => ({ shop, manager, productId }),
);

describe('who may post', () => {
  it('answers guests and customers with the 404 page and changes nothing', async () => {
    const order = await stockedOrder('on-hold');
    for (const who of [null, customer]) {
      for (const path of ['', '/address']) {
        const res = await post(
          order,
          { intent: 'status', to: 'processing', status: 'on-hold', security: 'x'.repeat(32) },
          who,
          path,
        );
        expect(res.status, path).toBe(404);
        expect(await res.text()).not.toContain('admin-nav');
      }
      expect((await get(order, who)).status).toBe(404);
    }
    expect((await reload(order)).status).toBe('on-hold');
  });

  it('refuses a forged or missing nonce and a cross-site post', async () => {
    const order = await stockedOrder('on-hold');
    for (const security of ['', 'x'.repeat(32), nonce(customer)]) {
      const res = await post(order, {
        intent: 'status',
        to: 'processing',
        status: 'on-hold',
        security,
      });
      expect(res.status).toBe(403);
      expect(await res.text()).toContain('The page has expired');
    }
    const cross = await fetch(`${shop.url}/admin/orders/${order.id}`, {
      method: 'POST',
      headers: {
        cookie: manager.cookie,
        origin: 'https://evil.example',
        'sec-fetch-site': 'cross-site',
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({
        intent: 'status',
        to: 'processing',
        status: 'on-hold',
        security: nonce(manager),
      }).toString(),
      redirect: 'manual',
    });
    expect(cross.status).toBe(403);
    expect((await reload(order)).status).toBe('on-hold');
  });
});

describe('status changes', () => {
  it('offers exactly the transition table’s changes, without refund and cancel buttons', async () => {
    const order = await stockedOrder('processing');
    const html = await (await get(order)).text();
    const offered = [...html.matchAll(/name="to" value="([a-z-]+)"/g)].map((m) => m[1]);
    expect(offered.sort()).toEqual(['completed', 'on-hold']);
    const pending = await stockedOrder('pending');
    const more = await (await get(pending)).text();
    expect([...more.matchAll(/name="to" value="([a-z-]+)"/g)].map((m) => m[1]).sort()).toEqual([
      'completed',
      'failed',
      'on-hold',
      'processing',
    ]);
  });

  it('changes the status through the lifecycle, with audit entry and the customer’s mail', async () => {
    const order = await stockedOrder('processing');
    const res = await act(order, 'status', { to: 'completed' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(`/admin/orders/${order.id}?done=status-completed`);
    const after = await reload(order);
    expect(after.status).toBe('completed');
    expect(after.completedAt).not.toBeNull();
    const [entry] = await auditOf(order, 'status');
    expect(entry).toMatchObject({
      channel: 'admin',
      actorId: manager.customer.id,
      before: { status: 'processing' },
      after: { status: 'completed' },
    });
    await outboxSettled(shop);
    expect(mailsWith(shop.dataDir, String(order.number)).map((m) => m.header('subject'))).toEqual(
      expect.arrayContaining([expect.stringMatching(/Completed|Abgeschlossen/)]),
    );
    const page = await (await get(order, manager, `?done=status-completed`)).text();
    expect(page).toContain('The order is now “Completed”.');
  });

  it('refuses a stale form and a change the table does not offer', async () => {
    const order = await stockedOrder('on-hold');
    await db().update(orders).set({ status: 'processing' }).where(eq(orders.id, order.id));
    const stale = await act(order, 'status', { to: 'processing' });
    expect(stale.status).toBe(409);
    expect(await stale.text()).toContain('has changed in the meantime');
    expect(await auditOf(order, 'status')).toEqual([]);
    const fresh = await reload(order);
    for (const to of ['refunded', 'cancelled', 'pending', 'bogus', '']) {
      const res = await act(fresh, 'status', { to });
      expect([400, 405], to).toContain(res.status);
    }
    expect((await reload(order)).status).toBe('processing');
  });
});

describe('mark paid', () => {
  it('records the total on the given day: processing, paid date, note, audit', async () => {
    const order = await stockedOrder('on-hold', SHIPPED);
    const day = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    await db()
      .update(orders)
      .set({ createdAt: new Date(Date.now() - 3 * 86_400_000) })
      .where(eq(orders.id, order.id));
    const res = await act(order, 'mark_paid', { amount: '11,90', paid_on: day });
    expect(res.status).toBe(302);
    const after = await reload(order);
    expect(after.status).toBe('processing');
    expect(after.paidAt?.toISOString().slice(0, 10)).toBe(day);
    const notes = await notesOf(order);
    expect(notes.find((n) => n.code === 'admin.action.note.marked_paid')?.params).toMatchObject({
      amount: '11.90 EUR',
      date: day,
      author: manager.customer.email,
    });
    expect(await auditOf(order, 'payment')).toHaveLength(1);
  });

  it('completes an order that ships nothing', async () => {
    const order = await stockedOrder('on-hold');
    const res = await act(order, 'mark_paid', {
      amount: '11.90',
      paid_on: new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(new Date()),
    });
    expect(res.status).toBe(302);
    expect((await reload(order)).status).toBe('completed');
  });

  it('refuses other amounts, bad dates and hostile input without changing the order', async () => {
    const order = await stockedOrder('on-hold', {
      shippingLines: [
        {
          packageId: 0,
          rateId: 'flat',
          methodId: 'flat_rate',
          name: 'DHL',
          total: 0,
          tax: 0,
          taxes: [],
        },
      ],
    });
    const today = new Date().toISOString().slice(0, 10);
    const cases: [Record<string, string> | string, number][] = [
      [{ amount: '11.89', paid_on: today }, 400],
      [{ amount: '-11.90', paid_on: today }, 400],
      [{ amount: '11.905', paid_on: today }, 400],
      [{ amount: 'elf', paid_on: today }, 400],
      [{ amount: TEN_KB, paid_on: today }, 400],
      [{ amount: '11.90', paid_on: '2999-01-01' }, 400],
      [{ amount: '11.90', paid_on: '2000-01-01' }, 400],
      [{ amount: '11.90', paid_on: '2026-02-30' }, 400],
      [{ amount: '11.90\u0000', paid_on: today }, 400],
    ];
    for (const [fields, status] of cases) {
      const res = await act(order, 'mark_paid', fields as Record<string, string>);
      expect(res.status, JSON.stringify(fields).slice(0, 60)).toBe(status);
    }
    const repeated = `intent=mark_paid&security=${nonce(manager)}&status=on-hold&amount=11.90&amount=11.90&paid_on=${today}`;
    expect((await post(order, repeated)).status).toBe(400);
    const mismatch = await act(order, 'mark_paid', { amount: '5,00', paid_on: today });
    expect(await mismatch.text()).toContain('The amount must equal the order total');
    const after = await reload(order);
    expect(after.status).toBe('on-hold');
    expect(after.paidAt).toBeNull();
    // A card order is not marked paid by hand.
    const card = await stockedOrder('pending', { paymentMethod: 'stripe' });
    expect((await act(card, 'mark_paid', { amount: '11.90', paid_on: today })).status).toBe(405);
  });
});

describe('cancel', () => {
  it('needs the confirmation, then gives stock and coupon back and tells the customer', async () => {
    const coupon = await createCoupon(db(), { usageCount: 1 });
    const order = await stockedOrder('on-hold', {
      couponLines: [
        {
          couponId: coupon.id,
          code: coupon.code,
          discount: 0,
          discountTax: 0,
          freeShipping: false,
        },
      ],
    });
    const before = await stock();
    const unconfirmed = await act(order, 'cancel');
    expect(unconfirmed.status).toBe(400);
    expect(await unconfirmed.text()).toContain('Please confirm');
    expect((await reload(order)).status).toBe('on-hold');
    const res = await act(order, 'cancel', { confirm: 'yes' });
    expect(res.status).toBe(302);
    expect((await reload(order)).status).toBe('cancelled');
    expect(await stock()).toBe((before ?? 0) + 1);
    const [counted] = await db().select().from(coupons).where(eq(coupons.id, coupon.id));
    expect(counted!.usageCount).toBe(0);
    expect(await auditOf(order, 'status')).toHaveLength(1);
    await outboxSettled(shop);
    expect(
      mailsWith(shop.dataDir, String(order.number)).some((m) =>
        /Cancelled|Storniert/.test(String(m.header('subject'))),
      ),
    ).toBe(true);
    // Twice is refused: a cancelled order offers nothing more.
    expect((await act(await reload(order), 'cancel', { confirm: 'yes' })).status).toBe(405);
    expect(await stock()).toBe((before ?? 0) + 1);
  });

  it('cancels the open payment intent at the Stripe sandbox', async () => {
    const { stripe } = sandboxStripe(shop);
    const intent = await stripe.paymentIntents.create({ amount: 1190, currency: 'eur' });
    const order = await stockedOrder('pending', {
      paymentMethod: 'stripe',
      paymentIntentId: intent.id,
    });
    // The page names the payment; the sandbox has no dashboard to link to.
    const page = await (await get(order)).text();
    expect(page).toContain(`<code>${intent.id}</code>`);
    expect(page).not.toContain('dashboard.stripe.com');
    expect((await act(order, 'cancel', { confirm: 'yes' })).status).toBe(302);
    await outboxSettled(shop);
    expect((await stripe.paymentIntents.retrieve(intent.id)).status).toBe('canceled');
    const kinds = (await orderOutbox(db(), order.id)).map((e) => e.kind);
    expect(kinds).toContain('payment.cancel');
  });
});

describe('resend mails', () => {
  it('offers the mails that fit and queues each again with a new key', async () => {
    const order = await stockedOrder('processing');
    const html = await (await get(order)).text();
    const select = /<select[^>]*name="mail"[^>]*>([\s\S]*?)<\/select>/.exec(html)?.[1] ?? '';
    const offered = [...select.matchAll(/<option value="([a-z_]+)"/g)].map((m) => m[1]);
    expect(offered).toEqual(['new_order_shop', 'confirmation', 'status_processing']);
    for (let i = 0; i < 2; i++) {
      expect((await act(order, 'resend', { mail: 'status_processing' })).status).toBe(302);
    }
    expect((await act(order, 'resend', { mail: 'confirmation' })).status).toBe(302);
    const queued = (await orderOutbox(db(), order.id)).filter((e) => e.kind.startsWith('mail.'));
    expect(queued.map((e) => e.kind)).toEqual([
      'mail.order_status',
      'mail.order_status',
      'mail.new_order',
    ]);
    expect(new Set(queued.map((e) => e.dedupeKey)).size).toBe(3);
    await outboxSettled(shop);
    const mails = mailsWith(shop.dataDir, String(order.number));
    expect(
      mails.filter((m) => /Processing|Bearbeitung/.test(String(m.header('subject')))),
    ).toHaveLength(2);
    expect(
      (await notesOf(order)).filter((n) => n.code.startsWith('admin.action.note.resent_')),
    ).toHaveLength(3);
    expect(await auditOf(order, 'resend_mail')).toHaveLength(3);
    // A mail that does not fit, or no mail at all.
    for (const mail of ['payment_request', 'status_completed', 'x', TEN_KB]) {
      expect([400, 405]).toContain((await act(order, 'resend', { mail })).status);
    }
  });

  it('sends a payment request with the pay link for a pending order', async () => {
    const order = await stockedOrder('pending');
    expect((await act(order, 'resend', { mail: 'payment_request' })).status).toBe(302);
    await outboxSettled(shop);
    const [mail] = mailsWith(shop.dataDir, `/checkout/order-pay/${order.id}?key=`);
    expect(mail).toBeDefined();
  });
});

describe('notes', () => {
  it('adds a private note and a note to the customer, mailed through the outbox', async () => {
    const order = await stockedOrder('processing');
    expect((await act(order, 'note', { note: 'Paket fragil', note_type: 'private' })).status).toBe(
      302,
    );
    const marker = `Lieferung morgen ${Date.now()}`;
    expect((await act(order, 'note', { note: marker, note_type: 'customer' })).status).toBe(302);
    const notes = await notesOf(order);
    expect(notes.map((n) => [n.params.text, n.forCustomer, n.params.author])).toEqual([
      ['Paket fragil', false, manager.customer.email],
      [marker, true, manager.customer.email],
    ]);
    await outboxSettled(shop);
    const mails = mailsWith(shop.dataDir, marker);
    expect(mails).toHaveLength(1);
    expect(mailsWith(shop.dataDir, 'Paket fragil')).toHaveLength(0);
    const page = await (await get(order)).text();
    expect(page).toContain(`by ${manager.customer.email}`);
    expect(page).toContain(marker);
  });

  it('refuses empty, oversized and hostile notes', async () => {
    const order = await stockedOrder('processing');
    for (const fields of [
      { note: '', note_type: 'private' },
      { note: '   ', note_type: 'customer' },
      { note: 'x'.repeat(5001), note_type: 'private' },
      { note: 'a\u0000b', note_type: 'private' },
      { note: 'ok', note_type: 'public' },
    ]) {
      expect((await act(order, 'note', fields)).status).toBe(400);
    }
    expect(await notesOf(order)).toEqual([]);
  });

  it('mails a REST API note with customer_note: true to the customer', async () => {
    const order = await stockedOrder('processing');
    const client = officialClient(shop, await staffKey(shop, 'read_write'));
    const marker = `API-Notiz ${Date.now()}`;
    const added = await client.post(`orders/${order.id}/notes`, {
      note: marker,
      customer_note: true,
    });
    expect(added.status).toBe(201);
    await client.post(`orders/${order.id}/notes`, { note: `${marker} intern` });
    await outboxSettled(shop);
    const mails = mailsWith(shop.dataDir, marker);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).not.toContain(`${marker} intern`);
  });
});

describe('address edit', () => {
  const address = (overrides: Record<string, string> = {}) => ({
    kind: 'shipping',
    security: nonce(manager),
    shipping_first_name: 'Max',
    shipping_last_name: 'Muster',
    shipping_company: '',
    shipping_address_1: 'Ringstraße 5',
    shipping_address_2: '',
    shipping_postcode: '80331',
    shipping_city: 'München',
    shipping_country: 'DE',
    ...overrides,
  });

  it('saves with the checkout’s rules and records before and after', async () => {
    const order = await stockedOrder('processing');
    const res = await post(order, address({ shipping_postcode: ' 80331 ' }), manager, '/address');
    expect(res.status).toBe(302);
    const after = await reload(order);
    expect(after.shippingAddress).toMatchObject({
      city: 'München',
      postcode: '80331',
      first_name: 'Max',
    });
    const [entry] = await auditOf(order, 'address_shipping');
    expect(entry!.before).toMatchObject({ city: 'Leipzig' });
    expect(entry!.after).toMatchObject({ city: 'München' });
  });

  it('names every wrong field and keeps the address', async () => {
    const order = await stockedOrder('processing');
    const res = await post(
      order,
      address({ shipping_postcode: '1234', shipping_city: '', shipping_country: 'ZZ' }),
      manager,
      '/address',
    );
    expect(res.status).toBe(400);
    const us = await post(
      order,
      address({ shipping_country: 'US', shipping_state: 'XX', shipping_postcode: '10001' }),
      manager,
      '/address',
    );
    expect(us.status).toBe(400);
    const html = await us.text();
    expect(html).toContain('aria-describedby="shipping_state-tip"');
    for (const hostile of [TEN_KB, 'a\u0000b']) {
      const r = await post(order, address({ shipping_city: hostile }), manager, '/address');
      expect(r.status).toBe(400);
    }
    expect((await reload(order)).shippingAddress.city).toBe('Leipzig');
  });

  it('is closed once the order has shipped', async () => {
    const order = await stockedOrder('completed');
    const res = await post(order, address(), manager, '/address');
    expect(res.status).toBe(405);
    expect((await reload(order)).shippingAddress.city).toBe('Leipzig');
    expect(await (await get(order)).text()).not.toContain(
      `href="/admin/orders/${order.id}/address"`,
    );
  });
});
