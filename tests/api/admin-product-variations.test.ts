import { randomBytes } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '#app/domain/audit/audit.schema.ts';
import { attributes, products } from '#app/domain/catalog/catalog.schema.ts';
import { lowestPricesBefore } from '#app/domain/catalog/price-history.server.ts';
import { createAttribute, createDeliveryTime, createProduct } from '#db/seed/factories.ts';
import { type SignedIn, signedInCustomer } from '../support/customers.ts';
import { TEN_KB } from '../support/hostile.ts';
import { type TestShop, startTestShop } from '../support/shop.ts';

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
const path = (id: number) => `/admin/products/${id}/variations`;

const get = (to: string, cookie = manager.cookie, lang = 'en') =>
  fetch(shop.url + to, { headers: { cookie: `lang=${lang}; ${cookie}` }, redirect: 'manual' });

async function page(id: number, lang = 'en') {
  const text = await (await get(path(id), manager.cookie, lang)).text();
  return {
    text,
    security: /name="security" value="([^"]+)"/.exec(text)![1]!,
    version: /name="intent" value="generate"/.test(text)
      ? /name="version" value="([^"]+)"[^>]*\/?>\s*<input type="hidden" name="intent" value="generate"/.exec(
          text,
        )?.[1]
      : undefined,
  };
}

function post(id: number, fields: [string, string][], lang = 'en') {
  return fetch(shop.url + path(id), {
    method: 'POST',
    headers: {
      cookie: `lang=${lang}; ${manager.cookie}`,
      origin: shop.url,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams(fields),
    redirect: 'manual',
  });
}

async function send(id: number, fields: Record<string, string> | [string, string][], lang = 'en') {
  const { security } = await page(id);
  const pairs = Array.isArray(fields) ? fields : Object.entries(fields);
  return post(id, [['security', security], ...pairs], lang);
}

const variationsOf = (id: number) =>
  db().select().from(products).where(eq(products.parentId, id)).orderBy(asc(products.id));

/** A variable product with colour (3 terms) and size (2 terms) linked but no variations. */
async function fixture() {
  const t = tag();
  const colour = await createAttribute(db(), {
    slug: `farbe-${t}`,
    name: { de: 'Farbe', en: 'Colour' },
    swatchType: 'color',
    terms: [
      { slug: 'rot', name: { de: 'Rot', en: 'Red' }, swatch: { color: '#c00000' } },
      { slug: 'blau', name: { de: 'Blau', en: 'Blue' }, swatch: { color: '#0030c0' } },
      { slug: 'gruen', name: { de: 'Grün', en: 'Green' }, swatch: { color: '#008000' } },
    ],
  });
  const size = await createAttribute(db(), {
    slug: `groesse-${t}`,
    name: { de: 'Größe', en: 'Size' },
    terms: [
      { slug: 's', name: { de: 'S' } },
      { slug: 'm', name: { de: 'M' } },
    ],
  });
  const { product } = await createProduct(db(), {
    type: 'variable',
    name: { de: `Hemd ${t}`, en: `Shirt ${t}` },
    regularPrice: 2000,
    attributes: [
      {
        attributeId: colour.attribute.id,
        termIds: colour.terms.map((x) => x.id),
        usedForVariations: true,
      },
      {
        attributeId: size.attribute.id,
        termIds: size.terms.map((x) => x.id),
        usedForVariations: true,
      },
    ],
  });
  return { id: product.id, colour, size, t };
}

describe('variations tab', () => {
  it('generates all missing combinations once, then refuses duplicates one by one', async () => {
    const f = await fixture();
    const res = await send(f.id, { intent: 'generate' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toContain('saved=generate&count=6');
    const rows = await variationsOf(f.id);
    expect(rows).toHaveLength(6);
    expect(rows.map((r) => r.variationAttributes)).toContainEqual({
      [f.colour.attribute.slug]: 'blau',
      [f.size.attribute.slug]: 'm',
    });
    // A second click creates nothing.
    await send(f.id, { intent: 'generate' });
    expect(await variationsOf(f.id)).toHaveLength(6);
    const dup = await send(f.id, {
      intent: 'add',
      [`choose_${f.colour.attribute.slug}`]: 'rot',
      [`choose_${f.size.attribute.slug}`]: 's',
    });
    expect(dup.status).toBe(400);
    expect(await dup.text()).toContain('exists already');
    // "Any size" is a new combination.
    const any = await send(f.id, {
      intent: 'add',
      [`choose_${f.colour.attribute.slug}`]: 'rot',
      [`choose_${f.size.attribute.slug}`]: '',
    });
    expect(any.status).toBe(302);
    expect((await variationsOf(f.id)).at(-1)!.variationAttributes).toEqual({
      [f.colour.attribute.slug]: 'rot',
      [f.size.attribute.slug]: '',
    });
    const audits = await db().select().from(auditLog).where(eq(auditLog.entity, 'product'));
    expect(audits.some((a) => a.entityId === String(rows[0]!.id) && a.action === 'create')).toBe(
      true,
    );
  });

  it('refuses more than the limit in one click, with a message', async () => {
    const t = tag();
    const many = await createAttribute(db(), {
      slug: `n-${t}`,
      name: { de: 'Nummer' },
      terms: Array.from({ length: 11 }, (_, i) => ({ slug: `n${i}`, name: { de: `N${i}` } })),
    });
    const more = await createAttribute(db(), {
      slug: `k-${t}`,
      name: { de: 'K' },
      terms: Array.from({ length: 10 }, (_, i) => ({ slug: `k${i}`, name: { de: `K${i}` } })),
    });
    const { product } = await createProduct(db(), {
      type: 'variable',
      attributes: [
        {
          attributeId: many.attribute.id,
          termIds: many.terms.map((x) => x.id),
          usedForVariations: true,
        },
        {
          attributeId: more.attribute.id,
          termIds: more.terms.map((x) => x.id),
          usedForVariations: true,
        },
      ],
    });
    const res = await send(product.id, { intent: 'generate' });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('more than 100 new variations');
    expect(await variationsOf(product.id)).toHaveLength(0);
  });

  it('saves a variation; empty fields inherit; stale version keeps the typed values', async () => {
    const f = await fixture();
    await send(f.id, { intent: 'generate' });
    const [v] = await variationsOf(f.id);
    const time = await createDeliveryTime(db(), {
      slug: `dt-${f.t}`,
      label: { de: '5 Tage' },
      minDays: 5,
      maxDays: 5,
    });
    const version = String(v!.updatedAt.getTime());
    const fields = {
      intent: 'variation',
      variation_id: String(v!.id),
      version,
      present: '1',
      enabled: 'yes',
      regular_price: '24,50',
      sale_price: '',
      sku: `SKU-${f.t}`,
      manage_stock: 'yes',
      stock_quantity: '0',
      delivery_time_id: String(time.id),
      weight: '',
    };
    const res = await send(f.id, fields);
    expect(res.status).toBe(302);
    const saved = (await db().select().from(products).where(eq(products.id, v!.id)))[0]!;
    expect(saved.regularPrice).toBe(2450);
    expect(saved.weightKg).toBeNull();
    expect(saved.stockStatus).toBe('outofstock');
    expect(saved.deliveryTimeId).toBe(time.id);
    // The same form again is stale now.
    const stale = await send(f.id, { ...fields, regular_price: '30' });
    expect(stale.status).toBe(409);
    const body = await stale.text();
    expect(body).toContain('changed this product meanwhile');
    expect(body).toContain('"30"');
    // Clearing the price means the parent's.
    const cleared = await send(f.id, {
      ...fields,
      version: String(saved.updatedAt.getTime()),
      regular_price: '',
      sku: '',
    });
    expect(cleared.status).toBe(302);
    expect(
      (await db().select().from(products).where(eq(products.id, v!.id)))[0]!.regularPrice,
    ).toBeNull();
  });

  it('bulk: percent rounding, Omnibus lowest price, stock, disable, delete', async () => {
    const f = await fixture();
    await send(f.id, { intent: 'generate' });
    const rows = await variationsOf(f.id);
    const set = await send(f.id, {
      intent: 'bulk',
      bulk_action: 'regular_price',
      price_change: 'set',
      price_unit: 'amount',
      price_value: '19,99',
      bulk_scope: 'all',
    });
    expect(set.status).toBe(302);
    const cut = await send(f.id, [
      ['intent', 'bulk'],
      ['bulk_action', 'regular_price'],
      ['price_change', 'lower'],
      ['price_unit', 'percent'],
      ['price_value', '15'],
      ['bulk_scope', 'checked'],
      ['ids', String(rows[0]!.id)],
    ]);
    expect(cut.status).toBe(302);
    const after = await variationsOf(f.id);
    // 1999 - 299.85 rounds to 1999 - 300 = 1699.
    expect(after[0]!.regularPrice).toBe(1699);
    expect(after[1]!.regularPrice).toBe(1999);
    const lowest = await lowestPricesBefore(db(), [after[0]!.id], new Date(Date.now() + 1000));
    expect(lowest.get(after[0]!.id)).toBeLessThanOrEqual(1999);
    await send(f.id, {
      intent: 'bulk',
      bulk_action: 'stock',
      stock_quantity: '7',
      bulk_scope: 'all',
    });
    expect((await variationsOf(f.id)).every((r) => r.stockQuantity === 7 && r.manageStock)).toBe(
      true,
    );
    await send(f.id, [
      ['intent', 'bulk'],
      ['bulk_action', 'disable'],
      ['bulk_scope', 'checked'],
      ['ids', String(rows[1]!.id)],
    ]);
    expect((await variationsOf(f.id))[1]!.status).toBe('private');
    await send(f.id, [
      ['intent', 'bulk'],
      ['bulk_action', 'delete'],
      ['bulk_scope', 'checked'],
      ['ids', String(rows[2]!.id)],
    ]);
    expect(await variationsOf(f.id)).toHaveLength(5);
  });

  it('refuses removing an attribute variations use, unless asked to delete them', async () => {
    const f = await fixture();
    await send(f.id, { intent: 'generate' });
    const keep = (extra: [string, string][]) =>
      [
        ['intent', 'attributes'],
        ['attribute_ids', String(f.colour.attribute.id)],
        ...f.colour.terms.map(
          (x) => [`terms_${f.colour.attribute.id}`, String(x.id)] as [string, string],
        ),
        [`variations_${f.colour.attribute.id}`, 'yes'],
        ['attribute_ids', String(f.size.attribute.id)],
        ...f.size.terms.map(
          (x) => [`terms_${f.size.attribute.id}`, String(x.id)] as [string, string],
        ),
        [`variations_${f.size.attribute.id}`, 'yes'],
        ...extra,
      ] as [string, string][];
    const refused = await send(
      f.id,
      keep([['remove_attribute', String(f.size.attribute.id)]]),
      'de',
    );
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain('Auch die Varianten löschen');
    expect(await variationsOf(f.id)).toHaveLength(6);
    const removed = await send(
      f.id,
      keep([
        ['remove_attribute', String(f.size.attribute.id)],
        ['remove_variations', 'yes'],
      ]),
    );
    expect(removed.status).toBe(302);
    expect(await variationsOf(f.id)).toHaveLength(0);
  });

  it('saves the preselected combination and the swatch type; the product page starts with it', async () => {
    const f = await fixture();
    const res = await send(f.id, {
      intent: 'defaults',
      [`default_${f.colour.attribute.slug}`]: 'blau',
      [`default_${f.size.attribute.slug}`]: '',
    });
    expect(res.status).toBe(302);
    const row = (await db().select().from(products).where(eq(products.id, f.id)))[0]!;
    expect(row.defaultAttributes).toEqual({ [f.colour.attribute.slug]: 'blau' });
    const bad = await send(f.id, {
      intent: 'defaults',
      [`default_${f.colour.attribute.slug}`]: 'lila',
    });
    expect(bad.status).toBe(400);
    const sw = await send(f.id, {
      intent: 'swatches',
      [`swatch_type_${f.size.attribute.id}`]: 'label',
      stock_label_threshold: '3',
      clear_on_reselect: 'yes',
    });
    expect(sw.status).toBe(302);
    const [size] = await db()
      .select()
      .from(attributes)
      .where(eq(attributes.id, f.size.attribute.id));
    expect(size!.swatchType).toBe('label');
    const wrong = await send(f.id, {
      intent: 'swatches',
      [`swatch_type_${f.size.attribute.id}`]: 'neon',
      stock_label_threshold: '3',
    });
    expect(wrong.status).toBe(400);
  });

  it('answers hostile input with 4xx and a message, never a 500', async () => {
    const f = await fixture();
    await send(f.id, { intent: 'generate' });
    const [v] = await variationsOf(f.id);
    const cases: [string, string][][] = [
      [
        ['intent', 'variation'],
        ['variation_id', String(v!.id)],
        ['regular_price', TEN_KB],
      ],
      [
        ['intent', 'variation'],
        ['variation_id', String(v!.id)],
        ['regular_price', '1'],
        ['regular_price', '2'],
      ],
      [
        ['intent', 'variation'],
        ['variation_id', String(v!.id)],
        ['sku', 'a\u0000b'],
      ],
      [
        ['intent', 'variation'],
        ['variation_id', '999999999'],
      ],
      [
        ['intent', 'variation'],
        ['variation_id', String(v!.id)],
        ['image_id', '424242'],
      ],
      [
        ['intent', 'bulk'],
        ['bulk_action', 'regular_price'],
        ['price_change', 'lower'],
        ['price_unit', 'percent'],
        ['price_value', '100'],
        ['bulk_scope', 'all'],
      ],
      [
        ['intent', 'add'],
        [`choose_${f.colour.attribute.slug}`, TEN_KB],
      ],
      [
        ['intent', 'attributes'],
        ['attribute_ids', 'x'],
      ],
      [['intent', 'nothing']],
    ];
    for (const fields of cases) {
      const res = await send(f.id, fields);
      expect(res.status, JSON.stringify(fields).slice(0, 80)).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
    const noToken = await post(f.id, [['intent', 'generate']]);
    expect(noToken.status).toBe(403);
    expect(
      (
        await send(
          f.id,
          [
            ['intent', 'variation'],
            ['variation_id', String(v!.id)],
            ['gtin', 'abc'],
          ],
          'de',
        )
      ).status,
    ).toBe(400);
  });

  it('is 404 for other product types and for customers', async () => {
    const { product } = await createProduct(db(), { regularPrice: 100 });
    expect((await get(path(product.id))).status).toBe(404);
    const f = await fixture();
    const customer = await signedInCustomer(db());
    expect((await get(path(f.id), customer.cookie)).status).toBe(404);
    expect((await get(path(f.id))).status).toBe(200);
  });
});
