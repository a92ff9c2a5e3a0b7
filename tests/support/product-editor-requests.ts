// The product editor's no-JS form as the API tests post it: a shop with a shop manager, the
// form's nonce, and readers of the saved product.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { products } from '#app/domain/catalog/catalog.schema.ts';
import { sessionNonce } from '#app/lib/session.server.ts';
import { type SignedIn, signedInCustomer } from './customers.ts';
import { type TestShop, startTestShop } from './shop.ts';

export let shop: TestShop;
export let manager: SignedIn;

/** One shop for the file and a shop manager signed in to it. */
export function withEditorShop() {
  beforeAll(async () => {
    shop = await startTestShop();
    manager = await signedInCustomer(shop.database.db, { role: 'shop_manager' });
  }, 120_000);
  afterAll(async () => {
    await shop?.close();
  });
}

export const db = () => shop.database.db;
export const tag = () => `t${randomBytes(4).toString('hex')}`;
export const nonceOf = (who: SignedIn) => sessionNonce({ idHash: who.idHash } as never, shop.env);

export const get = (path: string, cookie = manager.cookie, lang = 'de') =>
  fetch(shop.url + path, { headers: { cookie: `lang=${lang}; ${cookie}` }, redirect: 'manual' });

export function post(
  path: string,
  body: URLSearchParams | string,
  { who = manager, lang = 'de' }: { who?: SignedIn | null; lang?: string } = {},
) {
  return fetch(shop.url + path, {
    method: 'POST',
    headers: {
      cookie: `lang=${lang}; ${who?.cookie ?? ''}`,
      origin: shop.url,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: typeof body === 'string' ? body : body.toString(),
    redirect: 'manual',
  });
}

/** A form as the page sends it: the nonce, and the given fields. */
export function form(fields: Record<string, string | string[]>, who = manager) {
  const body = new URLSearchParams({ security: nonceOf(who) });
  for (const [name, value] of Object.entries(fields)) {
    for (const v of Array.isArray(value) ? value : [value]) body.append(name, v);
  }
  return body;
}

export const row = async (id: number) =>
  (await db().select().from(products).where(eq(products.id, id)))[0]!;

/** Creates a product through the form; its id from the redirect. */
export async function createThroughForm(fields: Record<string, string | string[]>) {
  const res = await post('/admin/products/new', form(fields));
  expect(res.status).toBe(302);
  const to = res.headers.get('location')!;
  expect(to).toMatch(/^\/admin\/products\/\d+\?saved=1$/);
  return Number(/(\d+)/.exec(to)![1]);
}

/** The values the page shows in its form now, as the page would post them back. */
export async function pageForm(id: number): Promise<{ version: string }> {
  const page = await (await get(`/admin/products/${id}`)).text();
  const version = /name="version" value="([^"]*)"/.exec(page)?.[1] ?? '';
  return { version: version.replaceAll('&amp;', '&') };
}

export const storeProduct = async (id: number, lang = 'de') =>
  (await get(`/wc/store/v1/products/${id}`, '', lang)).json() as Promise<Record<string, any>>;
