// REST API v3 writes of categories, attributes, their terms and tags, through the official
// client and by hand for what it never sends.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '#app/domain/audit/audit.schema.ts';
import { categories, productAttributes, tags } from '#app/domain/catalog/catalog.schema.ts';
import { createCategory, createProduct } from '#db/seed/factories.ts';
import { TEN_KB } from '../support/hostile.ts';
import { call, client, db, reader, unique, withRestShop } from '../support/rest-v3-shop.ts';

withRestShop();

/** The official client throws on 4xx; its error carries the response. */
async function refused(request: Promise<unknown>) {
  try {
    await request;
  } catch (error) {
    const response = (error as { response: { status: number; data: { code: string } } }).response;
    return { status: response.status, code: response.data.code };
  }
  throw new Error('the request was not refused');
}

describe('categories', () => {
  it('updates name, slug, parent and description; deletes only with force', async () => {
    const u = unique();
    const parent = (await client.post('products/categories', { name: `Garten ${u}` })).data;
    const child = (await client.post('products/categories', { name: `Töpfe ${u}` })).data;
    const updated = await client.put(`products/categories/${child.id}`, {
      name: `Pflanztöpfe ${u}`,
      slug: `pflanztoepfe-${u}`,
      parent: parent.id,
      description: 'Aus Ton',
    });
    expect(updated.status).toBe(200);
    expect(updated.data).toMatchObject({
      id: child.id,
      name: `Pflanztöpfe ${u}`,
      slug: `pflanztoepfe-${u}`,
      parent: parent.id,
      description: 'Aus Ton',
    });
    // A category never goes under its own descendant.
    expect(
      await refused(client.put(`products/categories/${parent.id}`, { parent: child.id })),
    ).toEqual({ status: 409, code: 'rest_invalid_param' });
    expect(
      await refused(client.put(`products/categories/${parent.id}`, { slug: `pflanztoepfe-${u}` })),
    ).toEqual({ status: 409, code: 'term_exists' });
    expect(await refused(client.delete(`products/categories/${child.id}`))).toEqual({
      status: 400,
      code: 'woocommerce_rest_trash_not_supported',
    });
    // Products filed under it keep the category: deleting is refused while it holds any.
    const { product } = await createProduct(db(), { categoryIds: [child.id] });
    expect(
      await refused(client.delete(`products/categories/${child.id}`, { force: true })),
    ).toEqual({ status: 409, code: 'woocommerce_rest_cannot_delete' });
    const other = await createCategory(db(), { name: { de: `Anderes ${u}` } });
    await client.put(`products/${product.id}`, { categories: [{ id: other.id }] });
    const deleted = await client.delete(`products/categories/${child.id}`, { force: true });
    expect(deleted.data).toMatchObject({ id: child.id, slug: `pflanztoepfe-${u}` });
    expect(await db().select().from(categories).where(eq(categories.id, child.id))).toEqual([]);
    const product2 = (await client.get(`products/${product.id}`)).data;
    expect(product2.categories.map((c: { id: number }) => c.id)).toEqual([other.id]);
    expect(await refused(client.get(`products/categories/${child.id}`))).toEqual({
      status: 404,
      code: 'woocommerce_rest_term_invalid',
    });
  });
});

describe('attributes and terms', () => {
  it('updates and deletes an attribute and its terms', async () => {
    const u = unique();
    const attribute = (await client.post('products/attributes', { name: `Stoff ${u}` })).data;
    const renamed = await client.put(`products/attributes/${attribute.id}`, {
      name: `Material ${u}`,
      slug: `pa_mat${u}`.slice(0, 30),
    });
    expect(renamed.data).toMatchObject({ id: attribute.id, name: `Material ${u}` });
    expect(renamed.data.slug).toBe(`pa_mat${u}`.slice(0, 30));
    const path = `products/attributes/${attribute.id}/terms`;
    const term = (await client.post(path, { name: 'Leinen' })).data;
    const updated = await client.put(`${path}/${term.id}`, {
      name: 'Halbleinen',
      slug: 'halbleinen',
      menu_order: 3,
    });
    expect(updated.data).toMatchObject({
      id: term.id,
      name: 'Halbleinen',
      slug: 'halbleinen',
      menu_order: 3,
    });
    expect(await refused(client.put(`${path}/999999`, { name: 'x' }))).toEqual({
      status: 404,
      code: 'woocommerce_rest_term_invalid',
    });
    expect(await refused(client.put('products/attributes/999999/terms/1', { name: 'x' }))).toEqual({
      status: 404,
      code: 'woocommerce_rest_taxonomy_invalid',
    });
    const { product } = await createProduct(db());
    await db()
      .insert(productAttributes)
      .values({ productId: product.id, attributeId: attribute.id, termIds: [term.id] });
    expect(await refused(client.delete(`${path}/${term.id}`, { force: true }))).toEqual({
      status: 409,
      code: 'woocommerce_rest_cannot_delete',
    });
    expect(await refused(client.delete(`products/attributes/${attribute.id}`))).toEqual({
      status: 400,
      code: 'woocommerce_rest_trash_not_supported',
    });
    await db().delete(productAttributes).where(eq(productAttributes.productId, product.id));
    const gone = await client.delete(`${path}/${term.id}`, { force: true });
    expect(gone.data).toMatchObject({ id: term.id, name: 'Halbleinen' });
    const deleted = await client.delete(`products/attributes/${attribute.id}`, { force: true });
    expect(deleted.data).toMatchObject({ id: attribute.id });
    expect(await refused(client.get(`products/attributes/${attribute.id}`))).toEqual({
      status: 404,
      code: 'woocommerce_rest_taxonomy_invalid',
    });
  });
});

describe('tags', () => {
  it('lists, creates, reads, updates and deletes tags', async () => {
    const u = unique();
    const created = await client.post('products/tags', { name: `Neu ${u}`, description: 'Frisch' });
    expect(created.status).toBe(201);
    expect(created.data).toMatchObject({
      name: `Neu ${u}`,
      slug: `neu-${u}`,
      description: 'Frisch',
      count: 0,
    });
    const id = created.data.id as number;
    const listed = await client.get('products/tags', { search: `neu ${u}` });
    expect(listed.data.map((t: { id: number }) => t.id)).toEqual([id]);
    expect(listed.headers['x-wp-total']).toBe('1');
    expect((await client.get(`products/tags/${id}`)).data).toMatchObject({ id, slug: `neu-${u}` });
    const updated = await client.put(`products/tags/${id}`, { name: `Neuheit ${u}` });
    expect(updated.data).toMatchObject({ id, name: `Neuheit ${u}`, slug: `neu-${u}` });
    expect(await refused(client.post('products/tags', { name: 'x', slug: `neu-${u}` }))).toEqual({
      status: 409,
      code: 'term_exists',
    });
    expect(await refused(client.delete(`products/tags/${id}`))).toEqual({
      status: 400,
      code: 'woocommerce_rest_trash_not_supported',
    });
    const deleted = await client.delete(`products/tags/${id}`, { force: true });
    expect(deleted.data).toMatchObject({ id, name: `Neuheit ${u}` });
    expect(await db().select().from(tags).where(eq(tags.id, id))).toEqual([]);
    expect(await refused(client.get(`products/tags/${id}`))).toEqual({
      status: 404,
      code: 'woocommerce_rest_term_invalid',
    });
    const audit = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(id)));
    expect(audit.filter((a) => a.entity === 'tag').map((a) => a.action)).toEqual([
      'create',
      'update',
      'delete',
    ]);
  });
});

describe('refusals', () => {
  it('answers hostile input and read keys with 4xx, changing nothing', async () => {
    const category = await createCategory(db(), { name: { de: `Fest ${unique()}` } });
    const cases: [string, string, unknown, number][] = [
      ['PUT', `products/categories/${category.id}`, { name: TEN_KB }, 400],
      ['PUT', `products/categories/${category.id}`, { name: 'a\u0000b' }, 400],
      ['PUT', `products/categories/${category.id}`, { parent: '1; drop' }, 400],
      ['PUT', `products/categories/${category.id}`, { parent: [1, 2] }, 400],
      ['PUT', `products/categories/${category.id}`, { parent: 999999 }, 400],
      ['PUT', `products/categories/${category.id}`, { image: { id: 999999 } }, 400],
      ['PUT', `products/categories/${category.id}`, '{"name":', 400],
      ['PUT', 'products/categories/999999', { name: 'x' }, 404],
      ['DELETE', 'products/categories/999999?force=true', undefined, 404],
      ['PUT', 'products/tags/abc', { name: 'x' }, 404],
      ['POST', 'products/tags', { name: { de: 'x', fr: 'y' } }, 400],
      ['POST', 'products/tags', {}, 400],
      ['PUT', 'products/attributes/1/terms/1', { menu_order: '1e309' }, 400],
    ];
    for (const [method, path, body, status] of cases) {
      const res = await call(method, path, body);
      expect(res.status, `${method} ${path} ${JSON.stringify(body)?.slice(0, 80)}`).toBe(status);
    }
    const read = await call('PUT', `products/categories/${category.id}`, { name: 'x' }, reader);
    expect(read.status).toBe(403);
    const [row] = await db().select().from(categories).where(eq(categories.id, category.id));
    expect(row).toMatchObject({ name: category.name, parentId: null, imageId: null });
  });
});
