// The catalog's lists in the back office, through their no-JS forms: every simple list, the
// attribute terms and the category tree.
import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '#app/domain/audit/audit.schema.ts';
import {
  attributeTerms,
  attributes,
  categories,
  productAttributes,
  productCategories,
  productTags,
  products,
  tags,
} from '#app/domain/catalog/catalog.schema.ts';
import { productListing } from '#app/domain/catalog/listing.schema.ts';
import {
  deliveryTimes,
  depositTypes,
  manufacturers,
} from '#app/domain/compliance/compliance.schema.ts';
import { shippingClasses } from '#app/domain/shipping/shipping.schema.ts';
import { sessionNonce } from '#app/lib/session.server.ts';
import { createCategory, createProduct } from '#db/seed/factories.ts';
import { type SignedIn, customerRequests, signedInCustomer } from '../support/customers.ts';
import { TEN_KB } from '../support/hostile.ts';
import { type TestShop, startTestShop } from '../support/shop.ts';

let shop: TestShop;
let manager: SignedIn;
const http = customerRequests(() => shop.url);

beforeAll(async () => {
  shop = await startTestShop();
  manager = await signedInCustomer(shop.database.db, { role: 'shop_manager' });
});
afterAll(async () => {
  await shop?.close();
});

const db = () => shop.database.db;
const nonce = () => sessionNonce({ idHash: manager.idHash } as never, shop.env);
const uid = () => randomBytes(3).toString('hex');
const english = () => ({ cookie: `lang=en; ${manager.cookie}` });
const post = (path: string, fields: Record<string, string> | string) =>
  http.post(
    english(),
    path,
    typeof fields === 'string' ? fields : { security: nonce(), ...fields },
  );
const page = async (path: string) => (await http.get(english(), path)).text();

type Case = {
  path: string;
  table:
    | typeof tags
    | typeof deliveryTimes
    | typeof depositTypes
    | typeof manufacturers
    | typeof shippingClasses
    | typeof attributes;
  fields: (u: string) => Record<string, string>;
  edit: Record<string, string>;
  /** What the edit stores, as the row shows it. */
  edited: Record<string, unknown>;
  use: (id: number, slug: string, productId: number) => Promise<unknown>;
};

const CASES: Case[] = [
  {
    path: '/admin/products/tags',
    table: tags,
    fields: (u) => ({ name_de: `Schlagwort ${u}`, name_en: `Tag ${u}` }),
    edit: { name_de: 'Bio', name_en: 'Organic', description_de: 'Aus Bioanbau' },
    edited: { name: { de: 'Bio', en: 'Organic' }, description: { de: 'Aus Bioanbau' } },
    use: (id, _slug, productId) => db().insert(productTags).values({ productId, tagId: id }),
  },
  {
    path: '/admin/products/delivery-times',
    table: deliveryTimes,
    fields: (u) => ({ label_de: `1–2 Tage ${u}`, minDays: '1', maxDays: '2' }),
    edit: { label_de: '3–5 Werktage', label_en: '3–5 working days', minDays: '3', maxDays: '5' },
    edited: { label: { de: '3–5 Werktage', en: '3–5 working days' }, minDays: 3, maxDays: 5 },
    use: (id, _slug, productId) =>
      db().update(products).set({ deliveryTimeId: id }).where(eq(products.id, productId)),
  },
  {
    path: '/admin/products/deposit-types',
    table: depositTypes,
    fields: (u) => ({ name_de: `Flasche ${u}`, amount: '0,25', packagingType: 'disposable' }),
    edit: { name_de: 'Mehrwegflasche', amount: '0.08', packagingType: 'reusable' },
    edited: { name: { de: 'Mehrwegflasche' }, amount: 8, packagingType: 'reusable' },
    use: (id, _slug, productId) =>
      db().update(products).set({ depositTypeId: id }).where(eq(products.id, productId)),
  },
  {
    path: '/admin/products/manufacturers',
    table: manufacturers,
    fields: (u) => ({
      name: `Hersteller ${u} GmbH`,
      postalAddress: 'Hauptstraße 1\n04109 Leipzig',
      email: 'info@example.org',
    }),
    edit: {
      name: 'Neu GmbH',
      postalAddress: 'Ring 2, 10115 Berlin',
      email: 'kontakt@example.org',
      url: 'https://example.org/',
    },
    edited: { name: 'Neu GmbH', email: 'kontakt@example.org', url: 'https://example.org/' },
    use: (id, _slug, productId) =>
      db().update(products).set({ responsiblePersonId: id }).where(eq(products.id, productId)),
  },
  {
    path: '/admin/products/shipping-classes',
    table: shippingClasses,
    fields: (u) => ({ name_de: `Sperrgut ${u}` }),
    edit: { name_de: 'Sperrgut groß', name_en: 'Bulky' },
    edited: { name: { de: 'Sperrgut groß', en: 'Bulky' } },
    use: (_id, slug, productId) =>
      db().update(products).set({ shippingClass: slug }).where(eq(products.id, productId)),
  },
  {
    path: '/admin/products/attributes',
    table: attributes,
    fields: (u) => ({ name_de: `Farbe ${u}`, swatchType: 'color' }),
    edit: { name_de: 'Farbton', name_en: 'Hue', swatchType: 'label' },
    edited: { name: { de: 'Farbton', en: 'Hue' }, swatchType: 'label' },
    use: (id, _slug, productId) =>
      db().insert(productAttributes).values({ productId, attributeId: id, termIds: [] }),
  },
];

async function rowBySlug(table: Case['table'], slug: string) {
  const [row] = await db().select().from(table).where(eq(table.slug, slug));
  return row as (Record<string, unknown> & { id: number; slug: string }) | undefined;
}

describe.each(CASES)('$path', (c) => {
  it('creates, edits, refuses deleting while used, deletes; each save audited', async () => {
    const u = uid();
    const created = await post(c.path, { intent: 'save', ...c.fields(u), slug: `e-${u}` });
    expect(created.status).toBe(302);
    expect(created.headers.get('location')).toBe(`${c.path}?done=saved`);
    const row = (await rowBySlug(c.table, `e-${u}`))!;
    expect(row).toBeDefined();
    expect(await page(c.path)).toContain(`e-${u}`);

    const edited = await post(c.path, {
      intent: 'save',
      id: String(row.id),
      ...c.edit,
      slug: `e-${u}`,
    });
    expect(edited.status).toBe(302);
    expect(await rowBySlug(c.table, `e-${u}`)).toMatchObject(c.edited);
    // The edit form is filled from the stored row.
    expect(await page(`${c.path}?edit=${row.id}`)).toContain(`value="${row.id}"`);

    const { product } = await createProduct(db());
    await c.use(row.id, row.slug, product.id);
    const refused = await post(c.path, { intent: 'delete', id: String(row.id) });
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain('used by 1 products');
    expect(await rowBySlug(c.table, `e-${u}`)).toBeDefined();

    await db().delete(products).where(eq(products.id, product.id));
    const deleted = await post(c.path, { intent: 'delete', id: String(row.id) });
    expect(deleted.status).toBe(302);
    expect(await rowBySlug(c.table, `e-${u}`)).toBeUndefined();
    const audit = await db()
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.entityId, String(row.id)))
      .orderBy(auditLog.id);
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining(['create', 'update', 'delete']),
    );
  });

  it('refuses a taken slug, hostile input and unknown ids with 4xx, changing nothing', async () => {
    const u = uid();
    await post(c.path, { intent: 'save', ...c.fields(u), slug: `h-${u}` });
    const taken = await post(c.path, { intent: 'save', ...c.fields(uid()), slug: `h-${u}` });
    expect(taken.status).toBe(409);
    expect(await taken.text()).toContain(`h-${u}`);
    const before = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(c.table);
    const first = Object.keys(c.fields(u))[0]!;
    const security = nonce();
    const cases: [Record<string, string> | string, number][] = [
      [{ intent: 'save', ...c.fields(uid()), [first]: 'a\u0000b' }, 400],
      [{ intent: 'save', ...c.fields(uid()), [first]: TEN_KB }, 400],
      [{ intent: 'save', ...c.fields(uid()), [first]: '' }, 400],
      [{ intent: 'save', ...c.fields(uid()), slug: TEN_KB }, 400],
      [`intent=save&security=${security}&${first}=a&${first}=b`, 400],
      [{ intent: 'save', ...c.fields(uid()), id: 'x' }, 400],
      [{ intent: 'save', ...c.fields(uid()), id: '999999' }, 404],
      [{ intent: 'delete', id: '999999' }, 404],
      [{ intent: 'delete', id: '-1' }, 400],
      [{ intent: 'drop', id: '1' }, 400],
      [`intent=save&security=forged&${first}=a`, 403],
    ];
    for (const [fields, status] of cases) {
      const res = await post(c.path, fields);
      expect(res.status, JSON.stringify(fields).slice(0, 120)).toBe(status);
    }
    const after = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(c.table);
    expect(after).toEqual(before);
  });
});

describe('field rules', () => {
  it('validates numbers, amounts, addresses and choices', async () => {
    const bad: [string, Record<string, string>][] = [
      ['/admin/products/delivery-times', { label_de: 'x', minDays: '5', maxDays: '2' }],
      ['/admin/products/delivery-times', { label_de: 'x', minDays: '1e3', maxDays: '2' }],
      ['/admin/products/deposit-types', { name_de: 'x', amount: '-1', packagingType: 'reusable' }],
      ['/admin/products/deposit-types', { name_de: 'x', amount: '1', packagingType: 'glass' }],
      ['/admin/products/manufacturers', { name: 'x', postalAddress: 'y', email: 'no-at' }],
      [
        '/admin/products/manufacturers',
        { name: 'x', postalAddress: 'y', email: 'a@b.de', url: 'javascript:alert(1)' },
      ],
      ['/admin/products/attributes', { name_de: 'x', swatchType: 'radio' }],
      ['/admin/products/tags', { name_en: 'Only English' }],
    ];
    for (const [path, fields] of bad) {
      const res = await post(path, { intent: 'save', ...fields });
      expect(res.status, `${path} ${JSON.stringify(fields)}`).toBe(400);
    }
  });
});

describe('attribute terms', () => {
  it('keeps terms with swatch colour, label and picture; validates the colour', async () => {
    const u = uid();
    await post('/admin/products/attributes', {
      intent: 'save',
      name_de: `Farbe ${u}`,
      swatchType: 'color',
    });
    const attribute = (await rowBySlug(attributes, `farbe-${u}`))!;
    const path = `/admin/products/attributes/${attribute.id}`;
    const created = await post(path, {
      intent: 'save',
      name_de: 'Rot',
      name_en: 'Red',
      swatchColor: '#C00000',
      swatchLabel_de: 'R',
      position: '2',
    });
    expect(created.status).toBe(302);
    const [term] = await db()
      .select()
      .from(attributeTerms)
      .where(eq(attributeTerms.attributeId, attribute.id));
    expect(term).toMatchObject({
      slug: 'rot',
      name: { de: 'Rot', en: 'Red' },
      position: 2,
      swatch: { color: '#c00000', label: { de: 'R' } },
    });
    for (const swatchColor of ['red', '#12345', '#1234567', '#ggg000', '"><b>']) {
      const res = await post(path, { intent: 'save', name_de: 'Blau', swatchColor });
      expect(res.status, swatchColor).toBe(400);
    }
    const unknownImage = await post(path, {
      intent: 'save',
      name_de: 'Blau',
      swatchImage: '999999',
    });
    expect(unknownImage.status).toBeGreaterThanOrEqual(400);
    expect(unknownImage.status).toBeLessThan(500);
    // A term of another attribute is not reachable through this one.
    const other = await post('/admin/products/attributes/999999', { intent: 'save', name_de: 'x' });
    expect(other.status).toBe(404);
    const { product } = await createProduct(db());
    await db()
      .insert(productAttributes)
      .values({ productId: product.id, attributeId: attribute.id, termIds: [term!.id] });
    const renamed = await post(path, {
      intent: 'save',
      id: String(term!.id),
      name_de: 'Rot',
      slug: 'rosso',
    });
    expect(renamed.status).toBe(409);
    const refused = await post(path, { intent: 'delete', id: String(term!.id) });
    expect(refused.status).toBe(409);
    const page = await (await http.get(manager, path)).text();
    expect(page).toContain('#c00000');
  });
});

describe('category tree', () => {
  const cat = async (slug: string) =>
    (await db().select().from(categories).where(eq(categories.slug, slug)))[0]!;
  const save = (fields: Record<string, string>) =>
    post('/admin/products/categories', { intent: 'save', ...fields });
  const move = (id: number, m: string) =>
    post('/admin/products/categories', { intent: 'move', id: String(id), move: m });

  it('creates a tree, moves by buttons, refuses cycles and keeps the listing’s paths', async () => {
    const u = uid();
    expect((await save({ name_de: `Küche ${u}`, slug: `kueche-${u}` })).status).toBe(302);
    const kitchen = await cat(`kueche-${u}`);
    expect(
      (await save({ name_de: `Töpfe ${u}`, slug: `toepfe-${u}`, parent: String(kitchen.id) }))
        .status,
    ).toBe(302);
    expect(
      (await save({ name_de: `Pfannen ${u}`, slug: `pfannen-${u}`, parent: String(kitchen.id) }))
        .status,
    ).toBe(302);
    const pots = await cat(`toepfe-${u}`);
    const pans = await cat(`pfannen-${u}`);
    expect([pots.position, pans.position]).toEqual([0, 1]);
    const { product } = await createProduct(db(), { categoryIds: [pans.id] });
    const listed = async () =>
      (
        await db()
          .select({ ids: productListing.categoryIds })
          .from(productListing)
          .where(eq(productListing.productId, product.id))
      )[0]!.ids;
    expect(await listed()).toEqual(expect.arrayContaining([kitchen.id, pans.id]));

    expect((await move(pans.id, 'up')).status).toBe(302);
    expect([(await cat(`pfannen-${u}`)).position, (await cat(`toepfe-${u}`)).position]).toEqual([
      0, 1,
    ]);
    expect((await move(pans.id, 'up')).status).toBe(400); // already first
    // Pots sits below pans now: "in" puts it under pans.
    expect((await move(pots.id, 'in')).status).toBe(302);
    expect((await cat(`toepfe-${u}`)).parentId).toBe(pans.id);
    // Pans may not go under its own child, neither by the form nor by a drop.
    const cycle = await save({
      id: String(pans.id),
      name_de: 'Pfannen',
      slug: `pfannen-${u}`,
      parent: String(pots.id),
    });
    expect(cycle.status).toBe(409);
    const self = await post('/admin/products/categories', {
      intent: 'place',
      id: String(pans.id),
      parent: String(pans.id),
      index: '0',
    });
    expect(self.status).toBe(409);
    expect((await cat(`pfannen-${u}`)).parentId).toBe(kitchen.id);
    // Out of kitchen: pans goes to the top level, and the listing no longer files it there.
    expect((await move(pans.id, 'out')).status).toBe(302);
    expect((await cat(`pfannen-${u}`)).parentId).toBeNull();
    expect(await listed()).not.toContain(kitchen.id);
    // A drop puts it back under kitchen.
    const placed = await post('/admin/products/categories', {
      intent: 'place',
      id: String(pans.id),
      parent: String(kitchen.id),
      index: '0',
    });
    expect(placed.status).toBe(302);
    expect(await listed()).toEqual(expect.arrayContaining([kitchen.id, pans.id]));

    // Deleting is refused while products are filed under it; its subcategories move up.
    const refused = await post('/admin/products/categories', {
      intent: 'delete',
      id: String(pans.id),
    });
    expect(refused.status).toBe(409);
    await db().delete(productCategories).where(eq(productCategories.productId, product.id));
    const deleted = await post('/admin/products/categories', {
      intent: 'delete',
      id: String(pans.id),
    });
    expect(deleted.status).toBe(302);
    expect((await cat(`toepfe-${u}`)).parentId).toBe(kitchen.id);
    const moves = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'category'), eq(auditLog.entityId, String(pans.id))));
    expect(moves.map((m) => m.action)).toEqual(
      expect.arrayContaining(['create', 'move', 'delete']),
    );

    const tree = await page('/admin/products/categories');
    expect(tree).toContain(`data-category="toepfe-${u}"`);
  });

  it('refuses hostile category input', async () => {
    const top = await createCategory(db(), { name: { de: `Oben ${uid()}` } });
    const security = nonce();
    const cases: [Record<string, string> | string, number][] = [
      [{ intent: 'save', name_de: '' }, 400],
      [{ intent: 'save', name_de: 'x', parent: 'abc' }, 400],
      [{ intent: 'save', name_de: 'x', parent: '999999' }, 400],
      [{ intent: 'save', name_de: 'x', image: '999999' }, 400],
      [{ intent: 'save', name_de: TEN_KB }, 400],
      [{ intent: 'save', name_de: 'a\u0000' }, 400],
      [{ intent: 'save', name_de: 'x', slug: top.slug }, 409],
      [{ intent: 'move', id: String(top.id), move: 'sideways' }, 400],
      [{ intent: 'move', id: '999999', move: 'up' }, 404],
      [{ intent: 'place', id: String(top.id), parent: '', index: '-1' }, 400],
      [{ intent: 'place', id: String(top.id), parent: '999999', index: '0' }, 400],
      [`intent=move&security=${security}&id=${top.id}&id=${top.id}&move=up`, 400],
      [{ intent: 'delete', id: '0' }, 400],
      [`intent=delete&security=forged&id=${top.id}`, 403],
    ];
    for (const [fields, status] of cases) {
      const res = await post('/admin/products/categories', fields);
      expect(res.status, JSON.stringify(fields).slice(0, 120)).toBe(status);
    }
    expect(await cat(top.slug)).toMatchObject({ id: top.id, parentId: null });
  });
});

describe('access', () => {
  it('answers 404 to customers and visitors on every page and action', async () => {
    const customer = await signedInCustomer(db());
    const paths = [
      '/admin/products/categories',
      '/admin/products/tags',
      '/admin/products/attributes',
      '/admin/products/attributes/1',
      '/admin/products/delivery-times',
      '/admin/products/deposit-types',
      '/admin/products/manufacturers',
      '/admin/products/shipping-classes',
    ];
    for (const path of paths) {
      expect((await http.get(customer, path)).status, path).toBe(404);
      expect((await http.get({ cookie: '' }, path)).status, path).toBe(404);
      const posted = await http.post(customer, path, { intent: 'delete', id: '1' });
      expect(posted.status, path).toBe(404);
      if (!path.endsWith('/1')) expect((await http.get(manager, path)).status, path).toBe(200);
    }
  });
});
