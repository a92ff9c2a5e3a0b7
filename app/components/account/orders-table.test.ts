import { describe, expect, it } from 'vitest';
import { pageButtons, queryString } from './orders-table.tsx';

describe('orders table paging', () => {
  it('shows every page up to seven, else seven buttons with ellipses', () => {
    expect(pageButtons(1, 1)).toEqual([1]);
    expect(pageButtons(3, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(pageButtons(1, 20)).toEqual([1, 2, 3, 4, 5, null, 20]);
    expect(pageButtons(4, 20)).toEqual([1, 2, 3, 4, 5, null, 20]);
    expect(pageButtons(10, 20)).toEqual([1, null, 9, 10, 11, null, 20]);
    expect(pageButtons(18, 20)).toEqual([1, null, 16, 17, 18, 19, 20]);
    for (let page = 1; page <= 30; page++) expect(pageButtons(page, 30)).toHaveLength(7);
  });

  it('keeps the defaults out of the address', () => {
    const q = { page: 1, perPage: 10, sort: 'date', dir: 'desc', search: '' } as const;
    expect(queryString(q)).toBe('?');
    expect(
      queryString(q, { page: 3, perPage: 25, sort: 'total', dir: 'asc', search: 'kerze' }),
    ).toBe('?paged=3&per_page=25&orderby=total&order=asc&search=kerze');
  });
});
