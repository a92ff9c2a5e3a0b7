import { categoryTree, findCategory, getProduct } from '#app/domain/catalog/catalog.server.ts';
import { listProducts } from '#app/domain/search/listing.server.ts';
import { resolveAttributeFilters } from '#app/domain/catalog/listing.server.ts';
import type { CategoryNode } from '#app/domain/catalog/catalog.view.ts';
import { domainError } from '#app/domain/kernel/result.ts';
import { invalidProduct } from '#app/domain/cart/cart.errors.ts';
import { defineEndpoint } from '../endpoint.server.ts';
import { json } from '../response.ts';
import { STORE_API_CODES } from './codes.ts';
import { productFacts } from '#app/domain/catalog/product-facts.server.ts';
import { productJson, variationJson } from './product-json.server.ts';
import { productExtras, variationExtras } from './extras.server.ts';
import { parseProductsQuery } from './products-query.ts';

function categorySlugById(tree: CategoryNode[], id: number): string | null {
  for (const node of tree) {
    if (node.id === id) return node.slug;
    const inner = categorySlugById(node.children, id);
    if (inner) return inner;
  }
  return null;
}

const invalid = (param: string) =>
  ({ ok: false, error: domainError('invalid', 'error.invalid_param', { param }) }) as const;

/**
 * GET with WooCommerce's Store API query (paging, sort, search, category, price in minor
 * units, stock, sale, attribute terms): published products with WordPress's paging headers.
 * Unknown categories, attributes and terms are refused like malformed values.
 */
export const listProductsEndpoint = defineEndpoint({
  methods: ['GET'],
  codes: STORE_API_CODES,
  handle: async ({ db, locale, currency, env, url }) => {
    const parsed = parseProductsQuery(url.searchParams);
    if (!parsed.ok) return invalid(parsed.param);
    const q = parsed.value;
    let categorySlug: string | undefined;
    if (q.category) {
      const tree = await categoryTree(db, locale);
      const slug =
        'id' in q.category
          ? categorySlugById(tree, q.category.id)
          : findCategory(tree, q.category.slug)
            ? q.category.slug
            : null;
      if (slug === null) return invalid('category');
      categorySlug = slug;
    }
    if (q.filters.attributes) {
      const { unknown } = await resolveAttributeFilters(db, q.filters.attributes);
      if (unknown.length) return invalid('attributes');
    }
    const listing = await listProducts(db, {
      locale,
      page: q.page,
      perPage: q.perPage,
      categorySlug,
      search: q.search,
      sort: q.sort,
      filters: q.filters,
    });
    const ctx = { currency, locale, shopUrl: env.SHOP_URL };
    const items = listing?.items ?? [];
    const extras = await productExtras(db, items, locale);
    return json(
      items.map((p) => productJson(p, ctx, extras)),
      {
        headers: {
          'X-WP-Total': String(listing?.total ?? 0),
          'X-WP-TotalPages': String(listing?.pages ?? 0),
        },
      },
    );
  },
});

/** GET: one published product by id. */
export const getProductEndpoint = defineEndpoint({
  methods: ['GET'],
  codes: STORE_API_CODES,
  handle: async ({ db, locale, currency, env, args }) => {
    const raw = args.params.id ?? '';
    const id = /^\d{1,9}$/.test(raw) ? Number(raw) : null;
    if (id === null) return { ok: false, error: invalidProduct };
    const ctx = { currency, locale, shopUrl: env.SHOP_URL };
    const product = await getProduct(db, { id }, locale);
    if (product) {
      return {
        ok: true,
        value: productJson(product, ctx, await productExtras(db, [product], locale)),
      };
    }
    // A variation answers too, as WooCommerce's does: when it and its product are published.
    const parentId = (await productFacts(db, [id], locale)).get(id)?.parentId ?? null;
    const parent = parentId === null ? null : await getProduct(db, { id: parentId }, locale);
    const variation = parent?.variations.find((v) => v.id === id);
    if (!parent || !variation) return { ok: false, error: invalidProduct };
    const extras = await variationExtras(db, parent, variation, locale);
    return { ok: true, value: variationJson(parent, variation, ctx, extras) };
  },
});

/** Any other path under the Store API. */
export const noRoute = defineEndpoint({
  methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
  codes: STORE_API_CODES,
  handle: async () => ({ ok: false, error: domainError('not_found', 'error.not_found_title') }),
});
