import { describe, expect, it } from 'vitest';
import type {
  ComplianceView,
  PriceView,
  ProductDetail,
  VariationView,
} from '#app/domain/catalog/catalog.view.ts';
import type { ImageView } from '#app/domain/media/media.ts';
import { jsonLdText } from '#app/domain/catalog/structured-data.view.ts';
import {
  absoluteUrl,
  availabilityOf,
  breadcrumbList,
  decimalPrice,
  itemList,
  pathSegment,
  productData,
} from './structured-data.ts';
import type { socialMeta } from './social-meta.ts';
import { ogLocale, previewText } from './social-meta.ts';
import { listingSeo, productSeo } from './page-seo.ts';

const site = { shopUrl: 'https://laden.example', currency: 'EUR' };

const compliance: ComplianceView = {
  deliveryTime: null,
  unitPrice: null,
  deposit: null,
  food: null,
  manufacturer: null,
  responsiblePerson: null,
  safetyInstructions: '',
  attachments: [],
  powerSupply: null,
  defectDescription: '',
  taxInfo: '',
  shippingCostsInfo: '',
  hasProductSafetyInformation: false,
};

function price(active: number | null, fields: Partial<PriceView> = {}): PriceView {
  return {
    regular: active,
    active,
    onSale: false,
    range: null,
    saleEndsAt: null,
    lowestPrior: null,
    ...fields,
  };
}

function image(key: string): ImageView {
  return {
    key,
    alt: `Bild ${key}`,
    caption: '',
    width: 1200,
    height: 1200,
    sizes: [
      { name: 'thumb', width: 150, height: 150 },
      { name: 'large', width: 800, height: 800 },
      { name: 'full', width: 1200, height: 1200 },
    ],
  };
}

function product(fields: Partial<ProductDetail> = {}): ProductDetail {
  return {
    id: 7,
    slug: 'espresso',
    type: 'simple',
    name: 'Espresso',
    shortDescription: 'Kräftig geröstet.',
    description: 'Eine dunkle Röstung aus Bohnen.',
    image: image('espresso-1'),
    hoverImage: null,
    price: price(1299),
    unitPrice: null,
    taxClass: 'reduced',
    taxRate: 7,
    deposit: null,
    rating: { average: 0, count: 0 },
    stockStatus: 'instock',
    isPurchasable: true,
    soldIndividually: false,
    deliveryTime: null,
    sku: 'ESP-1',
    gtin: '4006381333931',
    weightKg: 0.5,
    dimensionsCm: null,
    categories: [{ slug: 'kaffee', name: 'Kaffee' }],
    gallery: [image('espresso-1'), image('espresso-2')],
    attributes: [],
    variations: fields.variations ?? [],
    variationCount: fields.variations?.length ?? 0,
    variationsHaveUnitPrice: false,
    stockQuantity: null,
    lowStockAmount: null,
    quantity: { min: 1, max: null, step: 1, soldIndividually: false },
    compliance,
    ...fields,
  };
}

function variation(id: number, fields: Partial<VariationView>): VariationView {
  return {
    id,
    attributes: {},
    sku: null,
    gtin: null,
    price: price(1000),
    stockStatus: 'instock',
    stockQuantity: null,
    isPurchasable: true,
    image: null,
    weightKg: null,
    quantity: { min: 1, max: null, step: 1, soldIndividually: false },
    compliance,
    ...fields,
  };
}

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

describe('productData', () => {
  it('describes a simple product with one offer', () => {
    const data = productData(site, product());
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      '@id': 'https://laden.example/product/espresso#product',
      name: 'Espresso',
      description: 'Eine dunkle Röstung aus Bohnen.',
      url: 'https://laden.example/product/espresso',
      image: [
        'https://laden.example/media/espresso-1-full.webp',
        'https://laden.example/media/espresso-2-full.webp',
      ],
      sku: 'ESP-1',
      gtin: '4006381333931',
      category: 'Kaffee',
      weight: { '@type': 'QuantitativeValue', value: 0.5, unitCode: 'KGM' },
      offers: {
        '@type': 'Offer',
        url: 'https://laden.example/product/espresso',
        price: '12.99',
        priceCurrency: 'EUR',
        availability: 'https://schema.org/InStock',
        itemCondition: 'https://schema.org/NewCondition',
        priceSpecification: { valueAddedTaxIncluded: true, price: '12.99' },
      },
    });
    expect(data).not.toHaveProperty('aggregateRating');
    expect(data).not.toHaveProperty('review');
    expect(data).not.toHaveProperty('brand');
  });

  it.each([
    ['outofstock', 'https://schema.org/OutOfStock'],
    ['onbackorder', 'https://schema.org/BackOrder'],
  ] as const)('a %s product offers %s', (stockStatus, availability) => {
    expect(productData(site, product({ stockStatus })).offers).toMatchObject({ availability });
  });

  it('names the sale end as the price validity', () => {
    const data = productData(
      site,
      product({ price: price(999, { onSale: true, saleEndsAt: '2026-12-24T23:00:00.000Z' }) }),
    );
    expect(data.offers).toMatchObject({ price: '9.99', priceValidUntil: '2026-12-24' });
  });

  it('leaves the offer out while a product has no price', () => {
    expect(productData(site, product({ price: price(null) }))).not.toHaveProperty('offers');
  });

  it('leaves out what is not there: SKU, GTIN, pictures, description', () => {
    const data = productData(
      site,
      product({ sku: null, gtin: null, gallery: [], description: '', shortDescription: '' }),
    );
    for (const key of ['sku', 'gtin', 'image', 'description']) expect(data).not.toHaveProperty(key);
  });

  it('rates with the approved reviews and quotes those with a rating', () => {
    const data = productData(site, product({ rating: { average: 4.5, count: 2 } }), [
      { author: 'Anna', rating: 5, content: 'Sehr gut', createdAt: '2026-03-01T10:00:00.000Z' },
      { author: 'Ben', rating: null, content: 'Frage', createdAt: '2026-03-02T10:00:00.000Z' },
      { author: 'Cem', rating: 4, content: 'Gut', createdAt: '2026-03-03T10:00:00.000Z' },
    ]);
    expect(data.aggregateRating).toEqual({
      '@type': 'AggregateRating',
      ratingValue: 4.5,
      reviewCount: 2,
      bestRating: 5,
      worstRating: 1,
    });
    expect(data.review).toEqual([
      {
        '@type': 'Review',
        author: { '@type': 'Person', name: 'Anna' },
        datePublished: '2026-03-01',
        reviewBody: 'Sehr gut',
        reviewRating: { '@type': 'Rating', ratingValue: 5, bestRating: 5, worstRating: 1 },
      },
      expect.objectContaining({ author: { '@type': 'Person', name: 'Cem' } }),
    ]);
  });

  it('takes the brand from a brand attribute, else from the manufacturer', () => {
    const manufacturer = {
      name: 'Rösterei Nord',
      postalAddress: 'Hafen 1, Kiel',
      email: 'info@roesterei.example',
      url: 'https://roesterei.example',
    };
    const made = productData(site, product({ compliance: { ...compliance, manufacturer } }));
    expect(made.brand).toEqual({ '@type': 'Brand', name: 'Rösterei Nord' });
    expect(made.manufacturer).toEqual({
      '@type': 'Organization',
      name: 'Rösterei Nord',
      url: 'https://roesterei.example',
    });
    const branded = productData(
      site,
      product({
        compliance: { ...compliance, manufacturer },
        attributes: [
          {
            slug: 'marke',
            name: 'Marke',
            swatchType: 'select',
            visible: true,
            usedForVariations: false,
            terms: [
              { slug: 'nordlicht', name: 'Nordlicht', color: null, imageKey: null, label: null },
            ],
          },
        ],
      }),
    );
    expect(branded.brand).toEqual({ '@type': 'Brand', name: 'Nordlicht' });
  });

  it('offers a variable product as an aggregate of its priced variations', () => {
    const data = productData(
      site,
      product({
        type: 'variable',
        slug: 'hemd',
        name: 'Hemd',
        sku: 'HEMD',
        stockStatus: 'instock',
        attributes: [
          {
            slug: 'color',
            name: 'Farbe',
            swatchType: 'color',
            visible: true,
            usedForVariations: true,
            terms: [
              { slug: 'rot', name: 'Rot', color: '#c00', imageKey: null, label: null },
              { slug: 'blau', name: 'Blau', color: '#00c', imageKey: null, label: null },
            ],
          },
        ],
        variations: [
          variation(11, { attributes: { color: 'rot' }, sku: 'HEMD-R', price: price(2495) }),
          variation(12, {
            attributes: { color: 'blau' },
            sku: 'HEMD-B',
            gtin: '4006381333948',
            price: price(2695),
            stockStatus: 'outofstock',
          }),
          variation(13, { attributes: { color: '' }, price: price(null) }),
        ],
      }),
    );
    expect(data.offers).toMatchObject({
      '@type': 'AggregateOffer',
      priceCurrency: 'EUR',
      lowPrice: '24.95',
      highPrice: '26.95',
      offerCount: 2,
      availability: 'https://schema.org/InStock',
      offers: [
        {
          '@type': 'Offer',
          name: 'Hemd – Rot',
          sku: 'HEMD-R',
          price: '24.95',
          availability: 'https://schema.org/InStock',
        },
        {
          '@type': 'Offer',
          name: 'Hemd – Blau',
          sku: 'HEMD-B',
          gtin: '4006381333948',
          price: '26.95',
          availability: 'https://schema.org/OutOfStock',
        },
      ],
    });
  });

  it('has no offer for a variable product without priced variations', () => {
    const data = productData(
      site,
      product({ type: 'variable', variations: [variation(1, { price: price(null) })] }),
    );
    expect(data).not.toHaveProperty('offers');
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
