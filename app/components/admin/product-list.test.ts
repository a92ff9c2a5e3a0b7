import { createElement as h } from 'react';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PRODUCT_QUERY } from '#app/domain/catalog/product-admin.view.ts';
import { renderIn, textOf } from '../../../tests/support/render.ts';
import { ProductTable } from './product-list.tsx';

const empty = { rows: [], next: null, previous: null };

describe('ProductTable without rows', () => {
  it('tells a shop without products how to add the first, in both languages', () => {
    const query = DEFAULT_PRODUCT_QUERY;
    expect(textOf(renderIn('de', h(ProductTable, { page: empty, query })))).toBe(
      'Noch keine Produkte. Legen Sie mit „Produkt hinzufügen“ das erste an.',
    );
    expect(textOf(renderIn('en', h(ProductTable, { page: empty, query })))).toBe(
      'No products yet. Create the first with “Add product”.',
    );
  });

  it('says the filters or the search found nothing when they are set', () => {
    for (const query of [
      { ...DEFAULT_PRODUCT_QUERY, status: 'draft' as const },
      { ...DEFAULT_PRODUCT_QUERY, onSale: true },
      { ...DEFAULT_PRODUCT_QUERY, after: 12 },
    ]) {
      expect(textOf(renderIn('de', h(ProductTable, { page: empty, query })))).toBe(
        'Keine Produkte passen zu diesen Filtern.',
      );
    }
    const search = { ...DEFAULT_PRODUCT_QUERY, search: 'Kerze' };
    expect(textOf(renderIn('de', h(ProductTable, { page: empty, query: search })))).toBe(
      'Keine Produkte passen zu „Kerze“.',
    );
  });
});
