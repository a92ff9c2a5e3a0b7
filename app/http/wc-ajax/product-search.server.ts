import { z } from 'zod';
import { formatMoney } from '#app/domain/pricing/money.ts';
import { imageUrl } from '#app/domain/media/media.ts';
import type { ProductSummary } from '#app/domain/catalog/catalog.view.ts';
import type { SearchSuggestion, SearchSuggestions } from '#app/domain/search/search.view.ts';
import { suggestProducts } from '#app/domain/search/suggestions.server.ts';
import type { Translate } from '#app/lib/i18n.ts';
import type { Locale } from '#app/lib/locale.ts';
import { defineEndpoint } from '../endpoint.server.ts';
import { FORMS_API_CODES } from '../forms-api/codes.ts';

const input = z.object({
  // A GTIN sent as a JSON number is still a search; lists and objects are refused.
  query: z.union([z.string(), z.number().transform(String)]).optional(),
  product_cat: z.string().optional(),
});

type Formatting = { t: Translate; locale: Locale; currency: string; shopUrl: string };

/** The price a product card shows: the active price, "from" the lowest for a price range. */
function priceText(product: ProductSummary, f: Formatting): string {
  const { price } = product;
  if (price.range) {
    return f.t('search_results.price_from', {
      price: formatMoney(price.range.min, f.currency, f.locale),
    });
  }
  return price.active === null ? '' : formatMoney(price.active, f.currency, f.locale);
}

function suggestion(product: ProductSummary, f: Formatting): SearchSuggestion {
  return {
    value: product.name,
    id: product.id,
    url: `${f.shopUrl}/product/${product.slug}`,
    img: product.image ? f.shopUrl + imageUrl(product.image.key, 'thumb') : '',
    price: priceText(product, f),
  };
}

/** GET or POST query, optional product_cat (a category slug): up to ten suggestions. */
export const productSearch = defineEndpoint({
  methods: ['GET', 'POST'],
  codes: FORMS_API_CODES,
  schema: input,
  handle: async ({ db, env, locale, currency, t, input: { query, product_cat } }) => {
    const found = await suggestProducts(db, {
      query: query ?? '',
      // The "all categories" choice sends an empty value.
      categorySlug: product_cat ? product_cat : undefined,
      locale,
    });
    const f = { t, locale, currency, shopUrl: env.SHOP_URL };
    const body: SearchSuggestions = { suggestions: found.map((p) => suggestion(p, f)) };
    return { ok: true, value: body };
  },
});
