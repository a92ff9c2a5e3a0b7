// Everything a page tells search engines and share previews, assembled from its loader data
// so that each route adds one field to its loader and one element to its markup.
import type { MetaDescriptor } from 'react-router';
import type { ProductDetail, ProductSummary } from '#app/domain/catalog/catalog.view.ts';
import type { ImageView } from '#app/domain/media/media.ts';
import type { Translate } from '#app/lib/i18n.ts';
import type { Locale } from '#app/lib/locale.ts';
import { ogAvailability, socialMeta } from './social-meta.ts';
import {
  type Crumb,
  type ReviewInput,
  type StructuredData,
  absoluteUrl,
  breadcrumbList,
  categoryPath,
  decimalPrice,
  itemList,
  productData,
  productPath,
} from './structured-data.ts';

export type PageSeo = { jsonLd: StructuredData[]; social: MetaDescriptor[] };

/** The shop-wide part: where it lives, its name, language and currency. */
export type SeoSite = {
  shopUrl: string;
  currency: string;
  locale: Locale;
  siteName: string;
  /** Breadcrumb label of the home page. */
  homeName: string;
};

/** The site part from what `shop(args)` gives every loader. */
export function seoSite(shop: {
  env: { SHOP_URL: string };
  currency: string;
  locale: Locale;
  t: Translate;
}): SeoSite {
  return {
    shopUrl: shop.env.SHOP_URL,
    currency: shop.currency,
    locale: shop.locale,
    siteName: shop.t('shop.name'),
    homeName: shop.t('nav.home'),
  };
}

export function homeSeo(
  site: SeoSite,
  page: { title: string; description: string; image: ImageView | null },
): PageSeo {
  return {
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'WebSite',
        name: site.siteName,
        url: absoluteUrl(site.shopUrl, '/'),
        inLanguage: site.locale,
        potentialAction: {
          '@type': 'SearchAction',
          target: {
            '@type': 'EntryPoint',
            urlTemplate: absoluteUrl(site.shopUrl, '/shop?s={search_term_string}'),
          },
          'query-input': 'required name=search_term_string',
        },
      },
    ],
    social: socialMeta({
      ...site,
      type: 'website',
      title: page.title,
      description: page.description,
      path: '/',
      image: page.image,
      canonical: true,
    }),
  };
}

/** Listings (/shop, categories, search results); their canonical link is the listing's own. */
export function listingSeo(
  site: SeoSite,
  listing: {
    /** Breadcrumb label of /shop. */
    shopName: string;
    title: string;
    heading: string;
    description: string;
    trail: { slug: string; name: string }[];
    products: ProductSummary[];
    page: number;
    perPage: number;
    total: number;
    search: string;
    image: ImageView | null;
  },
): PageSeo {
  const base = listing.trail.length
    ? categoryPath(listing.trail[listing.trail.length - 1]!.slug)
    : '/shop';
  const query = new URLSearchParams({
    ...(listing.search ? { s: listing.search } : {}),
    ...(listing.page > 1 ? { page: String(listing.page) } : {}),
  }).toString();
  const path = query ? `${base}?${query}` : base;
  const crumbs: Crumb[] = [
    { name: site.homeName, path: '/' },
    { name: listing.shopName, path: '/shop' },
    ...listing.trail.map((c) => ({ name: c.name, path: categoryPath(c.slug) })),
  ];
  return {
    jsonLd: [
      breadcrumbList(site, crumbs),
      itemList(site, {
        name: listing.heading,
        path,
        products: listing.products,
        offset: (listing.page - 1) * listing.perPage,
        total: listing.total,
      }),
    ],
    social: socialMeta({
      ...site,
      type: 'website',
      title: listing.title,
      description: listing.description,
      path,
      image: listing.image ?? listing.products.find((p) => p.image)?.image ?? null,
    }),
  };
}

export function productSeo(
  site: SeoSite,
  product: ProductDetail,
  reviews: readonly ReviewInput[],
): PageSeo {
  const category = product.categories[0];
  const crumbs: Crumb[] = [
    { name: site.homeName, path: '/' },
    ...(category ? [{ name: category.name, path: categoryPath(category.slug) }] : []),
    { name: product.name, path: productPath(product.slug) },
  ];
  const price = product.price.active;
  return {
    jsonLd: [productData(site, product, reviews), breadcrumbList(site, crumbs)],
    social: socialMeta({
      ...site,
      type: 'product',
      title: product.name,
      description: product.shortDescription || product.description,
      path: productPath(product.slug),
      image: product.gallery[0] ?? product.image,
      price:
        price === null
          ? null
          : {
              amount: decimalPrice(price, site.currency),
              currency: site.currency,
              availability: ogAvailability(product.stockStatus),
            },
      canonical: true,
    }),
  };
}
