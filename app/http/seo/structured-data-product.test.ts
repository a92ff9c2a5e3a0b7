import { describe, expect, it } from 'vitest';
import { productData } from './structured-data.ts';
import {
  site,
  compliance,
  price,
  product,
  variation,
} from '../../../tests/support/structured-data.ts';

/** The Product structured data of a product page: offers, variations, legal data. */

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
