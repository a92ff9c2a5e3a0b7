import { describe, expect, it } from 'vitest';
import {
  changedPrice,
  parseAdminProductQuery,
  parseBulkProductForm,
  parseHundredths,
  parseProductIds,
  saleBelowRegular,
} from './product-admin.rules.ts';
import { adminProductsHref } from './product-admin.view.ts';

const form = (fields: [string, string][]) => {
  const data = new FormData();
  for (const [name, value] of fields) data.append(name, value);
  return data;
};

describe('bulk price arithmetic', () => {
  it('rounds a percentage half up to the cent and never goes below 0', () => {
    expect(changedPrice(1999, 'raise', 10_00, true)).toBe(2199);
    expect(changedPrice(1999, 'lower', 10_00, true)).toBe(1799);
    expect(changedPrice(5, 'lower', 10_00, true)).toBe(4); // 0.5 rounds up to a cent off
    expect(changedPrice(300, 'lower', 500, false)).toBe(0);
    expect(changedPrice(null, 'raise', 100, false)).toBeNull();
    expect(changedPrice(null, 'set', 1250, false)).toBe(1250);
  });

  it('keeps a sale price below the regular price', () => {
    expect(saleBelowRegular(1000, 999)).toBe(true);
    expect(saleBelowRegular(1000, 1000)).toBe(false);
    expect(saleBelowRegular(null, 500)).toBe(false);
    expect(saleBelowRegular(null, null)).toBe(true);
  });

  it('reads amounts with a comma or a point and at most two decimals', () => {
    expect(parseHundredths('12,5')).toBe(1250);
    expect(parseHundredths(' 12.50 € ')).toBe(1250);
    expect(parseHundredths('7')).toBe(700);
    for (const bad of ['', '-1', '1.234', '1.234,56', '1e3', 'abc', '0x10', '\u00001'])
      expect(parseHundredths(bad), bad).toBeNull();
  });
});

describe('the list query and the bulk form', () => {
  it('falls back to defaults for unknown, repeated and malformed values', () => {
    const query = parseAdminProductQuery(
      new URLSearchParams('type=grouped&stock=low&stock=out&sort=name_asc&category=1e3&after=-1'),
    );
    expect(query).toMatchObject({
      type: null,
      stock: null,
      sort: 'name',
      dir: 'asc',
      category: null,
      after: null,
    });
    expect(parseAdminProductQuery(new URLSearchParams('sort=price')).dir).toBe('desc');
    expect(parseAdminProductQuery(new URLSearchParams('q=a%00b')).search).toBe('ab');
    // The URL built from a query reads back as the same query.
    const full = parseAdminProductQuery(
      new URLSearchParams(
        'q=x&category=3&type=simple&stock=low&on_sale=1&status=draft&sort=sku&dir=desc&after=9',
      ),
    );
    expect(
      parseAdminProductQuery(new URL(adminProductsHref(full), 'http://x').searchParams),
    ).toEqual(full);
  });

  it('reads ids once each, from single values and comma lists', () => {
    expect(parseProductIds(['3', '1,2,3', 'x', '0', '-4'])).toEqual([3, 1, 2]);
  });

  it('reads only the chosen change and refuses what does not fit it', () => {
    expect(
      parseBulkProductForm(
        form([
          ['bulk_action', 'sale_price'],
          ['price_change', 'lower'],
          ['price_unit', 'percent'],
          ['price_value', '12,5'],
          ['ids', '4'],
          ['stock_quantity', 'ignored'],
        ]),
      ),
    ).toEqual({
      ok: true,
      edit: { action: 'sale_price', change: 'lower', amount: 1250, percent: true },
      ids: [4],
    });
    const refused = [
      [
        ['bulk_action', 'regular_price'],
        ['price_change', 'set'],
        ['price_unit', 'percent'],
        ['price_value', '5'],
      ],
      [
        ['bulk_action', 'regular_price'],
        ['price_change', 'lower'],
        ['price_unit', 'percent'],
        ['price_value', '100'],
      ],
      [
        ['bulk_action', 'stock'],
        ['stock_quantity', '-1'],
      ],
      [
        ['bulk_action', 'tax_class'],
        ['tax_class', 'zero'],
      ],
    ] as [string, string][][];
    for (const fields of refused)
      expect(parseBulkProductForm(form(fields))).toEqual({ ok: false, error: 'invalid_value' });
    expect(parseBulkProductForm(form([['bulk_action', 'drop']]))).toEqual({
      ok: false,
      error: 'invalid_action',
    });
  });
});
