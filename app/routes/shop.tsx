import { Form, Link, useSubmit } from 'react-router';
import type { Route } from './+types/shop';
import { ProductGrid } from '#app/components/product-card.tsx';
import { Pagination } from '#app/components/pagination.tsx';
import { type MessagesHandle, type TextKey, useI18n } from '#app/lib/i18n.ts';
import { messagesFor } from '#app/lib/i18n.server.ts';
import { pageParam, shop } from '#app/http/request.server.ts';
import { pageNotFound } from '#app/http/pages/not-found.ts';
import { useHydrated } from '#app/client/use-hydrated.ts';
import { categoryTree, findCategory, listProducts } from '#app/domain/catalog/catalog.server.ts';
import { LISTING_ORDERS, type ListingOrder, isListingOrder } from '#app/domain/catalog/listing.ts';
import { listingSeo, seoSite } from '#app/http/seo/page-seo.ts';
import { JsonLd } from '#app/components/json-ld.tsx';
import { spellingSuggestion } from '#app/domain/search/search.server.ts';
import { NoSearchResults } from '#app/components/search/no-search-results.tsx';

const PER_PAGE = 12;

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data.title },
  ...(data.description ? [{ name: 'description', content: data.description }] : []),
  ...data.seo.social,
];

export const handle = {
  messageAreas: [
    'listing',
    'pagination',
    'product',
    'price',
    'rating',
    'delivery',
    'unit',
    'search_results',
    'ui.close',
  ],
} satisfies MessagesHandle;

export async function loader(args: Route.LoaderArgs) {
  const context = shop(args);
  const { db, locale, t } = context;
  const url = new URL(args.request.url);
  const orderParam = url.searchParams.get('orderby');
  const orderby: ListingOrder = isListingOrder(orderParam) ? orderParam : 'menu_order';
  const search = (url.searchParams.get('s') ?? '').trim().slice(0, 100);
  const slug = args.params.slug;
  // The header search's category choice narrows a search on /shop.
  const searchCategory = (search && url.searchParams.get('product_cat')) || undefined;
  const tree = await categoryTree(db, locale);
  const found = slug === undefined ? null : findCategory(tree, slug);
  if (slug !== undefined && !found) pageNotFound();
  const listPage = (page: number) =>
    listProducts(db, {
      locale,
      page,
      perPage: PER_PAGE,
      categorySlug: slug ?? searchCategory,
      // A search without a chosen order lists by relevance.
      orderby: isListingOrder(orderParam) || !search ? orderby : undefined,
      search: search || undefined,
    });
  let page = pageParam(url);
  let listing = await listPage(page);
  // A page past the end shows the last one.
  if (listing && page > listing.pages) {
    page = listing.pages;
    listing = await listPage(page);
  }
  const noResults =
    search && listing?.total === 0
      ? {
          suggestion: await spellingSuggestion(db, search, locale),
          categories: tree.map((c) => ({ slug: c.slug, name: c.name })),
        }
      : null;
  const heading = found
    ? found.node.name
    : search
      ? `${t('search.label')}: „${search}“`
      : t('listing.title');
  return {
    title: `${heading}${page > 1 ? ` – ${t('pagination.page', { page })}` : ''} | ${t('shop.name')}`,
    description: found?.node.description ?? '',
    heading,
    intro: found?.node.description ?? '',
    trail: found?.trail.map((c) => ({ slug: c.slug, name: c.name })) ?? [],
    subcategories: found?.node.children.map((c) => ({ slug: c.slug, name: c.name })) ?? [],
    products: listing?.items ?? [],
    total: listing?.total ?? 0,
    page,
    pages: listing?.pages ?? 1,
    orderby,
    search,
    seo: listingSeo(seoSite(context), {
      shopName: t('nav.all_products'),
      title: heading,
      heading,
      description: found?.node.description || t('shop.tagline'),
      trail: found?.trail.map((c) => ({ slug: c.slug, name: c.name })) ?? [],
      products: listing?.items ?? [],
      page,
      perPage: PER_PAGE,
      total: listing?.total ?? 0,
      search,
      image: found?.node.image ?? null,
    }),
    noResults,
    searchCategory: slug === undefined ? (searchCategory ?? '') : '',
    messages: messagesFor(locale, handle.messageAreas),
  };
}

export default function Listing({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <JsonLd data={loaderData.seo.jsonLd} />
      <ListingPage data={loaderData} />
    </>
  );
}

type ListingData = Route.ComponentProps['loaderData'];

function ListingPage({ data: d }: { data: ListingData }) {
  const { t } = useI18n();
  return (
    <div className="container listing">
      <nav aria-label={t('nav.breadcrumb')} className="breadcrumb">
        <ol>
          <li>
            <Link to="/">{t('nav.home')}</Link>
          </li>
          <li>
            <Link to="/shop" aria-current={d.trail.length === 0 ? 'page' : undefined}>
              {t('nav.all_products')}
            </Link>
          </li>
          {d.trail.map((c, i) => (
            <li key={c.slug}>
              <Link
                to={`/product-category/${c.slug}`}
                aria-current={i === d.trail.length - 1 ? 'page' : undefined}
              >
                {c.name}
              </Link>
            </li>
          ))}
        </ol>
      </nav>
      <header className="listing-header">
        <h1>{d.heading}</h1>
        {d.intro && <p className="listing-intro">{d.intro}</p>}
        {d.subcategories.length > 0 && (
          <nav aria-label={t('listing.subcategories')}>
            <ul className="chip-list">
              {d.subcategories.map((c) => (
                <li key={c.slug}>
                  <Link to={`/product-category/${c.slug}`}>{c.name}</Link>
                </li>
              ))}
            </ul>
          </nav>
        )}
      </header>
      <div className="listing-toolbar">
        <p className="listing-count" role="status">
          {t('listing.count', { count: d.total })}
        </p>
        <SortForm orderby={d.orderby} search={d.search} category={d.searchCategory} />
      </div>
      {d.products.length === 0 ? (
        d.noResults ? (
          <NoSearchResults query={d.search} {...d.noResults} />
        ) : (
          <p className="listing-empty">{t('listing.empty')}</p>
        )
      ) : (
        <ProductGrid products={d.products} eagerCount={3} />
      )}
      <Pagination
        page={d.page}
        pages={d.pages}
        search={
          new URLSearchParams({
            ...(d.search ? { s: d.search } : {}),
            ...(d.searchCategory ? { product_cat: d.searchCategory } : {}),
            ...(d.orderby !== 'menu_order' ? { orderby: d.orderby } : {}),
          })
        }
      />
    </div>
  );
}

function SortForm({
  orderby,
  search,
  category,
}: {
  orderby: ListingOrder;
  search: string;
  category: string;
}) {
  const { t } = useI18n();
  const submit = useSubmit();
  const hydrated = useHydrated();
  return (
    <Form method="get" className="sort-form" onChange={(e) => submit(e.currentTarget)}>
      {search && <input type="hidden" name="s" value={search} />}
      {category && <input type="hidden" name="product_cat" value={category} />}
      <label htmlFor="orderby">{t('listing.sort_label')}</label>
      <select id="orderby" name="orderby" defaultValue={orderby}>
        {LISTING_ORDERS.map((o) => (
          <option key={o} value={o}>
            {t(`listing.sort.${o}` as TextKey)}
          </option>
        ))}
      </select>
      {!hydrated && (
        <button type="submit" className="button button-secondary button-small">
          {t('listing.sort_apply')}
        </button>
      )}
    </Form>
  );
}
