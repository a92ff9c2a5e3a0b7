// Who may do what: every actor against every back-office page and action and every REST v3
// route and method. The tables are checked against app/routes.ts, so a new route needs its row.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionNonce } from '#app/lib/session.server.ts';
import routes from '#app/routes.ts';
import { type SignedIn, signedInCustomer } from '../support/customers.ts';
import { type Data, authorizationFixtures } from '../support/authorization-fixtures.ts';
import { type TestKey, signedUrl, staffKey, webhookRows } from '../support/rest-v3.ts';
import { type TestShop, startTestShop } from '../support/shop.ts';

let shop: TestShop;

beforeAll(async () => {
  shop = await startTestShop();
});
afterAll(async () => {
  await shop?.close();
});

type RouteEntry = { path?: string; index?: boolean; children?: RouteEntry[] };

/** Every URL pattern of app/routes.ts, children joined to their parents. */
function patterns(entries: readonly RouteEntry[], prefix = ''): string[] {
  return entries.flatMap((entry) => {
    const own = entry.index ? prefix : [prefix, entry.path].filter(Boolean).join('/');
    return [`/${own}`, ...patterns(entry.children ?? [], own)];
  });
}
const ALL = [...new Set(patterns(routes as RouteEntry[]))];

/**
 * Every back-office address: who may open it (`staff`: shop managers and administrators;
 * `administrator`: administrators only), the address with real ids, what staff get, and
 * whether it takes a POST.
 */
const ADMIN_ROUTES: Record<
  string,
  { who: 'staff' | 'administrator'; get: (d: Data) => string; status?: number; post: boolean }
> = {
  '/admin': { who: 'staff', get: () => '/admin', post: false },
  '/admin/orders': { who: 'staff', get: () => '/admin/orders', post: true },
  '/admin/orders/export.csv': {
    who: 'staff',
    get: (d) => `/admin/orders/export.csv?ids=${d.order}`,
    post: false,
  },
  '/admin/orders/:id': { who: 'staff', get: (d) => `/admin/orders/${d.order}`, post: true },
  '/admin/orders/:id/packing-slip': {
    who: 'staff',
    get: (d) => `/admin/orders/${d.order}/packing-slip`,
    post: false,
  },
  '/admin/orders/packing-slips': {
    who: 'staff',
    get: (d) => `/admin/orders/packing-slips?ids=${d.order}`,
    post: false,
  },
  '/admin/orders/:id/address': {
    who: 'staff',
    get: (d) => `/admin/orders/${d.order}/address`,
    post: true,
  },
  '/admin/reviews': { who: 'staff', get: () => '/admin/reviews', post: true },
  '/admin/reviews/settings': { who: 'staff', get: () => '/admin/reviews/settings', post: true },
  '/admin/legal-pages': { who: 'staff', get: () => '/admin/legal-pages', post: false },
  '/admin/legal-pages/:slug': { who: 'staff', get: () => '/admin/legal-pages/agb', post: true },
  '/admin/forms': { who: 'staff', get: () => '/admin/forms', post: false },
  '/admin/forms/:id': { who: 'staff', get: (d) => `/admin/forms/${d.submission}`, post: false },
  '/admin/products': { who: 'staff', get: () => '/admin/products?stock=low', post: true },
  '/admin/products/export': { who: 'staff', get: () => '/admin/products/export', post: false },
  // Product import: an upload belongs to the staff member who sent it, so the matrix's staff
  // get 404 for one they do not own (the owner's steps: admin-product-import-pages.test.ts).
  '/admin/products/import': { who: 'staff', get: () => '/admin/products/import', post: true },
  '/admin/products/import/:id': {
    who: 'staff',
    get: () => '/admin/products/import/AAAAAAAAAAAAAAAAAAAAAA',
    status: 404,
    post: false,
  },
  '/admin/products/import/:id/progress': {
    who: 'staff',
    get: () => '/admin/products/import/AAAAAAAAAAAAAAAAAAAAAA/progress',
    status: 404,
    post: false,
  },
  '/admin/products/:id/variations': {
    who: 'staff',
    get: (d) => `/admin/products/${d.variable}/variations`,
    post: true,
  },
  '/admin/products/:id/stock': {
    who: 'staff',
    get: (d) => `/admin/products/${d.product}/stock`,
    post: true,
  },
  '/admin/products/export.csv': {
    who: 'staff',
    get: () => '/admin/products/export.csv?type=simple',
    post: false,
  },
  '/admin/products/:id/pictures': {
    who: 'staff',
    get: (d) => `/admin/products/${d.product}/pictures`,
    post: true,
  },
  '/admin/products/new': { who: 'staff', get: () => '/admin/products/new', post: true },
  '/admin/products/:id': { who: 'staff', get: (d) => `/admin/products/${d.product}`, post: true },
  '/admin/products/categories': {
    who: 'staff',
    get: () => '/admin/products/categories',
    post: true,
  },
  '/admin/products/tags': { who: 'staff', get: () => '/admin/products/tags', post: true },
  '/admin/products/attributes': {
    who: 'staff',
    get: () => '/admin/products/attributes',
    post: true,
  },
  '/admin/products/delivery-times': {
    who: 'staff',
    get: () => '/admin/products/delivery-times',
    post: true,
  },
  '/admin/products/deposit-types': {
    who: 'staff',
    get: () => '/admin/products/deposit-types',
    post: true,
  },
  '/admin/products/manufacturers': {
    who: 'staff',
    get: () => '/admin/products/manufacturers',
    post: true,
  },
  '/admin/products/shipping-classes': {
    who: 'staff',
    get: () => '/admin/products/shipping-classes',
    post: true,
  },
  '/admin/products/attributes/:id': {
    who: 'staff',
    get: (d) => `/admin/products/attributes/${d.attribute}`,
    post: true,
  },
  '/admin/settings': { who: 'staff', get: () => '/admin/settings', post: false },
  '/admin/settings/invoices': { who: 'staff', get: () => '/admin/settings/invoices', post: true },
  '/admin/settings/payments': { who: 'staff', get: () => '/admin/settings/payments', post: true },
  '/admin/staff': { who: 'administrator', get: () => '/admin/staff', post: true },
  '/admin/api-keys': { who: 'administrator', get: () => '/admin/api-keys', post: true },
  '/admin/customers': { who: 'staff', get: () => '/admin/customers', post: false },
  '/admin/customers/:id': {
    who: 'staff',
    get: (d) => `/admin/customers/${d.customer}`,
    post: true,
  },
  '/admin/customers/:id/erase': {
    who: 'staff',
    get: (d) => `/admin/customers/${d.customer}/erase`,
    post: true,
  },
  '/admin/customers/:id/export': {
    who: 'staff',
    get: (d) => `/admin/customers/${d.customer}/export`,
    status: 405,
    post: true,
  },
  // Coupons (issue 28).
  '/admin/coupons': { who: 'staff', get: () => '/admin/coupons', post: false },
  '/admin/coupons/new': { who: 'staff', get: () => '/admin/coupons/new', post: true },
  '/admin/coupons/:id': { who: 'staff', get: (d) => `/admin/coupons/${d.coupon}`, post: true },
  '/admin/coupons/:id/delete': {
    who: 'staff',
    get: (d) => `/admin/coupons/${d.coupon}/delete`,
    post: true,
  },
  // The form's address sends a visit on to the order page.
  '/admin/orders/:id/invoices': {
    who: 'staff',
    get: (d) => `/admin/orders/${d.order}/invoices`,
    status: 302,
    post: true,
  },
  '/admin/orders/:id/invoices/:file': {
    who: 'staff',
    get: (d) => `/admin/orders/${d.order}/invoices/${d.invoice}`,
    post: false,
  },
  ...webhookRows.ADMIN,
  // Tax settings.
  '/admin/settings/tax': { who: 'staff', get: () => '/admin/settings/tax', post: true },
  // Shop and checkout settings (issue 28).
  '/admin/settings/shop': { who: 'staff', get: () => '/admin/settings/shop', post: true },
  '/admin/settings/checkout': { who: 'staff', get: () => '/admin/settings/checkout', post: true },
  '/admin/settings/shipping': { who: 'staff', get: () => '/admin/settings/shipping', post: true },
  '/admin/settings/shipping/:id': {
    who: 'staff',
    get: () => '/admin/settings/shipping/new',
    post: true,
  },
  '/admin/settings/catalog': { who: 'staff', get: () => '/admin/settings/catalog', post: true },
  '/admin/settings/express': { who: 'staff', get: () => '/admin/settings/express', post: true },
  '/admin/settings/mails': { who: 'staff', get: () => '/admin/settings/mails', post: true },
  '/admin/settings/mails/preview.html': {
    who: 'staff',
    get: () => '/admin/settings/mails/preview.html?preview=order_confirmation&lang=de',
    post: false,
  },
  '/admin/reports': { who: 'staff', get: () => '/admin/reports', post: false },
  '/admin/reports/export.csv': {
    who: 'staff',
    get: () => '/admin/reports/export.csv?report=revenue',
    post: false,
  },
};

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const METHODS: Method[] = ['GET', 'POST', 'PUT', 'DELETE'];

/** Every REST v3 route with real ids and the methods it answers (others: rest_no_route 404). */
const REST_ROUTES: Record<string, { url: (d: Data) => string; methods: Method[] }> = {
  '/wp-json/wc/v3/orders': { url: () => 'orders', methods: ['GET'] },
  '/wp-json/wc/v3/orders/:id': { url: (d) => `orders/${d.order}`, methods: METHODS },
  '/wp-json/wc/v3/orders/:id/notes': {
    url: (d) => `orders/${d.order}/notes`,
    methods: ['GET', 'POST'],
  },
  '/wp-json/wc/v3/orders/:id/notes/:noteId': {
    url: (d) => `orders/${d.order}/notes/${d.note}`,
    methods: ['GET', 'DELETE'],
  },
  '/wp-json/wc/v3/orders/:id/refunds': {
    url: (d) => `orders/${d.order}/refunds`,
    methods: ['GET', 'POST'],
  },
  '/wp-json/wc/v3/orders/:id/refunds/:refundId': {
    url: (d) => `orders/${d.order}/refunds/${d.refund}`,
    methods: ['GET', 'DELETE'],
  },
  '/wp-json/wc/v3/products': { url: () => 'products', methods: ['GET', 'POST'] },
  '/wp-json/wc/v3/products/:id': { url: (d) => `products/${d.product}`, methods: METHODS },
  '/wp-json/wc/v3/products/batch': { url: () => 'products/batch', methods: ['POST', 'PUT'] },
  '/wp-json/wc/v3/products/:id/variations': {
    url: (d) => `products/${d.variable}/variations`,
    methods: ['GET', 'POST'],
  },
  '/wp-json/wc/v3/products/:id/variations/batch': {
    url: (d) => `products/${d.variable}/variations/batch`,
    methods: ['POST', 'PUT'],
  },
  '/wp-json/wc/v3/products/:id/variations/:variationId': {
    url: (d) => `products/${d.variable}/variations/${d.variation}`,
    methods: METHODS,
  },
  '/wp-json/wc/v3/products/categories': {
    url: () => 'products/categories',
    methods: ['GET', 'POST'],
  },
  '/wp-json/wc/v3/products/categories/batch': {
    url: () => 'products/categories/batch',
    methods: ['POST', 'PUT'],
  },
  '/wp-json/wc/v3/products/categories/:id': {
    url: (d) => `products/categories/${d.category}`,
    methods: METHODS,
  },
  '/wp-json/wc/v3/products/attributes': {
    url: () => 'products/attributes',
    methods: ['GET', 'POST'],
  },
  '/wp-json/wc/v3/products/attributes/batch': {
    url: () => 'products/attributes/batch',
    methods: ['POST', 'PUT'],
  },
  '/wp-json/wc/v3/products/attributes/:id': {
    url: (d) => `products/attributes/${d.attribute}`,
    methods: METHODS,
  },
  '/wp-json/wc/v3/products/attributes/:id/terms': {
    url: (d) => `products/attributes/${d.attribute}/terms`,
    methods: ['GET', 'POST'],
  },
  '/wp-json/wc/v3/products/attributes/:id/terms/batch': {
    url: (d) => `products/attributes/${d.attribute}/terms/batch`,
    methods: ['POST', 'PUT'],
  },
  '/wp-json/wc/v3/products/attributes/:id/terms/:termId': {
    url: (d) => `products/attributes/${d.attribute}/terms/${d.term}`,
    methods: METHODS,
  },
  '/wp-json/wc/v3/products/tags': { url: () => 'products/tags', methods: ['GET', 'POST'] },
  '/wp-json/wc/v3/products/tags/batch': {
    url: () => 'products/tags/batch',
    methods: ['POST', 'PUT'],
  },
  '/wp-json/wc/v3/products/tags/:id': { url: (d) => `products/tags/${d.tag}`, methods: METHODS },
  ...webhookRows.REST,
  // Coupons (issue 28).
  '/wp-json/wc/v3/coupons': { url: () => 'coupons', methods: ['GET', 'POST'] },
  '/wp-json/wc/v3/customers': { url: () => 'customers', methods: ['GET', 'POST'] },
  '/wp-json/wc/v3/customers/batch': { url: () => 'customers/batch', methods: ['POST', 'PUT'] },
  '/wp-json/wc/v3/customers/:id': { url: (d) => `customers/${d.customer}`, methods: METHODS },
  '/wp-json/wc/v3/coupons/batch': { url: () => 'coupons/batch', methods: ['POST', 'PUT'] },
  '/wp-json/wc/v3/coupons/:id': { url: (d) => `coupons/${d.coupon}`, methods: METHODS },
};

type Person = 'guest' | 'customer' | 'shop_manager' | 'administrator';
type KeyKind = 'read' | 'write' | 'read_write';

async function people(): Promise<Record<Exclude<Person, 'guest'>, SignedIn>> {
  const db = shop.database.db;
  return {
    customer: await signedInCustomer(db),
    shop_manager: await signedInCustomer(db, { role: 'shop_manager' }),
    administrator: await signedInCustomer(db, { role: 'administrator' }),
  };
}

async function keys(): Promise<Record<KeyKind, TestKey>> {
  return {
    read: await staffKey(shop, 'read', 'administrator'),
    write: await staffKey(shop, 'write', 'administrator'),
    read_write: await staffKey(shop, 'read_write', 'administrator'),
  };
}

const nonceOf = (who: SignedIn) => sessionNonce({ idHash: who.idHash } as never, shop.env);

describe('the tables', () => {
  it('have a row for every back-office and REST v3 route of app/routes.ts', () => {
    const admin = ALL.filter((p) => p === '/admin' || p.startsWith('/admin/'));
    expect(admin.sort()).toEqual(Object.keys(ADMIN_ROUTES).sort());
    const rest = ALL.filter((p) => p.startsWith('/wp-json/wc/v3/') && !p.endsWith('*'));
    expect(rest.sort()).toEqual(Object.keys(REST_ROUTES).sort());
  });
});

describe('back office', () => {
  const allowed = (who: 'staff' | 'administrator', person: Person) =>
    person === 'administrator' || (who === 'staff' && person === 'shop_manager');

  // Hundreds of requests, one after another: more time than one test usually needs.
  it(
    'shows every page to those it is for and the 404 page to everyone else, keys included',
    { timeout: 180_000 },
    async () => {
      const everyone = await people();
      const apiKeys = await keys();
      const data = await authorizationFixtures(shop, apiKeys.read_write);
      for (const [pattern, row] of Object.entries(ADMIN_ROUTES)) {
        const path = row.get(data);
        for (const person of ['guest', 'customer', 'shop_manager', 'administrator'] as const) {
          const cookie = person === 'guest' ? '' : everyone[person].cookie;
          const res = await fetch(shop.url + path, { headers: { cookie }, redirect: 'manual' });
          const body = await res.text();
          const label = `${person} GET ${pattern}`;
          if (allowed(row.who, person)) {
            expect(res.status, label).toBe(row.status ?? 200);
          } else {
            expect(res.status, label).toBe(404);
            expect(body, label).not.toContain('admin-nav');
          }
        }
        for (const [kind, key] of Object.entries(apiKeys)) {
          const res = await fetch(signedUrl(shop.url + path, 'GET', key), { redirect: 'manual' });
          expect(res.status, `key ${kind} GET ${pattern}`).toBe(404);
        }
      }
    },
  );

  // Hundreds of requests, one after another: more time than one test usually needs.
  it(
    'takes posts (with a valid nonce) from those a page is for only; others get 404',
    { timeout: 180_000 },
    async () => {
      const everyone = await people();
      const data = await authorizationFixtures(shop, await staffKey(shop, 'read_write'));
      for (const [pattern, row] of Object.entries(ADMIN_ROUTES)) {
        const path = row.get(data);
        for (const person of ['guest', 'customer', 'shop_manager', 'administrator'] as const) {
          const signedIn = person === 'guest' ? null : everyone[person];
          const res = await fetch(shop.url + path, {
            method: 'POST',
            headers: {
              cookie: signedIn?.cookie ?? '',
              origin: shop.url,
              'content-type': 'application/x-www-form-urlencoded',
            },
            // A valid nonce and no action: the handlers refuse it without changing anything.
            body: new URLSearchParams({
              security: signedIn ? nonceOf(signedIn) : '',
              intent: 'matrix',
            }).toString(),
            redirect: 'manual',
          });
          const label = `${person} POST ${pattern}`;
          expect(res.status, label).toBeLessThan(500);
          if (!row.post) {
            expect([404, 405], label).toContain(res.status);
          } else if (allowed(row.who, person)) {
            expect(res.status, label).not.toBe(404);
          } else {
            expect(res.status, label).toBe(404);
            expect(await res.text(), label).not.toContain('admin-nav');
          }
        }
      }
    },
  );
});

describe('REST API v3', () => {
  // Hundreds of requests, one after another: more time than one test usually needs.
  it(
    'answers every route and method per credential: 401 without, 403 without the right',
    { timeout: 180_000 },
    async () => {
      const everyone = await people();
      const apiKeys = await keys();
      for (const [pattern, row] of Object.entries(REST_ROUTES)) {
        // Fresh data per route: a DELETE before must not take the next route's object.
        const data = await authorizationFixtures(shop, apiKeys.read_write);
        for (const method of METHODS) {
          const url = `${shop.url}/wp-json/wc/v3/${row.url(data)}`;
          const send = (target: string, headers: Record<string, string> = {}) =>
            fetch(target, {
              method,
              headers: {
                ...(method === 'GET' ? {} : { 'content-type': 'application/json' }),
                ...headers,
              },
              body: method === 'GET' ? undefined : '{}',
            });
          const answers: [string, Response][] = [['guest', await send(url)]];
          for (const person of ['customer', 'shop_manager', 'administrator'] as const) {
            answers.push([
              person,
              await send(url, {
                cookie: everyone[person].cookie,
                'x-wp-nonce': nonceOf(everyone[person]),
              }),
            ]);
          }
          for (const [kind, key] of Object.entries(apiKeys)) {
            answers.push([`key ${kind}`, await send(signedUrl(url, method, key))]);
          }
          for (const [who, res] of answers) {
            const label = `${who} ${method} ${pattern}`;
            expect(res.status, label).toBeLessThan(500);
            if (!row.methods.includes(method)) {
              expect(res.status, label).toBe(404);
              continue;
            }
            const writing = method !== 'GET';
            const expected =
              who === 'guest'
                ? 401
                : who === 'customer' || webhookRows.refuses(who, pattern)
                  ? 403
                  : (who === 'key read' && writing) || (who === 'key write' && !writing)
                    ? 403
                    : 'allowed';
            if (expected === 'allowed') {
              expect([401, 403], label).not.toContain(res.status);
            } else {
              expect(res.status, label).toBe(expected);
            }
          }
        }
      }
    },
  );
});
