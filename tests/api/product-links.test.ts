// Upsells, cross-sells and tags: saved from the editor's no-JS form, read and written through
// the REST API v3 (the official client too), shown on the product page, in the cart and on the
// tag pages; hostile input refused with nothing saved; a deleted product leaves others' lists.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productLinks, productTags, products, tags } from '#app/domain/catalog/catalog.schema.ts';
import { productLinkLists } from '#app/domain/catalog/product-links.server.ts';
import { sessionNonce } from '#app/lib/session.server.ts';
import { createProduct } from '#db/seed/factories.ts';
import { type SignedIn, signedInCustomer } from '../support/customers.ts';
import { TEN_KB } from '../support/hostile.ts';
import { type TestKey, officialClient, restCall, staffKey } from '../support/rest-v3.ts';
import { type TestShop, startTestShop } from '../support/shop.ts';

let shop: TestShop;
let manager: SignedIn;
let writer: TestKey;

beforeAll(async () => {
  shop = await startTestShop({ env: { TRUST_PROXY: 'true' } });
  manager = await signedInCustomer(shop.database.db, { role: 'shop_manager' });
  writer = await staffKey(shop, 'read_write');
}, 120_000);
afterAll(async () => {
  await shop?.close();
});

const db = () => shop.database.db;
const mark = () => `m${randomBytes(4).toString('hex')}`;
const nonce = () => sessionNonce({ idHash: manager.idHash } as never, shop.env);

const get = (path: string, cookie = manager.cookie, lang = 'de') =>
  fetch(shop.url + path, { headers: { cookie: `lang=${lang}; ${cookie}` }, redirect: 'manual' });

function post(path: string, fields: Record<string, string | string[]>, lang = 'de') {
  const body = new URLSearchParams({ security: nonce() });
  for (const [name, value] of Object.entries(fields)) {
    for (const v of Array.isArray(value) ? value : [value]) body.append(name, v);
  }
  return fetch(shop.url + path, {
    method: 'POST',
    headers: {
      cookie: `lang=${lang}; ${manager.cookie}`,
      origin: shop.url,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: body.toString(),
    redirect: 'manual',
  });
}

const call = (method: string, path: string, body?: unknown) =>
  restCall(shop, writer, method, path, body);

const lists = async (id: number) => (await productLinkLists(db(), [id])).get(id)!;

/** The editor's own fields as the page shows them, to post back with changes. */
async function editorFields(id: number): Promise<Record<string, string>> {
  const page = await (await get(`/admin/products/${id}`)).text();
  const value = (name: string) =>
    (new RegExp(`name="${name}"[^>]*value="([^"]*)"`).exec(page)?.[1] ?? '').replaceAll(
      '&amp;',
      '&',
    );
  return {
    version: value('version'),
    type: 'simple',
    name_de: /name="name_de"[^>]*value="([^"]*)"/.exec(page)?.[1] ?? '',
    sku: /name="sku"[^>]*value="([^"]*)"/.exec(page)?.[1] ?? '',
    status: 'publish',
    tax_class: 'standard',
    backorders: 'no',
    menu_order: '0',
    subscription_period: 'month',
    subscription_interval: '1',
    subscription_trial_days: '0',
    regular_price: '10,00',
  };
}

async function threeProducts(extra: { status?: 'draft' } = {}) {
  const m = mark();
  const made = [];
  for (const n of ['Haupt', 'Tasse', 'Kanne']) {
    made.push(
      (
        await createProduct(db(), {
          name: { de: `${n} ${m}`, en: `${n} en ${m}` },
          sku: `${n.toUpperCase()}-${m}`,
          regularPrice: 1990,
          ...(n === 'Kanne' ? extra : {}),
        })
      ).product,
    );
  }
  return { m, main: made[0]!, cup: made[1]!, pot: made[2]! };
}

describe('the editor', () => {
  it('saves upsells, cross-sells and tags from the form and shows them again', async () => {
    const { m, main, cup, pot } = await threeProducts();
    const [existing] = await db()
      .insert(tags)
      .values({ slug: `bio-${m}`, name: { de: `Bio ${m}`, en: `Organic ${m}` } })
      .returning();
    const res = await post(`/admin/products/${main.id}`, {
      ...(await editorFields(main.id)),
      upsell_add: cup.sku!,
      cross_sell_add: `Kanne ${m}`,
      tags: String(existing!.id),
      tags_new: `Neu ${m}, Geschenk ${m}`,
      intent: 'save',
    });
    expect(res.status).toBe(302);
    const saved = await lists(main.id);
    expect(saved.upsellIds).toEqual([cup.id]);
    expect(saved.crossSellIds).toEqual([pot.id]);
    expect(saved.tags.map((t) => t.name.de).sort()).toEqual(
      [`Bio ${m}`, `Geschenk ${m}`, `Neu ${m}`].sort(),
    );
    const page = await (await get(`/admin/products/${main.id}`, manager.cookie, 'en')).text();
    expect(page).toContain('Linked products');
    expect(page).toMatch(new RegExp(`name="upsell_ids" value="${cup.id}" checked`));
    expect(page).toContain(`Tasse en ${m} (${cup.sku})`);

    // Unticking removes; a second upsell goes to the end, the first keeps its place.
    const again = await post(`/admin/products/${main.id}`, {
      ...(await editorFields(main.id)),
      upsell_ids: String(cup.id),
      upsell_add: `#${pot.id}`,
      intent: 'save',
    });
    expect(again.status).toBe(302);
    const now = await lists(main.id);
    expect(now.upsellIds).toEqual([cup.id, pot.id]);
    expect(now.crossSellIds).toEqual([]);
    expect(now.tags).toEqual([]);
  });

  it('refuses a self link, unknown products and hostile values with a field error, saving nothing', async () => {
    const { m, main, cup } = await threeProducts();
    await post(`/admin/products/${main.id}`, {
      ...(await editorFields(main.id)),
      upsell_add: cup.sku!,
      intent: 'save',
    });
    const before = await lists(main.id);
    const cases: [Record<string, string | string[]>, string, RegExp][] = [
      [{ upsell_add: main.sku! }, 'product-upsell-add', /cannot be linked to itself/],
      [{ upsell_ids: String(main.id) }, 'product-upsell-add', /cannot be linked to itself/],
      [{ cross_sell_add: `gibt es nicht ${m}` }, 'product-cross-sell-add', /No single product/],
      [{ upsell_ids: '999999999' }, 'product-upsell-add', /no product with the id 999999999/],
      [{ tags: '999999999' }, 'product-tags-new', /no tag with the id/],
      [{ tags_new: TEN_KB }, 'product-tags-new', /could not be read/],
      [{ tags_new: 'x'.repeat(150) }, 'product-tags-new', /tag name/],
      // NUL bytes are refused by the form reader before any field is judged.
      [{ tags_new: 'a\u0000b' }, 'product-tags-new', /Invalid parameter: tags_new/],
      [{ upsell_ids: ['x', '1'] }, 'product-upsell-add', /could not be read/],
      [{ upsell_add: ['a', 'b'] }, 'product-upsell-add', /could not be read/],
      [{ upsell_add: TEN_KB }, 'product-upsell-add', /could not be read/],
    ];
    for (const [fields, field, message] of cases) {
      const res = await post(
        `/admin/products/${main.id}`,
        { ...(await editorFields(main.id)), upsell_ids: String(cup.id), ...fields, intent: 'save' },
        'en',
      );
      expect(res.status, JSON.stringify(fields).slice(0, 80)).toBe(400);
      const body = await res.text();
      expect(body).toContain(field);
      expect(body).toMatch(message);
      expect(await lists(main.id)).toEqual(before);
    }
  });
});

describe('REST API v3', () => {
  it('writes and reads upsell_ids, cross_sell_ids and tags by id or name; filters by tag', async () => {
    const { m, main, cup, pot } = await threeProducts();
    const [bio] = await db()
      .insert(tags)
      .values({ slug: `rest-bio-${m}`, name: { de: `RestBio ${m}` } })
      .returning();
    const put = await call('PUT', `products/${main.id}`, {
      upsell_ids: [pot.id, cup.id],
      cross_sell_ids: [String(cup.id)],
      tags: [{ id: bio!.id }, { name: `RestNeu ${m}` }],
    });
    expect(put.status).toBe(200);
    expect(put.body.upsell_ids).toEqual([pot.id, cup.id]);
    expect(put.body.cross_sell_ids).toEqual([cup.id]);
    expect(put.body.tags).toHaveLength(2);
    expect(put.body.tags).toContainEqual({ id: bio!.id, name: `RestBio ${m}`, slug: bio!.slug });
    const created = put.body.tags.find((t: { name: string }) => t.name === `RestNeu ${m}`);
    expect(created).toMatchObject({ id: expect.any(Number), slug: `restneu-${m}` });

    const listed = await call('GET', `products?tag=${bio!.id}`);
    expect(listed.body.map((p: { id: number }) => p.id)).toEqual([main.id]);

    // A name that exists is the existing tag, not a second one.
    const again = await call('PUT', `products/${cup.id}`, { tags: [{ name: `restbio ${m}` }] });
    expect(again.body.tags).toEqual([{ id: bio!.id, name: `RestBio ${m}`, slug: bio!.slug }]);

    // Absent fields stay; empty lists clear.
    const other = await call('PUT', `products/${main.id}`, { name: `Haupt ${m}` });
    expect(other.body.upsell_ids).toEqual([pot.id, cup.id]);
    const cleared = await call('PUT', `products/${main.id}`, { upsell_ids: [], tags: [] });
    expect(cleared.body.upsell_ids).toEqual([]);
    expect(cleared.body.tags).toEqual([]);
    expect(cleared.body.cross_sell_ids).toEqual([cup.id]);
  });

  it('refuses self links, unknown ids and hostile values with 400 rest_invalid_param', async () => {
    const { main, cup } = await threeProducts();
    await call('PUT', `products/${main.id}`, { upsell_ids: [cup.id] });
    const bodies: unknown[] = [
      { upsell_ids: [main.id] },
      { cross_sell_ids: [999_999_999] },
      { upsell_ids: 'abc' },
      { upsell_ids: [[1]] },
      { upsell_ids: Array.from({ length: 101 }, (_, i) => i + 1) },
      { tags: [{ id: 999_999_999 }] },
      { tags: [{ name: TEN_KB }] },
      { tags: [{ name: 'a\u0000b' }] },
      { tags: [{}] },
      { tags: 'bio' },
      { tags: [{ name: ['a'] }] },
    ];
    for (const body of bodies) {
      const res = await call('PUT', `products/${main.id}`, body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body.code).toBe('rest_invalid_param');
    }
    expect((await lists(main.id)).upsellIds).toEqual([cup.id]);
    expect((await call('GET', 'products?tag=abc')).status).toBe(400);
  });

  it('the official client creates, updates and batch-writes the fields', async () => {
    const client = officialClient(shop, writer);
    const { m, cup, pot } = await threeProducts();
    const created = await client.post('products', {
      name: `Client ${m}`,
      regular_price: '5.00',
      upsell_ids: [cup.id],
      cross_sell_ids: [pot.id],
      tags: [{ name: `Client-Tag ${m}` }],
    });
    expect(created.status).toBe(201);
    expect(created.data).toMatchObject({
      upsell_ids: [cup.id],
      cross_sell_ids: [pot.id],
      tags: [{ name: `Client-Tag ${m}` }],
    });
    const id = created.data.id as number;
    const updated = await client.put(`products/${id}`, { upsell_ids: [pot.id, cup.id] });
    expect(updated.data.upsell_ids).toEqual([pot.id, cup.id]);
    const batch = await client.post('products/batch', {
      create: [{ name: `Batch ${m}`, cross_sell_ids: [id] }],
      update: [{ id, cross_sell_ids: [] }],
    });
    expect(batch.status).toBe(200);
    expect(batch.data.create[0].cross_sell_ids).toEqual([id]);
    expect(batch.data.update[0].cross_sell_ids).toEqual([]);
    const read = await client.get(`products/${id}`);
    expect(read.data.tags[0].name).toBe(`Client-Tag ${m}`);
  });

  it('a product deleted for good leaves the others’ lists', async () => {
    const { main, cup, pot } = await threeProducts();
    await call('PUT', `products/${main.id}`, { upsell_ids: [cup.id, pot.id] });
    const gone = await call('DELETE', `products/${cup.id}?force=true`);
    expect(gone.status).toBe(200);
    expect((await call('GET', `products/${main.id}`)).body.upsell_ids).toEqual([pot.id]);
    const rows = await db().select().from(productLinks).where(eq(productLinks.linkedId, cup.id));
    expect(rows).toEqual([]);
  });
});

describe('the storefront', () => {
  it('shows published upsells as cards and the tags on the product page', async () => {
    const { m, main, cup, pot } = await threeProducts({ status: 'draft' });
    await call('PUT', `products/${main.id}`, {
      upsell_ids: [cup.id, pot.id],
      tags: [{ name: `Seite ${m}` }],
    });
    const de = await (await get(`/product/${main.slug}`, '')).text();
    expect(de).toContain('Das könnte Ihnen auch gefallen');
    const section = de.slice(de.indexOf('id="upsells-title"')).split('</section>')[0]!;
    expect(section).toContain(`Tasse ${m}`);
    expect(section).toContain('19,90');
    // A plain form adds a simple product without the listing's script.
    expect(section).toMatch(/<form method="post" action="\/cart" class="card-add-to-cart">/);
    expect(section).toContain(`name="product_id" value="${cup.id}"`);
    expect(section).toContain(`aria-label="In den Warenkorb: Tasse ${m}"`);
    // Draft products stay hidden.
    expect(section).not.toContain(`Kanne ${m}`);
    expect(de).toMatch(new RegExp(`href="/product-tag/seite-${m}"[^>]*>Seite ${m}</a>`));
    const en = await (await get(`/product/${main.slug}`, '', 'en')).text();
    expect(en).toContain('You may also like');

    const without = await (await get(`/product/${cup.slug}`, '')).text();
    expect(without).not.toContain('upsells-title');
  });

  it('lists a tag’s products on /product-tag/{slug}; an unknown tag is 404', async () => {
    const { m, main, cup } = await threeProducts();
    await call('PUT', `products/${main.id}`, { tags: [{ name: `Liste ${m}` }] });
    const page = await get(`/product-tag/liste-${m}`, '', 'en');
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(`Products tagged “Liste ${m}”`);
    const grid = html.slice(html.indexOf('class="product-grid"')).split('</ul>')[0]!;
    expect(grid).toContain(`Haupt en ${m}`);
    expect(grid).not.toContain(`Tasse en ${m}`);
    expect(cup.id).toBeGreaterThan(0);
    expect((await get(`/product-tag/gibt-es-nicht-${m}`, '')).status).toBe(404);
  });

  it('shows the cart items’ cross-sells that are not in the cart', async () => {
    const { m, main, cup, pot } = await threeProducts();
    await call('PUT', `products/${main.id}`, { cross_sell_ids: [cup.id, pot.id] });
    let cookie = '';
    const add = async (id: number) => {
      const res = await fetch(`${shop.url}/wc-ajax/add_to_cart`, {
        method: 'POST',
        body: new URLSearchParams({ product_id: String(id), quantity: '1' }).toString(),
        headers: {
          'content-type': 'application/x-www-form-urlencoded; charset=UTF-8',
          cookie,
        },
      });
      expect(res.status).toBe(200);
      const sid = res.headers.getSetCookie().find((c) => c.startsWith('sid='));
      if (sid) cookie = sid.split(';')[0]!;
    };
    await add(main.id);
    await add(cup.id);
    const html = await (await get('/cart', cookie, 'en')).text();
    const section = html.slice(html.indexOf('id="cross-sells-title"')).split('</section>')[0]!;
    expect(html).toContain('You may be interested in');
    expect(section).toContain(`Kanne en ${m}`);
    expect(section).not.toContain(`Tasse en ${m}`);
  });
});

describe('tables', () => {
  it('refuses a self link in the database itself', async () => {
    const { main } = await threeProducts();
    await expect(
      db().insert(productLinks).values({ productId: main.id, linkedId: main.id, kind: 'upsell' }),
    ).rejects.toThrow();
    const own = await db().select().from(productTags).where(eq(productTags.productId, main.id));
    expect(own).toEqual([]);
    expect((await db().select().from(products).where(eq(products.id, main.id))).length).toBe(1);
  });
});
