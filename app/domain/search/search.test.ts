import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '#app/lib/db.server.ts';
import { categories, products } from '#app/domain/catalog/catalog.schema.ts';
import { listProducts } from './listing.server.ts';
import { createAttribute, createCategory, createProduct } from '#db/seed/factories.ts';
import { openTestDatabase } from '../../../tests/support/database.ts';
import { searchProductIds, spellingSuggestion } from './search.server.ts';

let handle: DatabaseHandle;
const ids: Record<string, number> = {};

const search = (query: unknown, extra: { categorySlug?: string; limit?: number } = {}) =>
  searchProductIds(handle.db, { query, limit: 10, ...extra });

beforeAll(async () => {
  handle = await openTestDatabase();
  const db = handle.db;
  const drinks = await createCategory(db, { name: { de: 'Heißgetränke', en: 'Hot drinks' } });
  const coffee = await createCategory(db, {
    name: { de: 'Kaffeebohnen', en: 'Coffee beans' },
    parentId: drinks.id,
  });
  const shoes = await createCategory(db, { name: { de: 'Sportschuhe', en: 'Sports shoes' } });
  const colour = await createAttribute(db, {
    slug: 'farbe-suche',
    name: { de: 'Farbe', en: 'Colour' },
    terms: [
      { slug: 'knallrot', name: { de: 'Knallrot', en: 'Bright red' } },
      { slug: 'tiefblau', name: { de: 'Tiefblau', en: 'Deep blue' } },
    ],
  });
  const make = async (key: string, input: Parameters<typeof createProduct>[1]) => {
    ids[key] = (await createProduct(db, { regularPrice: 999, ...input })).product.id;
  };
  await make('espresso', {
    name: { de: 'Espresso Hausmischung', en: 'House blend espresso' },
    shortDescription: { de: 'Kräftig und schokoladig.', en: 'Bold and chocolatey.' },
    sku: 'SRCH-ESP-1',
    gtin: '4000000000017',
    categoryIds: [coffee.id],
  });
  await make('decaf', {
    name: { de: 'Entkoffeinierter Kaffee', en: 'Decaffeinated coffee' },
    shortDescription: { de: 'Mild, passt zum Espresso-Abend.', en: 'Mild, for espresso evenings.' },
    sku: 'SRCH-DEC-1',
    categoryIds: [coffee.id],
  });
  await make('shoes', {
    name: { de: 'Turnschuhe Sprint', en: 'Sprint trainers' },
    sku: 'SRCH-SHOE-1',
    categoryIds: [shoes.id],
    attributes: [
      {
        attributeId: colour.attribute.id,
        termIds: Object.values(colour.termIds),
        usedForVariations: true,
      },
    ],
    variations: [
      { attributes: { 'farbe-suche': 'knallrot' }, sku: 'SRCH-SHOE-RED', gtin: '4000000000024' },
      { attributes: { 'farbe-suche': 'tiefblau' }, sku: 'SRCH-SHOE-BLUE' },
    ],
  });
  // Its name contains another product's SKU: the product with that exact SKU comes first.
  await make('namesake', {
    name: { de: 'Zubehör für SRCH-ESP-1', en: 'Accessory for SRCH-ESP-1' },
    sku: 'SRCH-ACC-1',
  });
  await make('draft', {
    name: { de: 'Espresso Entwurf', en: 'Draft espresso' },
    status: 'draft',
  });
});

afterAll(async () => {
  await handle?.close();
});

describe('product search', () => {
  it('finds German and English names, whole and as the start of a word', async () => {
    expect(await search('Espresso')).toContain(ids.espresso);
    expect(await search('hausmisch')).toEqual([ids.espresso]);
    expect(await search('house blend')).toEqual([ids.espresso]);
    expect(await search('trainers')).toEqual([ids.shoes]);
    expect(await search('Turnschuhe')).toEqual([ids.shoes]);
  });

  it('ranks a name match above a mention in the short description', async () => {
    expect(await search('espresso')).toEqual([ids.espresso, ids.decaf]);
  });

  it('finds a name match first even when many more products only mention the word', async () => {
    // More mentions than the ranked pool holds for one result, written before the name match.
    for (let i = 0; i < 12; i++) {
      await createProduct(handle.db, {
        name: { de: `Beutel ${i}`, en: `Pouch ${i}` },
        shortDescription: { de: 'Passt zur Zimtdose.', en: 'Fits the cinnamon tin.' },
        regularPrice: 500,
      });
    }
    const tin = await createProduct(handle.db, {
      name: { de: 'Zimtdose', en: 'Cinnamon tin' },
      regularPrice: 900,
    });
    expect(await search('zimtdose', { limit: 1 })).toEqual([tin.product.id]);
    expect(await search('zimtdose', { limit: 20 })).toHaveLength(13);
  });

  it('tolerates typos and finds singular for plural', async () => {
    expect(await search('espreso')).toContain(ids.espresso);
    expect(await search('turnschuh')).toEqual([ids.shoes]);
    expect(await search('turnshuhe')).toEqual([ids.shoes]);
  });

  it('puts an exact SKU or GTIN first, also a variation’s, case-insensitively', async () => {
    expect((await search('SRCH-ESP-1'))[0]).toBe(ids.espresso);
    expect(await search('srch-esp-1')).toContain(ids.namesake);
    expect((await search('srch-esp-1'))[0]).toBe(ids.espresso);
    expect(await search('4000000000017')).toEqual([ids.espresso]);
    expect((await search('SRCH-SHOE-RED'))[0]).toBe(ids.shoes);
    expect(await search('4000000000024')).toEqual([ids.shoes]);
  });

  it('finds products by category, attribute and term names', async () => {
    expect(await search('kaffeebohnen')).toEqual(expect.arrayContaining([ids.espresso, ids.decaf]));
    expect(await search('knallrot')).toEqual([ids.shoes]);
    expect(await search('deep blue')).toEqual([ids.shoes]);
  });

  it('filters by a category and its subcategories; an unknown category finds nothing', async () => {
    expect(await search('espresso', { categorySlug: 'heissgetraenke' })).toEqual(
      expect.arrayContaining([ids.espresso, ids.decaf]),
    );
    expect(await search('espresso', { categorySlug: 'sportschuhe' })).toEqual([]);
    expect(await search('espresso', { categorySlug: 'gibt-es-nicht' })).toEqual([]);
    expect(await search('espresso', { categorySlug: "x' or 1=1 --" })).toEqual([]);
  });

  it('never shows drafts', async () => {
    expect(await search('entwurf')).toEqual([]);
  });

  it.each([
    ['empty', ''],
    ['whitespace', '   '],
    ['10 kB', 'a'.repeat(10_240)],
    ['tsquery operators', `&|!():*'"\\`],
    ['operators around a word', "espresso' & !(:* | "],
    ['SQL', "'; drop table products; --"],
    ['regex', '.*[a-z]+(?:x)\\'],
    ['a NUL byte', 'espr\u0000esso'],
    ['an array', ['espresso']],
  ])('answers hostile input (%s) with a result, never an error', async (_name, input) => {
    await expect(search(input)).resolves.toEqual(expect.any(Array));
  });

  it('keeps the search rows current when names, categories and terms change', async () => {
    const db = handle.db;
    const { product } = await createProduct(db, {
      name: { de: 'Kerzenhalter', en: 'Candle holder' },
      sku: 'SRCH-CANDLE-1',
      regularPrice: 500,
    });
    expect(await search('kerzenhalter')).toEqual([product.id]);
    await db
      .update(products)
      .set({ name: { de: 'Laternenhalter', en: 'Lantern holder' } })
      .where(eq(products.id, product.id));
    expect(await search('kerzenhalter')).toEqual([]);
    expect(await search('laterne')).toEqual([product.id]);
    await db
      .update(categories)
      .set({ name: { de: 'Sportschuhe', en: 'Running shoes' } })
      .where(eq(categories.slug, 'sportschuhe'));
    expect(await search('running')).toEqual([ids.shoes]);
    await db.delete(products).where(eq(products.id, product.id));
    const left = await db.execute(
      sql`select count(*)::int as n from product_search where product_id = ${product.id}`,
    );
    expect((left as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
  });

  it('answers afresh after a product, its status or a category changes', async () => {
    const db = handle.db;
    const version = async () =>
      Number(
        (
          (await db.execute(sql`select last_value as v from catalog_version`)) as unknown as {
            rows: { v: string }[];
          }
        ).rows[0]!.v,
      );
    const rowVersion = async (id: number) =>
      (
        (await db.execute(
          sql`select xmin::text as v from product_search where product_id = ${id}`,
        )) as unknown as { rows: { v: string }[] }
      ).rows[0]!.v;
    // Found ids are kept per catalog version: every change below must move it.
    expect(await search('entwurf')).toEqual([]);
    await db.update(products).set({ status: 'publish' }).where(eq(products.id, ids.draft!));
    expect(await search('entwurf')).toEqual([ids.draft]);
    await db.update(products).set({ status: 'draft' }).where(eq(products.id, ids.draft!));
    expect(await search('entwurf')).toEqual([]);

    expect(await search('hausmisch', { categorySlug: 'kaffeebohnen' })).toEqual([ids.espresso]);
    await db
      .update(categories)
      .set({ slug: 'bohnenkaffee' })
      .where(eq(categories.slug, 'kaffeebohnen'));
    expect(await search('hausmisch', { categorySlug: 'kaffeebohnen' })).toEqual([]);
    expect(await search('hausmisch', { categorySlug: 'bohnenkaffee' })).toEqual([ids.espresso]);
    const [shoes] = await db.select().from(categories).where(eq(categories.slug, 'sportschuhe'));
    await db
      .update(categories)
      .set({ parentId: shoes!.id })
      .where(eq(categories.slug, 'bohnenkaffee'));
    expect(await search('hausmisch', { categorySlug: 'sportschuhe' })).toEqual([ids.espresso]);
    await db.update(categories).set({ parentId: null }).where(eq(categories.slug, 'bohnenkaffee'));
    expect(await search('hausmisch', { categorySlug: 'sportschuhe' })).toEqual([]);

    // A change search does not read leaves the search row and the version alone.
    const before = { version: await version(), row: await rowVersion(ids.espresso!) };
    await db
      .update(products)
      .set({ description: { de: 'Lang und ausführlich.', en: 'Long and detailed.' } })
      .where(eq(products.id, ids.espresso!));
    expect({ version: await version(), row: await rowVersion(ids.espresso!) }).toEqual(before);
  });

  it('suggests a spelling the catalog knows, in the shopper’s language', async () => {
    expect(await spellingSuggestion(handle.db, 'espressso', 'de')).toBe('espresso');
    expect(await spellingSuggestion(handle.db, 'trainars', 'en')).toBe('trainers');
    expect(await spellingSuggestion(handle.db, 'espresso', 'de')).toBeNull();
    expect(await spellingSuggestion(handle.db, 'qqqqxxxx', 'de')).toBeNull();
    expect(await spellingSuggestion(handle.db, '', 'de')).toBeNull();
  });
});

describe('shop listing with a search', () => {
  it('orders by relevance unless a sort order is asked for', async () => {
    const base = { locale: 'de' as const, page: 1, perPage: 10, search: 'espresso' };
    const relevant = await listProducts(handle.db, base);
    expect(relevant!.items[0]!.id).toBe(ids.espresso);
    expect(relevant!.total).toBe(2);
    const byName = await listProducts(handle.db, { ...base, orderby: 'price-desc' });
    expect(byName!.total).toBe(2);
    expect((await listProducts(handle.db, { ...base, search: 'espreso' }))!.items[0]!.id).toBe(
      ids.espresso,
    );
    expect((await listProducts(handle.db, { ...base, search: '%' }))!.total).toBe(0);
  });
});
