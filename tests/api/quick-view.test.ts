import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAttribute,
  createDeliveryTime,
  createDepositType,
  createProduct,
} from '#db/seed/factories.ts';
import { type TestShop, startTestShop } from '../support/shop.ts';

let shop: TestShop;
let ids: { crate: number; shirt: number; draft: number; redVariation: number };

beforeAll(async () => {
  shop = await startTestShop();
  const db = shop.database.db;
  const bottle = await createDepositType(db, { amount: 8, packagingType: 'reusable' });
  const days = await createDeliveryTime(db, { label: { de: '2-3 Werktage', en: '2-3 days' } });
  const crate = await createProduct(db, {
    name: { de: 'Limonadenkiste', en: 'Lemonade crate' },
    regularPrice: 1899,
    depositTypeId: bottle.id,
    depositQuantity: 12,
    unit: 'l',
    productUnits: 6,
    unitBase: 1,
    deliveryTimeId: days.id,
  });
  const size = await createAttribute(db, {
    slug: 'groesse',
    name: { de: 'Größe', en: 'Size' },
    terms: [
      { slug: 's', name: { de: 'S', en: 'S' } },
      { slug: 'm', name: { de: 'M', en: 'M' } },
    ],
  });
  const shirt = await createProduct(db, {
    name: { de: 'Leinenhemd', en: 'Linen shirt' },
    regularPrice: 4900,
    attributes: [
      {
        attributeId: size.attribute.id,
        termIds: Object.values(size.termIds),
        usedForVariations: true,
      },
    ],
    variations: [{ attributes: { groesse: 's' } }, { attributes: { groesse: 'm' } }],
  });
  const draft = await createProduct(db, {
    name: { de: 'Entwurf', en: 'Draft' },
    regularPrice: 100,
    status: 'draft',
  });
  ids = {
    crate: crate.product.id,
    shirt: shirt.product.id,
    draft: draft.product.id,
    redVariation: shirt.variations[0]!.id,
  };
});

afterAll(async () => {
  await shop?.close();
});

function quickView(body: unknown, init: { form?: boolean; headers?: Record<string, string> } = {}) {
  const form = init.form ?? false;
  return fetch(`${shop.url}/wc-ajax/quick_view`, {
    method: 'POST',
    headers: {
      'content-type': form ? 'application/x-www-form-urlencoded' : 'application/json',
      ...init.headers,
    },
    body: form ? new URLSearchParams(body as Record<string, string>) : JSON.stringify(body),
  });
}

describe('POST /wc-ajax/quick_view', () => {
  it('answers the summary HTML with price, legal notices, stock, form and page link', async () => {
    const res = await quickView({ product: String(ids.crate) }, { form: true });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html).toContain('<h2>Limonadenkiste</h2>');
    expect(html).toContain('18,99');
    expect(html).toMatch(/inkl\. 19\s?% MwSt\./);
    expect(html).toContain('Pfand');
    expect(html).toContain('2-3 Werktage');
    expect(html).toMatch(/3,17\s€ \/ l/);
    expect(html).toContain('Auf Lager');
    expect(html).toContain('action="/cart"');
    expect(html).toContain(`name="product_id" value="${ids.crate}"`);
    expect(html).toContain('href="/product/limonadenkiste"');
    // A fragment for a popup, never a whole page or a script that hydrates it.
    expect(html).not.toContain('<html');
    expect(html).not.toContain('<script');
  });

  it('renders variation choices and speaks the caller’s language', async () => {
    const res = await quickView({ product: ids.shirt }, { headers: { cookie: 'lang=en' } });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<h2>Linen shirt</h2>');
    expect(html).toContain('name="attribute_groesse"');
    expect(html).toContain('Choose an option');
    expect(html).toContain('Add to cart');
  });

  it('answers data for the shop’s own modal when asked for JSON', async () => {
    const res = await quickView(
      { product: ids.shirt },
      { headers: { accept: 'application/json' } },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('vary')).toContain('Accept');
    const body = (await res.json()) as {
      product: { id: number; name: string; variations: unknown[] };
      url: string;
      messages: Record<string, string>;
    };
    expect(body.product).toMatchObject({ id: ids.shirt, name: 'Leinenhemd' });
    expect(body.product.variations).toHaveLength(2);
    expect(body.url).toBe('/product/leinenhemd');
    expect(body.messages['product.add_to_cart']).toBe('In den Warenkorb');
    expect(body.messages['stock.instock']).toBeTypeOf('string');
  });

  it.each([
    ['an unknown id', 999_999],
    ['an unpublished product', 'draft'],
    ['a variation', 'variation'],
  ])('answers 404 for %s', async (_, which) => {
    const id = which === 'draft' ? ids.draft : which === 'variation' ? ids.redVariation : which;
    const res = await quickView({ product: id });
    expect(res.status).toBe(404);
    const body = (await res.json()) as { code: string; message: string; data: { status: number } };
    expect(body).toMatchObject({
      code: 'woocommerce_rest_product_invalid_id',
      message: 'Dieses Produkt gibt es nicht.',
      data: { status: 404 },
    });
  });

  it.each([
    ['nothing', {}],
    ['a NUL byte', { product: `${'1'}\u0000` }],
    ['10 kB', { product: '1'.repeat(10_000) }],
    ['an array', { product: [1, 2] }],
    ['a negative number', { product: -3 }],
    ['a negative string', { product: '-3' }],
    ['digits with letters', { product: '12abc' }],
    ['a fraction', { product: 1.5 }],
    ['zero', { product: '0' }],
    ['an object', { product: { id: 1 } }],
  ])('answers 400 for %s', async (_, body) => {
    const res = await quickView(body);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      code: 'rest_invalid_param',
      data: { status: 400, params: { param: 'product' } },
    });
  });

  it('refuses a broken JSON body', async () => {
    const broken = await fetch(`${shop.url}/wc-ajax/quick_view`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"product":',
    });
    expect(broken.status).toBe(400);
    expect(((await broken.json()) as { code: string }).code).toBe('rest_invalid_json');
  });

  it('refuses GET with 405 and an oversized body with 413', async () => {
    const get = await fetch(`${shop.url}/wc-ajax/quick_view?product=${ids.crate}`);
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
    const huge = await quickView({ product: ids.crate, padding: 'x'.repeat(70_000) });
    expect(huge.status).toBe(413);
  });
});
