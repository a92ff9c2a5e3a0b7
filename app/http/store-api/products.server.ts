import { categoryTree, findCategory, getProduct } from '#app/domain/catalog/catalog.server.ts';
import { listProducts } from '#app/domain/search/listing.server.ts';
import {
  catalogVersionCache,
  resolveAttributeFilters,
} from '#app/domain/catalog/listing.server.ts';
import type { CategoryNode } from '#app/domain/catalog/catalog.view.ts';
import { domainError } from '#app/domain/kernel/result.ts';
import { invalidProduct } from '#app/domain/cart/cart.errors.ts';
import { defineEndpoint } from '../endpoint.server.ts';
import { jsonText } from '../response.ts';
import { STORE_API_CODES } from './codes.ts';
import { productFacts } from '#app/domain/catalog/product-facts.server.ts';
import { productJson, variationJson } from './product-json.server.ts';
import { productExtras, variationExtras } from './extras.server.ts';
import { parseProductsQuery } from './products-query.ts';
import type { Tx } from '#app/domain/kernel/tx.ts';
import type { Locale } from '#app/lib/locale.ts';

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
 * Answers kept per catalog version and for at most 5 s, serialized: headless shops ask for the
 * same few pages over and over. Prices, stock and pictures move no catalog version and show
 * within those seconds, as on the pages of the render cache (decision 40).
 */
const LIST_SECONDS = 5;
const keptLists = catalogVersionCache(200, LIST_SECONDS * 1000);

type ListAnswer =
  { ok: false; param: string } | { ok: true; body: string; total: number; pages: number };

/**
 * GET with WooCommerce's Store API query (paging, sort, search, category, price in minor
 * units, stock, sale, attribute terms): published products with WordPress's paging headers.
 * Unknown categories, attributes and terms are refused like malformed values.
 */
export const listProductsEndpoint = defineEndpoint({
  methods: ['GET'],
  codes: STORE_API_CODES,
  handle: async ({ db, locale, currency, env, url }) => {
    const key = JSON.stringify([url.search, locale, currency, env.SHOP_URL]);
    const answer = await keptLists(db, key, () =>
      listAnswer(db, url.searchParams, { currency, locale, shopUrl: env.SHOP_URL }),
    );
    if (!answer.ok) return invalid(answer.param);
    return jsonText(answer.body, {
      headers: {
        'X-WP-Total': String(answer.total),
        'X-WP-TotalPages': String(answer.pages),
      },
    });
  },
});

async function listAnswer(
  db: Tx,
  params: URLSearchParams,
  ctx: { currency: string; locale: Locale; shopUrl: string },
): Promise<ListAnswer> {
  const { locale } = ctx;
  const parsed = parseProductsQuery(params);
  if (!parsed.ok) return { ok: false, param: parsed.param };
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
    if (slug === null) return { ok: false, param: 'category' };
    categorySlug = slug;
  }
  if (q.filters.attributes) {
    const { unknown } = await resolveAttributeFilters(db, q.filters.attributes);
    if (unknown.length) return { ok: false, param: 'attributes' };
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
  const items = listing?.items ?? [];
  const extras = await productExtras(db, items, locale);
  return {
    ok: true,
    body: JSON.stringify(items.map((p) => productJson(p, ctx, extras))),
    total: listing?.total ?? 0,
    pages: listing?.pages ?? 0,
  };
}

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
