// The back office's coupons: list, editor, delete, and a change reaching the cart at once.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '#app/domain/audit/audit.schema.ts';
import { berlinDay } from '#app/domain/catalog/product-editor.rules.ts';
import { coupons } from '#app/domain/coupons/coupons.schema.ts';
import { orders } from '#app/domain/orders/orders.schema.ts';
import { createCategory, createCoupon, createOrder, createProduct } from '#db/seed/factories.ts';
import { type SignedIn, signedInCustomer } from '../support/customers.ts';
import { TEN_KB } from '../support/hostile.ts';
import { type TestShop, startTestShop } from '../support/shop.ts';
import { StoreClient } from '../support/store-client.ts';

let shop: TestShop;
let manager: SignedIn;
let candle: number;
let tea: number;
let teaCategory: number;
let serial = 0;
const unique = (prefix: string) =>
  `${prefix}${Date.now().toString(36)}${(++serial).toString(36)}`.toUpperCase();
const db = () => shop.database.db;

beforeAll(async () => {
  shop = await startTestShop();
  manager = await signedInCustomer(db(), { role: 'shop_manager' });
  const category = await createCategory(db(), { name: { de: 'Tee', en: 'Tea' } });
  teaCategory = category.id;
  candle = (await createProduct(db(), { name: { de: 'Kerze', en: 'Candle' }, regularPrice: 4000 }))
    .product.id;
  tea = (
    await createProduct(db(), {
      name: { de: 'Grüntee', en: 'Green tea' },
      regularPrice: 500,
      categoryIds: [teaCategory],
    })
  ).product.id;
});
afterAll(async () => {
  await shop?.close();
});

const get = (path: string, cookie = manager.cookie, lang = 'en') =>
  fetch(shop.url + path, { headers: { cookie: `lang=${lang}; ${cookie}` }, redirect: 'manual' });

function post(path: string, body: URLSearchParams, lang = 'en', cookie = manager.cookie) {
  return fetch(shop.url + path, {
    method: 'POST',
    headers: {
      cookie: `lang=${lang}; ${cookie}`,
      origin: shop.url,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body,
    redirect: 'manual',
  });
}

async function securityOf(path: string) {
  const html = await (await get(path)).text();
  return /name="security" value="([^"]+)"/.exec(html)![1]!;
}

/** A full editor form: every field, as the browser sends it. */
function form(security: string, fields: Record<string, string | string[]> = {}) {
  const base: Record<string, string | string[]> = {
    security,
    code: unique('FORM'),
    description: '',
    discount_type: 'percent',
    coupon_amount: '10',
    expiry_date: '',
    minimum_amount: '',
    maximum_amount: '',
    product_ids: '',
    exclude_product_ids: '',
    usage_limit: '',
    usage_limit_per_user: '',
    customer_email: '',
    limit_usage_to_x_items: '',
    ...fields,
  };
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(base)) {
    for (const v of Array.isArray(value) ? value : [value]) body.append(name, v);
  }
  return body;
}

const byCode = async (code: string) =>
  (
    await db()
      .select()
      .from(coupons)
      .where(sql`lower(${coupons.code}) = lower(${code})`)
  )[0];

describe('the coupon list', () => {
  it('searches by code, filters by type and state, sorts, and pages by keyset', async () => {
    const prefix = unique('LIST');
    for (let i = 0; i < 27; i++) {
      await createCoupon(db(), {
        code: `${prefix}-${String(i).padStart(2, '0')}`,
        kind: i % 3 === 0 ? 'fixed_cart' : 'percent',
        amount: 500,
        usageLimit: i === 1 ? 10 : null,
        usageCount: i === 1 ? 3 : 0,
        expiresAt: i === 2 ? new Date(Date.now() - 60_000) : null,
      });
    }
    const html = await (
      await get(`/admin/coupons?q=${prefix.toLowerCase()}&sort=code&dir=asc`)
    ).text();
    expect(html).toContain(`${prefix}-00`);
    expect(html).toContain(`${prefix}-24`);
    expect(html).not.toContain(`${prefix}-25`);
    expect(html).toContain('3 of 10');
    expect(html).toContain('href="/admin/coupons"');
    const anchor = /<a[^>]*rel="next"[^>]*>/.exec(html)![0];
    const next = /href="([^"]+)"/.exec(anchor)![1]!.replace(/&amp;/g, '&');
    const second = await (await get(next)).text();
    expect(second).toContain(`${prefix}-25`);
    expect(second).toContain(`${prefix}-26`);
    expect(second).not.toContain(`${prefix}-24<`);
    expect(second).toMatch(/rel="prev"/);

    const fixed = await (await get(`/admin/coupons?q=${prefix}&type=fixed_cart`)).text();
    expect(fixed).toContain(`${prefix}-03`);
    expect(fixed).not.toContain(`${prefix}-01<`);
    const expired = await (await get(`/admin/coupons?q=${prefix}&status=expired`)).text();
    expect(expired).toContain(`${prefix}-02`);
    expect(expired).not.toContain(`${prefix}-01<`);
    const active = await (await get(`/admin/coupons?q=${prefix}&status=active&sort=code`)).text();
    expect(active).not.toContain(`${prefix}-02<`);

    // A stale or odd query is read as the defaults; a NUL byte is the shop's usual 400.
    const odd = await get(`/admin/coupons?q=${'x'.repeat(5000)}&sort=nope&type=x&after=abc&q=y`);
    expect(odd.status).toBe(200);
    expect((await get('/admin/coupons?q=%00')).status).toBe(400);
  });

  it('is in the navigation in both languages', async () => {
    expect(await (await get('/admin/coupons', manager.cookie, 'de')).text()).toContain(
      'Gutscheine',
    );
    expect(await (await get('/admin')).text()).toMatch(/href="\/admin\/coupons"[^>]*>Coupons/);
  });
});

describe('the coupon editor', () => {
  it('creates a coupon with every rule, logs it, and shows it again', async () => {
    const security = await securityOf('/admin/coupons/new');
    const code = unique('Sommer');
    const res = await post(
      '/admin/coupons/new',
      form(security, {
        code: ` <b>${code}</b> `,
        description: 'Sommerfest',
        discount_type: 'percent',
        coupon_amount: '12,5',
        free_shipping: 'yes',
        expiry_date: '2031-06-30',
        minimum_amount: '50',
        maximum_amount: '1.000,00',
        product_ids: `${candle}, ${tea}`,
        exclude_product_ids: '',
        product_categories: [String(teaCategory)],
        usage_limit: '100',
        usage_limit_per_user: '2',
        individual_use: 'yes',
        exclude_sale_items: 'yes',
        customer_email: 'Einkauf@Firma.example;\n*@team.example',
        limit_usage_to_x_items: '3',
      }),
    );
    expect(res.status).toBe(302);
    const row = (await byCode(code))!;
    expect(res.headers.get('location')).toBe(`/admin/coupons/${row.id}?done=created`);
    expect(row).toMatchObject({
      code,
      description: 'Sommerfest',
      kind: 'percent',
      amount: 1250,
      freeShipping: true,
      minimumSpend: 5000,
      maximumSpend: 100_000,
      productIds: [candle, tea],
      categoryIds: [teaCategory],
      usageLimit: 100,
      usageLimitPerCustomer: 2,
      individualUse: true,
      excludeSaleItems: true,
      allowedEmails: ['einkauf@firma.example', '*@team.example'],
      itemLimit: 3,
    });
    // The whole last day counts, German time.
    expect(row.expiresAt!.toISOString()).toBe(berlinDay('2031-07-01')!.toISOString());
    const [logged] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'coupon'), eq(auditLog.entityId, String(row.id))));
    expect(logged).toMatchObject({
      action: 'created',
      channel: 'admin',
      actorId: manager.customer.id,
    });

    const page = await (await get(`/admin/coupons/${row.id}?done=created`)).text();
    expect(page).toContain('The coupon was created.');
    expect(page).toContain(`value="${code}"`);
    expect(page).toContain('value="12,5"');
    expect(page).toContain('value="2031-06-30"');
    expect(page).toContain('value="1000,00"');
    expect(page).toContain('value="einkauf@firma.example, *@team.example"');
  });

  it('refuses hostile input with a message at the field and in the summary, saving nothing', async () => {
    const security = await securityOf('/admin/coupons/new');
    const taken = await createCoupon(db(), { code: unique('TAKEN') });
    const cases: [string, Record<string, string | string[]>, string, number][] = [
      ['10 kB code', { code: TEN_KB }, 'coupon-code', 400],
      ['empty code', { code: '  ' }, 'coupon-code', 400],
      ['negative amount', { coupon_amount: '-5' }, 'coupon-coupon-amount', 400],
      ['letters as amount', { coupon_amount: 'abc' }, 'coupon-coupon-amount', 400],
      [
        'three decimals',
        { coupon_amount: '1,234', discount_type: 'fixed_cart' },
        'coupon-coupon-amount',
        400,
      ],
      ['percent over 100', { coupon_amount: '150' }, 'coupon-coupon-amount', 400],
      ['letters as spend', { minimum_amount: 'viel' }, 'coupon-minimum-amount', 400],
      [
        'minimum over maximum',
        { minimum_amount: '50', maximum_amount: '10' },
        'coupon-maximum-amount',
        400,
      ],
      ['unknown product', { product_ids: '2147483647' }, 'coupon-product-ids', 400],
      ['product list of words', { product_ids: 'Kerze' }, 'coupon-product-ids', 400],
      [
        'unknown category',
        { product_categories: ['2147483646'] },
        'coupon-product-categories',
        400,
      ],
      ['30 February', { expiry_date: '2027-02-30' }, 'coupon-expiry-date', 400],
      ['limit zero', { usage_limit: '0' }, 'coupon-usage-limit', 400],
      ['fractional limit', { usage_limit_per_user: '1.5' }, 'coupon-usage-limit-per-user', 400],
      ['a field sent twice', { coupon_amount: ['5', '6'] }, 'coupon-coupon-amount', 400],
      ['no e-mail', { customer_email: 'kim at example' }, 'coupon-customer-email', 400],
      [
        'e-mails sent twice',
        { customer_email: ['a@b.de', 'c@d.de'] },
        'coupon-customer-email',
        400,
      ],
      ['no items', { limit_usage_to_x_items: '0' }, 'coupon-limit-usage-to-x-items', 400],
      ['unknown type', { discount_type: 'gift' }, 'coupon-discount-type', 400],
      ['duplicate code in another case', { code: taken.code.toLowerCase() }, 'coupon-code', 409],
    ];
    const before = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(coupons);
    for (const [label, fields, field, status] of cases) {
      const res = await post('/admin/coupons/new', form(security, fields));
      expect(res.status, label).toBe(status);
      const html = await res.text();
      expect(html, label).toContain(`href="#${field}"`);
      expect(html, label).toMatch(
        new RegExp(`id="${field}"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*id="${field}"`),
      );
    }
    const nul = await post('/admin/coupons/new', form(security, { code: 'A\u0000B' }));
    expect(nul.status).toBe(400);
    const after = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(coupons);
    expect(after[0]!.n).toBe(before[0]!.n);

    // The messages in German for a German page.
    const de = await post('/admin/coupons/new', form(security, { coupon_amount: '150' }), 'de');
    expect(await de.text()).toContain('Ein prozentualer Rabatt darf höchstens 100 % betragen.');
  });

  it('refuses a forged form token and other people', async () => {
    const res = await post('/admin/coupons/new', form('forged', { code: unique('FORGED') }));
    expect(res.status).toBe(403);
    const shopper = await signedInCustomer(db());
    const security = await securityOf('/admin/coupons/new');
    const other = await post('/admin/coupons/new', form(security), 'en', shopper.cookie);
    expect(other.status).toBe(404);
    const guest = await post('/admin/coupons/new', form(security), 'en', '');
    expect(guest.status).toBe(404);
    expect((await get('/admin/coupons/abc')).status).toBe(404);
    expect((await get('/admin/coupons/99999999')).status).toBe(404);
  });

  it('lists the orders that used the coupon, linked to them', async () => {
    const coupon = await createCoupon(db(), { code: unique('USED'), usageCount: 1 });
    const order = await createOrder(db(), { productIds: [candle], status: 'processing' });
    await db()
      .update(orders)
      .set({
        couponLines: [
          {
            couponId: coupon.id,
            code: coupon.code,
            discount: 400,
            discountTax: 64,
            freeShipping: false,
          },
        ],
      })
      .where(eq(orders.id, order.id));
    const html = await (await get(`/admin/coupons/${coupon.id}`)).text();
    expect(html).toContain(`href="/admin/orders/${order.id}"`);
    expect(html).toContain('Used 1 times.');
    expect(html).toContain('4.00');
  });

  it('deletes after a confirmation, logged; orders keep their coupon lines', async () => {
    const coupon = await createCoupon(db(), { code: unique('WEG') });
    const path = `/admin/coupons/${coupon.id}/delete`;
    const confirm = await get(path);
    expect(confirm.status).toBe(200);
    const security = /name="security" value="([^"]+)"/.exec(await confirm.text())![1]!;
    const unticked = await post(path, new URLSearchParams({ security }));
    expect(unticked.status).toBe(400);
    expect(await byCode(coupon.code)).toBeDefined();
    const forged = await post(path, new URLSearchParams({ security: 'x', confirm: 'yes' }));
    expect(forged.status).toBe(403);
    const done = await post(path, new URLSearchParams({ security, confirm: 'yes' }));
    expect(done.status).toBe(302);
    expect(done.headers.get('location')).toBe('/admin/coupons?done=deleted');
    expect(await byCode(coupon.code)).toBeUndefined();
    const [logged] = await db()
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entity, 'coupon'),
          eq(auditLog.entityId, String(coupon.id)),
          eq(auditLog.action, 'deleted'),
        ),
      );
    expect(logged).toBeDefined();
    expect((await get(path)).status).toBe(404);
  });
});

describe('a change in the back office', () => {
  it('reaches the cart at once: create, apply, change the amount, see the new discount', async () => {
    const code = unique('SOFORT');
    const security = await securityOf('/admin/coupons/new');
    const created = await post(
      '/admin/coupons/new',
      form(security, {
        code,
        discount_type: 'fixed_cart',
        coupon_amount: '5',
        minimum_amount: '30',
      }),
    );
    expect(created.status).toBe(302);
    const path = created.headers.get('location')!.split('?')[0]!;

    const client = await StoreClient.start(shop.url);
    expect((await client.post('/cart/add-item', { id: candle, quantity: 1 })).status).toBe(201);
    const applied = await client.raw(
      '/cart/apply-coupon',
      JSON.stringify({ code: code.toLowerCase() }),
      {
        'content-type': 'application/json',
      },
    );
    expect(applied.status).toBe(200);
    const discount = async () => {
      const cart = (await client.cart()) as {
        coupons: { code: string; totals: Record<string, string> }[];
      };
      const c = cart.coupons.find((x) => x.code === code)!;
      return Number(c.totals.total_discount) + Number(c.totals.total_discount_tax);
    };
    expect(await discount()).toBe(500);

    const edit = await securityOf(path);
    const saved = await post(
      path,
      form(edit, {
        code,
        discount_type: 'fixed_cart',
        coupon_amount: '7,50',
        minimum_amount: '30',
      }),
    );
    expect(saved.status).toBe(302);
    expect(await discount()).toBe(750);

    // A minimum spend above the cart: the cart drops the coupon with its reason.
    const raised = await post(
      path,
      form(await securityOf(path), {
        code,
        discount_type: 'fixed_cart',
        coupon_amount: '7,50',
        minimum_amount: '100',
      }),
    );
    expect(raised.status).toBe(302);
    const cart = (await client.cart()) as { coupons: { code: string }[] };
    expect(cart.coupons.map((c) => c.code)).not.toContain(code);
  });
});
