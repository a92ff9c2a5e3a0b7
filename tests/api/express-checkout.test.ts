import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { orderNotes, orders } from '#app/domain/orders/orders.schema.ts';
import { stripeSandboxObjects } from '#sandbox/stripe/domain/sandbox.schema.ts';
import {
  BILLING,
  type ExpressShop,
  ajax,
  expressCheckout,
  expressHeaders,
  expressOrder,
  shopper,
  startExpressShop,
  walletToken,
} from '../support/express.ts';
import type { StoreClient } from '../support/store-client.ts';
import { consentTextVersion } from '#app/domain/checkout/express.server.ts';
import {
  ACCEPTED_AT_CHECKOUT,
  legalVersionInForce,
  legalVersionsInForce,
  publishLegalVersion,
} from '#app/domain/legal/legal.server.ts';
import { createProduct } from '#db/seed/factories.ts';

let express: ExpressShop;

const WALLET_LABELS = {
  apple_pay: 'Apple Pay',
  google_pay: 'Google Pay',
  link: 'Link',
  amazon_pay: 'Amazon Pay',
};

beforeAll(async () => {
  express = await startExpressShop();
});

afterAll(async () => {
  await express?.shop.close();
});

async function orderRow(id: number) {
  const [row] = await express.shop.database.db.select().from(orders).where(eq(orders.id, id));
  return row!;
}

async function orderCount() {
  const [row] = await express.shop.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders);
  return row!.n;
}

async function succeededCharges(intentId: string) {
  const rows = await express.shop.database.db
    .select({ id: stripeSandboxObjects.id })
    .from(stripeSandboxObjects)
    .where(
      and(
        eq(stripeSandboxObjects.type, 'charge'),
        sql`${stripeSandboxObjects.data}->>'payment_intent' = ${intentId}`,
        sql`${stripeSandboxObjects.data}->>'status' = 'succeeded'`,
      ),
    );
  return rows.length;
}

/** A cart of candles whose sheet was shown for Berlin with the first rate. */
async function sheetShown(quantity = 2) {
  const client = await shopper(express.shop);
  expect((await client.post('/cart/add-item', { id: express.ids.candle, quantity })).status).toBe(
    201,
  );
  const options = (await (
    await ajax(express.shop, client, 'get_shipping_options', {
      country: 'DE',
      postcode: '10115',
      city: 'Berlin',
    })
  ).json()) as any;
  expect(options.result).toBe('success');
  return { client, rate: options.shipping_options[0].id as string, total: options.total.amount };
}

async function placed(client: StoreClient, body: unknown) {
  const res = await expressCheckout(client, body);
  const json = (await res.json()) as any;
  expect(res.status, JSON.stringify(json)).toBe(200);
  return json;
}

describe('wallet orders through the Store API checkout', () => {
  it.each(['apple_pay', 'google_pay', 'link', 'amazon_pay'] as const)(
    '%s: the charged amount is the order total, the consent is recorded',
    async (wallet) => {
      const { client, rate, total } = await sheetShown();
      const token = await walletToken(express.stripe, wallet);
      const body = await placed(client, expressOrder(token, wallet, { rate }));
      expect(body.status).toBe('processing');
      expect(body.payment_result.payment_status).toBe('success');
      const order = await orderRow(body.order_id);
      expect(order.total).toBe(total);
      expect(order.consent.terms).toBe(true);
      expect(Date.parse(order.consent.at)).not.toBeNaN();
      expect(Object.keys(order.legalVersions).sort()).toEqual(['agb', 'datenschutz', 'widerruf']);
      // The wallet's address as the order keeps it: phone without brackets, spaces, dashes.
      expect(order.billingAddress.phone).toBe('+49301234567');
      expect(order.shippingLines[0]!.rateId).toBe(rate);
      const notes = await express.shop.database.db
        .select()
        .from(orderNotes)
        .where(
          and(eq(orderNotes.orderId, order.id), eq(orderNotes.code, 'express.note.wallet_order')),
        );
      expect(notes.map((n) => n.params)).toEqual([{ wallet: WALLET_LABELS[wallet] }]);
      const intent = await express.stripe.paymentIntents.retrieve(order.paymentIntentId!, {
        expand: ['payment_method'],
      });
      expect(intent.amount).toBe(order.total);
      expect(intent.amount_received).toBe(order.total);
      const method = intent.payment_method as { type: string; card?: { wallet?: any } };
      if (wallet === 'apple_pay' || wallet === 'google_pay') {
        expect(method.type).toBe('card');
        expect(method.card!.wallet.type).toBe(wallet);
      } else {
        expect(method.type).toBe(wallet);
      }
    },
  );

  it('refuses a wallet order without the terms consent, and places nothing', async () => {
    const { client, rate } = await sheetShown();
    const before = await orderCount();
    const token = await walletToken(express.stripe, 'apple_pay');
    for (const additional of [{ terms: false }, {}, undefined]) {
      const res = await expressCheckout(client, {
        ...expressOrder(token, 'apple_pay', { rate }),
        additional_fields: additional,
      });
      expect(res.status).toBe(400);
      const body = (await res.json()) as any;
      expect(body.code).toBe('woocommerce_rest_checkout_missing_consent');
      expect(body.message).toBeTruthy();
    }
    // Only the boolean counts as consent.
    const text = await expressCheckout(client, {
      ...expressOrder(token, 'apple_pay', { rate }),
      additional_fields: { terms: 'true' },
    });
    expect(text.status).toBe(400);
    expect(await orderCount()).toBe(before);
    expect(((await client.cart()) as any).items).toHaveLength(1);
  });

  it('refuses the express marker without the session’s express nonce', async () => {
    const { client, rate } = await sheetShown();
    const other = await shopper(express.shop);
    const token = await walletToken(express.stripe, 'google_pay');
    for (const nonce of ['', 'forged', other.nonce]) {
      const res = await expressCheckout(client, expressOrder(token, 'google_pay', { rate }), nonce);
      expect(res.status).toBe(403);
    }
  });

  it('aborts with a message when the total moved since the sheet showed it; nothing charged', async () => {
    const { client, rate, total } = await sheetShown(1);
    // Another tab adds to the cart after the sheet was shown.
    expect(
      (await client.post('/cart/add-item', { id: express.ids.candle, quantity: 1 })).status,
    ).toBe(201);
    const before = await orderCount();
    const token = await walletToken(express.stripe, 'apple_pay');
    const res = await expressCheckout(client, expressOrder(token, 'apple_pay', { rate }));
    const body = (await res.json()) as any;
    expect(res.status).toBe(409);
    expect(body.code).toBe('woocommerce_rest_express_total_changed');
    expect(body.message).toMatch(/total has changed/);
    expect(await orderCount()).toBe(before);
    // The sheet, asked again, shows the new total and the order goes through with it.
    const details = (await (
      await ajax(express.shop, client, 'get_cart_details', {})
    ).json()) as any;
    expect(details.total.amount).toBe(total + 1290);
    const ok = await placed(client, expressOrder(token, 'apple_pay', { rate }));
    expect((await orderRow(ok.order_id)).total).toBe(total + 1290);
  });

  it('refuses a rate the cart is not offered instead of charging another', async () => {
    const { client } = await sheetShown();
    const token = await walletToken(express.stripe, 'apple_pay');
    const res = await expressCheckout(
      client,
      expressOrder(token, 'apple_pay', { rate: 'flat_rate:999999' }),
    );
    expect(res.status).toBe(400);
    expect(((await res.json()) as any).code).toBe('woocommerce_rest_invalid_shipping_option');
  });

  it('refuses a total other than the one the sheet showed, though the server quoted it; nothing charged', async () => {
    const { client, rate, total } = await sheetShown(1);
    const before = await orderCount();
    const token = await walletToken(express.stripe, 'google_pay');
    // The sheet showed the product without its shipping (a late answer overwrote the amount).
    const res = await expressCheckout(
      client,
      expressOrder(token, 'google_pay', { rate, shown: { shown_total: 1290 } }),
    );
    const body = (await res.json()) as any;
    expect(res.status, JSON.stringify(body)).toBe(409);
    expect(body.code).toBe('woocommerce_rest_express_total_changed');
    expect(body.message).toMatch(/total has changed/);
    expect(await orderCount()).toBe(before);
    // Malformed reports are refused, not skipped.
    for (const shown of [{ shown_total: '1290' }, { shown_total: -1 }, { text_version: 5 }]) {
      const bad = await expressCheckout(client, expressOrder(token, 'google_pay', { rate, shown }));
      expect(bad.status).toBe(400);
      expect(((await bad.json()) as any).code).toBe('rest_invalid_param');
    }
    expect(await orderCount()).toBe(before);
    // The amount the sheet really showed pays.
    const ok = await placed(
      client,
      expressOrder(token, 'google_pay', { rate, shown: { shown_total: total } }),
    );
    const order = await orderRow(ok.order_id);
    expect(order.total).toBe(total);
    const intent = await express.stripe.paymentIntents.retrieve(order.paymentIntentId!);
    expect(intent.amount).toBe(total);
  });

  it('refuses the order when the legal texts changed after the express area showed them', async () => {
    const db = express.shop.database.db;
    const shownVersion = consentTextVersion(await legalVersionsInForce(db, ACCEPTED_AT_CHECKOUT));
    const { client, rate } = await sheetShown(1);
    const token = await walletToken(express.stripe, 'apple_pay');
    // The owner publishes a new version of the terms while the shopper looks at the page.
    const agb = await legalVersionInForce(db, 'agb');
    await publishLegalVersion(db, 'agb', agb.content, { source: 'edited' });
    const before = await orderCount();
    for (const lang of ['en', 'de'] as const) {
      const res = await client.raw(
        '/checkout',
        JSON.stringify(
          expressOrder(token, 'apple_pay', { rate, shown: { text_version: shownVersion } }),
        ),
        { ...expressHeaders(client), cookie: `${client.cookieHeader}; lang=${lang}` },
      );
      const body = (await res.json()) as any;
      expect(res.status, JSON.stringify(body)).toBe(409);
      expect(body.code).toBe('woocommerce_rest_express_terms_changed');
      expect(body.message).toMatch(lang === 'en' ? /reload the page/ : /laden Sie die Seite neu/);
    }
    expect(await orderCount()).toBe(before);
    // After a reload the area shows the texts in force, and the consent to them places it.
    const current = consentTextVersion(await legalVersionsInForce(db, ACCEPTED_AT_CHECKOUT));
    expect(current).not.toBe(shownVersion);
    const ok = await placed(
      client,
      expressOrder(token, 'apple_pay', { rate, shown: { text_version: current } }),
    );
    const order = await orderRow(ok.order_id);
    expect(order.legalVersions.agb).toBe(agb.version + 1);
  });

  it('a cart with digital content needs the second consent from the wallet too', async () => {
    const client = await shopper(express.shop);
    const download = (
      await createProduct(express.shop.database.db, {
        name: { de: 'Hörbuch', en: 'Audio book' },
        regularPrice: 1500,
        digital: true,
      })
    ).product.id;
    expect((await client.post('/cart/add-item', { id: download, quantity: 1 })).status).toBe(201);
    const details = (await (
      await ajax(express.shop, client, 'get_cart_details', {})
    ).json()) as any;
    const token = await walletToken(express.stripe, 'google_pay');
    const before = await orderCount();
    const res = await expressCheckout(client, expressOrder(token, 'google_pay', { rate: null }));
    const body = (await res.json()) as any;
    expect(res.status, JSON.stringify(body)).toBe(400);
    expect(body.code).toBe('woocommerce_rest_checkout_missing_consent');
    expect(body.data.params.consent).toBe('terms-digital');
    expect(body.message).toContain('terms-digital');
    expect(await orderCount()).toBe(before);
    const ok = await placed(
      client,
      expressOrder(token, 'google_pay', {
        rate: null,
        digital: true,
        shown: { shown_total: details.total.amount },
      }),
    );
    const order = await orderRow(ok.order_id);
    expect(order.consent.digital).toBe(true);
    expect(order.total).toBe(1500);
  });

  it('a replayed confirmation answers with the same order and charges once', async () => {
    const { client, rate } = await sheetShown();
    const token = await walletToken(express.stripe, 'google_pay');
    const order = expressOrder(token, 'google_pay', { rate });
    const before = await orderCount();
    const first = await placed(client, order);
    const again = await placed(client, order);
    expect(again.order_id).toBe(first.order_id);
    expect(await orderCount()).toBe(before + 1);
    const row = await orderRow(first.order_id);
    expect(await succeededCharges(row.paymentIntentId!)).toBe(1);
  });
});

describe('pay-for-order with a wallet', () => {
  /** An order the card declined: pending, waiting on its pay page. */
  async function unpaidOrder() {
    const client = await shopper(express.shop);
    await client.post('/cart/add-item', { id: express.ids.candle, quantity: 1 });
    const res = await client.post('/checkout', {
      billing_address: BILLING,
      payment_method: 'stripe',
      payment_data: [{ key: 'wc-stripe-payment-method', value: 'pm_card_chargeDeclined' }],
      additional_fields: { terms: true },
    });
    const body = (await res.json()) as any;
    expect(res.status).toBe(400);
    const order = await orderRow(body.data.order_id);
    expect(['pending', 'failed']).toContain(order.status);
    return { client, order };
  }

  const pay = (client: StoreClient, id: number, query: string, body: unknown) =>
    client.raw(`/checkout/${id}?${query}`, JSON.stringify(body), expressHeaders(client));

  it('pays the order’s own total with the key and e-mail in the query; a replay charges nothing', async () => {
    const { client, order } = await unpaidOrder();
    const token = await walletToken(express.stripe, 'apple_pay');
    const query = `key=${order.orderKey}&billing_email=${encodeURIComponent(BILLING.email)}`;
    const body = {
      payment_method: 'stripe',
      payment_data: expressOrder(token, 'apple_pay').payment_data,
      shipping_address: { ...BILLING, email: undefined, method: [] },
    };
    const res = await pay(client, order.id, query, body);
    expect(res.status, await res.clone().text()).toBe(200);
    // The declined attempt's webhook may land in between; the success's settles the order.
    await vi.waitFor(async () => expect((await orderRow(order.id)).status).toBe('processing'), {
      timeout: 15_000,
      interval: 100,
    });
    const paid = await orderRow(order.id);
    const intent = await express.stripe.paymentIntents.retrieve(paid.paymentIntentId!);
    expect(intent.amount).toBe(paid.total);
    expect(intent.amount_received).toBe(paid.total);
    const replay = await pay(client, order.id, query, body);
    expect(replay.status).toBe(400);
    expect(((await replay.json()) as any).code).toBe('woocommerce_rest_order_not_payable');
    expect(await succeededCharges(paid.paymentIntentId!)).toBe(1);
  });

  it('refuses a wrong key, a wrong e-mail and another order’s key', async () => {
    const { client, order } = await unpaidOrder();
    const other = await unpaidOrder();
    const token = await walletToken(express.stripe, 'google_pay');
    const body = {
      payment_method: 'stripe',
      payment_data: expressOrder(token, 'google_pay').payment_data,
    };
    const email = encodeURIComponent(BILLING.email);
    for (const query of [
      `key=wc_order_wrong&billing_email=${email}`,
      `key=${order.orderKey}&billing_email=someone%40example.org`,
      `key=${other.order.orderKey}&billing_email=${email}`,
      `billing_email=${email}`,
      `key=${order.orderKey}%00&billing_email=${email}`,
    ]) {
      const res = await pay(client, order.id, query, body);
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
    const still = await orderRow(order.id);
    expect(['pending', 'failed']).toContain(still.status);
  });
});
