import { describe, expect, it } from 'vitest';
import { parseProductsQuery, queryFields } from './products-query.ts';

const parse = (qs: string) => parseProductsQuery(new URLSearchParams(qs));

describe('Store API products query', () => {
  it('reads WooCommerce’s array form of attributes', () => {
    expect(
      queryFields(
        new URLSearchParams(
          'attributes[0][attribute]=pa_color&attributes[0][slug][]=red&attributes[0][slug][]=blue&attributes[1][attribute]=pa_size&attributes[1][term_id][]=7',
        ),
      ),
    ).toEqual({
      attributes: [
        { attribute: 'pa_color', slug: ['red', 'blue'] },
        { attribute: 'pa_size', term_id: ['7'] },
      ],
    });
  });

  it('defaults to the newest first, ten per page', () => {
    expect(parse('')).toEqual({
      ok: true,
      value: { page: 1, perPage: 10, sort: { key: 'date', direction: 'desc' }, filters: {} },
    });
  });

  it('maps every filter', () => {
    expect(
      parse(
        'orderby=price&order=asc&search=%20tee%20&category=12&on_sale=true&stock_status=instock,onbackorder&min_price=500&max_price=2500&attributes[0][attribute]=pa_color&attributes[0][slug][]=red&page=2&per_page=100',
      ),
    ).toEqual({
      ok: true,
      value: {
        page: 2,
        perPage: 100,
        sort: { key: 'price', direction: 'asc' },
        search: 'tee',
        category: { id: 12 },
        filters: {
          minPrice: 500,
          maxPrice: 2500,
          onSale: true,
          stockStatus: ['instock', 'onbackorder'],
          attributes: [{ attribute: 'pa_color', terms: ['red'] }],
        },
      },
    });
    expect(parse('category=kaffee&on_sale=false')).toMatchObject({
      ok: true,
      value: { category: { slug: 'kaffee' }, filters: {} },
    });
  });

  it.each([
    ['page=0', 'page'],
    ['page=1&page=2', 'page'],
    ['per_page=101', 'per_page'],
    ['per_page=1.5', 'per_page'],
    ['orderby=name', 'orderby'],
    ['orderby=price&orderby=date', 'orderby'],
    ['order=up', 'order'],
    ['search=a%00b', 'search'],
    [`search=${'x'.repeat(10_000)}`, 'search'],
    ['search=a&search=b', 'search'],
    ['search[]=a', 'search'],
    ['page[x]=1', 'page'],
    ['category=Kaffee!', 'category'],
    ['category=1&category=2', 'category'],
    ['on_sale=yes', 'on_sale'],
    ['stock_status=soldout', 'stock_status'],
    ['stock_status=', 'stock_status'],
    ['min_price=-1', 'min_price'],
    ['min_price=9.99', 'min_price'],
    ['max_price=1e3', 'max_price'],
    ['min_price=500&max_price=100', 'min_price'],
    ['attributes=red', 'attributes'],
    ['attributes[0]=red', 'attributes'],
    ['attributes[0][attribute]=pa_color', 'attributes'],
    ['attributes[0][attribute]=pa_color&attributes[0][slug][]=Rot', 'attributes'],
    ['attributes[0][attribute]=pa_color&attributes[0][term_id][]=x', 'attributes'],
    ['attributes[1][attribute]=pa_color&attributes[1][slug][]=red', 'attributes'],
    [
      'attributes[0][attribute]=pa_color&attributes[0][attribute]=pa_size&attributes[0][slug]=red',
      'attributes',
    ],
  ])('refuses %s naming %s', (qs, param) => {
    expect(parse(qs)).toEqual({ ok: false, param });
  });
});
