import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createCategory,
  createCoupon,
  createDepositType,
  createProduct,
} from '#db/seed/factories.ts';
import { type TestShop, startTestShop } from '../support/shop.ts';
import { StoreClient } from '../support/store-client.ts';
import { TEN_KB } from '../support/hostile.ts';

let shop: TestShop;
let ids: { candle: number; tea: number; crate: number };
let codes: Record<
  'percent' | 'fiveOff' | 'expired' | 'usedUp' | 'freeShipping' | 'teaOnly',
  string
>;

beforeAll(async () => {
  shop = await startTestShop();
  const db = shop.database.db;
  const teaCategory = await createCategory(db, { name: { de: 'Tee', en: 'Tea' } });
  const bottle = await createDepositType(db, { amount: 8, packagingType: 'reusable' });
  const candle = await createProduct(db, {
    name: { de: 'Kerze', en: 'Candle' },
    regularPrice: 1200,
  });
  const tea = await createProduct(db, {
    name: { de: 'Grüntee', en: 'Green tea' },
    regularPrice: 500,
    taxClass: 'reduced',
    categoryIds: [teaCategory.id],
  });
  const crate = await createProduct(db, {
    name: { de: 'Bierkasten', en: 'Beer crate' },
    regularPrice: 1899,
    depositTypeId: bottle.id,
    depositQuantity: 20,
  });
  ids = { candle: candle.product.id, tea: tea.product.id, crate: crate.product.id };
  codes = {
    percent: (await createCoupon(db, { code: 'ZEHN', kind: 'percent', amount: 1000 })).code,
    fiveOff: (
      await createCoupon(db, { code: 'FUENF', kind: 'fixed_cart', amount: 500, minimumSpend: 3000 })
    ).code,
    expired: (
      await createCoupon(db, { code: 'VORBEI', expiresAt: new Date(Date.now() - 86_400_000) })
    ).code,
    usedUp: (await createCoupon(db, { code: 'WEG', usageLimit: 1, usageCount: 1 })).code,
    freeShipping: (
      await createCoupon(db, {
        code: 'GRATISVERSAND',
        kind: 'fixed_cart',
        amount: 0,
        freeShipping: true,
      })
    ).code,
    teaOnly: (
      await createCoupon(db, { code: 'TEE20', amount: 2000, categoryIds: [teaCategory.id] })
    ).code,
  };
});

afterAll(async () => {
  await shop?.close();
});

type Cart = {
  coupons: {
    code: string;
    discount_type: string;
    totals: Record<string, string | number>;
  }[];
  totals: Record<string, unknown>;
  errors: { code: string; message: string }[];
};

/** A shopper whose cart holds one candle (12,00 € at 19 %) and a crate with deposit. */
async function shopper(): Promise<StoreClient> {
  const client = await StoreClient.start(shop.url);
  expect((await client.post('/cart/add-item', { id: ids.candle, quantity: 1 })).status).toBe(201);
  expect((await client.post('/cart/add-item', { id: ids.crate, quantity: 1 })).status).toBe(201);
  return client;
}

async function apply(client: StoreClient, code: unknown, lang?: string): Promise<Response> {
  return client.raw('/cart/apply-coupon', JSON.stringify({ code }), {
    'content-type': 'application/json',
    ...(lang ? { cookie: `${client.cookieHeader}; lang=${lang}` } : {}),
  });
}

/** The cart's coupons and totals, to show a refused call changed nothing. */
async function snapshot(client: StoreClient) {
  const cart = (await client.cart()) as Cart;
  return { coupons: cart.coupons, totals: cart.totals };
}

/** A wc-ajax call as the cart page's script makes it: form-encoded, with the session cookie. */
function wcAjax(
  client: StoreClient,
  action: string,
  body: string,
  type = 'form',
): Promise<Response> {
  return fetch(`${shop.url}/wc-ajax/${action}`, {
    method: 'POST',
    body,
    headers: {
      cookie: client.cookieHeader,
      'content-type': type === 'form' ? 'application/x-www-form-urlencoded' : 'application/json',
    },
  });
}

describe('POST /wc/store/v1/cart/apply-coupon', () => {
  it('applies a code in any case and answers the cart with the discount', async () => {
    const client = await shopper();
    const res = await apply(client, ' zehn ');
    expect(res.status).toBe(200);
    expect(res.headers.get('nonce')).toBe(client.nonce);
    const cart = (await res.json()) as Cart;
    // 10 % of 1200 (VAT 192) = 120 (VAT 19); of 1899 (VAT 303) = 190 (VAT 30); deposit untouched
    expect(cart.coupons).toEqual([
      {
        code: 'ZEHN',
        discount_type: 'percent',
        totals: expect.objectContaining({
          total_discount: String(310 - 50),
          total_discount_tax: '50',
          currency_code: 'EUR',
          currency_minor_unit: 2,
        }),
      },
    ]);
    expect(cart.totals).toMatchObject({
      total_discount: String(310 - 50),
      total_discount_tax: '50',
      total_price: String(1200 + 1899 + 160 - 310),
    });
    const again = await apply(client, 'ZEHN');
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({
      code: 'woocommerce_rest_cart_coupon_error',
      message: 'Gutscheincode wurde bereits angewandt!',
      data: { status: 400 },
    });
  });

  it('applies a category coupon only to that category and a free-shipping coupon at no discount', async () => {
    const client = await shopper();
    await client.post('/cart/add-item', { id: ids.tea, quantity: 2 });
    const cart = (await (await apply(client, 'TEE20')).json()) as Cart;
    // 20 % of the tea only: 1000 → 800, VAT 7 % 65 → 52
    expect(cart.coupons[0]!.totals).toMatchObject({
      total_discount: '187',
      total_discount_tax: '13',
    });
    const free = (await (await apply(client, codes.freeShipping)).json()) as Cart;
    expect(free.coupons.map((c) => [c.code, c.totals.total_discount])).toEqual([
      ['TEE20', '187'],
      ['GRATISVERSAND', '0'],
    ]);
  });

  it.each<[string, unknown, number, string, string]>([
    [
      'an unknown code',
      'GIBTESNICHT',
      400,
      'woocommerce_rest_cart_coupon_error',
      'Gutschein „GIBTESNICHT“ existiert nicht!',
    ],
    [
      'an expired code',
      'VORBEI',
      400,
      'woocommerce_rest_cart_coupon_error',
      'Dieser Gutschein ist abgelaufen.',
    ],
    [
      'a used-up code',
      'WEG',
      400,
      'woocommerce_rest_cart_coupon_error',
      'Das Nutzungslimit dieses Gutscheins wurde erreicht.',
    ],
    [
      'an empty code',
      '  ',
      400,
      'woocommerce_rest_cart_coupon_error',
      'Bitte geben Sie einen Gutscheincode ein.',
    ],
    ['a 10 kB code', TEN_KB, 400, 'rest_invalid_param', 'Ungültiger Parameter: code.'],
    ['a NUL byte', 'ZEHN\u0000', 400, 'rest_invalid_param', 'Ungültiger Parameter: code.'],
    ['an array', ['ZEHN', 'FUENF'], 400, 'rest_invalid_param', 'Ungültiger Parameter: code.'],
    ['an object', { code: 'ZEHN' }, 400, 'rest_invalid_param', 'Ungültiger Parameter: code.'],
    ['a number', 10, 400, 'rest_invalid_param', 'Ungültiger Parameter: code.'],
    ['no code at all', undefined, 400, 'rest_invalid_param', 'Ungültiger Parameter: code.'],
  ])(
    'refuses %s with a 4xx JSON error and changes nothing',
    async (_label, code, status, wire, message) => {
      const client = await shopper();
      await apply(client, 'ZEHN');
      const before = await snapshot(client);
      const res = await apply(client, code);
      expect(res.status).toBe(status);
      expect(res.headers.get('content-type')).toContain('application/json');
      expect(await res.json()).toMatchObject({ code: wire, message, data: { status } });
      expect(await snapshot(client)).toEqual(before);
    },
  );

  it('names the minimum spend in the shopper’s language', async () => {
    const client = await StoreClient.start(shop.url);
    await client.post('/cart/add-item', { id: ids.candle, quantity: 1 });
    const de = await apply(client, 'FUENF');
    expect(((await de.json()) as { message: string }).message).toMatch(
      /^Der Mindestbestellwert für diesen Gutschein beträgt 30,00\s€\.$/,
    );
    const en = await apply(client, 'fuenf', 'en');
    expect(((await en.json()) as { message: string }).message).toBe(
      'The minimum spend for this coupon is €30.00.',
    );
    expect((await snapshot(client)).coupons).toEqual([]);
  });

  it('refuses a call without the nonce or with another session’s nonce', async () => {
    const mine = await shopper();
    const theirs = await shopper();
    const missing = await mine.raw(
      '/cart/apply-coupon',
      JSON.stringify({ code: 'ZEHN' }),
      {
        'content-type': 'application/json',
      },
      { nonce: false },
    );
    expect(missing.status).toBe(403);
    expect(((await missing.json()) as { code: string }).code).toBe(
      'woocommerce_rest_missing_nonce',
    );
    const foreign = await mine.raw('/cart/apply-coupon', JSON.stringify({ code: 'ZEHN' }), {
      'content-type': 'application/json',
      nonce: theirs.nonce,
    });
    expect(foreign.status).toBe(403);
    expect(((await foreign.json()) as { code: string }).code).toBe(
      'woocommerce_rest_invalid_nonce',
    );
    expect((await snapshot(mine)).coupons).toEqual([]);
    expect((await snapshot(theirs)).coupons).toEqual([]);
  });

  it('takes a coupon off when the cart no longer meets it and says so in errors', async () => {
    const client = await StoreClient.start(shop.url);
    const added = (await (
      await client.post('/cart/add-item', { id: ids.candle, quantity: 3 })
    ).json()) as {
      items: { key: string }[];
    };
    expect((await apply(client, 'FUENF')).status).toBe(200);
    const res = await client.post('/cart/update-item', { key: added.items[0]!.key, quantity: 2 });
    const cart = (await res.json()) as Cart;
    expect(cart.coupons).toEqual([]);
    expect(cart.errors).toEqual([
      {
        code: 'woocommerce_rest_cart_coupon_error',
        message: expect.stringMatching(
          /^Der Gutschein „FUENF“ ist leider nicht mehr gültig und wurde aus Ihrer Bestellung entfernt\. Der Mindestbestellwert für diesen Gutschein beträgt 30,00\s€\.$/,
        ),
      },
    ]);
    expect(((await client.cart()) as Cart).errors).toEqual([]);
  });
});

describe('POST /wc/store/v1/cart/remove-coupon', () => {
  it('removes an applied coupon and refuses one that is not applied', async () => {
    const client = await shopper();
    await apply(client, 'ZEHN');
    const res = await client.post('/cart/remove-coupon', { code: 'zehn' });
    expect(res.status).toBe(200);
    const cart = (await res.json()) as Cart;
    expect(cart.coupons).toEqual([]);
    expect(cart.totals.total_discount).toBe('0');
    const again = await client.post('/cart/remove-coupon', { code: 'ZEHN' });
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({
      code: 'woocommerce_rest_cart_coupon_error',
      data: { status: 400 },
    });
  });

  it.each<[string, unknown, string]>([
    ['a 10 kB code', TEN_KB, 'rest_invalid_param'],
    ['an array', ['ZEHN'], 'rest_invalid_param'],
    ['a NUL byte', '\u0000', 'rest_invalid_param'],
    ['an unknown code', 'GIBTESNICHT', 'woocommerce_rest_cart_coupon_error'],
  ])('refuses %s and keeps the coupon', async (_label, code, wire) => {
    const client = await shopper();
    await apply(client, 'ZEHN');
    const before = await snapshot(client);
    const res = await client.post('/cart/remove-coupon', { code });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(((await res.json()) as { code: string }).code).toBe(wire);
    expect(await snapshot(client)).toEqual(before);
  });

  it('cannot take a coupon off another session’s cart', async () => {
    const mine = await shopper();
    const theirs = await shopper();
    await apply(theirs, 'ZEHN');
    const res = await mine.post('/cart/remove-coupon', { code: 'ZEHN' });
    expect(res.status).toBe(400);
    expect((await snapshot(theirs)).coupons.map((c) => c.code)).toEqual(['ZEHN']);
  });
});

describe('wc-ajax apply_coupon and remove_coupon', () => {
  const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

  it('applies with the session token and answers WooCommerce’s success notice', async () => {
    const client = await shopper();
    const res = await wcAjax(
      client,
      'apply_coupon',
      form({ security: client.nonce, coupon_code: 'zehn', billing_email: 'kim@example.com' }),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(await res.text()).toBe(
      '<div class="woocommerce-message" role="alert">Gutscheincode erfolgreich angewandt.</div>',
    );
    expect((await snapshot(client)).coupons.map((c) => c.code)).toEqual(['ZEHN']);
  });

  it.each<[string, string, string]>([
    ['an unknown code', 'GIBTESNICHT', 'Gutschein „GIBTESNICHT“ existiert nicht!'],
    ['an expired code', 'VORBEI', 'Dieser Gutschein ist abgelaufen.'],
    ['a used-up code', 'WEG', 'Das Nutzungslimit dieses Gutscheins wurde erreicht.'],
    ['an empty code', '', 'Bitte geben Sie einen Gutscheincode ein.'],
    ['markup', '"><script>x</script>', 'Gutschein „&quot;&gt;x“ existiert nicht!'],
  ])(
    'answers %s with WooCommerce’s error notice and changes nothing',
    async (_label, code, text) => {
      const client = await shopper();
      const before = await snapshot(client);
      const res = await wcAjax(
        client,
        'apply_coupon',
        form({ security: client.nonce, coupon_code: code }),
      );
      expect(res.status).toBe(200);
      expect(await res.text()).toBe(
        `<ul class="woocommerce-error" role="alert"><li>${text}</li></ul>`,
      );
      expect(await snapshot(client)).toEqual(before);
    },
  );

  it('answers in English for an English shopper', async () => {
    const client = await shopper();
    const res = await fetch(`${shop.url}/wc-ajax/apply_coupon`, {
      method: 'POST',
      body: form({ security: client.nonce, coupon_code: 'VORBEI' }),
      headers: {
        cookie: `${client.cookieHeader}; lang=en`,
        'content-type': 'application/x-www-form-urlencoded',
      },
    });
    expect(await res.text()).toContain('<li>This coupon has expired.</li>');
  });

  it.each<[string, string, string, number, string]>([
    ['no token', 'form', form({ coupon_code: 'ZEHN' }), 403, 'rest_forbidden'],
    [
      'a wrong token',
      'form',
      form({ security: 'x'.repeat(32), coupon_code: 'ZEHN' }),
      403,
      'rest_forbidden',
    ],
    ['a 10 kB code', 'form', '', 400, 'rest_invalid_param'],
    ['a NUL byte', 'form', '', 400, 'rest_invalid_param'],
    ['an array (JSON)', 'json', '', 400, 'rest_invalid_param'],
    ['a number (JSON)', 'json', '', 400, 'rest_invalid_param'],
  ])(
    'refuses %s with a 4xx JSON error and changes nothing',
    async (label, type, body, status, wire) => {
      const client = await shopper();
      const before = await snapshot(client);
      const bodies: Record<string, string> = {
        'a 10 kB code': form({ security: client.nonce, coupon_code: TEN_KB }),
        'a NUL byte': form({ security: client.nonce, coupon_code: 'ZEHN\u0000' }),
        'an array (JSON)': JSON.stringify({ security: client.nonce, coupon_code: ['ZEHN'] }),
        'a number (JSON)': JSON.stringify({ security: client.nonce, coupon_code: 10 }),
      };
      const res = await wcAjax(client, 'apply_coupon', body || bodies[label]!, type);
      expect(res.status).toBe(status);
      expect(res.headers.get('content-type')).toContain('application/json');
      expect(((await res.json()) as { code: string }).code).toBe(wire);
      expect(await snapshot(client)).toEqual(before);
    },
  );

  it('refuses another session’s token', async () => {
    const mine = await shopper();
    const theirs = await shopper();
    const res = await wcAjax(
      mine,
      'apply_coupon',
      form({ security: theirs.nonce, coupon_code: 'ZEHN' }),
    );
    expect(res.status).toBe(403);
    expect((await snapshot(mine)).coupons).toEqual([]);
    expect((await snapshot(theirs)).coupons).toEqual([]);
  });

  it('removes with a success notice, and answers an error notice for a code not applied', async () => {
    const client = await shopper();
    await apply(client, 'ZEHN');
    const res = await wcAjax(
      client,
      'remove_coupon',
      form({ security: client.nonce, coupon: 'ZEHN' }),
    );
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(
      '<div class="woocommerce-message" role="alert">Gutschein wurde entfernt.</div>',
    );
    expect((await snapshot(client)).coupons).toEqual([]);
    const again = await wcAjax(
      client,
      'remove_coupon',
      form({ security: client.nonce, coupon: 'ZEHN' }),
    );
    expect(await again.text()).toBe(
      '<ul class="woocommerce-error" role="alert"><li>Der Gutschein kann nicht entfernt werden, da er nicht auf den Warenkorb angewandt ist.</li></ul>',
    );
  });

  it('cannot remove a coupon from another session’s cart', async () => {
    const mine = await shopper();
    const theirs = await shopper();
    await apply(theirs, 'ZEHN');
    const res = await wcAjax(mine, 'remove_coupon', form({ security: mine.nonce, coupon: 'ZEHN' }));
    expect(await res.text()).toContain('woocommerce-error');
    const foreign = await wcAjax(
      mine,
      'remove_coupon',
      form({ security: theirs.nonce, coupon: 'ZEHN' }),
    );
    expect(foreign.status).toBe(403);
    expect((await snapshot(theirs)).coupons.map((c) => c.code)).toEqual(['ZEHN']);
  });
});
