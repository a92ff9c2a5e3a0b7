import { getProduct, listProducts } from '#app/domain/catalog/catalog.server.ts';
import { domainError } from '#app/domain/kernel/result.ts';
import { invalidProduct } from '#app/domain/cart/cart.errors.ts';
import { defineEndpoint } from '../endpoint.server.ts';
import { json } from '../response.ts';
import { STORE_API_CODES } from './codes.ts';
import { productJson } from './serializers.server.ts';

const MAX_PER_PAGE = 100;

function intParam(url: URL, name: string, fallback: number, max: number): number | null {
  const raw = url.searchParams.get(name);
  if (raw === null || raw === '') return fallback;
  if (!/^\d{1,9}$/.test(raw)) return null;
  const n = Number(raw);
  return n >= 1 && n <= max ? n : null;
}

/** GET page, per_page, category, search: published products with WordPress's paging headers. */
export const listProductsEndpoint = defineEndpoint({
  methods: ['GET'],
  codes: STORE_API_CODES,
  handle: async ({ db, locale, currency, env, url }) => {
    const page = intParam(url, 'page', 1, 100_000);
    const perPage = intParam(url, 'per_page', 10, MAX_PER_PAGE);
    if (page === null || perPage === null) {
      const param = page === null ? 'page' : 'per_page';
      return { ok: false, error: domainError('invalid', 'error.invalid_param', { param }) };
    }
    const category = url.searchParams.get('category') ?? undefined;
    const search = url.searchParams.get('search')?.slice(0, 100) || undefined;
    const listing = await listProducts(db, {
      locale,
      page,
      perPage,
      categorySlug: category,
      search,
    });
    const ctx = { currency, locale, shopUrl: env.SHOP_URL };
    return json(listing?.items.map((p) => productJson(p, ctx)) ?? [], {
      headers: {
        'X-WP-Total': String(listing?.total ?? 0),
        'X-WP-TotalPages': String(listing?.pages ?? 0),
      },
    });
  },
});

/** GET: one published product by id. */
export const getProductEndpoint = defineEndpoint({
  methods: ['GET'],
  codes: STORE_API_CODES,
  handle: async ({ db, locale, currency, env, args }) => {
    const raw = args.params.id ?? '';
    const id = /^\d{1,9}$/.test(raw) ? Number(raw) : null;
    const product = id === null ? null : await getProduct(db, { id }, locale);
    if (!product) return { ok: false, error: invalidProduct };
    return { ok: true, value: productJson(product, { currency, locale, shopUrl: env.SHOP_URL }) };
  },
});

/** Any other path under the Store API. */
export const noRoute = defineEndpoint({
  methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
  codes: STORE_API_CODES,
  handle: async () => ({ ok: false, error: domainError('not_found', 'error.not_found_title') }),
});
