// Tags, upsells and cross-sells through WooCommerce's product CSV: exported, imported into a
// shop without those products, the same links again; unknown references reported per row.
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, tags } from '#app/domain/catalog/catalog.schema.ts';
import { productLinkLists } from '#app/domain/catalog/product-links.server.ts';
import { PictureSource } from '#app/domain/catalog/product-import-pictures.server.ts';
import { importCsvText } from '#app/domain/catalog/product-import.server.ts';
import { deleteProduct, updateProduct } from '#app/domain/catalog/product-writes.server.ts';
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

const run = (text: string) =>
  importCsvText(db(), text, {
    updateExisting: false,
    dryRun: false,
    pictures: new PictureSource({
      shopOrigin: new URL(shop.url).origin,
      allowedOrigins: [],
      mediaDir: `${shop.dataDir}/media`,
    }),
    actor,
  });

function csv(rows: string[][]): string {
  const cell = (v: string) => (/[",;\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  return `${rows.map((r) => r.map(cell).join(',')).join('\r\n')}\r\n`;
}

const stamp = Date.now() % 100000;

async function linksOf(id: number) {
  const lists = (await productLinkLists(db(), [id])).get(id)!;
  return {
    upsellIds: lists.upsellIds,
    crossSellIds: lists.crossSellIds,
    tags: lists.tags.map((t) => t.name.de).sort(),
  };
}

describe('product CSV: tags, upsells and cross-sells', () => {
  it('round trip: the same tags and links after a re-import, also to products further down', async () => {
    const category = await createCategory(db(), { name: { de: `Links ${stamp}`, en: 'Links' } });
    const make = async (sku: string | null, name: string) =>
      (
        await createProduct(db(), {
          name: { de: name },
          sku,
          regularPrice: 500,
          categoryIds: [category.id],
        })
      ).product;
    const a = await make(`LA-${stamp}`, 'Anker');
    const b = await make(`LB-${stamp}`, 'Boje');
    const c = await make(null, 'Crew');
    // A product without SKU is linked as `id:N`.
    await db().update(products).set({ sku: null }).where(eq(products.id, c.id));
    const tagA = `Segeln ${stamp}`;
    const tagB = `=HYPERLINK("http://evil.example","x") ${stamp}`;
    const linked = await updateProduct(
      db(),
      a.id,
      { tagNames: [tagA, tagB], upsellIds: [b.id, c.id], crossSellIds: [c.id] },
      actor,
    );
    expect(linked.ok).toBe(true);
    expect((await updateProduct(db(), b.id, { crossSellIds: [a.id] }, actor)).ok).toBe(true);
    const res = await fetch(`${shop.url}/admin/products/export.csv?category=${category.id}`, {
      headers: { cookie: `lang=de; ${manager.cookie}` },
    });
    expect(res.status).toBe(200);
    const text = await res.text();
    const rows = csvObjects(text);
    const rowA = rows.find((r) => r.SKU === `LA-${stamp}`)!;
    expect(rowA.Upsells).toBe(`LB-${stamp}, id:${c.id}`);
    expect(rowA['Cross-sells']).toBe(`id:${c.id}`);
    const tagIds = (await productLinkLists(db(), [a.id])).get(a.id)!.tags.map((t) => t.id);
    expect(tagIds).toHaveLength(2);
    for (const p of [a, b, c]) await deleteProduct(db(), p.id, true, actor);
    // The shop has neither the products nor their tags: the import creates them.
    await db().delete(tags).where(inArray(tags.id, tagIds));

    const report = await run(text);
    expect(report.skipped).toBe(0);
    expect(report.created).toBe(3);
    expect(report.rows.every((r) => r.reason === null)).toBe(true);
    const bySku = async (sku: string) =>
      (await db().select().from(products).where(eq(products.sku, sku)))[0]!;
    const a2 = await bySku(`LA-${stamp}`);
    const b2 = await bySku(`LB-${stamp}`);
    const [c2] = await db()
      .select()
      .from(products)
      .where(eq(products.slug, rows.find((r) => !r.SKU)!['Meta: _ladenzeile_slug']!));
    const linksA = await linksOf(a2.id);
    expect(linksA.upsellIds).toEqual([b2.id, c2!.id]);
    expect(linksA.crossSellIds).toEqual([c2!.id]);
    // The formula stays text: the tag's name is exactly what was typed.
    expect(linksA.tags).toEqual([tagA, tagB].sort());
    expect((await linksOf(b2.id)).crossSellIds).toEqual([a2.id]);
  });

  it('reports unknown references on their row, and refuses hostile tag names per row', async () => {
    const header = ['SKU', 'Name', 'Regular price', 'Tags', 'Upsells', 'Cross-sells'];
    const report = await run(
      csv([
        header,
        [`U1-${stamp}`, 'Eins', '1', 'Alpha', `U2-${stamp}, NOPE-${stamp}`, 'id:999999999'],
        [`U2-${stamp}`, 'Zwei', '1', 'x'.repeat(10_000), '', ''],
        [`U4-${stamp}`, 'Vier', '1', '', `U1-${stamp}`, ''],
      ]),
    );
    const row = (line: number) => report.rows.find((r) => r.line === line)!;
    expect(row(2)).toMatchObject({
      outcome: 'created',
      reason: 'admin.productImport.error.links_unknown_refs',
      params: { refs: `U2-${stamp}, NOPE-${stamp}, id:999999999` },
    });
    expect(row(3)).toMatchObject({
      outcome: 'skipped',
      reason: 'admin.productImport.error.invalid_value',
      params: { field: 'tags' },
    });
    expect(row(4)).toMatchObject({ outcome: 'created', reason: null });
    // A NUL byte refuses the whole file before anything is written.
    await expect(
      run(csv([header, [`U5-${stamp}`, 'Fünf', '1', 'Beta\u0000', '', '']])),
    ).rejects.toThrow(/nul_byte/);
  });
});
