// The generated bench catalogue is consistent and the shop shows it: a small one (200
// products) in a shop started from the build (npm run build first).
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestShop, startTestShop } from '../support/shop.ts';
import {
  CATEGORY_TREE,
  COLOURS,
  type FixtureSummary,
  SHAPE,
  fixtureSize,
  generateCatalog,
} from './catalog-fixture.ts';

const COUNT = 200;
let shop: TestShop;
let summary: FixtureSummary;

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await shop.database.db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** Products the shop publishes: every number except the drafts. */
const numbers = Array.from({ length: COUNT }, (_, k) => k + 1);
const published = numbers.filter((i) => i % SHAPE.draftEvery !== 0);
const variable = numbers.filter((i) => i % SHAPE.variableEvery === 0);

function eanIsValid(code: string): boolean {
  if (!/^\d{13}$/.test(code)) return false;
  const digits = [...code].map(Number);
  const sum = digits.slice(0, 12).reduce((s, d, k) => s + d * (k % 2 ? 3 : 1), 0);
  return (10 - (sum % 10)) % 10 === digits[12];
}

beforeAll(async () => {
  shop = await startTestShop();
  summary = await generateCatalog(shop.database.db, COUNT, {
    mediaDir: path.join(shop.dataDir, 'media'),
  });
}, 120_000);

afterAll(async () => {
  await shop?.close();
});

describe('generated bench catalogue', () => {
  it('has the requested products, a fifth of them variable with four variations each', async () => {
    expect(summary).toMatchObject({
      products: COUNT,
      variations: variable.length * SHAPE.variationsPerProduct,
      categories: 50,
    });
    const [counts] = await rows<{ simple: number; variable: number; variation: number }>(sql`
      select count(*) filter (where type = 'simple')::int as simple,
             count(*) filter (where type = 'variable')::int as variable,
             count(*) filter (where type = 'variation')::int as variation
      from products`);
    expect(counts).toEqual({
      simple: COUNT - variable.length,
      variable: variable.length,
      variation: variable.length * SHAPE.variationsPerProduct,
    });
    expect(await fixtureSize(shop.database.db)).toBe(COUNT);
  });

  it('gives every variation a variable parent that offers its colour and size', async () => {
    const orphans = await rows<{ id: number }>(sql`
      select v.id from products v left join products p on p.id = v.parent_id
      where v.type = 'variation' and (p.id is null or p.type <> 'variable')`);
    expect(orphans).toEqual([]);
    const perParent = await rows<{ n: number }>(sql`
      select count(v.id)::int as n from products p
      left join products v on v.parent_id = p.id where p.type = 'variable' group by p.id`);
    expect(new Set(perParent.map((r) => r.n))).toEqual(new Set([SHAPE.variationsPerProduct]));
    // Each chosen term is one of the parent's terms of that attribute, used for variations.
    const mismatched = await rows<{ id: number }>(sql`
      select v.id from products v
      cross join lateral jsonb_each_text(v.variation_attributes) chosen(attribute, term)
      where v.type = 'variation' and not exists (
        select 1 from product_attributes pa
        join attributes a on a.id = pa.attribute_id and a.slug = chosen.attribute
        join attribute_terms t on t.id = any(pa.term_ids) and t.slug = chosen.term
        where pa.product_id = v.parent_id and pa.used_for_variations)`);
    expect(mismatched).toEqual([]);
    const distinctCombinations = await rows<{ n: number }>(sql`
      select count(distinct variation_attributes)::int as n from products
      where type = 'variation' group by parent_id`);
    expect(distinctCombinations.every((r) => r.n === SHAPE.variationsPerProduct)).toBe(true);
  });

  it('files every product under exactly one leaf category, round robin', async () => {
    const perProduct = await rows<{ n: number }>(sql`
      select count(pc.category_id)::int as n from products p
      left join product_categories pc on pc.product_id = p.id
      where p.parent_id is null group by p.id`);
    expect(new Set(perProduct.map((r) => r.n))).toEqual(new Set([1]));

    const perCategory = await rows<{ slug: string; parent: string | null; n: number }>(sql`
      select c.slug, parent.slug as parent, count(pc.product_id)::int as n
      from categories c left join categories parent on parent.id = c.parent_id
      left join product_categories pc on pc.category_id = c.id
      group by c.id, parent.slug order by c.id`);
    expect(perCategory).toHaveLength(50);
    const tops = perCategory.filter((c) => c.parent === null);
    expect(tops).toHaveLength(CATEGORY_TREE.length);
    expect(tops.every((c) => c.n === 0)).toBe(true);
    const leaves = perCategory.filter((c) => c.parent !== null);
    expect(leaves).toHaveLength(SHAPE.leaves);
    expect(leaves.map((c) => c.n)).toEqual(
      leaves.map((_, k) => numbers.filter((i) => (i - 1) % SHAPE.leaves === k).length),
    );
  });

  it('prices, sales, stock, codes and texts have a realistic shape', async () => {
    const products = await rows<{
      i: number;
      type: string;
      regular: number | null;
      sale: number | null;
      stock: string;
      sku: string;
      gtin: string;
      name_de: string;
      name_en: string;
      short_de: string;
      short_en: string;
    }>(sql`
      select menu_order as i, type, regular_price as regular, sale_price as sale,
             stock_status as stock, sku, gtin, name->>'de' as name_de, name->>'en' as name_en,
             short_description->>'de' as short_de, short_description->>'en' as short_en
      from products where parent_id is null order by menu_order`);
    expect(products.map((p) => p.i)).toEqual(numbers);
    for (const p of products) {
      expect(p.sku).toBe(`LZ-${String(p.i).padStart(6, '0')}`);
      expect(eanIsValid(p.gtin)).toBe(true);
      expect(p.name_de).toMatch(/ aus /);
      expect(p.name_en).not.toBe(p.name_de);
      expect(p.short_de).toMatch(/ in [A-ZÄÖÜ]/);
      expect(p.short_en).toMatch(/ made of /);
      if (p.type === 'simple') expect(p.regular).toBeGreaterThan(0);
      else expect(p.regular).toBeNull();
      if (p.sale !== null) expect(p.sale).toBeLessThan(p.regular!);
    }
    const simple = products.filter((p) => p.type === 'simple');
    expect(simple.filter((p) => p.sale !== null).length).toBeGreaterThan(COUNT / 10);
    const stock = new Set(products.map((p) => p.stock));
    expect(stock).toEqual(new Set(['instock', 'outofstock', 'onbackorder']));

    const variations = await rows<{ sku: string; gtin: string; regular: number }>(sql`
      select sku, gtin, regular_price as regular from products where type = 'variation'`);
    expect(variations.every((v) => eanIsValid(v.gtin) && v.regular > 0)).toBe(true);
    const codes = [...products, ...variations].map((p) => p.gtin);
    expect(new Set(codes).size).toBe(codes.length);

    // Searchable words repeat across products in both languages.
    const words = await rows<{ n: number }>(sql`
      select count(*)::int as n from products
      where name->>'de' ilike '%Rucksack%' and name->>'en' ilike '%backpack%'`);
    expect(words[0]!.n).toBeGreaterThan(1);
  });

  it('colours every product, red among them, and reviews three in ten', async () => {
    const colours = await rows<{ slug: string; n: number }>(sql`
      select t.slug, count(distinct pa.product_id)::int as n
      from product_attributes pa join attributes a on a.id = pa.attribute_id and a.slug = 'color'
      join attribute_terms t on t.id = any(pa.term_ids) group by t.slug`);
    expect(colours.map((c) => c.slug).sort()).toEqual(COLOURS.map((c) => c.slug).sort());
    expect(colours.find((c) => c.slug === 'red')!.n).toBeGreaterThan(COUNT / 20);

    const reviewed = await rows<{ i: number; n: number; low: number; high: number }>(sql`
      select p.menu_order as i, count(r.id)::int as n, min(r.rating) as low, max(r.rating) as high
      from products p join reviews r on r.product_id = p.id group by p.id order by p.menu_order`);
    expect(reviewed.map((r) => r.i)).toEqual(numbers.filter((i) => i % 10 < 3));
    for (const r of reviewed) {
      expect(r.n).toBe(1 + (r.i % 5));
      expect(r.low).toBeGreaterThanOrEqual(1);
      expect(r.high).toBeLessThanOrEqual(5);
    }
  });
});

describe('the shop with the generated catalogue', () => {
  async function product(i: number) {
    const [row] = await rows<{ slug: string; name: string; sku: string }>(sql`
      select slug, name->>'de' as name, sku from products
      where parent_id is null and menu_order = ${i}`);
    return row!;
  }

  it('lists the published products in the Store API and on the shop page', async () => {
    const res = await fetch(`${shop.url}/wc/store/v1/products?per_page=5`);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-wp-total')).toBe(String(published.length));

    const first = await product(1);
    const page = await fetch(`${shop.url}/shop`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(`/product/${first.slug}`);
    expect(html).toContain(first.name);
  });

  it('shows a category page with its own products only', async () => {
    const leaf = CATEGORY_TREE[3]!.leaves[0]!; // Rucksäcke
    const [category] = await rows<{ slug: string }>(sql`
      select slug from categories where name->>'de' = ${leaf.name.de}`);
    const res = await fetch(`${shop.url}/product-category/${category!.slug}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    // The product grid; the sidebar's tabs name products of the whole shop.
    const grid = html.slice(html.indexOf('class="product-grid"'));
    const slugs = [...grid.matchAll(/href="\/product\/([^"?#]+)"/g)].map((m) => m[1]!);
    expect(slugs.length).toBeGreaterThan(0);
    expect(slugs.every((s) => s.startsWith('backpack-'))).toBe(true);
  });

  it('renders the page of a simple and of a variable product', async () => {
    const simple = await product(1);
    const simpleRes = await fetch(`${shop.url}/product/${simple.slug}`);
    expect(simpleRes.status).toBe(200);
    const simpleHtml = await simpleRes.text();
    expect(simpleHtml).toContain(simple.name);
    expect(simpleHtml).toContain(simple.sku);

    const variableProduct = await product(SHAPE.variableEvery);
    const res = await fetch(`${shop.url}/product/${variableProduct.slug}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(variableProduct.name);
    const [choice] = await rows<{ colour: string }>(sql`
      select t.name->>'de' as colour from products p
      join product_attributes pa on pa.product_id = p.id
      join attributes a on a.id = pa.attribute_id and a.slug = 'color'
      join attribute_terms t on t.id = pa.term_ids[1]
      where p.menu_order = ${SHAPE.variableEvery} and p.parent_id is null`);
    expect(html).toContain(choice!.colour);
  });

  it('serves the shared product pictures', async () => {
    const [image] = await rows<{ key: string }>(sql`select key from images order by id limit 1`);
    const res = await fetch(`${shop.url}/media/${image!.key}-thumb.webp`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('image/webp');
  });
});
