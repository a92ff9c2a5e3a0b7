import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAttribute, createProduct } from '#db/seed/factories.ts';
import { HOSTILE_VALUES, TEN_KB, formPairs } from '../support/hostile.ts';
import { type TestShop, startTestShop } from '../support/shop.ts';

let shop: TestShop;
let ids: {
  coffee: number;
  onSale: number;
  plain: number;
  draft: number;
  variable: number;
  small: number;
  large: number;
};

type Answer = { products: Record<string, { product_id: number; unit_price_html?: string }> };

beforeAll(async () => {
  shop = await startTestShop();
  const db = shop.database.db;
  const coffee = await createProduct(db, {
    name: { de: 'Grundpreis-Kaffee', en: 'Unit price coffee' },
    regularPrice: 1249,
    unit: 'kg',
    productUnits: 0.5,
    unitBase: 1,
  });
  const onSale = await createProduct(db, {
    name: { de: 'Olivenöl im Angebot', en: 'Olive oil on sale' },
    regularPrice: 1600,
    salePrice: 1200,
    unit: 'l',
    productUnits: 0.75,
    unitBase: 1,
  });
  const plain = await createProduct(db, {
    name: { de: 'Ohne Grundpreis', en: 'No unit price' },
    regularPrice: 990,
  });
  const draft = await createProduct(db, {
    name: { de: 'Entwurfshonig', en: 'Draft honey' },
    regularPrice: 800,
    unit: 'kg',
    productUnits: 0.5,
    unitBase: 1,
    status: 'draft',
  });
  const pack = await createAttribute(db, {
    slug: 'packung-gp',
    name: { de: 'Packung', en: 'Pack' },
    terms: [
      { slug: '250-g', name: { de: '250 g', en: '250 g' } },
      { slug: '1-kg', name: { de: '1 kg', en: '1 kg' } },
    ],
  });
  const variable = await createProduct(db, {
    name: { de: 'Tee in Packungen', en: 'Tea in packs' },
    regularPrice: 500,
    unit: 'kg',
    productUnits: 0.25,
    unitBase: 1,
    attributes: [
      {
        attributeId: pack.attribute.id,
        termIds: Object.values(pack.termIds),
        usedForVariations: true,
      },
    ],
    variations: [
      { attributes: { 'packung-gp': '250-g' } },
      { attributes: { 'packung-gp': '1-kg' }, regularPrice: 1500, productUnits: 1 },
    ],
  });
  ids = {
    coffee: coffee.product.id,
    onSale: onSale.product.id,
    plain: plain.product.id,
    draft: draft.product.id,
    variable: variable.product.id,
    small: variable.variations[0]!.id,
    large: variable.variations[1]!.id,
  };
});

afterAll(async () => {
  await shop?.close();
});

function refresh(body: unknown, init: { form?: string; headers?: Record<string, string> } = {}) {
  return fetch(`${shop.url}/wc-ajax/gzd_refresh_unit_price`, {
    method: 'POST',
    headers: {
      'content-type':
        init.form !== undefined ? 'application/x-www-form-urlencoded' : 'application/json',
      ...init.headers,
    },
    body: init.form ?? JSON.stringify(body),
  });
}

const item = (productId: number, price: string, key: string, sale = '', quantity: unknown = 1) => ({
  product_id: productId,
  price,
  price_sale: sale,
  quantity,
  key,
});

async function answered(body: unknown, headers?: Record<string, string>): Promise<Answer> {
  const res = await refresh(body, { headers });
  expect(res.status).toBe(200);
  return (await res.json()) as Answer;
}

describe('POST /wc-ajax/gzd_refresh_unit_price', () => {
  it('answers the unit price of each item, keyed by its key, in the shopper’s language', async () => {
    const body = {
      queue_id: 'q1',
      products: [item(ids.coffee, '12.49', 'coffee'), item(ids.plain, '9.90', 'plain')],
    };
    const de = await answered(body);
    expect(de.products.coffee).toEqual({
      product_id: ids.coffee,
      unit_price_html: '<span class="unit-price">24,98\u00a0€ / kg</span>',
    });
    // A product without unit price data: answered, but nothing to show.
    expect(de.products.plain).toEqual({ product_id: ids.plain });
    const en = await answered(body, { cookie: 'lang=en' });
    expect(en.products.coffee!.unit_price_html).toBe('<span class="unit-price">€24.98 / kg</span>');
  });

  it('works per variation, and for a variable product’s “from” price', async () => {
    const { products } = await answered({
      queue_id: 'q2',
      products: [
        item(ids.small, '5.00', 'small'),
        item(ids.large, '15.00', 'large'),
        item(ids.variable, '5.00', 'parent'),
      ],
    });
    expect(products.small!.unit_price_html).toContain('20,00\u00a0€ / kg');
    expect(products.large!.unit_price_html).toContain('15,00\u00a0€ / kg');
    expect(products.parent!.unit_price_html).toContain('20,00\u00a0€ / kg');
  });

  it('computes a sale’s unit price from the sale price the shop charges', async () => {
    const { products } = await answered({
      queue_id: 'q3',
      products: [item(ids.onSale, '16.00', 'sale', '12.00')],
    });
    expect(products.sale!.unit_price_html).toContain('16,00\u00a0€ / l');
  });

  it('never answers a unit price for a price the shop would not charge', async () => {
    const { products } = await answered({
      queue_id: 'q4',
      products: [
        item(ids.coffee, '0.01', 'cheap'),
        item(ids.coffee, '12.49', 'fake-sale', '1.00'),
        item(ids.coffee, '99.99', 'dear'),
        // The regular price of a product on sale, claimed as if there were no sale.
        item(ids.onSale, '16.00', 'no-sale'),
        item(ids.onSale, '12.00', 'sale-as-regular'),
        // Another variation's price.
        item(ids.small, '15.00', 'other-variation'),
      ],
    });
    for (const key of [
      'cheap',
      'fake-sale',
      'dear',
      'no-sale',
      'sale-as-regular',
      'other-variation',
    ]) {
      expect(products[key], key).toBeDefined();
      expect(products[key]!.unit_price_html, key).toBeUndefined();
    }
  });

  it('answers unknown and unpublished products without a unit price', async () => {
    const { products } = await answered({
      queue_id: 'q5',
      products: [item(999_999_999, '12.49', 'unknown'), item(ids.draft, '8.00', 'draft')],
    });
    expect(products.unknown).toEqual({ product_id: 999_999_999 });
    expect(products.draft).toEqual({ product_id: ids.draft });
  });

  it('takes numbers as strings and form posts as jQuery sends them', async () => {
    const json = await answered({
      queue_id: 'q6',
      products: [
        { product_id: String(ids.coffee), price: 12.49, price_sale: null, quantity: '2', key: 'k' },
        { product_id: ids.coffee, price: '12,49', quantity: 3.5, key: 'comma' },
      ],
    });
    expect(json.products.k!.unit_price_html).toContain('24,98');
    expect(json.products.comma!.unit_price_html).toContain('24,98');
    // jQuery numbers the items: products[0][product_id]=…
    const res = await refresh(null, {
      form: [
        formPairs('security', 'abc'),
        formPairs('queue_id', 'q7'),
        ...[item(ids.coffee, '12.49', 'f1'), item(ids.small, '5.00', 'f2')].flatMap((it, i) =>
          Object.entries(it).map(([k, v]) => formPairs(`products[${i}][${k}]`, v)),
        ),
      ].join('&'),
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as Answer;
    expect(body.products.f1!.unit_price_html).toContain('24,98');
    expect(body.products.f2!.unit_price_html).toContain('20,00');
  });

  it('refuses a batch of 1,000 items with a 4xx', async () => {
    const products = Array.from({ length: 1000 }, (_, i) => item(ids.coffee, '0.01', `k${i}`));
    const res = await refresh({ queue_id: 'big', products });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(await res.text()).not.toContain('unit-price');
  });

  it('refuses malformed batches with 400 naming the field', async () => {
    const malformed: unknown[] = [
      {},
      { queue_id: 'q' },
      { queue_id: 'q', products: [] },
      { queue_id: 'q', products: 'x' },
      { queue_id: 'q', products: { a: item(ids.coffee, '12.49', 'a') } },
      { queue_id: 'q', products: [[ids.coffee, '12.49', 'a']] },
      { queue_id: 'q', products: [null] },
      {
        queue_id: 'q',
        products: [{ ...item(ids.coffee, '12.49', 'a'), product_id: [ids.coffee] }],
      },
      { queue_id: 'q', products: [{ ...item(ids.coffee, '12.49', 'a'), price: ['12.49'] }] },
      { queue_id: 'q', products: [{ ...item(ids.coffee, '12.49', 'a'), price: '-12.49' }] },
      { queue_id: 'q', products: [{ ...item(ids.coffee, '12.49', 'a'), price: '1e3' }] },
      { queue_id: 'q', products: [{ ...item(ids.coffee, '12.49', 'a'), quantity: 0 }] },
      { queue_id: 'q', products: [{ ...item(ids.coffee, '12.49', 'a'), quantity: '1e309' }] },
      { queue_id: 'q', products: [{ ...item(ids.coffee, '12.49', 'a'), key: TEN_KB }] },
      { queue_id: 'q', products: [{ ...item(ids.coffee, '12.49', 'a'), key: '<b>' }] },
      { queue_id: 'q', products: [item(ids.coffee, '12.49', 'a'), item(ids.coffee, '12.49', 'a')] },
      { queue_id: ['q'], products: [item(ids.coffee, '12.49', 'a')] },
      { queue_id: 'q', security: TEN_KB, products: [item(ids.coffee, '12.49', 'a')] },
    ];
    for (const body of malformed) {
      const res = await refresh(body);
      expect(res.status, JSON.stringify(body).slice(0, 120)).toBe(400);
      const error = (await res.json()) as { code: string; message: string };
      expect(error.code).toBe('rest_invalid_param');
      expect(error.message).not.toBe('');
    }
    const broken = await fetch(`${shop.url}/wc-ajax/gzd_refresh_unit_price`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"queue_id": "q", "products": [',
    });
    expect(broken.status).toBe(400);
  });

  it('answers every hostile value in every field with a 2xx or a 4xx, never a 5xx', async () => {
    for (const { label, value } of HOSTILE_VALUES) {
      for (const field of ['product_id', 'price', 'price_sale', 'quantity', 'key']) {
        const res = await refresh({
          queue_id: 'q',
          products: [{ ...item(ids.coffee, '12.49', 'a'), [field]: value }],
        });
        expect(res.status, `${label} in ${field}`).toBeLessThan(500);
        if (res.ok) {
          const body = (await res.json()) as Answer;
          // Whatever got through, no unit price for a price other than the real one.
          const html = Object.values(body.products)
            .map((p) => p.unit_price_html ?? '')
            .join('');
          expect(html === '' || html.includes('24,98'), `${label} in ${field}`).toBe(true);
        } else {
          expect(res.status, `${label} in ${field}`).toBeGreaterThanOrEqual(400);
        }
      }
    }
    const nul = await refresh({ queue_id: 'q\u0000', products: [item(ids.coffee, '12.49', 'a')] });
    expect(nul.status).toBe(400);
  });

  it('only answers POST', async () => {
    const res = await fetch(`${shop.url}/wc-ajax/gzd_refresh_unit_price`);
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST');
  });
});
