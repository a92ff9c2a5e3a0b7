import type { Route } from './+types/store-products';
import { listProducts } from '#app/domain/catalog/catalog.server.ts';
import { shop } from '#app/lib/request.server.ts';
import { apiError, json, methodNotAllowed } from '#app/lib/store-api.server.ts';
import { productJson } from '#app/lib/store-serializers.server.ts';

const MAX_PER_PAGE = 100;

function intParam(url: URL, name: string, fallback: number, max: number): number | null {
  const raw = url.searchParams.get(name);
  if (raw === null || raw === '') return fallback;
  if (!/^\d{1,9}$/.test(raw)) return null;
  const n = Number(raw);
  return n >= 1 && n <= max ? n : null;
}

export async function loader(args: Route.LoaderArgs) {
  const { db, locale, currency, env, t } = shop(args);
  const url = new URL(args.request.url);
  const page = intParam(url, 'page', 1, 100_000);
  const perPage = intParam(url, 'per_page', 10, MAX_PER_PAGE);
  if (page === null || perPage === null) {
    const param = page === null ? 'page' : 'per_page';
    return apiError(
      {
        code: 'rest_invalid_param',
        status: 400,
        message: 'error.invalid_param',
        params: { param },
      },
      t,
    );
  }
  const category = url.searchParams.get('category') ?? undefined;
  const search = url.searchParams.get('search')?.slice(0, 100) || undefined;
  const listing = await listProducts(db, { locale, page, perPage, categorySlug: category, search });
  const ctx = { currency, locale, shopUrl: env.SHOP_URL };
  return json(listing?.items.map((p) => productJson(p, ctx)) ?? [], {
    headers: {
      'X-WP-Total': String(listing?.total ?? 0),
      'X-WP-TotalPages': String(listing?.pages ?? 0),
    },
  });
}

export async function action(args: Route.ActionArgs) {
  return methodNotAllowed(shop(args).t, 'GET');
}
