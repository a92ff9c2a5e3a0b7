import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAttribute,
  createDeliveryTime,
  createManufacturer,
  createProduct,
} from '#db/seed/factories.ts';
import { HOSTILE_VALUES, TEN_KB, formPairs } from '../support/hostile.ts';
import { type TestShop, startTestShop } from '../support/shop.ts';

let shop: TestShop;
let ids: {
  shirt: number;
  other: number;
  simple: number;
  red: number;
  blue: number;
  otherVar: number;
};
const A = 'farbe-gv';
const S = 'groesse-gv';

beforeAll(async () => {
  shop = await startTestShop();
  const db = shop.database.db;
  const colour = await createAttribute(db, {
    slug: A,
    name: { de: 'Farbe', en: 'Colour' },
    swatchType: 'color',
    terms: [
      { slug: 'rot', name: { de: 'Rot', en: 'Red' }, swatch: { color: '#b8372f' } },
      { slug: 'blau', name: { de: 'Blau', en: 'Blue' }, swatch: { color: '#2f5e8e' } },
    ],
  });
  const size = await createAttribute(db, {
    slug: S,
    name: { de: 'Größe', en: 'Size' },
    swatchType: 'label',
    terms: [
      { slug: 's', name: { de: 'S', en: 'S' } },
      { slug: 'm', name: { de: 'M', en: 'M' } },
    ],
  });
  const days = await createDeliveryTime(db, { label: { de: '2-3 Werktage', en: '2-3 days' } });
  const maker = await createManufacturer(db, { name: 'Webwerk GmbH' });
  const both = [
    {
      attributeId: colour.attribute.id,
      termIds: Object.values(colour.termIds),
      usedForVariations: true,
    },
    {
      attributeId: size.attribute.id,
      termIds: Object.values(size.termIds),
      usedForVariations: true,
    },
  ];
  const shirt = await createProduct(db, {
    name: { de: 'Hemd', en: 'Shirt' },
    regularPrice: 4900,
    weightKg: 0.3,
    lengthCm: 30,
    widthCm: 20,
    heightCm: 3,
    deliveryTimeId: days.id,
    manufacturerId: maker.id,
    attributes: both,
    variations: [
      {
        attributes: { [A]: 'rot', [S]: 's' },
        sku: 'HEMD-ROT-S',
        gtin: '4262571000017',
        description: {
          de: 'Leichtes Leinen.\n\nBei 30 °C <waschen> & schonen.',
          en: 'Light linen.\n\nWash at 30 °C <gently> & with care.',
        },
        manageStock: true,
        stockQuantity: 3,
      },
      {
        attributes: { [A]: 'blau', [S]: 'm' },
        salePrice: 3900,
        manageStock: true,
        stockQuantity: 0,
      },
    ],
  });
  const other = await createProduct(db, {
    name: { de: 'Anderes Hemd', en: 'Other shirt' },
    regularPrice: 2900,
    attributes: both,
    variations: [{ attributes: { [A]: 'blau', [S]: 's' } }],
  });
  const simple = await createProduct(db, { name: { de: 'Tasse', en: 'Mug' }, regularPrice: 900 });
  ids = {
    shirt: shirt.product.id,
    other: other.product.id,
    simple: simple.product.id,
    red: shirt.variations[0]!.id,
    blue: shirt.variations[1]!.id,
    otherVar: other.variations[0]!.id,
  };
});

afterAll(async () => {
  await shop?.close();
});

function getVariation(
  body: string | Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  const json = typeof body !== 'string';
  return fetch(`${shop.url}/wc-ajax/get_variation`, {
    method: 'POST',
    headers: {
      'content-type': json ? 'application/json' : 'application/x-www-form-urlencoded',
      ...headers,
    },
    body: json ? JSON.stringify(body) : body,
  });
}

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

describe('POST /wc-ajax/get_variation', () => {
  it('answers the variation object with every field of the spec', async () => {
    const res = await getVariation(
      form({
        product_id: String(ids.shirt),
        [`attribute_${A}`]: 'rot',
        [`attribute_${S}`]: 's',
        custom_data: '',
      }),
    );
    expect(res.status).toBe(200);
    const v = (await res.json()) as Record<string, unknown>;
    expect(v).toMatchObject({
      variation_id: ids.red,
      ean: '4262571000017',
      attributes: { [`attribute_${A}`]: 'rot', [`attribute_${S}`]: 's' },
      sku: 'HEMD-ROT-S',
      weight: '0.3',
      weight_html: '0,3 kg',
      dimensions: { length: '30', width: '20', height: '3' },
      dimensions_html: '30 × 20 × 3 cm',
      min_qty: 1,
      max_qty: 3,
      is_sold_individually: 'no',
      is_purchasable: true,
      is_in_stock: true,
      variation_is_visible: true,
      variation_is_active: true,
      // Major units, as WooCommerce sends them: 49, not 4900.
      display_price: 49,
      display_regular_price: 49,
      availability_html: '<p class="stock in-stock">Nur noch 3 auf Lager</p>',
      variation_description:
        '<p>Leichtes Leinen.</p>\n<p>Bei 30 °C &lt;waschen&gt; &amp; schonen.</p>',
      variation_stock_left: 3,
      delivery_time: '2-3 Werktage',
      manufacturer: { name: 'Webwerk GmbH' },
      has_product_safety_information: true,
    });
    expect(v.price_html).toMatch(/49,00\s€/);
    // The page's own view of it, so a page in ajax-variation mode needs no second request.
    expect(v.variation_view).toMatchObject({ id: ids.red, sku: 'HEMD-ROT-S' });
    for (const field of [
      'image',
      'image_id',
      'image_link',
      'defect_description',
      'tax_info',
      'safety_instructions',
      'product_safety_attachments',
      'power_supply',
      'deposit_amount',
      'deposit_packaging_type',
      'food_description',
      'nutri_score',
      'food_distributor',
      'food_place_of_origin',
      'net_filling_quantity',
      'drained_weight',
      'includes_alcohol',
      'alcohol_content',
      'nutrients',
      'ingredients',
      'allergenic',
      'shipping_costs_info',
      'unit_price',
      'product_units',
    ]) {
      expect(v, field).toHaveProperty(field);
    }
  });

  it('answers a sold-out variation as not in stock, in JSON and in English too', async () => {
    const res = await getVariation(
      { product_id: ids.shirt, [`attribute_${A}`]: 'blau', [`attribute_${S}`]: 'm' },
      { cookie: 'lang=en' },
    );
    expect(res.status).toBe(200);
    const v = (await res.json()) as Record<string, unknown>;
    expect(v).toMatchObject({
      variation_id: ids.blue,
      is_in_stock: false,
      display_price: 39,
      display_regular_price: 49,
      availability_html: '<p class="stock out-of-stock">Out of stock</p>',
      variation_description: '',
      variation_stock_left: null,
    });
    expect(typeof v.display_price).toBe('number');
    expect(v.price_html).toContain('Original price was: €49.00');
  });

  it.each([
    ['an incomplete choice', { [`attribute_${A}`]: 'rot' }],
    ['a combination that does not exist', { [`attribute_${A}`]: 'rot', [`attribute_${S}`]: 'm' }],
    ['a term the product lacks', { [`attribute_${A}`]: 'gruen', [`attribute_${S}`]: 's' }],
    [
      'an attribute of no product',
      { [`attribute_${A}`]: 'rot', [`attribute_${S}`]: 's', attribute_pattern: 'dots' },
    ],
    ['another product’s combination', { [`attribute_${A}`]: 'blau', [`attribute_${S}`]: 's' }],
    [
      'another product’s variation id',
      { variation_id: 'OTHER', [`attribute_${A}`]: 'blau', [`attribute_${S}`]: 's' },
    ],
  ])('answers false (empty) for %s', async (_, fields) => {
    const body = Object.fromEntries(
      Object.entries({ product_id: String(ids.shirt), ...fields }).map(([k, v]) => [
        k,
        v === 'OTHER' ? String(ids.otherVar) : v,
      ]),
    );
    const res = await getVariation(form(body));
    expect(res.status).toBe(200);
    expect(await res.json()).toBe(false);
  });

  it.each([
    ['an unknown product', 999_999],
    ['a simple product', 'simple'],
    ['a variation id as product', 'variation'],
  ])('answers 404 for %s', async (_, which) => {
    const id = which === 'simple' ? ids.simple : which === 'variation' ? ids.red : which;
    const res = await getVariation({ product_id: id, [`attribute_${A}`]: 'rot' });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({
      code: 'woocommerce_rest_product_invalid_id',
      data: { status: 404 },
    });
  });

  it('refuses a missing product_id, malformed arrays and 10 kB values with 400', async () => {
    expect((await getVariation(form({ [`attribute_${A}`]: 'rot' }))).status).toBe(400);
    expect(
      (await getVariation({ product_id: ids.shirt, [`attribute_${A}`]: ['rot', 'blau'] })).status,
    ).toBe(400);
    expect((await getVariation({ product_id: [ids.shirt] })).status).toBe(400);
    expect(
      (await getVariation({ product_id: ids.shirt, [`attribute_${A}`]: { $ne: '' } })).status,
    ).toBe(400);
    expect((await getVariation({ product_id: ids.shirt, [`attribute_${A}`]: TEN_KB })).status).toBe(
      400,
    );
    expect((await getVariation({ product_id: ids.shirt, custom_data: [1, 2] })).status).toBe(400);
    expect((await getVariation('{"product_id": ')).status).toBe(400);
    expect((await fetch(`${shop.url}/wc-ajax/get_variation`)).status).toBe(405);
  });

  it.each(HOSTILE_VALUES)('never answers 5xx for $label in any field', async ({ value }) => {
    for (const field of ['product_id', `attribute_${A}`, 'custom_data']) {
      const json = await getVariation({
        product_id: ids.shirt,
        [`attribute_${S}`]: 's',
        [field]: value,
      });
      expect(json.status, `JSON ${field}`).toBeLessThan(500);
      const pairs = `${formPairs(field, value)}&product_id=${ids.shirt}&attribute_${S}=s`;
      const posted = await getVariation(pairs);
      expect(posted.status, `form ${field}`).toBeLessThan(500);
      if (posted.status === 200) expect(await posted.json()).toBe(false);
    }
  });
});
