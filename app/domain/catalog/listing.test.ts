import { describe, expect, it } from 'vitest';
import {
  filterChips,
  listingOrders,
  listingQuery,
  parseEuroAmount,
  parseListingParams,
  withoutChip,
} from './listing.ts';

describe('parseEuroAmount', () => {
  it.each([
    ['12', 1200],
    ['12,5', 1250],
    ['12,50', 1250],
    ['12.50', 1250],
    ['1.299,00', 129900],
    ['1,299.00', 129900],
    [' 7 € ', 700],
    ['0', 0],
    ['', null],
    ['abc', null],
    ['-5', null],
    ['1e3', null],
    ['12,345', 1234500],
    ['12,3456', null],
    ['1'.repeat(30), null],
    ['12\u00005', null],
  ])('%j -> %j', (raw, expected) => {
    expect(parseEuroAmount(raw)).toBe(expected);
  });
});

describe('parseListingParams', () => {
  const parse = (qs: string) => parseListingParams(new URLSearchParams(qs));

  it.each<[string, ReturnType<typeof parse>]>([
    ['', { orderby: 'menu_order', filters: {} }],
    ['orderby=price-desc', { orderby: 'price-desc', filters: {} }],
    ['orderby=evil', { orderby: 'menu_order', filters: {} }],
    [
      'min_price=10&max_price=25,50',
      { orderby: 'menu_order', filters: { minPrice: 1000, maxPrice: 2550 } },
    ],
    [
      'min_price=30&max_price=10',
      { orderby: 'menu_order', filters: { minPrice: 1000, maxPrice: 3000 } },
    ],
    ['min_price=0', { orderby: 'menu_order', filters: {} }],
    ['min_price=zehn&max_price=', { orderby: 'menu_order', filters: {} }],
    [
      'filter_color=red,blue&filter_size=m',
      {
        orderby: 'menu_order',
        filters: {
          attributes: [
            { attribute: 'color', terms: ['red', 'blue'] },
            { attribute: 'size', terms: ['m'] },
          ],
        },
      },
    ],
    [
      'filter_color=red,red',
      { orderby: 'menu_order', filters: { attributes: [{ attribute: 'color', terms: ['red'] }] } },
    ],
    ['filter_color=Red%00', { orderby: 'menu_order', filters: {} }],
    ['filter_=red&filter_Farbe=rot', { orderby: 'menu_order', filters: {} }],
    [
      `filter_color=${Array.from({ length: 21 }, (_, i) => `t${i}`).join(',')}`,
      { orderby: 'menu_order', filters: {} },
    ],
    [
      'stock_status=instock&on_sale=1&rating_filter=4',
      { orderby: 'menu_order', filters: { stockStatus: ['instock'], onSale: true, minRating: 4 } },
    ],
    ['stock_status=outofstock&on_sale=yes&rating_filter=9', { orderby: 'menu_order', filters: {} }],
  ])('%j', (qs, expected) => {
    expect(parse(qs)).toEqual(expected);
  });

  it('joins repeated attribute parameters, as checkboxes send them', () => {
    expect(parse('filter_color=red&filter_color=blue,red').filters.attributes).toEqual([
      { attribute: 'color', terms: ['red', 'blue'] },
    ]);
  });

  it('orders a search by relevance unless asked otherwise, and only a search', () => {
    expect(parse('s=tee').orderby).toBe('relevance');
    expect(parse('s=tee&orderby=price').orderby).toBe('price');
    expect(parse('orderby=relevance').orderby).toBe('menu_order');
    expect(parse('s=%20&orderby=relevance').orderby).toBe('menu_order');
    expect(listingOrders(true)[0]).toBe('relevance');
    expect(listingOrders(false)).not.toContain('relevance');
    expect(listingQuery({ search: 'tee', orderby: 'relevance', filters: {} }, 'de')).toBe('?s=tee');
    expect(listingQuery({ search: 'tee', orderby: 'menu_order', filters: {} }, 'de')).toBe(
      '?s=tee&orderby=menu_order',
    );
  });
});

describe('listing URLs and chips', () => {
  const { filters } = parseListingParams(
    new URLSearchParams('filter_color=red,blue&min_price=5,5&on_sale=1'),
  );

  it('writes search, filters, sort and page in one order', () => {
    expect(listingQuery({ search: 'tee', orderby: 'price', filters, page: 2 }, 'de')).toBe(
      '?s=tee&min_price=5%2C50&filter_color=red%2Cblue&on_sale=1&orderby=price&page=2',
    );
    expect(listingQuery({ search: '', orderby: 'price', filters: {}, page: 1 }, 'en', false)).toBe(
      '',
    );
    expect(listingQuery({ search: '', orderby: 'menu_order', filters, page: 1 }, 'en')).toBe(
      '?min_price=5.50&filter_color=red%2Cblue&on_sale=1',
    );
  });

  it('lists one chip per value and removes exactly that one', () => {
    const chips = filterChips(filters);
    expect(chips).toEqual([
      { kind: 'min_price', value: 550 },
      { kind: 'attribute', attribute: 'color', term: 'red' },
      { kind: 'attribute', attribute: 'color', term: 'blue' },
      { kind: 'on_sale' },
    ]);
    expect(withoutChip(filters, chips[1]!)).toEqual({
      minPrice: 550,
      attributes: [{ attribute: 'color', terms: ['blue'] }],
      onSale: true,
    });
    const noColour = withoutChip(withoutChip(filters, chips[1]!), chips[2]!);
    expect(noColour.attributes).toBeUndefined();
  });
});
