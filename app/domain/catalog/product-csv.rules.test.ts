import { describe, expect, it } from 'vitest';
import {
  type CsvProduct,
  csvDateTime,
  csvPrice,
  encodeText,
  joinValues,
  productCsvColumns,
  productCsvRow,
} from './product-csv.rules.ts';

const bare: CsvProduct = {
  id: 7,
  type: 'simple',
  parent: null,
  slug: 'kerze',
  status: 'publish',
  featured: false,
  menuOrder: 0,
  name: { de: 'Kerze', en: 'Candle' },
  shortDescription: null,
  description: null,
  sku: 'KERZE',
  gtin: null,
  regularPrice: 1290,
  salePrice: null,
  saleFrom: null,
  saleTo: null,
  taxClass: 'standard',
  shippingClass: null,
  manageStock: false,
  stockQuantity: null,
  stockStatus: 'instock',
  backorders: 'no',
  lowStockAmount: null,
  minQuantity: null,
  maxQuantity: null,
  quantityStep: null,
  soldIndividually: false,
  digital: false,
  subscription: null,
  weightKg: null,
  lengthCm: null,
  widthCm: null,
  heightCm: null,
  unit: null,
  productUnits: null,
  unitBase: null,
  depositQuantity: null,
  food: null,
  safetyInstructions: null,
  powerSupply: null,
  defectDescription: null,
  categories: [],
  images: [],
  attributes: [],
  deliveryTime: null,
  depositType: null,
  manufacturer: null,
  responsiblePerson: null,
};

const cells = (p: CsvProduct, attributes = 0) => {
  const columns = productCsvColumns(attributes);
  const row = productCsvRow(p, attributes);
  return Object.fromEntries(columns.map((c, i) => [c, row[i]]));
};

describe('product CSV rows', () => {
  it('has one cell per column, with and without attributes and food data', () => {
    for (const attributes of [0, 1, 3]) {
      for (const food of [
        null,
        { nutrientReference: 'g' as const, nutrients: {}, allergens: [] },
      ]) {
        expect(productCsvRow({ ...bare, food }, attributes)).toHaveLength(
          productCsvColumns(attributes).length,
        );
      }
    }
  });

  it('writes WooCommerce’s values for type, stock, backorders, tax class and publishing', () => {
    expect(cells(bare)).toMatchObject({
      Type: 'simple',
      'In stock?': '1',
      Stock: '',
      'Backorders allowed?': '0',
      'Tax class': '',
      Published: '1',
      'Regular price': '12.90',
    });
    expect(
      cells({
        ...bare,
        digital: true,
        status: 'draft',
        manageStock: true,
        stockQuantity: 0,
        stockStatus: 'onbackorder',
        backorders: 'notify',
        taxClass: 'reduced',
      }),
    ).toMatchObject({
      Type: 'simple, virtual',
      'In stock?': 'backorder',
      Stock: '0',
      'Backorders allowed?': 'notify',
      'Tax class': 'reduced-rate',
      Published: '-1',
    });
    expect(cells({ ...bare, taxClass: 'reduced2' })['Tax class']).toBe('second-reduced-rate');
    expect(
      cells({
        ...bare,
        subscription: { period: 'month', interval: 3, trialDays: 14, signUpFee: 500, length: 4 },
      }),
    ).toMatchObject({
      Type: 'subscription',
      'Meta: _subscription_period': 'month',
      'Meta: _subscription_period_interval': '3',
      'Meta: _subscription_length': '12',
      'Meta: _subscription_trial_length': '14',
      'Meta: _subscription_trial_period': 'day',
      'Meta: _subscription_sign_up_fee': '5.00',
    });
  });

  it('formats prices, lists, texts and dates as WooCommerce’s exporter does', () => {
    expect(csvPrice(5)).toBe('0.05');
    expect(csvPrice(123456)).toBe('1234.56');
    expect(csvPrice(null)).toBe('');
    expect(joinValues(['Rot', 'Blau, dunkel'])).toBe('Rot, Blau\\, dunkel');
    expect(encodeText('a\nb\r\nc')).toBe('a\\nb\\nc');
    expect(encodeText('C:\\new')).toBe('C:\\\\new');
    // Berlin time, summer and winter.
    expect(csvDateTime(new Date('2026-07-01T10:00:00Z'))).toBe('2026-07-01 12:00:00');
    expect(csvDateTime(new Date('2026-12-31T23:30:00Z'))).toBe('2027-01-01 00:30:00');
  });
});
