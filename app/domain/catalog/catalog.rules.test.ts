import { describe, expect, it } from 'vitest';
import {
  type ProductRow,
  type QuantityFields,
  type StockFields,
  combinedStockStatus,
  effectiveStockStatus,
  isInStock,
  quantityRules,
  resolveVariation,
  stockLeft,
} from './catalog.rules.ts';

const created = new Date('2026-01-01T00:00:00Z');

/** A row with every nullable column empty, as a variation that sets nothing of its own. */
function row(fields: Partial<ProductRow> = {}): ProductRow {
  return {
    id: 1,
    parentId: null,
    type: 'simple',
    slug: null,
    status: 'publish',
    featured: false,
    menuOrder: 0,
    subscription: null,
    externalUrl: null,
    buttonText: null,
    variationAttributes: null,
    defaultAttributes: null,
    name: null,
    shortDescription: null,
    description: null,
    sku: null,
    gtin: null,
    regularPrice: null,
    salePrice: null,
    saleFrom: null,
    saleTo: null,
    taxClass: null,
    shippingClass: null,
    manageStock: null,
    stockQuantity: null,
    stockStatus: null,
    backorders: null,
    lowStockAmount: null,
    minQuantity: null,
    maxQuantity: null,
    quantityStep: null,
    soldIndividually: null,
    digital: null,
    weightKg: null,
    lengthCm: null,
    widthCm: null,
    heightCm: null,
    imageId: null,
    deliveryTimeId: null,
    unit: null,
    productUnits: null,
    unitBase: null,
    depositTypeId: null,
    depositQuantity: null,
    food: null,
    manufacturerId: null,
    responsiblePersonId: null,
    safetyInstructions: null,
    powerSupply: null,
    defectDescription: null,
    taxInfo: null,
    shippingCostsInfo: null,
    createdAt: created,
    updatedAt: created,
    ...fields,
  };
}

describe('a variation resolved against its parent', () => {
  const parent = row({
    id: 10,
    type: 'variable',
    slug: 'shirt',
    status: 'publish',
    featured: true,
    menuOrder: 3,
    name: { de: 'Hemd', en: 'Shirt' },
    sku: 'SHIRT',
    gtin: '4006381333931',
    regularPrice: 2000,
    salePrice: 1500,
    taxClass: 'standard',
    manageStock: true,
    stockQuantity: 5,
    soldIndividually: false,
    deliveryTimeId: 7,
    weightKg: 0.3,
    createdAt: new Date('2025-01-01T00:00:00Z'),
  });
  const variation = row({
    id: 11,
    parentId: 10,
    type: 'variation',
    status: 'draft',
    variationAttributes: { size: 'xl' },
    createdAt: new Date('2025-02-01T00:00:00Z'),
  });

  it.each<[string, Partial<ProductRow>, Partial<ProductRow>]>([
    ['inherits the price', {}, { regularPrice: 2000, salePrice: 1500 }],
    [
      'inherits name, GTIN, tax class and delivery time',
      {},
      { name: parent.name, gtin: '4006381333931', taxClass: 'standard', deliveryTimeId: 7 },
    ],
    [
      'inherits stock settings and weight',
      {},
      { manageStock: true, stockQuantity: 5, weightKg: 0.3 },
    ],
    ['keeps its own price', { regularPrice: 2400 }, { regularPrice: 2400, salePrice: 1500 }],
    [
      'keeps its own GTIN and SKU',
      { gtin: '4006381333948', sku: 'SHIRT-XL' },
      { gtin: '4006381333948', sku: 'SHIRT-XL' },
    ],
    [
      'keeps a stock of zero and a false flag',
      { stockQuantity: 0, manageStock: false },
      { stockQuantity: 0, manageStock: false },
    ],
    ['keeps a sale price of zero', { salePrice: 0 }, { salePrice: 0 }],
    ['keeps its identity and type', {}, { id: 11, parentId: 10, type: 'variation' }],
    [
      'keeps its own status, featured flag and order',
      {},
      { status: 'draft', featured: false, menuOrder: 0 },
    ],
    [
      'never takes the parent slug or dates',
      {},
      { slug: null, createdAt: new Date('2025-02-01T00:00:00Z') },
    ],
    ['keeps its attributes', {}, { variationAttributes: { size: 'xl' } }],
  ])('%s', (_case, own, expected) => {
    expect(resolveVariation(parent, { ...variation, ...own })).toMatchObject(expected);
  });

  it('leaves both rows unchanged', () => {
    const before = { parent: structuredClone(parent), variation: structuredClone(variation) };
    resolveVariation(parent, variation);
    expect({ parent, variation }).toEqual(before);
  });
});

describe('quantity rules', () => {
  const fields = (f: Partial<QuantityFields> = {}): QuantityFields => ({
    soldIndividually: null,
    quantityStep: null,
    minQuantity: null,
    maxQuantity: null,
    ...f,
  });

  it.each<[string, Partial<QuantityFields>, number | null, ReturnType<typeof quantityRules>]>([
    [
      'nothing set: from 1 in steps of 1',
      {},
      null,
      { min: 1, max: null, step: 1, soldIndividually: false },
    ],
    [
      'a step: the minimum is one step',
      { quantityStep: 5 },
      null,
      { min: 5, max: null, step: 5, soldIndividually: false },
    ],
    [
      'a zero step counts as 1',
      { quantityStep: 0 },
      null,
      { min: 1, max: null, step: 1, soldIndividually: false },
    ],
    [
      'a minimum beats the step',
      { quantityStep: 5, minQuantity: 10 },
      null,
      { min: 10, max: null, step: 5, soldIndividually: false },
    ],
    [
      'a zero minimum falls back to the step',
      { quantityStep: 2, minQuantity: 0 },
      null,
      { min: 2, max: null, step: 2, soldIndividually: false },
    ],
    [
      'a fractional step for measured goods',
      { quantityStep: 0.5 },
      null,
      { min: 0.5, max: null, step: 0.5, soldIndividually: false },
    ],
    ['a maximum', { maxQuantity: 6 }, null, { min: 1, max: 6, step: 1, soldIndividually: false }],
    [
      'sold individually: exactly one',
      { soldIndividually: true, minQuantity: 3, maxQuantity: 9, quantityStep: 2 },
      null,
      { min: 1, max: 1, step: 2, soldIndividually: true },
    ],
    ['stock caps an open maximum', {}, 4, { min: 1, max: 4, step: 1, soldIndividually: false }],
    [
      'stock caps a higher maximum',
      { maxQuantity: 6 },
      4,
      { min: 1, max: 4, step: 1, soldIndividually: false },
    ],
    [
      'a lower maximum stays',
      { maxQuantity: 3 },
      4,
      { min: 1, max: 3, step: 1, soldIndividually: false },
    ],
    [
      'no stock left: the maximum is 0',
      {},
      0,
      { min: 1, max: 0, step: 1, soldIndividually: false },
    ],
    [
      'sold individually with no stock left',
      { soldIndividually: true },
      0,
      { min: 1, max: 0, step: 1, soldIndividually: true },
    ],
  ])('%s', (_case, f, left, expected) => {
    expect(quantityRules(fields(f), left)).toEqual(expected);
  });
});

describe('stock', () => {
  const stock = (f: Partial<StockFields> = {}): StockFields => ({
    manageStock: null,
    stockQuantity: null,
    stockStatus: null,
    backorders: null,
    ...f,
  });

  it.each<[string, Partial<StockFields>, number | null]>([
    ['unmanaged stock is unlimited', { stockQuantity: 3 }, null],
    ['managed stock without a quantity is unlimited', { manageStock: true }, null],
    ['managed stock', { manageStock: true, stockQuantity: 3 }, 3],
    ['backorders not allowed', { manageStock: true, stockQuantity: 3, backorders: 'no' }, 3],
    [
      'backorders allowed with notice',
      { manageStock: true, stockQuantity: 3, backorders: 'notify' },
      null,
    ],
    ['backorders allowed', { manageStock: true, stockQuantity: 0, backorders: 'yes' }, null],
    ['none left', { manageStock: true, stockQuantity: 0 }, 0],
    ['oversold stock counts as none left', { manageStock: true, stockQuantity: -2 }, 0],
  ])('left to sell, %s', (_case, f, expected) => {
    expect(stockLeft(stock(f))).toBe(expected);
  });

  it.each<[string, Partial<StockFields>, ReturnType<typeof effectiveStockStatus>]>([
    [
      'managed with stock',
      { manageStock: true, stockQuantity: 2, stockStatus: 'outofstock' },
      'instock',
    ],
    [
      'managed, none left',
      { manageStock: true, stockQuantity: 0, stockStatus: 'instock', backorders: 'no' },
      'outofstock',
    ],
    ['managed, oversold', { manageStock: true, stockQuantity: -1 }, 'outofstock'],
    [
      'managed, none left, backorders with notice',
      { manageStock: true, stockQuantity: 0, backorders: 'notify' },
      'onbackorder',
    ],
    [
      'managed, none left, backorders allowed',
      { manageStock: true, stockQuantity: 0, backorders: 'yes' },
      'onbackorder',
    ],
    [
      'managed without a quantity: the status set by hand',
      { manageStock: true, stockStatus: 'onbackorder' },
      'onbackorder',
    ],
    ['unmanaged: the status set by hand', { stockQuantity: 0, stockStatus: 'instock' }, 'instock'],
    ['unmanaged, out of stock by hand', { stockStatus: 'outofstock' }, 'outofstock'],
    ['unmanaged, nothing set', {}, 'instock'],
  ])('status, %s', (_case, f, expected) => {
    expect(effectiveStockStatus(stock(f))).toBe(expected);
    expect(isInStock(stock(f))).toBe(expected !== 'outofstock');
  });

  it.each<[string, Partial<StockFields>[], ReturnType<typeof effectiveStockStatus>]>([
    [
      'any variation in stock',
      [{ stockStatus: 'outofstock' }, { stockStatus: 'onbackorder' }, {}],
      'instock',
    ],
    [
      'none in stock, one on backorder',
      [{ stockStatus: 'outofstock' }, { manageStock: true, stockQuantity: 0, backorders: 'yes' }],
      'onbackorder',
    ],
    [
      'all out of stock',
      [{ stockStatus: 'outofstock' }, { manageStock: true, stockQuantity: 0 }],
      'outofstock',
    ],
    ['no variations', [], 'outofstock'],
  ])('status of a variable product, %s', (_case, variations, expected) => {
    expect(combinedStockStatus(variations.map(stock))).toBe(expected);
  });
});
