import { describe, expect, it } from 'vitest';
import {
  absoluteUrl,
  availabilityOf,
  breadcrumbList,
  decimalPrice,
  itemList,
  pathSegment,
} from './structured-data.ts';
import { jsonLdText } from '#app/domain/catalog/structured-data.view.ts';
import type { socialMeta } from './social-meta.ts';
import { ogLocale, previewText } from './social-meta.ts';
import { listingSeo, productSeo } from './page-seo.ts';
import { site, product } from '../../../tests/support/structured-data.ts';

describe('decimalPrice', () => {
  it.each([
    [1999, 'EUR', '19.99'],
    [5, 'EUR', '0.05'],
    [0, 'EUR', '0.00'],
    [120000, 'EUR', '1200.00'],
    [1500, 'JPY', '1500'],
    [12345, 'KWD', '12.345'],
    [-250, 'EUR', '-2.50'],
  ])('%i %s -> %s', (minor, currency, expected) => {
    expect(decimalPrice(minor, currency)).toBe(expected);
  });
});

describe('URLs', () => {
  it.each([
    ['espresso', 'espresso'],
    ['tee & kaffee', 'tee%20&%20kaffee'],
    ['a/b?c#d', 'a%2Fb%3Fc%23d'],
    ['grüner-tee', 'gr%C3%BCner-tee'],
    ["o'neil+co", "o'neil+co"],
  ])('segment %j -> %j', (slug, expected) => {
    expect(pathSegment(slug)).toBe(expected);
  });

  it('joins the shop address and a path with exactly one slash', () => {
    expect(absoluteUrl('https://laden.example/', '/shop')).toBe('https://laden.example/shop');
    expect(absoluteUrl('https://laden.example', 'shop')).toBe('https://laden.example/shop');
  });

  it.each([
    ['instock', 'https://schema.org/InStock'],
    ['outofstock', 'https://schema.org/OutOfStock'],
    ['onbackorder', 'https://schema.org/BackOrder'],
  ] as const)('stock %s is %s', (status, expected) => {
    expect(availabilityOf(status)).toBe(expected);
  });
});

describe('jsonLdText', () => {
  const hostile = [
    'Teller </script><script>alert(1)</script>',
    'Tasse <!-- kommentar',
    'Zeile\u2028Trenner\u2029Absatz',
    'Salz & Pfeffer > Zucker',
    '</SCRIPT >',
  ];

  it.each(hostile)('keeps %j inside the element and parses back to it', (name) => {
    const text = jsonLdText({ '@type': 'Product', name });
    expect(text).not.toMatch(/<|>|&|\u2028|\u2029/);
    expect(text.toLowerCase()).not.toContain('</script');
    expect(JSON.parse(text)).toEqual({ '@type': 'Product', name });
  });

  it('writes a list of objects as one JSON array', () => {
    expect(JSON.parse(jsonLdText([{ a: 1 }, { b: '<' }]))).toEqual([{ a: 1 }, { b: '<' }]);
  });
});

describe('breadcrumbList', () => {
  it('numbers the crumbs from 1 with absolute URLs', () => {
    expect(
      breadcrumbList(site, [
        { name: 'Startseite', path: '/' },
        { name: 'Kaffee', path: '/product-category/kaffee' },
      ]),
    ).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Startseite', item: 'https://laden.example/' },
        {
          '@type': 'ListItem',
          position: 2,
          name: 'Kaffee',
          item: 'https://laden.example/product-category/kaffee',
        },
      ],
    });
  });
});

describe('itemList', () => {
  it('lists the products in order, positions continuing after earlier pages', () => {
    const list = itemList(site, {
      name: 'Kaffee',
      path: '/product-category/kaffee?page=2',
      products: [
        { slug: 'bohnen', name: 'Bohnen' },
        { slug: 'tee&mehr', name: 'Tee & mehr' },
      ],
      offset: 12,
      total: 14,
    });
    expect(list).toMatchObject({
      '@type': 'ItemList',
      numberOfItems: 14,
      url: 'https://laden.example/product-category/kaffee?page=2',
      itemListElement: [
        { position: 13, name: 'Bohnen', url: 'https://laden.example/product/bohnen' },
        { position: 14, name: 'Tee & mehr', url: 'https://laden.example/product/tee&mehr' },
      ],
    });
  });
});

describe('share previews', () => {
  const shop = {
    shopUrl: 'https://laden.example',
    currency: 'EUR',
    locale: 'de' as const,
    siteName: 'Ladenzeile',
    homeName: 'Startseite',
  };
  const tags = (meta: ReturnType<typeof socialMeta>) =>
    Object.fromEntries(
      meta.flatMap((m) =>
        'property' in m
          ? [[m.property as string, m.content as string]]
          : 'name' in m
            ? [[m.name as string, m.content as string]]
            : 'rel' in m
              ? [[`link:${m.rel as string}`, m.href as string]]
              : [],
      ),
    );

  it.each([
    ['de', 'de_DE'],
    ['en', 'en_IE'],
  ] as const)('locale %s is %s', (locale, expected) => {
    expect(ogLocale(locale)).toBe(expected);
  });

  it('shortens long descriptions at a word', () => {
    expect(previewText('ein  kurzer\n Text')).toBe('ein kurzer Text');
    const long = previewText('Wort '.repeat(200));
    expect(long.length).toBeLessThanOrEqual(300);
    expect(long).toMatch(/Wort…$/);
  });

  it('describes a product page with price, large picture and canonical link', () => {
    const { social, jsonLd } = productSeo(shop, product(), []);
    expect(tags(social)).toMatchObject({
      'link:canonical': 'https://laden.example/product/espresso',
      'og:type': 'product',
      'og:title': 'Espresso',
      'og:description': 'Kräftig geröstet.',
      'og:url': 'https://laden.example/product/espresso',
      'og:image': 'https://laden.example/media/espresso-1-large.webp',
      'og:image:width': '800',
      'og:locale': 'de_DE',
      'og:site_name': 'Ladenzeile',
      'product:price:amount': '12.99',
      'product:price:currency': 'EUR',
      'twitter:card': 'summary_large_image',
    });
    expect(jsonLd.map((d) => d['@type'])).toEqual(['Product', 'BreadcrumbList']);
    expect(jsonLd[1]!.itemListElement).toHaveLength(3);
  });

  it('describes a listing page without a canonical link (the listing sets its own)', () => {
    const { social, jsonLd } = listingSeo(shop, {
      shopName: 'Alle Produkte',
      title: 'Kaffee',
      heading: 'Kaffee',
      description: '',
      trail: [{ slug: 'kaffee', name: 'Kaffee' }],
      products: [],
      page: 2,
      perPage: 12,
      total: 13,
      search: '',
      image: null,
    });
    const t = tags(social);
    expect(t['link:canonical']).toBeUndefined();
    expect(t).toMatchObject({
      'og:type': 'website',
      'og:url': 'https://laden.example/product-category/kaffee?page=2',
      'twitter:card': 'summary',
    });
    expect(t['og:image']).toBeUndefined();
    expect(jsonLd.map((d) => d['@type'])).toEqual(['BreadcrumbList', 'ItemList']);
  });
});
