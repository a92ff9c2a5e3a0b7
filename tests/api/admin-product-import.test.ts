import { eq, inArray } from 'drizzle-orm';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productTags, products, tags } from '#app/domain/catalog/catalog.schema.ts';
import { CsvRefused, readCsv } from '#app/domain/catalog/csv-reader.ts';
import {
  PictureSource,
  readPictureZip,
} from '#app/domain/catalog/product-import-pictures.server.ts';
import { type ImportReport, importCsvText } from '#app/domain/catalog/product-import.server.ts';
import { deleteProduct } from '#app/domain/catalog/product-writes.server.ts';
import { createCategory, createProduct } from '#db/seed/factories.ts';
import { csvObjects, parseCsv } from '../support/csv.ts';
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

function pictures(extra: Partial<ConstructorParameters<typeof PictureSource>[0]> = {}) {
  return new PictureSource({
    shopOrigin: new URL(shop.url).origin,
    allowedOrigins: [],
    mediaDir: `${shop.dataDir}/media`,
    ...extra,
  });
}

const run = (text: string, options: { updateExisting?: boolean; dryRun?: boolean } = {}) =>
  importCsvText(db(), text, {
    updateExisting: options.updateExisting ?? false,
    dryRun: options.dryRun ?? false,
    pictures: pictures(),
    actor,
  });

/** A CSV text: a byte order mark, the header, the rows; cells quoted as needed. */
function csv(rows: string[][], sep = ','): string {
  const cell = (v: string) => (/[",;\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  return `\uFEFF${rows.map((r) => r.map(cell).join(sep)).join('\r\n')}\r\n`;
}

const bySku = async (sku: string) =>
  (await db().select().from(products).where(eq(products.sku, sku)))[0];

const outcome = (report: ImportReport, line: number) => report.rows.find((r) => r.line === line);

let n = 0;
const unique = (prefix: string) => `${prefix}-${++n}-${Date.now() % 100000}`;

describe('product CSV import', () => {
  it('imports good rows, skips bad ones with line and reason, and writes nothing of a failed product', async () => {
    const sku = unique('IMP');
    const text = csv([
      [
        'ID',
        'Type',
        'SKU',
        'Name',
        'Published',
        'Regular price',
        'Sale price',
        'Categories',
        'Stock',
        'Tags',
      ],
      ['', 'simple', `${sku}-A`, 'Becher', '1', '12,90', '', `Küche ${n} > Becher`, '5', 'rot'],
      ['', 'simple', `${sku}-B`, 'Teller', '1', 'zwölf', '', '', '', ''],
      ['', 'bundle', `${sku}-C`, 'Set', '1', '', '', '', '', ''],
      ['', 'variable', `${sku}-V`, 'Jacke', '-1', '', '', '', '', ''],
      ['', 'variation', `${sku}-V1`, '', '1', '49.5', '', '', '', ''],
      ['', 'variation', `${sku}-V2`, '', '1', 'bad', '', '', '', ''],
      ['', 'simple', '', '', '1', '3', '', '', '', ''],
    ]);
    // The variations have no parent column here: they are refused on their own.
    const report = await run(text);
    expect(outcome(report, 2)).toMatchObject({ outcome: 'created', sku: `${sku}-A` });
    expect(outcome(report, 3)).toMatchObject({
      outcome: 'skipped',
      reason: 'admin.productImport.error.invalid_value',
      params: { field: 'regularPrice' },
    });
    expect(outcome(report, 4)).toMatchObject({
      outcome: 'skipped',
      reason: 'admin.productImport.error.type_unknown',
    });
    expect(outcome(report, 5)).toMatchObject({ outcome: 'created' });
    expect(outcome(report, 6)).toMatchObject({
      reason: 'admin.productImport.error.parent_missing',
    });
    expect(outcome(report, 8)).toMatchObject({
      reason: 'admin.productImport.error.name_required',
    });
    const mug = await bySku(`${sku}-A`);
    expect(mug).toMatchObject({ regularPrice: 1290, manageStock: true, stockQuantity: 5 });
    const mugTags = await db()
      .select({ slug: tags.slug })
      .from(productTags)
      .innerJoin(tags, eq(tags.id, productTags.tagId))
      .where(eq(productTags.productId, mug!.id));
    expect(mugTags.map((t) => t.slug)).toEqual(['rot']);
    expect(await bySku(`${sku}-B`)).toBeUndefined();
    expect((await bySku(`${sku}-V`))?.status).toBe('draft');
  });

  it('puts variations under their parent by id: and by SKU, and rolls a product back when one variation fails', async () => {
    const sku = unique('VAR');
    const header = [
      'ID',
      'Type',
      'SKU',
      'Name',
      'Parent',
      'Regular price',
      'Attribute 1 name',
      'Attribute 1 value(s)',
      'Attribute 1 visible',
      'Attribute 1 global',
    ];
    const report = await run(
      csv([
        header,
        ['9001', 'variable', `${sku}`, 'Turnschuh', '', '', `Größe ${n}`, '40, 41', '1', '1'],
        ['', 'variation', `${sku}-40`, '', 'id:9001', '80', `Größe ${n}`, '40', '', '1'],
        ['', 'variation', `${sku}-41`, '', sku, '81,5', `Größe ${n}`, '41', '', '1'],
        ['9002', 'variable', `${sku}-X`, 'Stiefel', '', '', `Größe ${n}`, '42', '1', '1'],
        ['', 'variation', `${sku}-X1`, '', 'id:9002', '99', `Größe ${n}`, '42', '', '1'],
        ['', 'variation', `${sku}-X2`, '', 'id:9002', '-5', `Größe ${n}`, '42', '', '1'],
        ['', 'variation', `${sku}-Z`, '', 'id:999999999', '5', '', '', '', ''],
      ]),
    );
    expect(report.rows.map((r) => [r.line, r.outcome])).toEqual([
      [2, 'created'],
      [3, 'created'],
      [4, 'created'],
      [5, 'skipped'],
      [6, 'skipped'],
      [7, 'skipped'],
      [8, 'skipped'],
    ]);
    expect(outcome(report, 5)).toMatchObject({
      reason: 'admin.productImport.error.product_failed',
      params: { line: 7 },
    });
    expect(outcome(report, 8)).toMatchObject({
      reason: 'admin.productImport.error.parent_not_found',
    });
    const parent = await bySku(sku);
    const kids = await db().select().from(products).where(eq(products.parentId, parent!.id));
    expect(kids.map((k) => [k.sku, k.regularPrice]).sort()).toEqual([
      [`${sku}-40`, 8000],
      [`${sku}-41`, 8150],
    ]);
    expect(Object.values(kids[0]!.variationAttributes ?? {})).toHaveLength(1);
    // Never half-imported: the failed product and its good variation are not there.
    expect(await bySku(`${sku}-X`)).toBeUndefined();
    expect(await bySku(`${sku}-X1`)).toBeUndefined();
  });

  it('reads a German WooCommerce export with `;` and decimal commas, and updates existing products only when asked', async () => {
    const sku = unique('DE');
    const header = [
      'ID',
      'Typ',
      'Artikelnummer',
      'Name',
      'Veröffentlicht',
      'Ist hervorgehoben?',
      'Kurzbeschreibung',
      'Beschreibung',
      'Vorrätig?',
      'Lager',
      'Regulärer Preis',
      'Angebotspreis',
      'Kategorien',
      'Gewicht (kg)',
    ];
    const row = [
      '',
      'simple',
      sku,
      'Kaffeebohnen',
      '1',
      '1',
      'Kräftig',
      'Zeile 1\\nZeile 2',
      '1',
      '12',
      '9,99',
      '8,49',
      `Lebensmittel ${n} > Kaffee, Angebote ${n}`,
      '0,5',
    ];
    const text = csv([header, row], ';');
    const dry = await run(text, { dryRun: true });
    expect(dry.created).toBe(1);
    expect(await bySku(sku)).toBeUndefined();
    expect((await run(text)).created).toBe(1);
    const coffee = await bySku(sku);
    expect(coffee).toMatchObject({
      regularPrice: 999,
      salePrice: 849,
      featured: true,
      weightKg: 0.5,
      stockQuantity: 12,
      name: { de: 'Kaffeebohnen' },
      description: { de: 'Zeile 1\nZeile 2' },
    });
    const again = await run(text);
    expect(outcome(again, 2)).toMatchObject({
      outcome: 'skipped',
      reason: 'admin.productImport.error.exists',
    });
    const changed = csv([header, row.map((v, i) => (i === 10 ? '10,50' : v))], ';');
    const updated = await run(changed, { updateExisting: true });
    expect(outcome(updated, 2)).toMatchObject({ outcome: 'updated' });
    expect((await bySku(sku))?.id).toBe(coffee!.id);
    expect((await bySku(sku))?.regularPrice).toBe(1050);
  });

  it('keeps formulas as text: a defused cell comes back exactly', async () => {
    const sku = unique('FX');
    const formula = '=HYPERLINK("http://evil.example","x")';
    await run(
      csv([
        ['Type', 'SKU', 'Name', 'Short description'],
        ['simple', sku, `'${formula}`, `'+1 Tag`],
      ]),
    );
    const row = await bySku(sku);
    expect(row?.name).toEqual({ de: formula });
    expect(row?.shortDescription).toEqual({ de: '+1 Tag' });
    // A quote not in front of a formula stays.
    await run(
      csv([
        ['Type', 'SKU', 'Name'],
        ['simple', `${sku}-2`, "'Apostroph"],
      ]),
    );
    expect((await bySku(`${sku}-2`))?.name).toEqual({ de: "'Apostroph" });
  });

  it('refuses 10 000 columns, NUL bytes, overlong cells and unclosed quotes with a reason, quickly', () => {
    const wide = `${Array.from({ length: 10_000 }, (_, i) => `c${i}`).join(',')}\n`;
    const started = performance.now();
    expect(() => readCsv(wide)).toThrow(CsvRefused);
    try {
      readCsv(wide);
    } catch (error) {
      expect((error as CsvRefused).refusal).toEqual({ code: 'too_many_columns', max: 1000 });
    }
    expect(performance.now() - started).toBeLessThan(5000);
    const refusal = (text: string) => {
      try {
        readCsv(text);
        return null;
      } catch (error) {
        return (error as CsvRefused).refusal.code;
      }
    };
    expect(refusal('Name,SKU\nA\0,B\n')).toBe('nul_byte');
    expect(refusal(`Name\n${'x'.repeat(200_000)}\n`)).toBe('cell_too_long');
    expect(refusal('Name\n"open\n')).toBe('unclosed_quote');
    expect(refusal('')).toBe('empty');
    // Multi-line cells, doubled quotes, CRLF and a byte order mark.
    expect(readCsv('\uFEFFa;b\r\n"x;""y""\r\nz";2\r\n').map((r) => r.cells)).toEqual([
      ['a', 'b'],
      ['x;"y"\r\nz', '2'],
    ]);
  });

  it('takes pictures from a ZIP by file name and refuses a ZIP bomb', async () => {
    const bomb = zipSync({ 'big.png': new Uint8Array(50 * 1024 * 1024) }, { level: 9 });
    expect(bomb.length).toBeLessThan(1024 * 1024);
    expect(readPictureZip(bomb)).toEqual({ ok: false, code: 'zip_bomb' });
    const many = Object.fromEntries(
      Array.from({ length: 2100 }, (_, i) => [`f${i}.png`, new Uint8Array([i % 256])]),
    );
    expect(readPictureZip(zipSync(many, { level: 0 }))).toEqual({ ok: false, code: 'zip_bomb' });
    expect(readPictureZip(new Uint8Array([1, 2, 3]))).toEqual({ ok: false, code: 'zip_invalid' });

    const sharp = (await import('sharp')).default;
    const png = await sharp({
      create: { width: 40, height: 40, channels: 3, background: '#c00' },
    })
      .png()
      .toBuffer();
    const zip = readPictureZip(zipSync({ 'bilder/Becher.PNG': png }));
    expect(zip.ok).toBe(true);
    const sku = unique('PIC');
    const report = await importCsvText(
      db(),
      csv([
        ['Type', 'SKU', 'Name', 'Images'],
        ['simple', sku, 'Becher', 'becher.png'],
        ['simple', `${sku}-2`, 'Tasse', 'fehlt.png'],
      ]),
      {
        updateExisting: false,
        dryRun: false,
        actor,
        pictures: pictures({ zipFiles: zip.ok ? zip.files : undefined }),
      },
    );
    expect(outcome(report, 2)?.outcome).toBe('created');
    expect(outcome(report, 3)).toMatchObject({
      reason: 'admin.productImport.error.picture_not_in_zip',
    });
    expect((await bySku(sku))?.imageId).not.toBeNull();
  });

  it('fetches pictures only from the shop or the allow-list, never from private addresses', async () => {
    const source = pictures({
      allowedOrigins: ['https://cdn.example', 'https://rebind.example'],
      resolveHost: async (host) => (host === 'rebind.example' ? ['127.0.0.1'] : ['93.184.216.34']),
    });
    const check = (url: string) => source.check(db(), url);
    expect(await check('https://evil.example/a.jpg')).toEqual({
      ok: false,
      code: 'picture_not_allowed',
    });
    expect(await check('http://169.254.169.254/latest/meta-data')).toEqual({
      ok: false,
      code: 'picture_not_allowed',
    });
    expect(await check('https://rebind.example/a.jpg')).toEqual({
      ok: false,
      code: 'picture_private_address',
    });
    expect(await check('https://cdn.example/a.jpg')).toEqual({ ok: true, imageId: null });
    const local = new PictureSource({
      shopOrigin: 'https://laden.example',
      allowedOrigins: [
        'http://127.0.0.1:9',
        'http://[::1]:9',
        new URL('http://[::ffff:10.0.0.1]').origin,
      ],
      mediaDir: '/nonexistent',
    });
    for (const url of [
      'http://127.0.0.1:9/a.png',
      'http://[::1]:9/a.png',
      'http://[::ffff:10.0.0.1]/a.png',
    ]) {
      expect(await local.resolve(db(), url)).toEqual({
        ok: false,
        code: 'picture_private_address',
      });
    }
  });

  it('round trip: an export imports into a shop without those products and exports the same again', async () => {
    const category = await createCategory(db(), { name: { de: `Rundreise ${++n}`, en: 'Trip' } });
    const sku = unique('RT');
    await createProduct(db(), {
      name: { de: 'Wanderschuh', en: 'Hiking shoe' },
      sku,
      shortDescription: { de: 'Fest.\n\nGut.', en: 'Firm.' },
      description: { de: '=SUM(A1)', en: 'Line\nbreak' },
      regularPrice: 12990,
      salePrice: 9990,
      weightKg: 1.25,
      categoryIds: [category.id],
      attributes: [],
    });
    const exportCsv = async () => {
      const res = await fetch(`${shop.url}/admin/products/export.csv?category=${category.id}`, {
        headers: { cookie: `lang=de; ${manager.cookie}` },
      });
      expect(res.status).toBe(200);
      return res.text();
    };
    const first = await exportCsv();
    const rows = csvObjects(first);
    expect(rows).toHaveLength(1);
    const ids = rows.map((r) => Number(r.ID));
    for (const id of ids) await deleteProduct(db(), id, true, actor);
    const report = await run(first);
    expect(report.skipped).toBe(0);
    expect(report.created).toBe(1);
    const second = await exportCsv();
    const withoutIds = (text: string) => parseCsv(text).map((r) => r.slice(1));
    expect(withoutIds(second)).toEqual(withoutIds(first));
    const created = await db()
      .select()
      .from(products)
      .where(inArray(products.sku, [sku]));
    expect(created[0]?.id).not.toBe(ids[0]);
  });
});
