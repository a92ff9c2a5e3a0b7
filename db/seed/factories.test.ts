import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  attributeTerms,
  images,
  productAttributes,
  productCategories,
  productImages,
  products,
} from '#app/domain/catalog/catalog.schema.ts';
import type { DatabaseHandle } from '#app/lib/db.server.ts';
import {
  createAttribute,
  createCategory,
  createDeliveryTime,
  createDepositType,
  createManufacturer,
  createProduct,
  createReview,
  slugify,
  type ImageInput,
} from '#db/seed/factories.ts';
import { openTestDatabase } from '../../tests/support/database.ts';

let handle: DatabaseHandle;
let mediaDir: string;

beforeAll(async () => {
  handle = await openTestDatabase();
  mediaDir = await mkdtemp(path.join(tmpdir(), 'factories-media-'));
});

afterAll(async () => {
  await handle?.close();
  if (mediaDir) await rm(mediaDir, { recursive: true, force: true });
});

const sizeAttribute = () =>
  createAttribute(handle.db, {
    slug: `size-${Math.random().toString(36).slice(2, 8)}`,
    name: { de: 'Größe', en: 'Size' },
    swatchType: 'label',
    terms: [
      { slug: 's', name: { de: 'S', en: 'S' }, swatch: { label: { de: 'S', en: 'S' } } },
      { slug: 'm', name: { de: 'M', en: 'M' } },
      { slug: 'xl', name: { de: 'XL', en: 'XL' } },
    ],
  });

describe('slugify', () => {
  it('spells out German letters and drops everything else', () => {
    expect(slugify('Größe & Süßes – Öl für 2 €')).toBe('groesse-suesses-oel-fuer-2');
    expect(slugify('Café Crème')).toBe('cafe-creme');
    expect(slugify('!!!')).toBe('item');
  });
});

describe('simple entities', () => {
  it('creates categories with a parent and free slugs', async () => {
    const db = handle.db;
    const food = await createCategory(db, { name: { de: 'Lebensmittel', en: 'Food' } });
    const again = await createCategory(db, { name: { de: 'Lebensmittel', en: 'Food' } });
    const tea = await createCategory(db, {
      name: { de: 'Kaffee & Tee', en: 'Coffee & tea' },
      parentId: food.id,
    });
    expect(food.slug).toBe('lebensmittel');
    expect(again.slug).toBe('lebensmittel-2');
    expect(tea).toMatchObject({ slug: 'kaffee-tee', parentId: food.id, position: 0 });
  });

  it('creates delivery times, deposit types and manufacturers with defaults', async () => {
    const db = handle.db;
    expect(await createDeliveryTime(db, { minDays: 2, maxDays: 4 })).toMatchObject({
      slug: '2-4-days',
      label: { de: '2–4 Werktage', en: '2–4 working days' },
    });
    expect(await createDepositType(db)).toMatchObject({ amount: 8, packagingType: 'reusable' });
    expect(
      await createDepositType(db, {
        name: { de: 'Einweg-Pfand', en: 'Single-use deposit' },
        amount: 25,
        packagingType: 'disposable',
      }),
    ).toMatchObject({ slug: 'einweg-pfand', amount: 25, packagingType: 'disposable' });
    const maker = await createManufacturer(db, { name: 'Holzwerk Test GmbH' });
    expect(maker).toMatchObject({
      slug: 'holzwerk-test-gmbh',
      email: 'info@holzwerk-test-gmbh.example',
    });
    expect(maker.postalAddress).toMatch(/Leipzig/);
  });

  it('creates attributes with ordered terms and swatches', async () => {
    const color = await createAttribute(handle.db, {
      slug: 'color-test',
      name: { de: 'Farbe', en: 'Colour' },
      swatchType: 'color',
      terms: [
        { slug: 'rot', name: { de: 'Rot', en: 'Red' }, swatch: { color: '#b8372f' } },
        { slug: 'blau', name: { de: 'Blau', en: 'Blue' }, swatch: { color: '#2f5e8e' } },
      ],
    });
    expect(color.attribute).toMatchObject({ slug: 'color-test', swatchType: 'color' });
    expect(Object.keys(color.termIds)).toEqual(['rot', 'blau']);
    const rows = await handle.db
      .select()
      .from(attributeTerms)
      .where(eq(attributeTerms.attributeId, color.attribute.id))
      .orderBy(asc(attributeTerms.position));
    expect(rows.map((t) => [t.slug, t.position, t.swatch])).toEqual([
      ['rot', 0, { color: '#b8372f' }],
      ['blau', 1, { color: '#2f5e8e' }],
    ]);
  });

  it('creates approved reviews by default', async () => {
    const { product } = await createProduct(handle.db, { name: { de: 'Bewertet', en: 'Rated' } });
    const review = await createReview(handle.db, {
      productId: product.id,
      rating: 4,
      author: 'Jörg Groß',
    });
    expect(review).toMatchObject({
      status: 'approved',
      rating: 4,
      email: 'joerg-gross@example.com',
      locale: 'de',
    });
    const pending = await createReview(handle.db, {
      productId: product.id,
      status: 'pending',
      rating: null,
    });
    expect(pending).toMatchObject({ status: 'pending', rating: null });
  });
});

describe('createProduct', () => {
  it('fills sensible defaults and derives unique slugs and SKUs', async () => {
    const db = handle.db;
    const a = await createProduct(db, { name: { de: 'Test', en: 'Test' }, regularPrice: 1999 });
    const b = await createProduct(db, { name: { de: 'Test', en: 'Test' }, regularPrice: 999 });
    expect(a.product).toMatchObject({
      type: 'simple',
      slug: 'test',
      sku: 'TEST',
      status: 'publish',
      regularPrice: 1999,
      taxClass: 'standard',
      stockStatus: 'instock',
      manageStock: false,
      backorders: 'no',
      soldIndividually: false,
      imageId: null,
      parentId: null,
    });
    expect([b.product.slug, b.product.sku]).toEqual(['test-2', 'TEST-2']);
    expect(a.variations).toEqual([]);
  });

  it('stores every given column, including decimals, and derives the stock status', async () => {
    const db = handle.db;
    const delivery = await createDeliveryTime(db, { minDays: 3, maxDays: 5 });
    const { product: fabric } = await createProduct(db, {
      name: { de: 'Stoff', en: 'Fabric' },
      regularPrice: 1290,
      minQuantity: 0.5,
      quantityStep: 0.5,
      maxQuantity: 20,
      unit: 'm',
      productUnits: 1,
      unitBase: 1,
      manageStock: true,
      stockQuantity: 12.5,
      weightKg: 0.16,
      deliveryTimeId: delivery.id,
      food: { nutrientReference: 'g', nutrients: { fat: 1.5 }, allergens: ['gluten'] },
      powerSupply: { minWatts: 5, maxWatts: 65, usbPowerDelivery: true, chargerIncluded: false },
    });
    expect(fabric).toMatchObject({
      minQuantity: 0.5,
      quantityStep: 0.5,
      maxQuantity: 20,
      stockQuantity: 12.5,
      stockStatus: 'instock',
      weightKg: 0.16,
      deliveryTimeId: delivery.id,
      food: { nutrients: { fat: 1.5 }, allergens: ['gluten'] },
      powerSupply: { maxWatts: 65 },
    });
    const soldOut = await createProduct(db, { manageStock: true, stockQuantity: 0 });
    const backorder = await createProduct(db, {
      manageStock: true,
      stockQuantity: 0,
      backorders: 'notify',
    });
    const explicit = await createProduct(db, { stockStatus: 'outofstock' });
    expect(soldOut.product.stockStatus).toBe('outofstock');
    expect(backorder.product.stockStatus).toBe('onbackorder');
    expect(explicit.product.stockStatus).toBe('outofstock');
  });

  it('links categories and attributes and creates variations that inherit what they leave empty', async () => {
    const db = handle.db;
    const category = await createCategory(db, { name: { de: 'Mode', en: 'Fashion' } });
    const size = await sizeAttribute();
    const slow = await createDeliveryTime(db, { minDays: 10, maxDays: 15 });
    const { product, variations } = await createProduct(db, {
      name: { de: 'Shirt', en: 'Shirt' },
      regularPrice: 2495,
      gtin: '4006381333931',
      taxClass: 'standard',
      categoryIds: [category.id],
      attributes: [
        {
          attributeId: size.attribute.id,
          termIds: Object.values(size.termIds),
          usedForVariations: true,
        },
      ],
      variations: [
        { attributes: { [size.attribute.slug]: 's' } },
        {
          attributes: { [size.attribute.slug]: 'xl' },
          regularPrice: 2695,
          gtin: '4006381333948',
          weightKg: 0.24,
          deliveryTimeId: slow.id,
          manageStock: true,
          stockQuantity: 0,
        },
        { attributes: { [size.attribute.slug]: '' }, status: 'draft' },
      ],
    });
    expect(product.type).toBe('variable');
    expect(variations).toHaveLength(3);
    const [plain, override, any] = variations;
    expect(plain).toMatchObject({
      type: 'variation',
      parentId: product.id,
      variationAttributes: { [size.attribute.slug]: 's' },
      status: 'publish',
      menuOrder: 0,
    });
    // Inheriting columns stay null.
    for (const column of [
      'name',
      'slug',
      'sku',
      'gtin',
      'regularPrice',
      'salePrice',
      'taxClass',
      'manageStock',
      'stockStatus',
      'backorders',
      'soldIndividually',
      'weightKg',
      'deliveryTimeId',
      'imageId',
    ] as const) {
      expect(plain![column], column).toBeNull();
    }
    expect(override).toMatchObject({
      regularPrice: 2695,
      gtin: '4006381333948',
      weightKg: 0.24,
      deliveryTimeId: slow.id,
      stockQuantity: 0,
      stockStatus: 'outofstock',
      taxClass: null,
    });
    expect(any).toMatchObject({
      status: 'draft',
      variationAttributes: { [size.attribute.slug]: '' },
    });

    const stored = await db.select().from(products).where(eq(products.parentId, product.id));
    expect(stored).toHaveLength(3);
    expect(
      await db.select().from(productCategories).where(eq(productCategories.productId, product.id)),
    ).toEqual([{ productId: product.id, categoryId: category.id, position: 0 }]);
    const [link] = await db
      .select()
      .from(productAttributes)
      .where(eq(productAttributes.productId, product.id));
    expect(link).toMatchObject({
      usedForVariations: true,
      visible: true,
      termIds: Object.values(size.termIds),
    });
  });

  it('rejects variations with attributes or terms the product does not offer', async () => {
    const db = handle.db;
    const size = await sizeAttribute();
    const attributes = [
      { attributeId: size.attribute.id, termIds: [size.termIds.s!], usedForVariations: true },
    ];
    await expect(
      createProduct(db, {
        attributes,
        variations: [{ attributes: { [size.attribute.slug]: 'xl' } }],
      }),
    ).rejects.toThrow(/does not offer/);
    await expect(
      createProduct(db, { attributes, variations: [{ attributes: { color: 'rot' } }] }),
    ).rejects.toThrow(/not used for variations/);
  });

  it('skips image specs without a media folder and renders them with one', async () => {
    const db = handle.db;
    const picture = (key: string, view: number, color = '#b8372f'): ImageInput => ({
      spec: {
        key,
        title: 'Testshirt',
        subtitle: view ? 'Rückseite' : 'Rot',
        color,
        accent: '#e4b43a',
        motif: 'tshirt',
        view,
      },
      alt: { de: 'Testshirt', en: 'Test shirt' },
      caption: view ? { de: 'Rückseite', en: 'Back' } : undefined,
    });
    const without = await createProduct(db, { imageSpecs: [picture('ohne-a', 0)] });
    expect(without.imageIds).toEqual([]);
    expect(without.product.imageId).toBeNull();

    const size = await sizeAttribute();
    const blue = picture('factory-shirt-blau', 0, '#2f5e8e');
    const { product, variations, imageIds } = await createProduct(
      db,
      {
        name: { de: 'Bildershirt', en: 'Picture shirt' },
        imageSpecs: [picture('factory-shirt-a', 0), picture('factory-shirt-b', 1)],
        attributes: [
          {
            attributeId: size.attribute.id,
            termIds: Object.values(size.termIds),
            usedForVariations: true,
          },
        ],
        variations: [
          { attributes: { [size.attribute.slug]: 's' }, imageSpec: blue },
          { attributes: { [size.attribute.slug]: 'm' }, imageSpec: blue },
        ],
      },
      { mediaDir },
    );
    expect(imageIds).toHaveLength(2);
    expect(product.imageId).toBe(imageIds[0]);
    const gallery = await db
      .select()
      .from(productImages)
      .where(eq(productImages.productId, product.id))
      .orderBy(asc(productImages.position));
    expect(gallery.map((g) => g.imageId)).toEqual(imageIds);
    // Variations naming the same picture share one row.
    expect(variations[0]!.imageId).not.toBeNull();
    expect(variations[1]!.imageId).toBe(variations[0]!.imageId);
    const [second] = await db.select().from(images).where(eq(images.id, imageIds[1]!));
    expect(second).toMatchObject({
      key: 'factory-shirt-b',
      width: 1400,
      height: 1400,
      caption: { de: 'Rückseite', en: 'Back' },
    });
    expect(second!.sizes.map((s) => s.name)).toEqual(['thumb', 'medium', 'large', 'full']);
    for (const s of ['thumb', 'medium', 'large', 'full']) {
      expect(existsSync(path.join(mediaDir, `factory-shirt-b-${s}.webp`))).toBe(true);
    }
  });
});
