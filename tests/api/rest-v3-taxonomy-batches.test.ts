// REST API v3 batches of categories, tags, attributes and terms: WooCommerce's shape, each item
// answered on its own, the 100-item limit, hostile input and read keys.
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  attributeTerms,
  attributes,
  categories,
  tags,
} from '#app/domain/catalog/catalog.schema.ts';
import { createAttribute, createCategory } from '#db/seed/factories.ts';
import { TEN_KB } from '../support/hostile.ts';
import { call, client, db, reader, unique, withRestShop } from '../support/rest-v3-shop.ts';

withRestShop();

const itemError = (id: number, code: string, status: number) => ({
  id,
  error: { code, message: expect.any(String), data: { status } },
});

describe('categories batch', () => {
  it('creates, updates and deletes through the official client, each item on its own', async () => {
    const u = unique();
    const old = await createCategory(db(), { name: { de: `Alt ${u}` } });
    const keep = await createCategory(db(), { name: { de: `Bleibt ${u}` } });
    const answer = await client.post('products/categories/batch', {
      create: [{ name: `Garten ${u}` }, { name: `Küche ${u}`, description: 'Töpfe' }, {}],
      update: [
        { id: keep.id, name: `Geblieben ${u}`, menu_order: 2 },
        { id: 999999, name: 'x' },
      ],
      delete: [old.id, 999998],
    });
    expect(answer.status).toBe(200);
    const { create, update, delete: deleted } = answer.data;
    expect(create).toHaveLength(3);
    expect(create[0]).toMatchObject({ name: `Garten ${u}`, slug: `garten-${u}`, parent: 0 });
    expect(create[1]).toMatchObject({ name: `Küche ${u}`, description: 'Töpfe' });
    expect(create[2]).toEqual(itemError(0, 'rest_missing_callback_param', 400));
    expect(update[0]).toMatchObject({ id: keep.id, name: `Geblieben ${u}` });
    expect(update[1]).toEqual(itemError(999999, 'woocommerce_rest_term_invalid', 404));
    expect(deleted[0]).toMatchObject({ id: old.id, name: `Alt ${u}` });
    expect(deleted[1]).toEqual(itemError(999998, 'woocommerce_rest_term_invalid', 404));
    const rows = await db()
      .select()
      .from(categories)
      .where(inArray(categories.id, [old.id, create[0].id, create[1].id]));
    expect(rows.map((r) => r.id).sort()).toEqual([create[0].id, create[1].id].sort());
  });

  it('refuses more than 100 items as a whole, creating nothing', async () => {
    const u = unique();
    const res = await call('POST', 'products/categories/batch', {
      create: Array.from({ length: 101 }, (_, i) => ({ name: `Viele ${u} ${i}` })),
    });
    expect(res).toMatchObject({
      status: 413,
      body: { code: 'woocommerce_rest_request_entity_too_large', data: { status: 413 } },
    });
    const made = await db()
      .select()
      .from(categories)
      .where(eq(categories.slug, `viele-${u}-0`));
    expect(made).toEqual([]);
    const split = await call('PUT', 'products/categories/batch', {
      create: Array.from({ length: 50 }, (_, i) => ({ name: `Viele ${u} ${i}` })),
      delete: Array.from({ length: 50 }, (_, i) => 900000 + i),
    });
    expect(split.status).toBe(200);
    expect(split.body.create).toHaveLength(50);
    expect(split.body.delete).toHaveLength(50);
  });
});

describe('tags batch', () => {
  it('creates, updates and deletes tags', async () => {
    const u = unique();
    const first = await call('POST', 'products/tags/batch', {
      create: [{ name: `Eins ${u}` }, { name: `Zwei ${u}`, description: 'zwei' }],
    });
    expect(first.status).toBe(200);
    const [one, two] = first.body.create;
    expect(one).toMatchObject({ name: `Eins ${u}`, slug: `eins-${u}`, count: 0 });
    const second = await call('PATCH', 'products/tags/batch', {
      update: [{ id: one.id, name: `Erstens ${u}` }],
      delete: [two.id, String(two.id)],
    });
    expect(second.status).toBe(200);
    expect(second.body.update[0]).toMatchObject({ id: one.id, name: `Erstens ${u}` });
    expect(second.body.delete[0]).toMatchObject({ id: two.id, description: 'zwei' });
    // The same id twice: the second finds nothing.
    expect(second.body.delete[1]).toEqual(itemError(two.id, 'woocommerce_rest_term_invalid', 404));
    expect(second.body.create).toBeUndefined();
    expect(await db().select().from(tags).where(eq(tags.id, two.id))).toEqual([]);
  });
});

describe('attributes and terms batch', () => {
  it('writes attributes, and terms of one attribute', async () => {
    const u = unique();
    const made = await call('POST', 'products/attributes/batch', {
      create: [{ name: `Stoff ${u}`, slug: `stoff${u}`.slice(0, 25) }],
    });
    expect(made.status).toBe(200);
    const attribute = made.body.create[0];
    expect(attribute).toMatchObject({ name: `Stoff ${u}`, type: 'select' });
    const path = `products/attributes/${attribute.id}/terms/batch`;
    const terms = await call('POST', path, {
      create: [{ name: 'Leinen' }, { name: 'Wolle', menu_order: 2 }, { name: 'Leinen' }],
    });
    expect(terms.status).toBe(200);
    const [linen, wool, twice] = terms.body.create;
    expect(linen).toMatchObject({ name: 'Leinen', slug: 'leinen' });
    expect(wool).toMatchObject({ name: 'Wolle', menu_order: 2 });
    expect(twice).toEqual(itemError(0, 'term_exists', 400));
    const changed = await call('PUT', path, {
      update: [{ id: linen.id, name: 'Halbleinen' }],
      delete: [wool.id],
    });
    expect(changed.body.update[0]).toMatchObject({ id: linen.id, name: 'Halbleinen' });
    expect(changed.body.delete[0]).toMatchObject({ id: wool.id });
    expect(await db().select().from(attributeTerms).where(eq(attributeTerms.id, wool.id))).toEqual(
      [],
    );
    // Another attribute's term is no term of this one.
    const other = await createAttribute(db(), {
      slug: `farbe${u}`.slice(0, 25),
      name: { de: `Farbe ${u}` },
      terms: [{ slug: 'rot', name: { de: 'Rot' } }],
    });
    const foreign = await call('PUT', path, { delete: [other.terms[0]!.id] });
    expect(foreign.body.delete[0]).toEqual(
      itemError(other.terms[0]!.id, 'woocommerce_rest_term_invalid', 404),
    );
    const renamed = await call('POST', 'products/attributes/batch', {
      update: [{ id: attribute.id, name: `Material ${u}` }],
      delete: [other.attribute.id],
    });
    expect(renamed.body.update[0]).toMatchObject({ id: attribute.id, name: `Material ${u}` });
    expect(renamed.body.delete[0]).toMatchObject({ id: other.attribute.id });
    expect(
      await db().select().from(attributes).where(eq(attributes.id, other.attribute.id)),
    ).toEqual([]);
  });

  it('refuses the whole terms batch of an unknown attribute', async () => {
    const res = await call('POST', 'products/attributes/999999/terms/batch', {
      create: [{ name: 'x' }],
    });
    expect(res).toMatchObject({ status: 404, body: { code: 'woocommerce_rest_taxonomy_invalid' } });
  });
});

describe('refusals', () => {
  const routes = [
    'products/categories/batch',
    'products/tags/batch',
    'products/attributes/batch',
    'products/attributes/1/terms/batch',
  ];

  it('answers hostile batches with 4xx: whole or per item, never a 5xx', async () => {
    const u = unique();
    const category = await createCategory(db(), { name: { de: `Fest ${u}` } });
    const size = await createAttribute(db(), {
      slug: `gr${u}`.slice(0, 25),
      name: { de: `Größe ${u}` },
      terms: [],
    });
    for (const route of routes.map((r) => r.replace('/1/', `/${size.attribute.id}/`))) {
      const whole: unknown[] = [
        { create: 'x' },
        { update: { id: 1 } },
        { delete: 5 },
        { create: [{ name: 'a\u0000b' }] },
        '{"create":[',
        [],
      ];
      for (const body of whole) {
        const res = await call('POST', route, body);
        expect(res.status, `${route} ${JSON.stringify(body)}`).toBe(400);
      }
      const items = await call('POST', route, {
        create: [{ name: TEN_KB }, { name: ['a'] }, { name: { de: 'x', fr: 'y' } }],
        update: [{ id: [1, 2], name: 'x' }, { name: 'x' }, { id: '1; drop', name: 'x' }],
        delete: [[1], 'abc', -1, 0, 2 ** 40, null],
      });
      expect(items.status, route).toBe(200);
      for (const answer of items.body.create) {
        expect(answer, route).toEqual(itemError(0, 'rest_invalid_param', 400));
      }
      for (const answer of [...items.body.update, ...items.body.delete]) {
        expect(answer.id, route).toBe(0);
        expect(answer.error.data.status, route).toBe(404);
      }
    }
    const res = await call('PUT', 'products/categories/batch', {
      update: [{ id: category.id, parent: [1, 2] }],
    });
    expect(res.body.update[0]).toEqual(itemError(category.id, 'rest_invalid_param', 400));
    const [row] = await db().select().from(categories).where(eq(categories.id, category.id));
    expect(row).toMatchObject({ name: category.name, parentId: null });
  });

  it('refuses a read key on every batch (403), writing nothing', async () => {
    const u = unique();
    for (const route of routes) {
      for (const method of ['POST', 'PUT', 'PATCH']) {
        const res = await call(method, route, { create: [{ name: `Lesen ${u}` }] }, reader);
        expect(res.status, `${method} ${route}`).toBe(403);
      }
    }
    expect(
      await db()
        .select()
        .from(categories)
        .where(eq(categories.slug, `lesen-${u}`)),
    ).toEqual([]);
    const get = await call('GET', 'products/categories/batch');
    expect(get).toMatchObject({ status: 404, body: { code: 'rest_no_route' } });
  });
});
