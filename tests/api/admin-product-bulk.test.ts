import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
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
import { staffRequests } from '../support/staff-requests.ts';

let shop: TestShop;
let manager: SignedIn;

beforeAll(async () => {
  shop = await startTestShop();
  manager = await signedInCustomer(shop.database.db, { role: 'shop_manager' });
});
afterAll(async () => {
  await shop?.close();
});

const db = () => shop.database.db;
const tag = () => `t${randomBytes(4).toString('hex')}`;

const staff = staffRequests(() => ({ shop, manager }));
const { get, html } = staff;

const securityOf = (cookie?: string) => staff.securityOf('/admin/products', cookie);
const post = (body: URLSearchParams, cookie?: string, path = '/admin/products') =>
  staff.post(path, body, cookie);

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
    await bulk({ bulk_action: 'tax_class', tax_class: 'reduced2' }, [a]);
    expect((await row(a)).taxClass).toBe('reduced2');
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
