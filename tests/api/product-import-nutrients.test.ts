// The nutrition table through WooCommerce's product CSV (Germanized's `Nutrients:` columns):
// exported and read back, checked like the product editor, a bad row never half-imported.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '#app/domain/catalog/catalog.schema.ts';
import { PictureSource } from '#app/domain/catalog/product-import-pictures.server.ts';
import { importCsvText } from '#app/domain/catalog/product-import.server.ts';
import { deleteProduct } from '#app/domain/catalog/product-writes.server.ts';
import { createCategory, createProduct } from '#db/seed/factories.ts';
import { csvObjects } from '../support/csv.ts';
import { type SignedIn, signedInCustomer } from '../support/customers.ts';
import { type TestShop, startTestShop } from '../support/shop.ts';

let shop: TestShop;
let manager: SignedIn;
const db = () => shop.database.db;
const actor = { channel: 'admin' as const, id: null, label: 'test' };

beforeAll(async () => {
  shop = await startTestShop();
  manager = await signedInCustomer(db(), { role: 'shop_manager' });
}, 120_000);
afterAll(async () => {
  await shop?.close();
});

const run = (text: string, updateExisting = false) =>
  importCsvText(db(), text, {
    updateExisting,
    dryRun: false,
    pictures: new PictureSource({
      shopOrigin: new URL(shop.url).origin,
      allowedOrigins: [],
      mediaDir: `${shop.dataDir}/media`,
    }),
    actor,
  });

function csv(rows: string[][], sep = ','): string {
  const cell = (v: string) => (/[",;\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  return `${rows.map((r) => r.map(cell).join(sep)).join('\r\n')}\r\n`;
}

const stamp = Date.now() % 100000;
const bySku = async (sku: string) =>
  (await db().select().from(products).where(eq(products.sku, sku)))[0];

describe('product CSV: nutrients', () => {
  it('round trip: the nutrition table per 100 ml comes back the same', async () => {
    const category = await createCategory(db(), { name: { de: `Saft ${stamp}`, en: 'Juice' } });
    const sku = `NUT-${stamp}`;
    const nutrients = {
      energy_kj: 180,
      energy_kcal: 43,
      fat: 0.1,
      carbohydrates: 10.2,
      sugars: 9.8,
    };
    const { product } = await createProduct(db(), {
      name: { de: 'Apfelsaft' },
      sku,
      regularPrice: 299,
      categoryIds: [category.id],
      food: { nutrientReference: 'ml', nutrients, allergens: [] },
    });
    const res = await fetch(`${shop.url}/admin/products/export.csv?category=${category.id}`, {
      headers: { cookie: `lang=de; ${manager.cookie}` },
    });
    expect(res.status).toBe(200);
    const text = await res.text();
    const row = csvObjects(text)[0]!;
    expect(row['Nutrients: sugars']).toBe('9.8');
    expect(row['Nutrient reference value slug']).toBe('100ml');
    await deleteProduct(db(), product.id, true, actor);
    const report = await run(text);
    expect(report.rows[0]).toMatchObject({ outcome: 'created', reason: null });
    const again = await bySku(sku);
    expect(again?.food?.nutrientReference).toBe('ml');
    expect(again?.food?.nutrients).toEqual(nutrients);
  });

  it('reads German commas, keeps other food data, and refuses bad rows with line and reason', async () => {
    const kept = `NUK-${stamp}`;
    await createProduct(db(), {
      name: { de: 'Müsli' },
      sku: kept,
      regularPrice: 399,
      food: { nutrientReference: 'g', nutrients: {}, allergens: ['nuts'], distributor: 'Mühle' },
    });
    const header = [
      'SKU',
      'Name',
      'Regular price',
      'Nutrients: fat',
      'Nutrients: saturated_fat',
      'Nutrients: carbohydrates',
      'Nutrients: sugars',
      'Nutrient reference value slug',
    ];
    const report = await run(
      csv(
        [
          header,
          [kept, 'Müsli', '3,99', '7,5', '1,2', '60', '12,5', '100g'],
          [`NUA-${stamp}`, 'Zu süß', '1', '', '', '10', '12', '100g'],
          [`NUB-${stamp}`, 'Kein Wert', '1', 'viel', '', '', '', ''],
          [`NUC-${stamp}`, 'Zu fett', '1', '120', '', '', '', '100g'],
          [`NUD-${stamp}`, 'Falsche Bezugsgröße', '1', '1', '', '', '', '100kg'],
        ],
        ';',
      ),
      true,
    );
    const row = (line: number) => report.rows.find((r) => r.line === line)!;
    expect(row(2)).toMatchObject({ outcome: 'updated', reason: null });
    const food = (await bySku(kept))?.food;
    expect(food?.nutrients).toEqual({
      fat: 7.5,
      saturated_fat: 1.2,
      carbohydrates: 60,
      sugars: 12.5,
    });
    expect(food?.allergens).toEqual(['nuts']);
    expect(food?.distributor).toBe('Mühle');
    expect(row(3)).toMatchObject({
      outcome: 'skipped',
      reason: 'admin.productImport.error.nutrient_above',
      params: { field: 'Nutrients: sugars', whole: 'Nutrients: carbohydrates' },
    });
    expect(row(4)).toMatchObject({
      outcome: 'skipped',
      reason: 'admin.productImport.error.nutrient_invalid',
      params: { field: 'Nutrients: fat', max: '100 g' },
    });
    expect(row(5)).toMatchObject({ reason: 'admin.productImport.error.nutrient_invalid' });
    expect(row(6)).toMatchObject({
      reason: 'admin.productImport.error.invalid_value',
      params: { field: 'nutrientReference' },
    });
    // Never half-imported: refused rows leave no product behind.
    for (const sku of ['NUA', 'NUB', 'NUC', 'NUD'])
      expect(await bySku(`${sku}-${stamp}`)).toBeUndefined();
  });
});
