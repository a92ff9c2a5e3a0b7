import { randomBytes } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '#app/domain/audit/audit.schema.ts';
import { productCategories, products } from '#app/domain/catalog/catalog.schema.ts';
import { priceHistory } from '#app/domain/catalog/price-history.schema.ts';
import {
  createAttribute,
  createCategory,
  createDeliveryTime,
  createProduct,
} from '#db/seed/factories.ts';
import { type SignedIn, signedInCustomer } from '../support/customers.ts';
import { TEN_KB } from '../support/hostile.ts';
import { type TestShop, startTestShop } from '../support/shop.ts';

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

const get = (path: string, cookie = manager.cookie, lang = 'en') =>
  fetch(shop.url + path, { headers: { cookie: `lang=${lang}; ${cookie}` }, redirect: 'manual' });
const html = async (path: string, lang = 'en') => (await get(path, manager.cookie, lang)).text();
const idsOf = (page: string) => [...page.matchAll(/data-row-id="(\d+)"/g)].map((m) => Number(m[1]));
const list = async (params: string) => idsOf(await html(`/admin/products?${params}`));
const linkOf = (page: string, rel: string) => {
  const tag = new RegExp(`<a[^>]*rel="${rel}"[^>]*>`).exec(page)?.[0];
  return /href="([^"]+)"/.exec(tag ?? '')?.[1]?.replaceAll('&amp;', '&') ?? null;
};
const nextOf = (page: string) => linkOf(page, 'next');
const previousOf = (page: string) => linkOf(page, 'prev');

async function securityOf(cookie = manager.cookie) {
  const page = await (await get('/admin/products', cookie)).text();
  return /name="security" value="([^"]+)"/.exec(page)![1]!;
}

function post(body: URLSearchParams, cookie = manager.cookie, path = '/admin/products') {
  return fetch(shop.url + path, {
    method: 'POST',
    headers: {
      cookie: `lang=en; ${cookie}`,
      origin: shop.url,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body,
    redirect: 'manual',
  });
}

/** Sends a bulk change and reads the notice of the page it leads back to. */
async function bulk(fields: Record<string, string>, ids: number[], lang = 'en') {
  const body = new URLSearchParams({ security: await securityOf(), ...fields });
  for (const id of ids) body.append('ids', String(id));
  const res = await post(body);
  expect(res.status).toBeGreaterThanOrEqual(300);
  expect(res.status).toBeLessThan(400);
  const location = res.headers.get('location')!;
  const page = await html(location, lang);
  const notice = /class="notice notice-\w+"[^>]*>([^<]*)</.exec(page)?.[1] ?? '';
  return { location, notice };
}

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

describe('bulk edit', () => {
  it('raises and lowers regular prices by percent (cents rounded half up) and amount, never below 0', async () => {
    const a = (await createProduct(db(), { regularPrice: 1999 })).product.id;
    const b = (await createProduct(db(), { regularPrice: 250 })).product.id;
    const raised = await bulk(
      {
        bulk_action: 'regular_price',
        price_change: 'raise',
        price_unit: 'percent',
        price_value: '10',
      },
      [a, b],
    );
    expect(raised.notice).toBe('2 products changed.');
    expect((await row(a)).regularPrice).toBe(2199); // 1999 + 199.9
    expect((await row(b)).regularPrice).toBe(275);
    await bulk(
      {
        bulk_action: 'regular_price',
        price_change: 'lower',
        price_unit: 'amount',
        price_value: '5,00',
      },
      [a, b],
    );
    expect((await row(a)).regularPrice).toBe(1699);
    expect((await row(b)).regularPrice).toBe(0);
    await bulk(
      {
        bulk_action: 'regular_price',
        price_change: 'set',
        price_unit: 'amount',
        price_value: '12.5',
      },
      [a],
    );
    expect((await row(a)).regularPrice).toBe(1250);
    const audit = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'product'), eq(auditLog.entityId, String(a))));
    expect(audit).toHaveLength(3);
    expect(audit.map((e) => e.after)).toContainEqual({ regularPrice: 1250 });
    expect(audit.every((e) => e.actorId === manager.customer.id && e.channel === 'admin')).toBe(
      true,
    );
  });

  it('sets sale prices, starting a cut from the regular price, and refuses a sale at or above it', async () => {
    const a = (await createProduct(db(), { regularPrice: 2000 })).product.id;
    const b = (await createProduct(db(), { regularPrice: 1000, salePrice: 900 })).product.id;
    const cut = await bulk(
      {
        bulk_action: 'sale_price',
        price_change: 'lower',
        price_unit: 'percent',
        price_value: '15',
      },
      [a, b],
    );
    expect(cut.notice).toBe('2 products changed.');
    expect((await row(a)).salePrice).toBe(1700);
    expect((await row(b)).salePrice).toBe(765);
    const refused = await bulk(
      { bulk_action: 'sale_price', price_change: 'set', price_unit: 'amount', price_value: '15' },
      [a, b],
    );
    expect(refused.notice).toContain('1 product changed.');
    expect(refused.notice).toContain('1 product left unchanged');
    expect((await row(a)).salePrice).toBe(1500);
    expect((await row(b)).salePrice).toBe(765);
    // A regular price lowered to the sale price is refused too.
    await bulk(
      {
        bulk_action: 'regular_price',
        price_change: 'set',
        price_unit: 'amount',
        price_value: '15',
      },
      [a],
    );
    expect((await row(a)).regularPrice).toBe(2000);
    const de = await bulk(
      { bulk_action: 'sale_price', price_change: 'set', price_unit: 'amount', price_value: '14' },
      [a, b],
      'de',
    );
    expect(de.notice).toContain('1 Produkt geändert.');
  });

  it('changes each variation of a variable product for prices and stock', async () => {
    const t = tag();
    const size = await createAttribute(db(), {
      slug: `size-${t}`,
      name: { de: 'Größe', en: 'Size' },
      terms: [
        { slug: 's', name: { de: 'S', en: 'S' } },
        { slug: 'm', name: { de: 'M', en: 'M' } },
      ],
    });
    const variable = await createProduct(db(), {
      regularPrice: 1000,
      attributes: [
        {
          attributeId: size.attribute.id,
          termIds: [size.termIds.s!, size.termIds.m!],
          usedForVariations: true,
        },
      ],
      variations: [
        { attributes: { [size.attribute.slug]: 's' }, regularPrice: 1500 },
        { attributes: { [size.attribute.slug]: 'm' } },
      ],
    });
    const [s, m] = variable.variations.map((v) => v.id);
    await bulk(
      {
        bulk_action: 'regular_price',
        price_change: 'raise',
        price_unit: 'amount',
        price_value: '1',
      },
      [variable.product.id],
    );
    expect((await row(s!)).regularPrice).toBe(1600);
    expect((await row(m!)).regularPrice).toBe(1100); // from the parent's price it showed
    await bulk({ bulk_action: 'stock', stock_quantity: '7' }, [variable.product.id]);
    for (const id of [s!, m!]) {
      const v = await row(id);
      expect(v.manageStock).toBe(true);
      expect(Number(v.stockQuantity)).toBe(7);
    }
    const page = await html(`/admin/products?q=${encodeURIComponent(variable.product.sku!)}`);
    expect(page).toMatch(/14\s*<span class="admin-sub">variable</);
  });

  it('sets stock, categories, status, delivery time and tax class of simple products', async () => {
    const t = tag();
    const category = await createCategory(db(), { name: { de: `Kat ${t}`, en: `Cat ${t}` } });
    const time = await createDeliveryTime(db(), { minDays: 5, maxDays: 9 });
    const a = (await createProduct(db(), { status: 'draft' })).product.id;
    const b = (await createProduct(db(), { categoryIds: [category.id] })).product.id;
    await bulk({ bulk_action: 'stock', stock_quantity: '0' }, [a]);
    expect((await row(a)).stockStatus).toBe('outofstock');
    await bulk({ bulk_action: 'stock', stock_quantity: '12' }, [a]);
    expect(Number((await row(a)).stockQuantity)).toBe(12);
    expect((await row(a)).stockStatus).toBe('instock');
    const added = await bulk({ bulk_action: 'category_add', category_id: String(category.id) }, [
      a,
      b,
    ]);
    expect(added.notice).toBe('1 product changed.');
    const inCategory = async () =>
      (
        await db()
          .select({ id: productCategories.productId })
          .from(productCategories)
          .where(eq(productCategories.categoryId, category.id))
      )
        .map((r) => r.id)
        .sort((x, y) => x - y);
    expect(await inCategory()).toEqual([a, b].sort((x, y) => x - y));
    await bulk({ bulk_action: 'category_remove', category_id: String(category.id) }, [b]);
    expect(await inCategory()).toEqual([a]);
    await bulk({ bulk_action: 'publish' }, [a, b]);
    expect((await row(a)).status).toBe('publish');
    await bulk({ bulk_action: 'draft' }, [b]);
    expect((await row(b)).status).toBe('draft');
    await bulk({ bulk_action: 'delivery_time', delivery_time_id: String(time.id) }, [a]);
    expect((await row(a)).deliveryTimeId).toBe(time.id);
    await bulk({ bulk_action: 'delivery_time', delivery_time_id: 'none' }, [a]);
    expect((await row(a)).deliveryTimeId).toBeNull();
    await bulk({ bulk_action: 'tax_class', tax_class: 'reduced' }, [a]);
    expect((await row(a)).taxClass).toBe('reduced');
  });

  it('refuses unknown actions, bad values, unknown references, no selection and a stale form', async () => {
    const a = (await createProduct(db(), { regularPrice: 1000 })).product.id;
    const cases: [Record<string, string>, number[], string][] = [
      [{ bulk_action: 'delete' }, [a], 'Choose a change'],
      [
        {
          bulk_action: 'regular_price',
          price_change: 'set',
          price_unit: 'percent',
          price_value: '5',
        },
        [a],
        'Enter a valid value',
      ],
      [
        {
          bulk_action: 'regular_price',
          price_change: 'lower',
          price_unit: 'percent',
          price_value: '100',
        },
        [a],
        'Enter a valid value',
      ],
      [
        {
          bulk_action: 'regular_price',
          price_change: 'raise',
          price_unit: 'amount',
          price_value: '-5',
        },
        [a],
        'Enter a valid value',
      ],
      [
        {
          bulk_action: 'regular_price',
          price_change: 'raise',
          price_unit: 'amount',
          price_value: '1.234',
        },
        [a],
        'Enter a valid value',
      ],
      [
        { bulk_action: 'regular_price', price_change: 'set', price_value: 'a\u0000b' },
        [a],
        'Enter a valid value',
      ],
      [
        { bulk_action: 'regular_price', price_change: 'set', price_value: TEN_KB },
        [a],
        'Enter a valid value',
      ],
      [{ bulk_action: 'stock', stock_quantity: '1e3' }, [a], 'Enter a valid value'],
      [{ bulk_action: 'stock', stock_quantity: '99999999999' }, [a], 'Enter a valid value'],
      [{ bulk_action: 'tax_class', tax_class: 'zero' }, [a], 'Enter a valid value'],
      [{ bulk_action: 'category_add', category_id: '99999999' }, [a], 'category does not exist'],
      [
        { bulk_action: 'delivery_time', delivery_time_id: '99999999' },
        [a],
        'delivery time does not exist',
      ],
      [{ bulk_action: 'publish' }, [], 'Select at least one product'],
    ];
    for (const [fields, ids, message] of cases) {
      const { notice } = await bulk(fields, ids);
      expect(notice, JSON.stringify(fields).slice(0, 80)).toContain(message);
    }
    // Repeated fields, a stale nonce, and ids of nothing or of a variation.
    const twice = new URLSearchParams({ security: await securityOf(), ids: String(a) });
    twice.append('bulk_action', 'publish');
    twice.append('bulk_action', 'draft');
    const res = await post(twice);
    expect(res.headers.get('location')).toContain('bulk_error=invalid_action');
    const stale = await post(
      new URLSearchParams({ security: 'x', bulk_action: 'draft', ids: String(a) }),
    );
    expect(stale.headers.get('location')).toContain('bulk_error=expired');
    const nothing = await bulk({ bulk_action: 'draft' }, [99999999]);
    expect(nothing.notice).toBe('0 products changed.');
    expect((await row(a)).regularPrice).toBe(1000);
    expect((await row(a)).status).toBe('publish');
  });

  it('keeps the 30-day lowest price right: a bulk cut shows the lowest price before it', async () => {
    const created = await createProduct(db(), { regularPrice: 2000 });
    const id = created.product.id;
    const days = (n: number) => new Date(Date.now() - n * 86_400_000);
    // 15.00 until 45 days ago, 20.00 since: the 30 days before today's cut saw only 20.00.
    await db().delete(priceHistory).where(eq(priceHistory.productId, id));
    await db()
      .insert(priceHistory)
      .values([
        { productId: id, price: 1500, reduced: false, validFrom: days(70) },
        { productId: id, price: 2000, reduced: false, validFrom: days(45) },
      ]);
    await bulk(
      {
        bulk_action: 'sale_price',
        price_change: 'lower',
        price_unit: 'percent',
        price_value: '10',
      },
      [id],
    );
    const history = await db().select().from(priceHistory).where(eq(priceHistory.productId, id));
    expect(history.map((h) => h.price).sort()).toEqual([1500, 1800, 2000]);
    const page = await (await get(`/product/${created.product.slug}`, '')).text();
    const lowest = /Lowest price in the last 30 days: ([^<]+)</.exec(page)?.[1] ?? '';
    expect(lowest).toContain('20.00');
  });
});
