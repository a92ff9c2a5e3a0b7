import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAttribute,
  createCategory,
  createImage,
  createProduct,
  createReview,
} from '#db/seed/factories.ts';
import { launchChromium } from '../support/chromium.ts';
import { type TestShop, startTestShop } from '../support/shop.ts';

const SHOP_URL = 'https://laden.example';
const HOSTILE_NAME = 'Teller </script><script>window.__broken = 1</script> <!-- A\u2028B & C';

let shop: TestShop;
let browser: Browser;
let page: Page;
const published: string[] = [];

beforeAll(async () => {
  shop = await startTestShop({ env: { SHOP_URL } });
  browser = await launchChromium();
  page = await browser.newPage();
  const db = shop.database.db;
  const parent = await createCategory(db, { name: { de: 'Küche', en: 'Kitchen' }, slug: 'kueche' });
  const spices = await createCategory(db, {
    name: { de: 'Tee & Gewürze', en: 'Tea & spices' },
    slug: 'tee&gewuerze',
    parentId: parent.id,
  });
  const picture = await createImage(db, {
    rendered: {
      key: 'seo-teller',
      width: 1200,
      height: 900,
      sizes: [
        { name: 'large', width: 800, height: 600 },
        { name: 'full', width: 1200, height: 900 },
      ],
    },
    alt: { de: 'Ein Teller', en: 'A plate' },
  });
  const size = await createAttribute(db, {
    slug: 'seo-groesse',
    name: { de: 'Größe', en: 'Size' },
    terms: [
      { slug: 'klein', name: { de: 'Klein', en: 'Small' } },
      { slug: 'gross', name: { de: 'Groß', en: 'Large' } },
    ],
  });
  const salt = await createProduct(db, {
    name: { de: 'Salz & Pfeffer', en: 'Salt & pepper' },
    slug: 'salz&pfeffer',
    regularPrice: 450,
    categoryIds: [spices.id],
  });
  const plate = await createProduct(db, {
    name: { de: HOSTILE_NAME, en: HOSTILE_NAME },
    slug: 'seo-teller',
    sku: 'SEO-TELLER',
    gtin: '4006381333931',
    shortDescription: { de: 'Flach & rund.', en: 'Flat & round.' },
    description: { de: 'Ein flacher Teller aus Steingut.', en: 'A flat stoneware plate.' },
    regularPrice: 1999,
    images: [picture.id],
    categoryIds: [spices.id],
  });
  await createReview(db, { productId: plate.product.id, rating: 5, content: 'Schön' });
  await createReview(db, { productId: plate.product.id, rating: 4, content: 'Gut' });
  const pot = await createProduct(db, {
    name: { de: 'SEO Topf', en: 'SEO pot' },
    slug: 'seo-topf',
    regularPrice: 2500,
    attributes: [
      {
        attributeId: size.attribute.id,
        termIds: Object.values(size.termIds),
        usedForVariations: true,
      },
    ],
    variations: [
      { attributes: { 'seo-groesse': 'klein' }, regularPrice: 2500, sku: 'SEO-TOPF-K' },
      {
        attributes: { 'seo-groesse': 'gross' },
        regularPrice: 3500,
        sku: 'SEO-TOPF-G',
        stockStatus: 'outofstock',
      },
    ],
  });
  await createProduct(db, {
    name: { de: 'Entwurf', en: 'Draft' },
    slug: 'seo-entwurf',
    status: 'draft',
  });
  published.push(salt.product.slug!, plate.product.slug!, pot.product.slug!);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${shop.url}${path}`, { headers });

type ParsedXml = { error: string | null; root: string; locs: string[]; lastmods: string[] };

/** Parses with the browser's XML parser: any well-formedness error shows as <parsererror>. */
async function parseXml(xml: string): Promise<ParsedXml> {
  return page.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, 'application/xml');
    const error = doc.getElementsByTagName('parsererror')[0];
    const all = (name: string) =>
      [...doc.getElementsByTagNameNS('http://www.sitemaps.org/schemas/sitemap/0.9', name)].map(
        (e) => e.textContent ?? '',
      );
    return {
      error: error ? (error.textContent ?? 'parse error') : null,
      root: doc.documentElement.localName,
      locs: all('loc'),
      lastmods: all('lastmod'),
    };
  }, xml);
}

describe('robots.txt', () => {
  it('allows the shop, keeps crawlers out of cart, account, endpoints and sort variants', async () => {
    const res = await get('/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(res.headers.get('cache-control')).toMatch(/public, max-age=\d+/);
    const lines = (await res.text()).split('\n');
    expect(lines.slice(0, 2)).toEqual(['User-agent: *', 'Allow: /']);
    for (const path of [
      '/cart',
      '/checkout',
      '/my-account',
      '/wc-ajax/',
      '/wc/store/',
      '/forms/',
      '/*?*orderby=',
    ])
      expect(lines).toContain(`Disallow: ${path}`);
    expect(lines).toContain(`Sitemap: ${SHOP_URL}/sitemap.xml`);
  });
});

describe('sitemaps', () => {
  it('indexes the pages, categories and product files with absolute addresses', async () => {
    const res = await get('/sitemap.xml');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(res.headers.get('last-modified')).toBeTruthy();
    const xml = await parseXml(await res.text());
    expect(xml.error).toBeNull();
    expect(xml.root).toBe('sitemapindex');
    expect(xml.locs).toEqual([
      `${SHOP_URL}/sitemap-pages.xml`,
      `${SHOP_URL}/sitemap-categories.xml`,
      `${SHOP_URL}/sitemap-products.xml?page=1`,
    ]);
    for (const date of xml.lastmods)
      expect(date).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00$/);
  });

  it('lists every published product once, escaped, and no draft', async () => {
    const res = await get('/sitemap-products.xml?page=1');
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toContain(`<loc>${SHOP_URL}/product/salz&amp;pfeffer</loc>`);
    const xml = await parseXml(text);
    expect(xml.error).toBeNull();
    expect(xml.root).toBe('urlset');
    expect(xml.locs.sort()).toEqual(published.map((slug) => `${SHOP_URL}/product/${slug}`).sort());
    expect(xml.lastmods).toHaveLength(published.length);
    expect(text).toContain(`<image:loc>${SHOP_URL}/media/seo-teller-large.webp</image:loc>`);
    expect(text).not.toContain('seo-entwurf');
  });

  it('lists the category pages, escaped, dated by their products', async () => {
    const text = await (await get('/sitemap-categories.xml')).text();
    const xml = await parseXml(text);
    expect(xml.error).toBeNull();
    expect(xml.locs).toEqual([
      `${SHOP_URL}/product-category/kueche`,
      `${SHOP_URL}/product-category/tee&gewuerze`,
    ]);
    expect(xml.lastmods).toHaveLength(2);
  });

  it('lists the home page, the shop, contact and legal pages', async () => {
    const xml = await parseXml(await (await get('/sitemap-pages.xml')).text());
    expect(xml.error).toBeNull();
    expect(xml.locs).toEqual(
      expect.arrayContaining(
        [
          '/',
          '/shop',
          '/contact',
          '/impressum',
          '/agb',
          '/widerruf',
          '/datenschutz',
          '/versand-und-zahlung',
          '/barrierefreiheit',
        ].map((path) => `${SHOP_URL}${path}`),
      ),
    );
  });

  it('answers 304 to a crawler whose copy is current', async () => {
    const first = await get('/sitemap-products.xml?page=1');
    const lastModified = first.headers.get('last-modified')!;
    expect(lastModified).toBeTruthy();
    const again = await get('/sitemap-products.xml?page=1', { 'If-Modified-Since': lastModified });
    expect(again.status).toBe(304);
    const older = new Date(Date.parse(lastModified) - 60_000).toUTCString();
    expect((await get('/sitemap-products.xml?page=1', { 'If-Modified-Since': older })).status).toBe(
      200,
    );
  });

  it.each([
    ['past the last file', '?page=2'],
    ['zero', '?page=0'],
    ['not a number', '?page=abc'],
    ['given twice', '?page=1&page=1'],
    ['5 kB of digits', `?page=${'9'.repeat(5_000)}`],
  ])('has no product file for a page %s', async (_label, query) => {
    const res = await get(`/sitemap-products.xml${query}`);
    expect(res.status).toBe(404);
  });

  it.each([
    ['a NUL byte', '?page=%00', 400],
    ['10 kB of digits', `?page=${'9'.repeat(10_000)}`, 414],
  ])('refuses a page %s where the request enters', async (_label, query, status) => {
    const res = await get(`/sitemap-products.xml${query}`);
    expect(res.status).toBe(status);
  });
});

describe('structured data in pages', () => {
  async function jsonLdOf(path: string) {
    await page.goto(`${shop.url}${path}`);
    return page.evaluate(() => ({
      blocks: [...document.querySelectorAll('script[type="application/ld+json"]')].map((s) =>
        JSON.parse(s.textContent ?? ''),
      ),
      broken: (window as unknown as { __broken?: number }).__broken ?? null,
      meta: Object.fromEntries(
        [...document.querySelectorAll('meta[property], meta[name^="twitter:"]')].map((m) => [
          m.getAttribute('property') ?? m.getAttribute('name'),
          m.getAttribute('content'),
        ]),
      ),
      canonical: document.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? null,
    }));
  }

  it('describes a product with offer, rating and breadcrumbs; its name cannot break out', async () => {
    const { blocks, broken, meta, canonical } = await jsonLdOf('/product/seo-teller');
    expect(broken).toBeNull();
    expect(blocks).toHaveLength(1);
    const [product, breadcrumbs] = blocks[0];
    expect(product).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: HOSTILE_NAME,
      description: 'Ein flacher Teller aus Steingut.',
      url: `${SHOP_URL}/product/seo-teller`,
      image: [`${SHOP_URL}/media/seo-teller-full.webp`],
      sku: 'SEO-TELLER',
      gtin: '4006381333931',
      aggregateRating: { ratingValue: 4.5, reviewCount: 2 },
      offers: {
        '@type': 'Offer',
        price: '19.99',
        priceCurrency: 'EUR',
        availability: 'https://schema.org/InStock',
        itemCondition: 'https://schema.org/NewCondition',
        url: `${SHOP_URL}/product/seo-teller`,
      },
    });
    expect(product.review).toHaveLength(2);
    expect(breadcrumbs).toMatchObject({
      '@type': 'BreadcrumbList',
      itemListElement: [
        { position: 1, item: `${SHOP_URL}/` },
        { position: 2, name: 'Tee & Gewürze', item: `${SHOP_URL}/product-category/tee&gewuerze` },
        { position: 3, name: HOSTILE_NAME, item: `${SHOP_URL}/product/seo-teller` },
      ],
    });
    expect(canonical).toBe(`${SHOP_URL}/product/seo-teller`);
    expect(meta).toMatchObject({
      'og:type': 'product',
      'og:title': HOSTILE_NAME,
      'og:url': `${SHOP_URL}/product/seo-teller`,
      'og:image': `${SHOP_URL}/media/seo-teller-large.webp`,
      'og:locale': 'de_DE',
      'og:site_name': 'Ladenzeile',
      'product:price:amount': '19.99',
      'product:price:currency': 'EUR',
      'twitter:card': 'summary_large_image',
    });
  });

  it('offers a variable product as an aggregate of its variations', async () => {
    const { blocks } = await jsonLdOf('/product/seo-topf');
    expect(blocks[0][0].offers).toMatchObject({
      '@type': 'AggregateOffer',
      lowPrice: '25.00',
      highPrice: '35.00',
      offerCount: 2,
      offers: [
        { sku: 'SEO-TOPF-K', availability: 'https://schema.org/InStock' },
        { sku: 'SEO-TOPF-G', availability: 'https://schema.org/OutOfStock' },
      ],
    });
  });

  it("lists a category page's products in order with breadcrumbs and the listing's canonical link", async () => {
    const { blocks, broken, meta, canonical } = await jsonLdOf(
      `/product-category/${encodeURIComponent('tee&gewuerze')}?orderby=price`,
    );
    expect(broken).toBeNull();
    const [breadcrumbs, list] = blocks[0];
    expect(breadcrumbs.itemListElement.map((c: { item: string }) => c.item)).toEqual([
      `${SHOP_URL}/`,
      `${SHOP_URL}/shop`,
      `${SHOP_URL}/product-category/kueche`,
      `${SHOP_URL}/product-category/tee&gewuerze`,
    ]);
    expect(list).toMatchObject({
      '@type': 'ItemList',
      numberOfItems: 2,
      itemListElement: [
        { '@type': 'ListItem', position: 1, url: `${SHOP_URL}/product/salz&pfeffer` },
        {
          '@type': 'ListItem',
          position: 2,
          url: `${SHOP_URL}/product/seo-teller`,
          name: HOSTILE_NAME,
        },
      ],
    });
    // The listing's own canonical address (filters kept, sort left out).
    expect(canonical).toBe(`${SHOP_URL}/product-category/tee%26gewuerze`);
    expect(meta).toMatchObject({
      'og:type': 'website',
      'og:url': `${SHOP_URL}/product-category/tee&gewuerze`,
    });
  });

  it("speaks the shopper's language in the share tags", async () => {
    await page.context().addCookies([{ name: 'lang', value: 'en', url: shop.url }]);
    const { meta, blocks } = await jsonLdOf('/product/salz&pfeffer');
    await page.context().clearCookies();
    expect(meta['og:locale']).toBe('en_IE');
    expect(blocks[0][0].name).toBe('Salt & pepper');
  });
});
