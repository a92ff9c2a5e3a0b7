// schema.org structured data (JSON-LD) for search engines: built from what pages already
// load, pure and without I/O, so each shape is table-tested.
import type { ProductDetail, ProductSummary } from '#app/domain/catalog/catalog.view.ts';
import type { StockStatus } from '#app/domain/catalog/catalog.schema.ts';
import { imageUrl } from '#app/domain/media/media.ts';
import { minorUnit } from '#app/domain/pricing/money.ts';
import type { StructuredData } from '#app/domain/catalog/structured-data.view.ts';

export type { StructuredData };

/** Where the shop lives and what it sells in: every URL in the data is absolute. */
export type Site = { shopUrl: string; currency: string };

export type Crumb = { name: string; path: string };

/** What a review needs to appear in the data; structurally the reviews the product page loads. */
export type ReviewInput = {
  author: string;
  rating: number | null;
  content: string;
  createdAt: string;
};

const SCHEMA = 'https://schema.org';
const MAX_REVIEWS = 5;

const AVAILABILITY: Record<StockStatus, string> = {
  instock: `${SCHEMA}/InStock`,
  outofstock: `${SCHEMA}/OutOfStock`,
  onbackorder: `${SCHEMA}/BackOrder`,
};

/**
 * Encodes one path segment the way the shop's own links write it: reserved characters that
 * are legal inside a segment (`&`, `+`, `'` …) stay as they are, so the URL in the data is the
 * same URL the page links to.
 */
export function pathSegment(value: string): string {
  return encodeURIComponent(value).replace(/%(21|24|26|27|28|29|2A|2B|2C|3B|3D|3A|40)/g, (code) =>
    decodeURIComponent(code),
  );
}

export function productPath(slug: string): string {
  return `/product/${pathSegment(slug)}`;
}

export function categoryPath(slug: string): string {
  return `/product-category/${pathSegment(slug)}`;
}

export function absoluteUrl(shopUrl: string, path: string): string {
  return `${shopUrl.replace(/\/+$/, '')}${path.startsWith('/') ? path : `/${path}`}`;
}

/** Minor units as the decimal string schema.org and Open Graph expect: 1999 EUR -> "19.99". */
export function decimalPrice(minor: number, currency: string): string {
  const digits = minorUnit(currency);
  const sign = minor < 0 ? '-' : '';
  const whole = String(Math.abs(Math.trunc(minor)));
  if (digits === 0) return `${sign}${whole}`;
  const padded = whole.padStart(digits + 1, '0');
  return `${sign}${padded.slice(0, -digits)}.${padded.slice(-digits)}`;
}

export function availabilityOf(status: StockStatus): string {
  return AVAILABILITY[status];
}

export function breadcrumbList(site: Site, crumbs: Crumb[]): StructuredData {
  return {
    '@context': SCHEMA,
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: crumb.name,
      item: absoluteUrl(site.shopUrl, crumb.path),
    })),
  };
}

/** The products of one listing page in their order; positions continue across pages. */
export function itemList(
  site: Site,
  list: {
    name: string;
    path: string;
    products: Pick<ProductSummary, 'slug' | 'name'>[];
    /** How many products the pages before this one hold. */
    offset: number;
    total: number;
  },
): StructuredData {
  return {
    '@context': SCHEMA,
    '@type': 'ItemList',
    name: list.name,
    url: absoluteUrl(site.shopUrl, list.path),
    numberOfItems: list.total,
    itemListElement: list.products.map((p, i) => ({
      '@type': 'ListItem',
      position: list.offset + i + 1,
      name: p.name,
      url: absoluteUrl(site.shopUrl, productPath(p.slug)),
    })),
  };
}

/** A product with its offer(s), rating and reviews. */
export function productData(
  site: Site,
  product: ProductDetail,
  reviews: readonly ReviewInput[] = [],
): StructuredData {
  const url = absoluteUrl(site.shopUrl, productPath(product.slug));
  const brand = brandOf(product);
  const manufacturer = product.compliance.manufacturer;
  const description = product.description || product.shortDescription;
  const offers = offersOf(site, product, url);
  const rated = reviews.filter((r) => r.rating !== null).slice(0, MAX_REVIEWS);
  return {
    '@context': SCHEMA,
    '@type': 'Product',
    '@id': `${url}#product`,
    name: product.name,
    url,
    ...(description ? { description } : {}),
    ...(product.gallery.length
      ? { image: product.gallery.map((g) => absoluteUrl(site.shopUrl, imageUrl(g.key, 'full'))) }
      : {}),
    ...(product.sku ? { sku: product.sku } : {}),
    ...(product.gtin ? { gtin: product.gtin } : {}),
    ...(brand ? { brand: { '@type': 'Brand', name: brand } } : {}),
    ...(manufacturer
      ? {
          manufacturer: {
            '@type': 'Organization',
            name: manufacturer.name,
            ...(manufacturer.url ? { url: manufacturer.url } : {}),
          },
        }
      : {}),
    ...(product.categories[0] ? { category: product.categories[0].name } : {}),
    ...(product.weightKg
      ? { weight: { '@type': 'QuantitativeValue', value: product.weightKg, unitCode: 'KGM' } }
      : {}),
    ...(product.rating.count > 0
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: product.rating.average,
            reviewCount: product.rating.count,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
    ...(rated.length
      ? {
          review: rated.map((r) => ({
            '@type': 'Review',
            author: { '@type': 'Person', name: r.author },
            datePublished: r.createdAt.slice(0, 10),
            reviewBody: r.content,
            reviewRating: {
              '@type': 'Rating',
              ratingValue: r.rating,
              bestRating: 5,
              worstRating: 1,
            },
          })),
        }
      : {}),
    ...(offers ? { offers } : {}),
  };
}

/** A brand attribute names the brand; without one the manufacturer stands for it. */
function brandOf(product: ProductDetail): string | null {
  const attribute = product.attributes.find((a) => a.slug === 'brand' || a.slug === 'marke');
  return attribute?.terms[0]?.name ?? product.compliance.manufacturer?.name ?? null;
}

function offerOf(
  site: Site,
  url: string,
  item: {
    price: ProductDetail['price'];
    stockStatus: StockStatus;
    sku: string | null;
    gtin: string | null;
  },
  name?: string,
): StructuredData | null {
  if (item.price.active === null) return null;
  const price = decimalPrice(item.price.active, site.currency);
  return {
    '@type': 'Offer',
    ...(name ? { name } : {}),
    url,
    price,
    priceCurrency: site.currency,
    // German prices are shown and charged with VAT included.
    priceSpecification: {
      '@type': 'UnitPriceSpecification',
      price,
      priceCurrency: site.currency,
      valueAddedTaxIncluded: true,
    },
    ...(item.price.saleEndsAt ? { priceValidUntil: item.price.saleEndsAt.slice(0, 10) } : {}),
    availability: availabilityOf(item.stockStatus),
    itemCondition: `${SCHEMA}/NewCondition`,
    ...(item.sku ? { sku: item.sku } : {}),
    ...(item.gtin ? { gtin: item.gtin } : {}),
  };
}

function offersOf(site: Site, product: ProductDetail, url: string): StructuredData | null {
  if (product.type !== 'variable') return offerOf(site, url, product);
  const termName = (attribute: string, term: string) =>
    product.attributes.find((a) => a.slug === attribute)?.terms.find((t) => t.slug === term)
      ?.name ?? term;
  const offers = product.variations.flatMap((v) => {
    const label = Object.entries(v.attributes)
      .filter(([, term]) => term !== '')
      .map(([attribute, term]) => termName(attribute, term))
      .join(', ');
    const offer = offerOf(site, url, v, label ? `${product.name} – ${label}` : product.name);
    return offer ? [{ offer, amount: v.price.active! }] : [];
  });
  if (offers.length === 0) return null;
  const amounts = offers.map((o) => o.amount);
  return {
    '@type': 'AggregateOffer',
    url,
    priceCurrency: site.currency,
    lowPrice: decimalPrice(Math.min(...amounts), site.currency),
    highPrice: decimalPrice(Math.max(...amounts), site.currency),
    offerCount: offers.length,
    availability: availabilityOf(product.stockStatus),
    itemCondition: `${SCHEMA}/NewCondition`,
    offers: offers.map((o) => o.offer),
  };
}
