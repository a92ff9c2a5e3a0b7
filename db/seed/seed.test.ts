import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  and,
  count,
  countDistinct,
  eq,
  gt,
  inArray,
  isNotNull,
  isNull,
  lt,
  sql,
} from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  attributes,
  attributeTerms,
  categories,
  images,
  productAttachments,
  productAttributes,
  productCategories,
  productImages,
  products,
} from '#app/domain/catalog/catalog.schema.ts';
import { AJAX_VARIATION_THRESHOLD } from '#app/domain/catalog/swatch-settings.view.ts';
import { IMAGE_SIZES } from '#app/domain/media/images.server.ts';
import { depositTypes, manufacturers } from '#app/domain/compliance/compliance.schema.ts';
import { reviews } from '#app/domain/reviews/reviews.schema.ts';
import { coupons } from '#app/domain/coupons/coupons.schema.ts';
import { settings } from '#app/domain/settings/settings.schema.ts';
import type { DatabaseHandle } from '#app/lib/db.server.ts';
import { ean13 } from '#db/seed/demo-catalog.ts';
import { seedDemoCatalog, type SeedResult } from '#db/seed/seed.ts';
import { openTestDatabase } from '../../tests/support/database.ts';

let handle: DatabaseHandle;
let mediaDir: string;
let first: SeedResult;
const now = new Date();

beforeAll(async () => {
  handle = await openTestDatabase();
  mediaDir = await mkdtemp(path.join(tmpdir(), 'seed-media-'));
  first = await seedDemoCatalog(handle.db, { mediaDir, now });
}, 120_000);

afterAll(async () => {
  await handle?.close();
  if (mediaDir) await rm(mediaDir, { recursive: true, force: true });
});

const db = () => handle.db;

async function countWhere(where: ReturnType<typeof and>): Promise<number> {
  const [row] = await db().select({ n: count() }).from(products).where(where);
  return row?.n ?? 0;
}

describe('seedDemoCatalog', () => {
  it('creates at least 60 products in at least 6 top-level categories with subcategories', async () => {
    expect(first.seeded).toBe(true);
    expect(first.products).toBeGreaterThanOrEqual(60);
    expect(await countWhere(isNull(products.parentId))).toBe(first.products);

    const topLevelWithProducts = await db()
      .select({ n: countDistinct(categories.id) })
      .from(categories)
      .innerJoin(productCategories, eq(productCategories.categoryId, categories.id))
      .where(isNull(categories.parentId));
    expect(topLevelWithProducts[0]!.n).toBeGreaterThanOrEqual(6);
    const children = await db().select().from(categories).where(isNotNull(categories.parentId));
    expect(children.length).toBeGreaterThanOrEqual(6);
    const withImage = await db()
      .select()
      .from(categories)
      .where(and(isNull(categories.parentId), isNotNull(categories.imageId)));
    expect(withImage.length).toBeGreaterThanOrEqual(6);
    // Every product is in at least one category.
    const orphans = await db()
      .select({ id: products.id })
      .from(products)
      .leftJoin(productCategories, eq(productCategories.productId, products.id))
      .where(and(isNull(products.parentId), isNull(productCategories.productId)));
    expect(orphans).toEqual([]);
  });

  it('creates at least 10 variable products whose variations inherit, override and sell out', async () => {
    const variable = await db().select().from(products).where(eq(products.type, 'variable'));
    expect(variable.length).toBeGreaterThanOrEqual(10);
    const variations = await db().select().from(products).where(eq(products.type, 'variation'));
    for (const parent of variable) {
      expect(
        variations.some((v) => v.parentId === parent.id),
        parent.slug!,
      ).toBe(true);
    }
    expect(variations.every((v) => v.name === null && v.slug === null && v.taxClass === null)).toBe(
      true,
    );
    expect(variations.filter((v) => v.stockStatus === 'outofstock').length).toBeGreaterThanOrEqual(
      5,
    );
    // Compliance data overridden per variation.
    for (const column of [
      'gtin',
      'weightKg',
      'deliveryTimeId',
      'productUnits',
      'regularPrice',
      'salePrice',
      'food',
    ] as const) {
      expect(
        variations.some((v) => v[column] !== null),
        column,
      ).toBe(true);
    }
    // Colour variations have their own picture.
    expect(new Set(variations.map((v) => v.imageId).filter(Boolean)).size).toBeGreaterThanOrEqual(
      20,
    );
  });

  it('uses every product field at least once', async () => {
    const columns: Record<string, AnyPgColumn> = {
      salePrice: products.salePrice,
      saleFrom: products.saleFrom,
      saleTo: products.saleTo,
      shippingClass: products.shippingClass,
      stockQuantity: products.stockQuantity,
      lowStockAmount: products.lowStockAmount,
      minQuantity: products.minQuantity,
      maxQuantity: products.maxQuantity,
      quantityStep: products.quantityStep,
      sku: products.sku,
      gtin: products.gtin,
      weightKg: products.weightKg,
      lengthCm: products.lengthCm,
      widthCm: products.widthCm,
      heightCm: products.heightCm,
      imageId: products.imageId,
      deliveryTimeId: products.deliveryTimeId,
      unit: products.unit,
      productUnits: products.productUnits,
      unitBase: products.unitBase,
      depositTypeId: products.depositTypeId,
      depositQuantity: products.depositQuantity,
      food: products.food,
      manufacturerId: products.manufacturerId,
      responsiblePersonId: products.responsiblePersonId,
      safetyInstructions: products.safetyInstructions,
      powerSupply: products.powerSupply,
      defectDescription: products.defectDescription,
      taxInfo: products.taxInfo,
      shippingCostsInfo: products.shippingCostsInfo,
      shortDescription: products.shortDescription,
      description: products.description,
    };
    for (const [name, column] of Object.entries(columns)) {
      expect(await countWhere(isNotNull(column)), name).toBeGreaterThan(0);
    }
    const expectSome = async (label: string, where: ReturnType<typeof and>) =>
      expect(await countWhere(where), label).toBeGreaterThan(0);
    await expectSome('standard tax', eq(products.taxClass, 'standard'));
    await expectSome('reduced tax', eq(products.taxClass, 'reduced'));
    await expectSome('out of stock', eq(products.stockStatus, 'outofstock'));
    await expectSome('on backorder', eq(products.stockStatus, 'onbackorder'));
    await expectSome('backorders notify', eq(products.backorders, 'notify'));
    await expectSome('sold individually', eq(products.soldIndividually, true));
    await expectSome('managed stock', eq(products.manageStock, true));
    await expectSome('featured', eq(products.featured, true));
    await expectSome(
      'half-metre steps',
      and(eq(products.quantityStep, 0.5), eq(products.minQuantity, 0.5), eq(products.unit, 'm')),
    );
    await expectSome('running sale', and(lt(products.saleFrom, now), gt(products.saleTo, now)));
    await expectSome('future sale', gt(products.saleFrom, now));
    await expectSome(
      'sale without schedule',
      and(isNotNull(products.salePrice), isNull(products.saleFrom)),
    );
    await expectSome('bulky', eq(products.shippingClass, 'bulky'));
    await expectSome('small', eq(products.shippingClass, 'small'));
    await expectSome(
      'low stock',
      sql`${products.stockQuantity} <= ${products.lowStockAmount} and ${products.stockQuantity} > 0`,
    );
    for (const unit of ['kg', 'l', 'g', 'm'])
      await expectSome(`unit ${unit}`, eq(products.unit, unit));
    await expectSome(
      'coffee unit price',
      and(eq(products.unit, 'kg'), eq(products.productUnits, 0.5), eq(products.unitBase, 1)),
    );
    await expectSome(
      'spice unit price',
      and(eq(products.unit, 'g'), eq(products.productUnits, 50), eq(products.unitBase, 100)),
    );
    await expectSome(
      'crate deposit',
      and(isNotNull(products.depositTypeId), eq(products.depositQuantity, 20)),
    );
    for (const key of [
      'nutriScore',
      'nutrients',
      'ingredients',
      'allergens',
      'distributor',
      'placeOfOrigin',
      'netFillingQuantity',
      'drainedWeight',
      'alcoholContent',
      'description',
    ]) {
      await expectSome(`food.${key}`, sql`${products.food} ? ${key}`);
    }
    await expectSome(
      'declared allergens',
      sql`jsonb_array_length(${products.food}->'allergens') > 0`,
    );
    await expectSome(
      'power supply with PD',
      sql`(${products.powerSupply}->>'usbPowerDelivery')::boolean`,
    );
    await expectSome(
      'power supply without charger',
      sql`not (${products.powerSupply}->>'chargerIncluded')::boolean`,
    );

    const usedDeposits = await db()
      .select({ packagingType: depositTypes.packagingType })
      .from(depositTypes)
      .innerJoin(products, eq(products.depositTypeId, depositTypes.id));
    expect(new Set(usedDeposits.map((d) => d.packagingType))).toEqual(
      new Set(['reusable', 'disposable']),
    );
    const responsible = await db()
      .select()
      .from(manufacturers)
      .where(
        inArray(
          manufacturers.id,
          db()
            .select({ id: products.responsiblePersonId })
            .from(products)
            .where(isNotNull(products.responsiblePersonId)),
        ),
      );
    expect(responsible.every((m) => m.postalAddress && m.email)).toBe(true);
  });

  it('gives every text in German and English', async () => {
    const rows = await db().select().from(products).where(isNull(products.parentId));
    for (const p of rows) {
      for (const text of [p.name, p.shortDescription, p.description]) {
        expect(text?.de, p.slug!).toBeTruthy();
        expect(text?.en, p.slug!).toBeTruthy();
      }
    }
    for (const c of await db().select().from(categories)) expect(c.name.en).toBeTruthy();
    for (const t of await db().select().from(attributeTerms)) expect(t.name.en).toBeTruthy();
    for (const i of await db().select().from(images)) expect(i.alt.en).toBeTruthy();
  });

  it('stores valid EAN-13 codes', async () => {
    const rows = await db()
      .select({ gtin: products.gtin })
      .from(products)
      .where(isNotNull(products.gtin));
    expect(rows.length).toBeGreaterThan(60);
    for (const { gtin } of rows) expect(ean13(gtin!.slice(0, 12))).toBe(gtin);
    expect(new Set(rows.map((r) => r.gtin)).size).toBe(rows.length);
  });

  it('offers colour, label and image swatches', async () => {
    const rows = await db()
      .select({ swatchType: attributes.swatchType, swatch: attributeTerms.swatch })
      .from(attributeTerms)
      .innerJoin(attributes, eq(attributes.id, attributeTerms.attributeId));
    expect(
      rows.some((r) => r.swatchType === 'color' && /^#[0-9a-f]{6}$/.test(r.swatch?.color ?? '')),
    ).toBe(true);
    expect(rows.some((r) => r.swatchType === 'label' && r.swatch?.label?.de)).toBe(true);
    const imageSwatch = rows.find((r) => r.swatchType === 'image')?.swatch?.imageId;
    expect(imageSwatch).toBeTypeOf('number');
    expect(await db().select().from(images).where(eq(images.id, imageSwatch!))).toHaveLength(1);
  });

  it('shows every kind of swatch on several products and exercises the ajax-variation mode', async () => {
    const links = await db()
      .select({ productId: productAttributes.productId, swatchType: attributes.swatchType })
      .from(productAttributes)
      .innerJoin(attributes, eq(attributes.id, productAttributes.attributeId))
      .where(eq(productAttributes.usedForVariations, true));
    const productsWith = (type: string) =>
      new Set(links.filter((l) => l.swatchType === type).map((l) => l.productId)).size;
    expect(productsWith('color')).toBeGreaterThanOrEqual(4);
    expect(productsWith('image')).toBeGreaterThanOrEqual(2);
    expect(productsWith('label')).toBeGreaterThanOrEqual(2);
    const counts = await db()
      .select({ parentId: products.parentId, n: count() })
      .from(products)
      .where(eq(products.type, 'variation'))
      .groupBy(products.parentId);
    expect(counts.some((c) => c.n > AJAX_VARIATION_THRESHOLD)).toBe(true);
    // The sneakers: sold-out combinations, and one combination not offered at all.
    const [sneaker] = await db()
      .select()
      .from(products)
      .where(eq(products.slug, 'sneaker-stadtlaeufer'));
    const sizes = await db().select().from(products).where(eq(products.parentId, sneaker!.id));
    const combos = new Set(sizes.map((v) => JSON.stringify(v.variationAttributes)));
    expect(sizes.some((v) => v.stockQuantity === 0)).toBe(true);
    expect(combos.has(JSON.stringify({ color: 'blau', 'shoe-size': '38' }))).toBe(false);
    expect(combos.has(JSON.stringify({ color: 'blau', 'shoe-size': '39' }))).toBe(true);
  });

  it('renders at least two distinct pictures per product in every size', async () => {
    const gallery = await db()
      .select({ productId: productImages.productId, n: count() })
      .from(productImages)
      .groupBy(productImages.productId);
    expect(gallery).toHaveLength(first.products);
    expect(gallery.every((g) => g.n >= 2)).toBe(true);
    expect(await db().select().from(images).where(isNotNull(images.caption))).not.toHaveLength(0);

    const sample = await db()
      .select({
        productId: productImages.productId,
        key: images.key,
        position: productImages.position,
      })
      .from(productImages)
      .innerJoin(images, eq(images.id, productImages.imageId))
      .where(
        inArray(
          productImages.productId,
          db().select({ id: products.id }).from(products).where(isNull(products.parentId)).limit(6),
        ),
      );
    for (const { key } of sample) {
      for (const size of IMAGE_SIZES) {
        const file = path.join(mediaDir, `${key}-${size.name}.webp`);
        const meta = await sharp(file).metadata();
        expect([meta.format, meta.width, meta.height], file).toEqual([
          'webp',
          size.width,
          size.height,
        ]);
      }
    }
    const hash = (key: string) =>
      createHash('sha1')
        .update(readFileSync(path.join(mediaDir, `${key}-medium.webp`)))
        .digest('hex');
    const byProduct = new Map<number, string[]>();
    for (const s of sample)
      byProduct.set(s.productId, [...(byProduct.get(s.productId) ?? []), s.key]);
    expect(byProduct.size).toBe(6);
    for (const keys of byProduct.values()) {
      expect(keys.length).toBeGreaterThanOrEqual(2);
      expect(new Set(keys.map(hash)).size).toBe(keys.length);
    }
  });

  it('attaches a safety data sheet as a real PDF', async () => {
    const [sheet] = await db()
      .select()
      .from(productAttachments)
      .where(eq(productAttachments.kind, 'safety'));
    expect(sheet).toMatchObject({ mimeType: 'application/pdf' });
    const file = path.join(mediaDir, sheet!.fileName);
    expect((await stat(file)).size).toBe(sheet!.byteSize);
    const pdf = readFileSync(file).toString('latin1');
    expect(pdf.startsWith('%PDF-1.4')).toBe(true);
    expect(pdf.trimEnd().endsWith('%%EOF')).toBe(true);
    // The cross-reference table must point at the objects.
    const startxref = Number(/startxref\n(\d+)/.exec(pdf)![1]);
    expect(pdf.slice(startxref, startxref + 4)).toBe('xref');
    const offsets = [...pdf.slice(startxref).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) =>
      Number(m[1]),
    );
    offsets.forEach((offset, i) =>
      expect(pdf.slice(offset).startsWith(`${i + 1} 0 obj`)).toBe(true),
    );
    expect(pdf).toContain('Sicherheitsinformationen');
    const product = await db().select().from(products).where(eq(products.id, sheet!.productId));
    expect(product[0]!.safetyInstructions?.de).toBeTruthy();
  });

  it('seeds the demo coupons, the category one limited to coffee and tea', async () => {
    const rows = await db().select().from(coupons);
    const byCode = new Map(rows.map((c) => [c.code, c]));
    expect([...byCode.keys()].sort()).toEqual(
      ['5EURO', 'ABGELAUFEN', 'EINMALIG', 'KAFFEE20', 'VERSANDFREI', 'WILLKOMMEN10'].sort(),
    );
    expect(byCode.get('WILLKOMMEN10')).toMatchObject({ kind: 'percent', amount: 1000 });
    expect(byCode.get('5EURO')).toMatchObject({
      kind: 'fixed_cart',
      amount: 500,
      minimumSpend: 3000,
    });
    expect(byCode.get('VERSANDFREI')).toMatchObject({ freeShipping: true, amount: 0 });
    expect(byCode.get('EINMALIG')).toMatchObject({ usageLimit: 1, usageCount: 0 });
    expect(byCode.get('ABGELAUFEN')!.expiresAt!.getTime()).toBeLessThan(now.getTime());
    const [coffee] = await db().select().from(categories).where(eq(categories.slug, 'kaffee-tee'));
    expect(byCode.get('KAFFEE20')).toMatchObject({
      kind: 'percent',
      amount: 2000,
      categoryIds: [coffee!.id],
    });
  });

  it('seeds approved reviews with ratings from the past year', async () => {
    const rows = await db().select().from(reviews);
    expect(rows.length).toBeGreaterThanOrEqual(30);
    expect(rows.every((r) => r.status === 'approved')).toBe(true);
    expect(new Set(rows.map((r) => r.productId)).size).toBeGreaterThanOrEqual(12);
    expect(new Set(rows.map((r) => r.rating))).toEqual(new Set([1, 2, 3, 4, 5]));
    expect(new Set(rows.map((r) => r.locale))).toEqual(new Set(['de', 'en']));
    const yearAgo = now.getTime() - 366 * 24 * 3600 * 1000;
    expect(
      rows.every((r) => r.createdAt.getTime() < now.getTime() && r.createdAt.getTime() > yearAgo),
    ).toBe(true);
  });

  it('stores the shop owner', async () => {
    const [row] = await db().select().from(settings).where(eq(settings.key, 'shop.owner'));
    expect(row!.value).toMatchObject({
      name: 'Ladenzeile Demo GmbH',
      city: 'Leipzig',
      country: 'DE',
    });
    for (const key of [
      'street',
      'postcode',
      'email',
      'phone',
      'vatId',
      'register',
      'representative',
    ]) {
      expect((row!.value as Record<string, string>)[key], key).toBeTruthy();
    }
  });

  it('does nothing on a second start', async () => {
    const started = Date.now();
    const again = await seedDemoCatalog(handle.db, { mediaDir });
    expect(again).toEqual({ seeded: false, products: first.products });
    expect(Date.now() - started).toBeLessThan(1000);
    expect(existsSync(mediaDir)).toBe(true);
  });
});
