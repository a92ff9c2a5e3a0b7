// Open Graph and Twitter card tags: how a page looks when it is shared. Built in loaders
// (absolute URLs need SHOP_URL) and spread into the route's `meta`.
import type { MetaDescriptor } from 'react-router';
import type { ImageView } from '#app/domain/media/media.ts';
import { imageUrl } from '#app/domain/media/media.ts';
import { type Locale, intlLocale } from '#app/lib/locale.ts';
import { absoluteUrl } from './structured-data.ts';

export type SocialPage = {
  shopUrl: string;
  siteName: string;
  locale: Locale;
  type: 'website' | 'product';
  title: string;
  description: string;
  /** Path (and query) of the page on this site. */
  path: string;
  image?: ImageView | null;
  /** Product pages: the price shoppers pay now, as a decimal string. */
  price?: { amount: string; currency: string; availability: string } | null;
  /** Adds `<link rel="canonical">` pointing at `path`. */
  canonical?: boolean;
};

const DESCRIPTION_LIMIT = 300;

/** Whitespace folded and cut at a word before `limit` characters, for share previews. */
export function previewText(text: string, limit = DESCRIPTION_LIMIT): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= limit) return flat;
  const cut = flat.slice(0, limit - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > limit / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:–-]+$/, '')}…`;
}

/** `de_DE` / `en_IE`: the shop's Intl tags in the form Open Graph uses. */
export function ogLocale(locale: Locale): string {
  return intlLocale(locale).replace('-', '_');
}

export function socialMeta(page: SocialPage): MetaDescriptor[] {
  const url = absoluteUrl(page.shopUrl, page.path);
  const description = previewText(page.description);
  const image = page.image
    ? {
        url: absoluteUrl(page.shopUrl, imageUrl(page.image.key, 'large')),
        ...largeSize(page.image),
        alt: page.image.alt || page.title,
      }
    : null;
  return [
    ...(page.canonical ? [{ tagName: 'link', rel: 'canonical', href: url }] : []),
    { property: 'og:site_name', content: page.siteName },
    { property: 'og:locale', content: ogLocale(page.locale) },
    { property: 'og:type', content: page.type },
    { property: 'og:title', content: page.title },
    ...(description ? [{ property: 'og:description', content: description }] : []),
    { property: 'og:url', content: url },
    ...(image
      ? [
          { property: 'og:image', content: image.url },
          { property: 'og:image:type', content: 'image/webp' },
          ...(image.width ? [{ property: 'og:image:width', content: String(image.width) }] : []),
          ...(image.height ? [{ property: 'og:image:height', content: String(image.height) }] : []),
          { property: 'og:image:alt', content: image.alt },
        ]
      : []),
    ...(page.price
      ? [
          { property: 'product:price:amount', content: page.price.amount },
          { property: 'product:price:currency', content: page.price.currency },
          { property: 'product:availability', content: page.price.availability },
          { property: 'product:condition', content: 'new' },
        ]
      : []),
    { name: 'twitter:card', content: image ? 'summary_large_image' : 'summary' },
    { name: 'twitter:title', content: page.title },
    ...(description ? [{ name: 'twitter:description', content: description }] : []),
    ...(image
      ? [
          { name: 'twitter:image', content: image.url },
          { name: 'twitter:image:alt', content: image.alt },
        ]
      : []),
  ];
}

function largeSize(image: ImageView): { width: number | null; height: number | null } {
  const large = image.sizes.find((s) => s.name === 'large');
  return { width: large?.width ?? null, height: large?.height ?? null };
}

/** Open Graph's words for stock: https://developers.facebook.com/docs/marketing-api/catalog/reference */
export function ogAvailability(status: 'instock' | 'outofstock' | 'onbackorder'): string {
  return status === 'instock'
    ? 'in stock'
    : status === 'onbackorder'
      ? 'available for order'
      : 'out of stock';
}
