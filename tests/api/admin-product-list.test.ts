import { randomBytes } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '#app/domain/catalog/catalog.schema.ts';
import { createAttribute, createCategory, createProduct } from '#db/seed/factories.ts';
import { type SignedIn, signedInCustomer } from '../support/customers.ts';
import { TEN_KB } from '../support/hostile.ts';
import { type TestShop, startTestShop } from '../support/shop.ts';
import { staffRequests } from '../support/staff-requests.ts';

let shop: TestShop;
let customer: SignedIn;
let manager: SignedIn;

beforeAll(async () => {
  shop = await startTestShop();
  customer = await signedInCustomer(shop.database.db);
  manager = await signedInCustomer(shop.database.db, { role: 'shop_manager' });
});
afterAll(async () => {
  await shop?.close();
});

const db = () => shop.database.db;
const tag = () => `t${randomBytes(4).toString('hex')}`;

const staff = staffRequests(() => ({ shop, manager }));
const { get, html } = staff;
const idsOf = (page: string) => [...page.matchAll(/data-row-id="(\d+)"/g)].map((m) => Number(m[1]));
const list = async (params: string) => idsOf(await html(`/admin/products?${params}`));
const linkOf = (page: string, rel: string) => {
  const tag = new RegExp(`<a[^>]*rel="${rel}"[^>]*>`).exec(page)?.[0];
  return /href="([^"]+)"/.exec(tag ?? '')?.[1]?.replaceAll('&amp;', '&') ?? null;
};
const nextOf = (page: string) => linkOf(page, 'next');
const previousOf = (page: string) => linkOf(page, 'prev');

const post = (body: URLSearchParams, cookie?: string, path = '/admin/products') =>
  staff.post(path, body, cookie);

const row = async (id: number) =>
  (await db().select().from(products).where(eq(products.id, id)))[0]!;

describe('product list search and filters', () => {
  it('finds products by German or English name, SKU, a variation’s SKU and GTIN, drafts too', async () => {
    const t = tag();
    const size = await createAttribute(db(), {
      slug: `size-${t}`,
      name: { de: 'Größe', en: 'Size' },
      terms: [{ slug: 's', name: { de: 'S', en: 'S' } }],
    });
    const shirt = await createProduct(db(), {
      name: { de: `Hemd ${t}`, en: `Shirt ${t}` },
      sku: `SKU-${t}`,
      gtin: '4006381333931',
      status: 'draft',
    });
    const variable = await createProduct(db(), {
      name: { de: `Jacke ${t}`, en: `Jacket ${t}` },
      attributes: [
        { attributeId: size.attribute.id, termIds: [size.termIds.s!], usedForVariations: true },
      ],
      variations: [
        { attributes: { [size.attribute.slug]: 's' }, sku: `VAR-${t}`, regularPrice: 999 },
      ],
    });
    expect(await list(`q=Hemd+${t}`)).toEqual([shirt.product.id]);
    expect(await list(`q=shirt+${t}`)).toEqual([shirt.product.id]);
    expect(await list(`q=sku-${t}`)).toEqual([shirt.product.id]);
    expect(await list(`q=${encodeURIComponent(`VAR-${t}`)}`)).toEqual([variable.product.id]);
    expect(await list(`q=4006381333931`)).toContain(shirt.product.id);
    // The variation is no row of its own.
    expect(await list(`q=${t}`)).toEqual(
      [shirt.product.id, variable.product.id].sort((a, b) => b - a),
    );
    const page = await html(`/admin/products?q=${t}`);
    expect(page).toContain(`Shirt ${t}`);
    expect(page).toContain('Variable');
    expect(page).toContain('Draft');
    expect(await list(`q=${t}+nothing`)).toEqual([]);
  });

  it('filters by category (with its subcategories), type, stock status, sale and status', async () => {
    const t = tag();
    const parent = await createCategory(db(), { name: { de: `Ober ${t}`, en: `Top ${t}` } });
    const child = await createCategory(db(), {
      name: { de: `Unter ${t}`, en: `Sub ${t}` },
      parentId: parent.id,
    });
    const make = (input: Parameters<typeof createProduct>[1]) =>
      createProduct(db(), { name: { de: `Ware ${t}`, en: `Item ${t}` }, ...input }).then(
        (p) => p.product.id,
      );
    const inChild = await make({ categoryIds: [child.id], regularPrice: 1000 });
    const onSale = await make({ regularPrice: 1000, salePrice: 800 });
    const out = await make({ manageStock: true, stockQuantity: 0 });
    const low = await make({ manageStock: true, stockQuantity: 1 });
    const plenty = await make({ manageStock: true, stockQuantity: 100 });
    const backorder = await make({ manageStock: true, stockQuantity: 0, backorders: 'yes' });
    const draft = await make({ status: 'draft' });
    const size = await createAttribute(db(), {
      slug: `size-${t}`,
      name: { de: 'Größe', en: 'Size' },
      terms: [{ slug: 'm', name: { de: 'M', en: 'M' } }],
    });
    const variable = await createProduct(db(), {
      name: { de: `Ware ${t}`, en: `Item ${t}` },
      attributes: [
        { attributeId: size.attribute.id, termIds: [size.termIds.m!], usedForVariations: true },
      ],
      variations: [
        { attributes: { [size.attribute.slug]: 'm' }, manageStock: true, stockQuantity: 1 },
      ],
    });
    const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);
    const q = (params: string) => list(`q=${t}&${params}`).then(sorted);
    expect(await q(`category=${parent.id}`)).toEqual([inChild]);
    expect(await q(`category=${child.id}`)).toEqual([inChild]);
    expect(await q('type=variable')).toEqual([variable.product.id]);
    expect(await q('on_sale=1')).toEqual([onSale]);
    expect(await q('status=draft')).toEqual([draft]);
    expect(await q('stock=out')).toEqual(sorted([out]));
    expect(await q('stock=onbackorder')).toEqual([backorder]);
    // Low is the dashboard's rule: counted stock at or below the threshold, backorders or not.
    expect(await q('stock=low')).toEqual(sorted([out, low, backorder, variable.product.id]));
    expect(await q('stock=all')).toEqual(
      sorted([out, low, plenty, backorder, variable.product.id]),
    );
    expect(await q('stock=instock')).not.toContain(out);
    expect(await q('stock=instock')).toContain(plenty);
    // The low variation is named under its product, with its count.
    const page = await html(`/admin/products?q=${t}&stock=low`);
    expect(page).toContain(`data-product="${variable.variations[0]!.id}"`);
    expect(page).toContain(`Item ${t} – m`);
    // Filters combine.
    expect(await q(`stock=low&type=simple`)).toEqual(sorted([out, low, backorder]));
  });

  it('keeps trashed products in the trash view, out of the default list and the low-stock to-do', async () => {
    const t = tag();
    const category = await createCategory(db(), { name: { de: `Müll ${t}`, en: `Bin ${t}` } });
    const kept = await createProduct(db(), {
      name: { de: `Bleibt ${t}`, en: `Stays ${t}` },
      categoryIds: [category.id],
      manageStock: true,
      stockQuantity: 1,
    });
    const trashed = await createProduct(db(), {
      name: { de: `Weg ${t}`, en: `Gone ${t}` },
      categoryIds: [category.id],
      manageStock: true,
      stockQuantity: 1,
    });
    await db().update(products).set({ status: 'trash' }).where(eq(products.id, trashed.product.id));
    expect(await list(`category=${category.id}`)).toEqual([kept.product.id]);
    expect(await list(`category=${category.id}&status=trash`)).toEqual([trashed.product.id]);
    const low = await list(`category=${category.id}&stock=low`);
    expect(low).toContain(kept.product.id);
    expect(low).not.toContain(trashed.product.id);
    expect(await html(`/admin/products?category=${category.id}&status=trash`, 'de')).toContain(
      'Papierkorb',
    );
  });

  it('sorts by name, SKU, price, stock and date and pages by keyset through ties', async () => {
    const t = tag();
    const ids: number[] = [];
    // 60 products, three names and prices: ties across page boundaries.
    for (let i = 0; i < 60; i++) {
      const name = ['Apfel', 'Birne', 'Zitrone'][i % 3]!;
      const created = await createProduct(db(), {
        name: { de: `${name} ${t}`, en: `${name} ${t}` },
        sku: `${t}-${String(i % 7).padStart(2, '0')}-${i}`,
        regularPrice: 100 * (i % 4) + 100,
        manageStock: true,
        stockQuantity: i % 5,
      });
      ids.push(created.product.id);
    }
    const walk = async (params: string) => {
      const seen: number[] = [];
      let page = await html(`/admin/products?q=${t}&${params}`);
      const firstPage = idsOf(page);
      seen.push(...firstPage);
      let pages = 1;
      for (let next = nextOf(page); next; next = nextOf(page)) {
        page = await html(next);
        seen.push(...idsOf(page));
        pages++;
        expect(pages).toBeLessThan(5);
      }
      // Back from the last page comes the one before it.
      const back = previousOf(page);
      expect(back).not.toBeNull();
      const before = idsOf(await html(back!));
      expect(before).toEqual(seen.slice(0, before.length));
      return seen;
    };
    const rows = await db().select().from(products).where(inArray(products.id, ids));
    const byId = new Map(rows.map((r) => [r.id, r]));
    const expected = (key: (id: number) => string | number, dir: 1 | -1) =>
      [...ids].sort((a, b) => {
        const ka = key(a);
        const kb = key(b);
        if (ka !== kb) return (ka < kb ? -1 : 1) * dir;
        return (a - b) * dir;
      });
    expect(await walk('sort=name')).toEqual(
      expected((id) => byId.get(id)!.name!.en!.toLowerCase(), 1),
    );
    expect(await walk('sort=name&dir=desc')).toEqual(
      expected((id) => byId.get(id)!.name!.en!.toLowerCase(), -1),
    );
    expect(await walk('sort=price&dir=asc')).toEqual(
      expected((id) => byId.get(id)!.regularPrice!, 1),
    );
    expect(await walk('sort=stock')).toEqual(
      expected((id) => Number(byId.get(id)!.stockQuantity), -1),
    );
    expect(await walk('sort=sku_asc')).toEqual(expected((id) => byId.get(id)!.sku!, 1));
    const byDate = await walk('');
    expect(new Set(byDate)).toEqual(new Set(ids));
    expect(byDate).toHaveLength(60);
  });

  it('answers hostile query strings with the default list or a 4xx, never a 5xx', async () => {
    const paths = [
      '/admin/products?q=%00',
      `/admin/products?q=${TEN_KB}`,
      '/admin/products?q[]=a&q=b',
      '/admin/products?q=%27%3B%20drop%20table%20products%3B--',
      '/admin/products?q=%25%25%5C_',
      '/admin/products?sort=%00&dir=up',
      '/admin/products?sort[]=name',
      '/admin/products?sort=name_sideways',
      '/admin/products?category=abc&type=grouped&stock=lots&status=private&on_sale=yes',
      '/admin/products?category=99999999999999',
      '/admin/products?category=-1',
      '/admin/products?after=0x1F',
      '/admin/products?after=99999999',
      '/admin/products?before=1&after=2',
      '/admin/products?stock=low&stock=out',
      '/admin/products?stock[]=out&page[]=2',
    ];
    for (const path of paths) {
      const res = await get(path);
      expect(res.status, path).toBeLessThan(500);
      expect([200, 400, 404, 414], path).toContain(res.status);
      await res.body?.cancel();
    }
    // An unknown filter value means no filter.
    const all = await list('q=&type=grouped');
    expect(all.length).toBeGreaterThan(0);
  });

  it('is the 404 page for customers and guests, for reading and for changing', async () => {
    const product = await createProduct(db(), { regularPrice: 500 });
    for (const cookie of ['', customer.cookie]) {
      const res = await get('/admin/products', cookie);
      expect(res.status).toBe(404);
      expect(await res.text()).not.toContain('admin-product');
      const body = new URLSearchParams({
        bulk_action: 'regular_price',
        price_change: 'set',
        price_value: '1',
        ids: String(product.product.id),
      });
      const changed = await post(body, cookie);
      expect(changed.status).toBe(404);
      await changed.body?.cancel();
    }
    expect((await row(product.product.id)).regularPrice).toBe(500);
  });
});
