import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '#app/domain/catalog/catalog.schema.ts';
import { productImports } from '#app/domain/catalog/product-import-uploads.schema.ts';
import { type SignedIn, signedInCustomer } from '../support/customers.ts';
import { type TestShop, startTestShop } from '../support/shop.ts';
import { staffRequests } from '../support/staff-requests.ts';

let shop: TestShop;
let manager: SignedIn;
let otherManager: SignedIn;
let customer: SignedIn;
const db = () => shop.database.db;
const staff = staffRequests(() => ({ shop, manager }));

beforeAll(async () => {
  shop = await startTestShop();
  manager = await signedInCustomer(db(), { role: 'shop_manager' });
  otherManager = await signedInCustomer(db(), { role: 'administrator' });
  customer = await signedInCustomer(db(), { role: 'customer' });
}, 120_000);
afterAll(async () => {
  await shop?.close();
});

function csv(rows: string[][]): string {
  const cell = (v: string) => (/[",;\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  return `\uFEFF${rows.map((r) => r.map(cell).join(',')).join('\r\n')}\r\n`;
}

/** The upload form sent as the browser sends it. */
async function upload(
  file: { name: string; body: BlobPart },
  options: { security?: string | null; cookie?: string; updateExisting?: boolean } = {},
) {
  const cookie = options.cookie ?? manager.cookie;
  const form = new FormData();
  const security =
    options.security === undefined
      ? await staff.securityOf('/admin/products/import', cookie)
      : options.security;
  if (security !== null) form.set('security', security);
  form.set('csv', new Blob([file.body], { type: 'text/csv' }), file.name);
  if (options.updateExisting) form.set('update_existing', '1');
  return fetch(`${shop.url}/admin/products/import`, {
    method: 'POST',
    headers: { cookie: `lang=en; ${cookie}`, origin: shop.url },
    body: form,
    redirect: 'manual',
  });
}

const idOf = (res: Response) =>
  /\/admin\/products\/import\/([A-Za-z0-9_-]{22})$/.exec(res.headers.get('location') ?? '')![1]!;

/** The mapping as the page preselects it: each select's selected option. */
async function preselected(id: string): Promise<[string, string][]> {
  const page = await staff.html(`/admin/products/import/${id}`);
  const selects = [...page.matchAll(/<select name="(map_\d+)"[^>]*>([\s\S]*?)<\/select>/g)];
  return selects.map(([, name, options]) => {
    // The served HTML is minified: `selected` without a value.
    const chosen = /<option value="([^"]*)" selected[ >]/.exec(options!);
    return [name!, chosen?.[1] ?? ''];
  });
}

async function startDryRun(id: string, mapping?: [string, string][]) {
  const body = new URLSearchParams(mapping ?? (await preselected(id)));
  body.set('security', await staff.securityOf(`/admin/products/import/${id}`));
  return staff.post(`/admin/products/import/${id}`, body);
}

async function startImport(id: string, security?: string) {
  const body = new URLSearchParams({ intent: 'import' });
  body.set(
    'security',
    security ?? (await staff.securityOf(`/admin/products/import/${id}/progress`)),
  );
  return staff.post(`/admin/products/import/${id}/progress`, body);
}

/** Reloads the progress page (as its refresh does) until the run is over. */
async function finished(id: string): Promise<string> {
  for (let i = 0; i < 600; i++) {
    const page = await staff.html(`/admin/products/import/${id}/progress`);
    if (!/http-equiv="?refresh/.test(page)) return page;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the run did not finish');
}

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

let n = 0;
const unique = (prefix: string) => `${prefix}${++n}x${Date.now() % 100000}`;

describe('product import pages', () => {
  it('takes a CSV through upload, mapping, dry run and import, and never imports twice', async () => {
    const sku = unique('PG');
    const header = [
      'Type',
      'SKU',
      'Name',
      'Published',
      'Regular price',
      'Stock',
      'Parent',
      'Attribute 1 name',
      'Attribute 1 value(s)',
      'Notiz',
    ];
    const rows: string[][] = [];
    // More rows than a batch: the run is carried out in several.
    for (let i = 1; i <= 130; i++)
      rows.push(['simple', `${sku}-${i}`, `Becher ${i}`, '1', '4,50', '3', '', '', '', 'x']);
    rows.push(['simple', `${sku}-bad`, 'Teller', '1', 'zwölf', '', '', '', '', '']);
    rows.push(['variable', `${sku}-V`, 'Jacke', '1', '', '', '', 'Größe', 'S, M', '']);
    rows.push(['variation', `${sku}-V-S`, '', '1', '30', '2', `${sku}-V`, 'Größe', 'S', '']);
    rows.push(['variation', `${sku}-V-M`, '', '1', '31', '2', `${sku}-V`, 'Größe', 'M', '']);
    const res = await upload({ name: 'produkte.csv', body: csv([header, ...rows]) });
    expect(res.status).toBe(303);
    const id = idOf(res);

    const mapping = await preselected(id);
    expect(mapping.map(([, v]) => v)).toEqual([
      'type',
      'sku',
      'name',
      'published',
      'regularPrice',
      'stock',
      'parent',
      'attribute:1:name',
      'attribute:1:values',
      '',
    ]);
    const mapPage = await staff.html(`/admin/products/import/${id}`);
    expect(mapPage).toContain('aria-label="Field for column Notiz"');

    // The dry run reports every row and writes nothing.
    expect((await startDryRun(id)).status).toBe(303);
    const dry = text(await finished(id));
    expect(dry).toContain('134 of 134 rows');
    expect(dry).toContain('133 created, 0 updated, 1 skipped');
    expect(dry).toContain('The value in column');
    expect(
      await db()
        .select()
        .from(products)
        .where(like(products.sku, `${sku}-%`)),
    ).toHaveLength(0);
    const skippedOnly = text(await staff.html(`/admin/products/import/${id}/progress?skipped=1`));
    expect(skippedOnly).toMatch(/132 \S+ · Teller skipped/);

    // The import, then the same form sent again (a reload): refused, nothing twice.
    const security = await staff.securityOf(`/admin/products/import/${id}/progress`);
    expect((await startImport(id, security)).status).toBe(303);
    const again = await startImport(id, security);
    expect(again.status).toBe(409);
    expect(await again.text()).toMatch(/already (been imported|queued or running)/);
    const done = text(await finished(id));
    expect(done).toContain('Import finished.');
    expect(done).toContain('133 created, 0 updated, 1 skipped');
    expect(await startImport(id, security).then((r) => r.status)).toBe(409);
    expect(await startDryRun(id).then((r) => r.status)).toBe(409);
    const created = await db()
      .select()
      .from(products)
      .where(like(products.sku, `${sku}-%`));
    expect(created).toHaveLength(133);
    const jacket = created.find((p) => p.sku === `${sku}-V`)!;
    expect(created.filter((p) => p.parentId === jacket.id)).toHaveLength(2);
    // The first page shows 200 rows at most; the report pages on by line.
    const page = text(await staff.html(`/admin/products/import/${id}/progress`));
    expect(page).toContain(`${sku}-1 · Becher 1 created`);
  }, 120_000);

  it('preselects German WooCommerce headers', async () => {
    const header = [
      'Typ',
      'Artikelnummer',
      'Name',
      'Regulärer Preis',
      'Kategorien',
      'Attribut 1 Name',
      'Attribut 1 Wert(e)',
    ];
    const res = await upload({
      name: 'de.csv',
      body: csv([header, ['simple', unique('DE'), 'Tasse', '3', 'Küche', '', '']]),
    });
    expect(res.status).toBe(303);
    expect((await preselected(idOf(res))).map(([, v]) => v)).toEqual([
      'type',
      'sku',
      'name',
      'regularPrice',
      'categories',
      'attribute:1:name',
      'attribute:1:values',
    ]);
  });

  it('updates existing products by SKU only when asked', async () => {
    const sku = unique('UP');
    const first = await upload({
      name: 'a.csv',
      body: csv([
        ['SKU', 'Name', 'Regular price'],
        [sku, 'Alt', '5'],
      ]),
    });
    const id = idOf(first);
    await startDryRun(id);
    await finished(id);
    await startImport(id);
    await finished(id);
    const second = await upload(
      {
        name: 'b.csv',
        body: csv([
          ['SKU', 'Name', 'Regular price'],
          [sku, 'Neu', '6'],
        ]),
      },
      { updateExisting: true },
    );
    const id2 = idOf(second);
    await startDryRun(id2);
    expect(text(await finished(id2))).toContain('0 created, 1 updated, 0 skipped');
    await startImport(id2);
    await finished(id2);
    const [row] = await db().select().from(products).where(eq(products.sku, sku));
    expect(row!.name?.de).toBe('Neu');
  }, 60_000);
});

describe('hostile uploads and requests', () => {
  it('refuses a PHP script named .csv', async () => {
    const res = await upload({ name: 'shell.csv', body: "<?php system($_GET['c']); ?>\n" });
    expect(res.status).toBe(400);
    expect(text(await res.text())).toContain('The file is not a product CSV');
  });

  it('refuses a 50 MB file with a clear message', async () => {
    const big = new Uint8Array(50 * 1024 * 1024).fill(0x61);
    const res = await upload({ name: 'big.csv', body: big });
    expect(res.status).toBe(413);
    expect(text(await res.text())).toContain('The CSV file is larger than 20 MB');
  }, 60_000);

  it('refuses 10 000 columns, NUL bytes, binary files and empty files', async () => {
    const wide = `${Array.from({ length: 10_000 }, (_, i) => `c${i}`).join(',')}\n1\n`;
    let res = await upload({ name: 'wide.csv', body: wide });
    expect(res.status).toBe(400);
    expect(text(await res.text())).toContain('more than 1000 columns');
    res = await upload({ name: 'nul.csv', body: 'SKU,Name\nA\u0000,B\n' });
    expect(res.status).toBe(400);
    expect(text(await res.text())).toContain('NUL byte');
    res = await upload({ name: 'bin.csv', body: new Uint8Array([0xff, 0xfe, 0x00, 0x80, 0x81]) });
    expect(res.status).toBe(400);
    expect(text(await res.text())).toContain('not a text file in UTF-8');
    res = await upload({ name: 'empty.csv', body: 'SKU,Name\n' });
    expect(res.status).toBe(400);
    expect(text(await res.text())).toContain('header but no rows');
  });

  it('refuses a forged or missing form token', async () => {
    const body = csv([
      ['SKU', 'Name'],
      [unique('T'), 'X'],
    ]);
    expect((await upload({ name: 'a.csv', body }, { security: 'forged' })).status).toBe(403);
    expect((await upload({ name: 'a.csv', body }, { security: null })).status).toBe(403);
    const id = idOf(await upload({ name: 'a.csv', body }));
    const mapping = new URLSearchParams(await preselected(id));
    mapping.set('security', 'forged');
    const res = await staff.post(`/admin/products/import/${id}`, mapping);
    expect(res.status).toBe(403);
    expect(text(await res.text())).toContain('The form has expired');
    const run = await staff.post(
      `/admin/products/import/${id}/progress`,
      new URLSearchParams({ intent: 'import' }),
    );
    expect(run.status).toBe(403);
    const [row] = await db().select().from(productImports).where(eq(productImports.id, id));
    expect(row!.status).toBe('ready');
  });

  it('refuses a broken mapping: unknown fields, a field twice, a repeated or missing column', async () => {
    const id = idOf(
      await upload({
        name: 'a.csv',
        body: csv([
          ['SKU', 'Name'],
          [unique('M'), 'X'],
        ]),
      }),
    );
    for (const pairs of [
      [
        ['map_0', 'sku'],
        ['map_1', 'nonsense'],
      ],
      [
        ['map_0', 'sku'],
        ['map_1', 'sku'],
      ],
      [
        ['map_0', 'sku'],
        ['map_0', 'name'],
        ['map_1', 'name'],
      ],
      [['map_0', 'sku']],
      [
        ['map_0', ''],
        ['map_1', ''],
      ],
    ]) {
      const res = await startDryRun(id, pairs as [string, string][]);
      expect(res.status).toBe(400);
    }
  });

  it("answers 404 for another staff member's upload and unknown ids", async () => {
    const id = idOf(
      await upload({
        name: 'a.csv',
        body: csv([
          ['SKU', 'Name'],
          [unique('O'), 'X'],
        ]),
      }),
    );
    const other = otherManager.cookie;
    for (const path of [`/admin/products/import/${id}`, `/admin/products/import/${id}/progress`]) {
      expect((await staff.get(path, other)).status).toBe(404);
    }
    const security = await staff.securityOf('/admin/products/import', other);
    const res = await staff.post(
      `/admin/products/import/${id}/progress`,
      new URLSearchParams({ intent: 'import', security }),
      other,
    );
    expect(res.status).toBe(404);
    for (const bad of ['x', 'A'.repeat(22), 'A'.repeat(5000)]) {
      expect((await staff.get(`/admin/products/import/${bad}`)).status).toBe(404);
    }
    // A NUL byte in the address is refused before any page runs.
    expect((await staff.get(`/admin/products/import/${id}%00`)).status).toBe(400);
  });

  it('refuses shoppers and guests', async () => {
    for (const cookie of ['', customer.cookie]) {
      expect((await staff.get('/admin/products/import', cookie)).status).toBe(404);
      const res = await upload(
        { name: 'a.csv', body: 'SKU,Name\nA,B\n' },
        { cookie, security: 'x' },
      );
      expect(res.status).toBe(404);
    }
  });
});
