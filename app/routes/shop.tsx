import { useState } from 'react';
import { Link } from 'react-router';
import type { Route } from './+types/shop';
import { ProductGrid } from '#app/components/product-card.tsx';
import { Pagination } from '#app/components/pagination.tsx';
import { type MessagesHandle, type Translate, useI18n } from '#app/lib/i18n.ts';
import { messagesFor } from '#app/lib/i18n.server.ts';
import { pageParam, shop } from '#app/http/request.server.ts';
import { pageNotFound } from '#app/http/pages/not-found.ts';
import { useHydrated } from '#app/client/use-hydrated.ts';
import { categoryTree, findCategory } from '#app/domain/catalog/catalog.server.ts';
import { tagBySlug } from '#app/domain/catalog/product-links.server.ts';
import { listProducts } from '#app/domain/search/listing.server.ts';
import {
  type FilterChip,
  type ListingFacets,
  type ListingFilters,
  filterChips,
  listingQuery,
  parseListingParams,
  withoutChip,
} from '#app/domain/catalog/listing.ts';
import type { CategoryNode } from '#app/domain/catalog/catalog.view.ts';
import type { CategoryLink } from '#app/domain/catalog/listing.view.ts';
import { formatMoney } from '#app/domain/pricing/money.ts';
import { Drawer } from '#app/components/ui/drawer.tsx';
import { Icon } from '#app/components/icon.tsx';
import { listingSeo, seoSite } from '#app/http/seo/page-seo.ts';
import { JsonLd } from '#app/components/json-ld.tsx';
import { spellingSuggestion } from '#app/domain/search/search.server.ts';
import { NoSearchResults } from '#app/components/search/no-search-results.tsx';
import { SidebarTabs } from '#app/components/product/sidebar-tabs.tsx';
import { sidebarPicks } from '#app/domain/catalog/sidebar-picks.server.ts';
import { FilterPanel } from '#app/components/catalog/filter-panel.tsx';
import { SortForm } from '#app/components/catalog/sort-form.tsx';
import { useListingNavigate } from '#app/components/catalog/use-listing-navigation.ts';
import { useSortAnnouncement } from '#app/components/catalog/use-sort-announcement.ts';

const PER_PAGE = 12;

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data.title },
  ...(data.description ? [{ name: 'description', content: data.description }] : []),
  { tagName: 'link', rel: 'canonical', href: data.canonical },
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
    'stock',
    'ui',
    'search_results',
  ],
} satisfies MessagesHandle;

export async function loader(args: Route.LoaderArgs) {
  const context = shop(args);
  const { db, locale, t, env, currency } = context;
  const url = new URL(args.request.url);
  const { orderby, filters } = parseListingParams(url.searchParams);
  const search = (url.searchParams.get('s') ?? '').trim().slice(0, 100);
  // `/product-tag/{slug}` lists a tag's products as a category page lists its own.
  const tagPage = url.pathname.startsWith('/product-tag/');
  const tag = tagPage ? await tagBySlug(db, args.params.slug ?? '', locale) : null;
  if (tagPage && !tag) pageNotFound();
  const slug = tagPage ? undefined : args.params.slug;
  // The header search's category choice narrows a search on /shop.
  const searchCategory =
    (slug === undefined && search && url.searchParams.get('product_cat')) || '';
  const tree = await categoryTree(db, locale);
  const found = slug === undefined ? null : findCategory(tree, slug);
  if (slug !== undefined && !found) pageNotFound();
  const listPage = (page: number) =>
    listProducts(db, {
      locale,
      page,
      perPage: PER_PAGE,
      categorySlug: slug ?? (searchCategory || undefined),
      orderby,
      search: search || undefined,
      filters,
      facets: true,
      tagId: tag?.id,
    });
  let page = pageParam(url);
  let listing = await listPage(page);
  // A page past the end shows the last one.
  if (listing && page > listing.pages) {
    page = listing.pages;
    listing = await listPage(page);
  }
  const facets = listing?.facets ?? { attributes: [], categoryCounts: {} };
  const active = knownFilters(filters, facets);
  const money = (amount: number) => formatMoney(amount, currency, locale);
  const state = { search, category: searchCategory, orderby, filters: active };
  const chips = filterChips(active).map((chip) => ({
    label: chipLabel(chip, facets, t, money),
    href: `${url.pathname}${listingQuery({ ...state, filters: withoutChip(active, chip) }, locale)}`,
  }));
  const noResults =
    search && listing?.total === 0
      ? {
          suggestion: await spellingSuggestion(db, search, locale),
          categories: tree.map((c) => ({ slug: c.slug, name: c.name })),
        }
      : null;
  const heading = found
    ? found.node.name
    : tag
      ? t('listing.tag_heading', { name: tag.name })
      : search
        ? `${t('search.label')}: „${search}“`
        : t('listing.title');
  const trailSlugs = new Set(found?.trail.map((c) => c.slug) ?? []);
  const withCounts = (nodes: CategoryNode[]): CategoryLink[] =>
    nodes
      .map((c) => ({
        slug: c.slug,
        name: c.name,
        count: facets.categoryCounts[c.id] ?? 0,
        current: c.slug === slug,
        children: withCounts(c.children),
      }))
      .filter((c) => c.count > 0 || trailSlugs.has(c.slug));
  return {
    title: `${heading}${page > 1 ? ` – ${t('pagination.page', { page })}` : ''} | ${t('shop.name')}`,
    description: found?.node.description ?? tag?.description ?? '',
    // Sort order is not part of the canonical address; filters change the content and stay.
    canonical: `${env.SHOP_URL}${url.pathname}${listingQuery({ ...state, page }, locale, false)}`,
    heading,
    intro: found?.node.description ?? tag?.description ?? '',
    trail: found?.trail.map((c) => ({ slug: c.slug, name: c.name })) ?? [],
    subcategories: found?.node.children.map((c) => ({ slug: c.slug, name: c.name })) ?? [],
    products: listing?.items ?? [],
    total: listing?.total ?? 0,
    page,
    pages: listing?.pages ?? 1,
    orderby,
    search,
    filters: active,
    query: listingQuery(state, locale),
    chips,
    clearHref: `${url.pathname}${listingQuery({ ...state, filters: {} }, locale)}`,
    attributes: facets.attributes,
    categories: withCounts(tree),
    picks: await sidebarPicks(db, locale),
    searchCategory,
    noResults,
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
    messages: messagesFor(locale, handle.messageAreas),
  };
}

/** The filters without attribute terms the shop does not know (pages ignore those). */
function knownFilters(filters: ListingFilters, facets: ListingFacets): ListingFilters {
  const { attributes: asked = [], ...rest } = filters;
  const attributes = asked
    .map((a) => {
      const facet = facets.attributes.find((f) => f.slug === a.attribute);
      const known = new Set(facet?.terms.filter((t) => t.selected).map((t) => t.slug));
      return { attribute: a.attribute, terms: a.terms.filter((term) => known.has(term)) };
    })
    .filter((a) => a.terms.length > 0);
  return attributes.length ? { ...rest, attributes } : rest;
}

function chipLabel(
  chip: FilterChip,
  facets: ListingFacets,
  t: Translate,
  money: (amount: number) => string,
): string {
  switch (chip.kind) {
    case 'min_price':
      return t('listing.chip_min_price', { price: money(chip.value) });
    case 'max_price':
      return t('listing.chip_max_price', { price: money(chip.value) });
    case 'stock_status':
      return t('listing.filter_instock');
    case 'on_sale':
      return t('listing.filter_on_sale');
    case 'rating':
      return t('listing.filter_rating_min', { count: chip.value });
    case 'attribute': {
      const facet = facets.attributes.find((f) => f.slug === chip.attribute);
      return facet?.terms.find((term) => term.slug === chip.term)?.name ?? chip.term;
    }
  }
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
  const hydrated = useHydrated();
  const [filtersOpen, setFiltersOpen] = useState(false);
  const announcement = useSortAnnouncement(d);
  const apply = useListingNavigate(d);
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
      <div className="listing-layout">
        <aside className="listing-sidebar" aria-labelledby="filters-side-heading">
          <h2 id="filters-side-heading" className="filters-heading">
            {t('listing.filters')}
          </h2>
          <FilterPanel data={d} idPrefix="side" onApply={apply} />
          <SidebarTabs picks={d.picks} />
        </aside>
        <div className="listing-main">
          <div className="listing-toolbar">
            <p className="listing-count" role="status">
              {t('listing.count', { count: d.total })}
            </p>
            <div className="listing-tools">
              {hydrated ? (
                <button
                  type="button"
                  className="button button-secondary button-small filters-toggle"
                  aria-haspopup="dialog"
                  onClick={() => setFiltersOpen(true)}
                >
                  {t('listing.filters_show')}
                  {d.chips.length > 0 && ` (${d.chips.length})`}
                </button>
              ) : null}
              <SortForm data={d} onApply={apply} />
            </div>
          </div>
          {!hydrated && (
            <details className="filters-disclosure">
              <summary>{t('listing.filters_show')}</summary>
              <FilterPanel data={d} idPrefix="disclosure" onApply={apply} />
            </details>
          )}
          {d.chips.length > 0 && (
            <nav className="active-filters" aria-label={t('listing.active_filters')}>
              <ul className="chip-list">
                {d.chips.map((chip) => (
                  <li key={chip.href}>
                    <Link
                      to={chip.href}
                      preventScrollReset
                      className="filter-chip"
                      aria-label={t('listing.remove_filter', { label: chip.label })}
                    >
                      {chip.label}
                      <Icon name="close" size={14} />
                    </Link>
                  </li>
                ))}
                <li>
                  <Link to={d.clearHref} preventScrollReset className="filter-chip-clear">
                    {t('listing.clear_filters')}
                  </Link>
                </li>
              </ul>
            </nav>
          )}
          {d.products.length === 0 ? (
            d.noResults && d.chips.length === 0 ? (
              <NoSearchResults query={d.search} {...d.noResults} />
            ) : (
              <p className="listing-empty">
                {t(d.chips.length > 0 ? 'listing.empty_filtered' : 'listing.empty')}
              </p>
            )
          ) : (
            <ProductGrid products={d.products} eagerCount={3} />
          )}
          <Pagination
            page={d.page}
            pages={d.pages}
            search={new URLSearchParams(d.query.slice(1))}
          />
        </div>
      </div>
      <p className="visually-hidden" role="status" aria-live="polite" aria-atomic="true">
        {announcement}
      </p>
      {hydrated && (
        <Drawer
          open={filtersOpen}
          onClose={() => setFiltersOpen(false)}
          title={t('listing.filters')}
          side="left"
          className="filters-drawer"
        >
          <FilterPanel data={d} idPrefix="drawer" onApply={apply} />
        </Drawer>
      )}
    </div>
  );
}
