import { afterAll, beforeAll } from 'vitest';
import { createAttribute, createDepositType, createProduct } from '#db/seed/factories.ts';
import { type TestShop, startTestShop } from './shop.ts';

/** What the Store API tests share: the shop and the ids of the products they buy. */
export let shop: TestShop;

export let ids: {
  coffee: number;
  shirt: number;
  crate: number;
  lastOne: number;
  unique: number;
  soldOut: number;
  fabric: number;
};

/** A built shop of its own for the test file, with the Store API tests' products. */
export function withStoreApiShop() {
  beforeAll(async () => {
    shop = await startTestShop();
    const db = shop.database.db;
    const bottle = await createDepositType(db, { amount: 8, packagingType: 'reusable' });
    const color = await createAttribute(db, {
      slug: 'color',
      name: { de: 'Farbe', en: 'Colour' },
      swatchType: 'color',
      terms: [
        { slug: 'rot', name: { de: 'Rot', en: 'Red' }, swatch: { color: '#c00' } },
        { slug: 'blau', name: { de: 'Blau', en: 'Blue' }, swatch: { color: '#00c' } },
      ],
    });
    const coffee = await createProduct(db, {
      name: { de: 'Kaffee', en: 'Coffee' },
      regularPrice: 1199,
      taxClass: 'reduced',
      unit: 'kg',
      productUnits: 0.5,
      unitBase: 1,
    });
    const shirt = await createProduct(db, {
      name: { de: 'Hemd', en: 'Shirt' },
      regularPrice: 2495,
      attributes: [
        {
          attributeId: color.attribute.id,
          termIds: Object.values(color.termIds),
          usedForVariations: true,
        },
      ],
      variations: [
        { attributes: { color: 'rot' }, manageStock: true, stockQuantity: 5 },
        { attributes: { color: 'blau' }, manageStock: true, stockQuantity: 0, regularPrice: 2695 },
      ],
    });
    const crate = await createProduct(db, {
      name: { de: 'Bierkasten', en: 'Beer crate' },
      regularPrice: 1899,
      depositTypeId: bottle.id,
      depositQuantity: 20,
    });
    const lastOne = await createProduct(db, {
      name: { de: 'Letztes Stück', en: 'Last one' },
      regularPrice: 500,
      manageStock: true,
      stockQuantity: 1,
    });
    const unique = await createProduct(db, {
      name: { de: 'Unikat', en: 'One-off' },
      regularPrice: 9900,
      soldIndividually: true,
    });
    const soldOut = await createProduct(db, {
      name: { de: 'Ausverkauft', en: 'Sold out' },
      regularPrice: 100,
      stockStatus: 'outofstock',
    });
    const fabric = await createProduct(db, {
      name: { de: 'Stoff', en: 'Fabric' },
      regularPrice: 1299,
      minQuantity: 0.5,
      quantityStep: 0.5,
      unit: 'm',
      productUnits: 1,
      unitBase: 1,
    });
    ids = {
      coffee: coffee.product.id,
      shirt: shirt.product.id,
      crate: crate.product.id,
      lastOne: lastOne.product.id,
      unique: unique.product.id,
      soldOut: soldOut.product.id,
      fabric: fabric.product.id,
    };
  }, 120_000);
  afterAll(async () => {
    await shop?.close();
  });
}
