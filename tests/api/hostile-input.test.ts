import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { putSetting } from '#app/domain/settings/settings.server.ts';
import type { Locale } from '#app/lib/locale.ts';
import { de } from '#app/lib/messages/de.ts';
import { en } from '#app/lib/messages/en.ts';
import { createCategory, createProduct } from '#db/seed/factories.ts';
import { contactFormFields } from '../support/forms-data.ts';
import { fieldParts, multipart } from '../support/forms-client.ts';
import { seedForms } from '../support/forms-data.ts';
import { HOSTILE_VALUES, type Hostile, formPairs, pathSegment } from '../support/hostile.ts';
import { type TestShop, startTestShop } from '../support/shop.ts';
import { StoreClient } from '../support/store-client.ts';

/**
 * Every endpoint and page gets every hostile value as query parameter, path segment and body
 * field. Nothing may answer 5xx; values the shop refuses at the entry get exactly their status;
 * JSON errors carry a code and a message in the shopper's language, pages keep the language.
 */

let shop: TestShop;
let productId: number;
let productSlug: string;
let categorySlug: string;
let contactId: number;
/** A shopper per language, each with a session, a nonce and a line in the cart. */
const shoppers = {} as Record<Locale, StoreClient & { lineKey: string }>;
/** Another visitor's keys: they must never work for our shoppers. */
let foreign: { lineKey: string; nonce: string };

beforeAll(async () => {
  shop = await startTestShop();
  const db = shop.database.db;
  const category = await createCategory(db, { name: { de: 'Tee', en: 'Tea' } });
  const product = await createProduct(db, {
    name: { de: 'Grüner Tee', en: 'Green tea' },
    regularPrice: 499,
    categoryIds: [category.id],
  });
  productId = product.product.id;
  productSlug = product.product.slug!;
  categorySlug = category.slug!;
  ({ contactId } = await seedForms(db));
  await putSetting(db, 'forms.rate_limit', { submissions: 100_000, windowMs: 600_000 });
  for (const locale of ['de', 'en'] as const) {
    const client = await StoreClient.start(shop.url);
    const added = await client.post('/cart/add-item', { id: productId, quantity: 1 });
    const cart = (await added.json()) as any;
    shoppers[locale] = Object.assign(client, { lineKey: cart.items[0].key as string });
  }
  // Line keys name product and options, so the other visitor's line is one ours do not hold.
  const coffee = await createProduct(db, {
    name: { de: 'Kaffee', en: 'Coffee' },
    regularPrice: 899,
  });
  const other = await StoreClient.start(shop.url);
  const added = (await (
    await other.post('/cart/add-item', { id: coffee.product.id })
  ).json()) as any;
  foreign = { lineKey: added.items[0].key, nonce: other.nonce };
}, 300_000);

afterAll(async () => {
  await shop?.close();
});

type Carrier = 'query' | 'path' | 'body';
type Call = {
  /** What the report names. */
  name: string;
  method: 'GET' | 'POST';
  url: string;
  body?: { data: string | Buffer; type: string };
  json: boolean;
  carrier: Carrier;
};

/** Fields a JSON endpoint reads; each one in turn gets the hostile value. */
const STORE_POSTS: Record<string, (shopper: Shopper) => Record<string, unknown>> = {
  '/wc/store/v1/cart/add-item': () => ({ id: productId, quantity: 1, variation: {} }),
  '/wc/store/v1/cart/remove-item': (s) => ({ key: s.lineKey }),
  '/wc/store/v1/cart/update-item': (s) => ({ key: s.lineKey, quantity: 2 }),
  '/wc/store/v1/cart/apply-coupon': () => ({ code: 'GIBTESNICHT' }),
  '/wc/store/v1/cart/remove-coupon': () => ({ code: 'GIBTESNICHT' }),
  '/wc/store/v1/cart/update-customer': () => ({
    shipping_address: { country: 'DE', postcode: '10115', city: 'Berlin' },
    billing_address: { country: 'DE', email: 'kunde@example.com' },
  }),
  '/wc/store/v1/cart/select-shipping-rate': () => ({ package_id: 0, rate_id: 'flat_rate:1' }),
};
type Shopper = StoreClient & { lineKey: string };

function apiCalls(value: unknown, shopper: Shopper): Call[] {
  const calls: Call[] = [];
  const seg = pathSegment(value);
  const q = (name: string) => formPairs(name, value);
  const get = (name: string, url: string, carrier: Carrier) =>
    calls.push({ name, method: 'GET', url, json: true, carrier });
  for (const name of ['page', 'per_page', 'category', 'search', 'orderby'])
    get(`products ?${name}`, `/wc/store/v1/products?${q(name)}`, 'query');
  get('product by id', `/wc/store/v1/products/${seg}`, 'path');
  get('cart ?x', `/wc/store/v1/cart?${q('x')}`, 'query');
  get('store API path', `/wc/store/v1/cart/${seg}`, 'path');
  get('form refill id', `/forms/v1/contact-forms/${seg}/refill`, 'path');
  get('form schema id', `/forms/v1/contact-forms/${seg}/feedback/schema`, 'path');
  get('form schema ?x', `/forms/v1/contact-forms/${contactId}/feedback/schema?${q('x')}`, 'query');
  for (const name of ['key', 'secret'])
    get(`captcha_audio ?${name}`, `/wc-ajax/captcha_audio?${q(name)}`, 'query');
  get('wc-ajax action', `/wc-ajax/${seg}`, 'path');
  get('unknown wc-ajax ?x', `/wc-ajax/no_such_action?${q('x')}`, 'query');
  get('instagram_feed ?data', `/wc-ajax/instagram_feed?${q('data')}`, 'query');
  get('users/me ?x', `/wp-json/wp/v2/users/me?${q('x')}`, 'query');

  const jsonPost = (name: string, url: string, fields: Record<string, unknown>, c: Carrier) =>
    calls.push({
      name,
      method: 'POST',
      url,
      json: true,
      carrier: c,
      body: { data: JSON.stringify(fields), type: 'application/json' },
    });
  for (const [url, fields] of Object.entries(STORE_POSTS)) {
    const base = fields(shopper);
    for (const field of [...Object.keys(base), 'security'])
      jsonPost(`${url} .${field}`, url, { ...base, [field]: value }, 'body');
    jsonPost(`${url} ?x`, `${url}?${q('x')}`, base, 'query');
  }
  const formPost = (name: string, url: string, body: string, c: Carrier) =>
    calls.push({
      name,
      method: 'POST',
      url,
      json: true,
      carrier: c,
      body: { data: body, type: 'application/x-www-form-urlencoded' },
    });
  const regenerate = { toggle: `f${contactId}-p1-o1`, generate: 'generate_full', lang: 'en' };
  for (const field of Object.keys(regenerate)) {
    const fields = Object.entries({ ...regenerate, [field]: value }).map(([k, v]) =>
      formPairs(k, v),
    );
    formPost(
      `captcha_regenerate .${field}`,
      '/wc-ajax/captcha_regenerate',
      fields.join('&'),
      'body',
    );
  }
  jsonPost(
    'captcha_regenerate JSON .toggle',
    '/wc-ajax/captcha_regenerate',
    { ...regenerate, toggle: value },
    'body',
  );
  formPost('unknown wc-ajax .x', '/wc-ajax/no_such_action', q('x'), 'body');
  jsonPost(
    'users/me .woocommerce_meta',
    '/wp-json/wp/v2/users/me',
    { woocommerce_meta: { coming_soon_banner_dismissed: value } },
    'body',
  );

  const feedback = `/forms/v1/contact-forms/${contactId}/feedback`;
  for (const field of ['your-name', 'your-email', 'your-message', '_form_container_post']) {
    const parts = fieldParts(contactFormFields(contactId)).filter((p) => p.name !== field);
    const values = Array.isArray(value) ? value : [value];
    for (const v of values)
      parts.push({ name: field, value: typeof v === 'string' ? v : JSON.stringify(v) });
    const { body, contentType } = multipart(parts);
    calls.push({
      name: `feedback .${field}`,
      method: 'POST',
      url: feedback,
      json: true,
      carrier: 'body',
      body: { data: body, type: contentType },
    });
  }
  const plain = multipart(fieldParts(contactFormFields(contactId)));
  calls.push({
    name: 'feedback ?x',
    method: 'POST',
    url: `${feedback}?${q('x')}`,
    json: true,
    carrier: 'query',
    body: { data: plain.body, type: plain.contentType },
  });
  return calls;
}

/** Small forms that answer every post with a redirect, setting a cookie only for good input. */
const REDIRECTING_FORMS = ['/set-language', '/cookie-einstellungen', '/store-notice'];
const LEGAL = [
  '/impressum',
  '/agb',
  '/widerruf',
  '/datenschutz',
  '/versand-und-zahlung',
  '/barrierefreiheit',
  '/vertrag-widerrufen',
];

function pageCalls(value: unknown, shopper: Shopper): Call[] {
  const calls: Call[] = [];
  const seg = pathSegment(value);
  const q = (name: string) => formPairs(name, value);
  const pages = [
    '/',
    '/shop',
    `/product/${productSlug}`,
    `/product-category/${categorySlug}`,
    '/cart',
    '/contact',
    '/rueckruf',
    ...LEGAL,
  ];
  const get = (name: string, url: string, carrier: Carrier) =>
    calls.push({ name, method: 'GET', url, json: false, carrier });
  for (const page of pages) get(`${page} ?x`, `${page}?${q('x')}`, 'query');
  for (const name of ['s', 'orderby', 'page', 'product_cat'])
    get(`/shop ?${name}`, `/shop?${q(name)}`, 'query');
  get(`/product-category ?orderby`, `/product-category/${categorySlug}?${q('orderby')}`, 'query');
  get('/product/:slug', `/product/${seg}`, 'path');
  get('/product-category/:slug', `/product-category/${seg}`, 'path');
  get('unknown page', `/${seg}`, 'path');
  get('legal subpage', `/impressum/${seg}`, 'path');
  get('/set-language ?x', `/set-language?${q('x')}`, 'query');
  get('/cookie-einstellungen ?x', `/cookie-einstellungen?${q('x')}`, 'query');

  const post = (name: string, url: string, fields: Record<string, unknown>, c: Carrier) =>
    calls.push({
      name,
      method: 'POST',
      url,
      json: false,
      carrier: c,
      body: {
        data: Object.entries(fields)
          .map(([k, v]) => formPairs(k, v))
          .join('&'),
        type: 'application/x-www-form-urlencoded',
      },
    });
  const forms: [string, Record<string, unknown>][] = [
    [
      `/product/${productSlug}`,
      { intent: 'add', product_id: productId, quantity: 1, attribute_color: 'rot' },
    ],
    ['/cart', { intent: 'update', [`quantity[${shopper.lineKey}]`]: 1 }],
    ['/cart', { intent: 'remove', key: shopper.lineKey }],
    ['/cart', { remove: shopper.lineKey }],
    ['/set-language', { lang: 'en', redirectTo: '/shop' }],
    ['/cookie-einstellungen', { choice: 'allow', redirectTo: '/shop' }],
    ['/store-notice', { id: 'sale', redirectTo: '/shop' }],
    ['/contact', contactFormFields(contactId)],
  ];
  for (const [url, fields] of forms) {
    for (const field of Object.keys(fields).filter((f) => !f.startsWith('_form_')))
      post(`POST ${url} .${field}`, url, { ...fields, [field]: value }, 'body');
  }
  post('POST /cart ?x', `/cart?${q('x')}`, { intent: 'update' }, 'query');
  return calls;
}

/** Messages of a catalog as patterns, `{param}` matching anything. */
function catalogPatterns(messages: Record<string, string>): RegExp[] {
  return Object.values(messages).map(
    (m) =>
      new RegExp(
        `^${m.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\\\{\w+\\\}/g, '[\\s\\S]*')}$`,
      ),
  );
}
const PATTERNS: Record<Locale, RegExp[]> = { de: catalogPatterns(de), en: catalogPatterns(en) };
const inLanguage = (text: unknown, locale: Locale) =>
  typeof text === 'string' && PATTERNS[locale].some((p) => p.test(text));

/** What is wrong with one answer; null when it is a sensible one. */
async function judge(call: Call, hostile: Hostile, locale: Locale, res: Response) {
  const text = await res.text();
  const status = res.status;
  if (status >= 500) return `${status}: ${text.slice(0, 200)}`;
  const expected =
    call.carrier === 'body'
      ? call.json
        ? call.body?.type === 'application/json'
          ? hostile.refused?.json
          : hostile.refused?.form
        : REDIRECTING_FORMS.includes(call.url)
          ? undefined
          : hostile.refused?.form
      : hostile.refused?.url;
  if (expected && status !== expected) return `expected ${expected}, got ${status}`;
  if (
    REDIRECTING_FORMS.some((url) => call.url.startsWith(url)) &&
    res.headers.get('set-cookie') &&
    hostile.refused?.form
  )
    return 'refused form set a cookie';
  const type = res.headers.get('content-type') ?? '';
  if (call.json && status >= 400) {
    if (!type.startsWith('application/json')) return `${status} answered with ${type}`;
    const body = JSON.parse(text);
    if (call.url.includes('/feedback') && !call.url.includes('schema') && body.status) {
      // A contact-form refusal is a feedback: every field message in the shopper's language.
      const bad = (body.invalid_fields ?? []).find((f: any) => !inLanguage(f.message, locale));
      if (bad) return `field message not in ${locale}: ${bad.message}`;
      if (!body.message) return 'feedback without message';
    } else {
      if (typeof body.code !== 'string' || body.data?.status !== status)
        return `error shape: ${text.slice(0, 200)}`;
      if (!inLanguage(body.message, locale)) return `message not in ${locale}: ${body.message}`;
    }
  }
  if (!call.json && type.startsWith('text/html')) {
    if (!text.includes(`<html lang="${locale}"`)) return `page not in ${locale}`;
    if ((status === 400 || status === 414) && call.carrier !== 'body') {
      const title = locale === 'de' ? de['error.bad_request_title'] : en['error.bad_request_title'];
      if (expected && !text.includes(`<h1>${title}</h1>`)) return 'no bad-request page';
    }
  }
  if (text.includes('<script>alert(1)</script>')) return 'markup echoed unescaped';
  if (res.headers.getSetCookie().some((c) => c.startsWith('owned='))) return 'header injected';
  return null;
}

async function send(call: Call, shopper: Shopper, locale: Locale): Promise<Response> {
  return fetch(shop.url + call.url, {
    method: call.method,
    redirect: 'manual',
    headers: {
      cookie: `${shopper.cookieHeader}; lang=${locale}`,
      origin: shop.url,
      ...(call.url.startsWith('/wc/store') && call.method === 'POST'
        ? { nonce: shopper.nonce }
        : {}),
      ...(call.body ? { 'content-type': call.body.type } : {}),
    },
    body: call.body ? new Uint8Array(Buffer.from(call.body.data)) : undefined,
  });
}

describe.each(HOSTILE_VALUES.map((h, i) => [h.label, h, i % 2 ? 'en' : 'de'] as const))(
  '%s',
  (_label, hostile, locale) => {
    it.each([
      ['every API endpoint', apiCalls],
      ['every page', pageCalls],
    ] as const)(`%s answers with a sensible status and ${locale} text`, async (_what, calls) => {
      const shopper = shoppers[locale];
      const problems: string[] = [];
      for (const call of calls(hostile.value, shopper)) {
        const res = await send(call, shopper, locale);
        const problem = await judge(call, hostile, locale, res);
        if (problem) problems.push(`${call.method} ${call.name} (${call.carrier}): ${problem}`);
      }
      expect(problems).toEqual([]);
    });
  },
);

describe("another visitor's keys", () => {
  it('never reach their cart line and fail with the Store API error', async () => {
    // The client sends no language cookie: the shop's default, German.
    const shopper = shoppers.en;
    const remove = await shopper.post('/cart/remove-item', { key: foreign.lineKey });
    expect(remove.status).toBe(409);
    expect(await remove.json()).toMatchObject({
      code: 'woocommerce_rest_cart_invalid_key',
      message: de['cart.error.invalid_key'],
    });
    const update = await shopper.post('/cart/update-item', { key: foreign.lineKey, quantity: 3 });
    expect(update.status).toBe(409);
    const forged = await fetch(`${shop.url}/wc/store/v1/cart/add-item`, {
      method: 'POST',
      headers: {
        cookie: `${shopper.cookieHeader}; lang=en`,
        nonce: foreign.nonce,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ id: productId }),
    });
    expect(forged.status).toBe(403);
    expect(await forged.json()).toMatchObject({
      code: 'woocommerce_rest_invalid_nonce',
      message: en['error.invalid_nonce'],
    });
  });

  it('through the cart page form change nothing', async () => {
    const shopper = shoppers.de;
    const before = await shopper.cart();
    const res = await fetch(`${shop.url}/cart`, {
      method: 'POST',
      redirect: 'manual',
      headers: {
        cookie: shopper.cookieHeader,
        origin: shop.url,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: `remove=${foreign.lineKey}`,
    });
    expect(res.status).toBe(409);
    expect(await res.text()).toContain(de['cart.error.invalid_key']);
    expect((await shopper.cart()).items).toEqual(before.items);
  });
});

describe('refused at the entry', () => {
  it("the 400 page keeps the shop around it, in the shopper's language", async () => {
    const res = await fetch(`${shop.url}/product/%00`, { headers: { cookie: 'lang=en' } });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain(`<title>${en['error.bad_request_title']} | ${en['shop.name']}</title>`);
    expect(html).toContain(en['error.url_malformed']);
    expect(html).toContain('class="site-header"');
    expect(html).toContain('noindex');
  });

  it('a POST to a refused address runs no action', async () => {
    const shopper = shoppers.de;
    const before = await shopper.cart();
    const res = await fetch(`${shop.url}/cart?x=%00`, {
      method: 'POST',
      headers: {
        cookie: shopper.cookieHeader,
        origin: shop.url,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: `remove=${shopper.lineKey}`,
    });
    expect(res.status).toBe(400);
    expect((await shopper.cart()).items).toEqual(before.items);
  });

  it("JSON paths answer rest_invalid_param in the shopper's language", async () => {
    const res = await fetch(`${shop.url}/wc/store/v1/products?search=%E0%A4%A`, {
      headers: { cookie: 'lang=en' },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      code: 'rest_invalid_param',
      message: en['error.url_malformed'],
      data: { status: 400, params: {} },
    });
  });

  it('a NUL in a JSON body names the field', async () => {
    const res = await shoppers.de.post('/cart/add-item', {
      id: productId,
      variation: { a: '\u0000' },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      code: 'rest_invalid_param',
      data: { params: { param: 'variation' } },
    });
  });

  it('a contact form field holding a NUL is marked invalid and nothing is sent', async () => {
    const { body, contentType } = multipart(
      fieldParts(contactFormFields(contactId, { 'your-name': 'Erika\u0000' })),
    );
    const res = await fetch(`${shop.url}/forms/v1/contact-forms/${contactId}/feedback`, {
      method: 'POST',
      headers: { origin: shop.url, cookie: 'lang=en', 'content-type': contentType },
      body: new Uint8Array(body),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      status: 'validation_failed',
      invalid_fields: [{ field: 'your-name', message: en['forms.invalid_characters'] }],
    });
  });
});
