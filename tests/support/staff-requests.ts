import type { SignedIn } from './customers.ts';
import type { TestShop } from './shop.ts';

/**
 * A staff member's requests to a test shop's back office: pages in a language, the form token a
 * page carries, and same-origin form posts. No redirect is followed. `shop` and `manager` are
 * read when called, as they are set in the test file's beforeAll.
 */
export function staffRequests(ctx: () => { shop: TestShop; manager: SignedIn }) {
  const get = (path: string, cookie = ctx().manager.cookie, lang = 'en') =>
    fetch(ctx().shop.url + path, {
      headers: { cookie: `lang=${lang}; ${cookie}` },
      redirect: 'manual',
    });
  return {
    get,
    html: async (path: string, lang = 'en') => (await get(path, ctx().manager.cookie, lang)).text(),
    /** The form token (`security`) of the page at `path`. */
    async securityOf(path: string, cookie = ctx().manager.cookie) {
      const page = await (await get(path, cookie)).text();
      return /name="security" value="([^"]+)"/.exec(page)![1]!;
    },
    post(path: string, body: URLSearchParams, cookie = ctx().manager.cookie) {
      const { shop } = ctx();
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
    },
  };
}
