import { eq, inArray, like, or } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  attributes,
  attributeTerms,
  categories,
  images,
  productAttributes,
  productCategories,
  productImages,
  products,
  type Swatch,
  type SwatchType,
} from '#app/domain/catalog/catalog.schema.ts';
import { type VideoView, parseVideo } from '#app/domain/catalog/video.ts';
import type { RenderedImage } from '#app/domain/media/images.server.ts';
import type { ProductImageSpec } from '#db/seed/art/product-svg.ts';
import { renderProductImage } from '#db/seed/art/render.ts';
import {
  deliveryTimes,
  depositTypes,
  manufacturers,
} from '#app/domain/compliance/compliance.schema.ts';
import { reviews } from '#app/domain/reviews/reviews.schema.ts';
import { recordPrices } from '#app/domain/catalog/price-history.server.ts';
import type { Tx } from '#app/lib/db.server.ts';
import { coupons } from '#app/domain/coupons/coupons.schema.ts';
import type { Localized } from '#app/domain/kernel/localized.ts';
import {
  type OrderAddress,
  type OrderRow,
  type OrderStatus,
  orderItems,
  orders,
} from '#app/domain/orders/orders.schema.ts';

export type ProductRow = typeof products.$inferSelect;
export type CategoryRow = typeof categories.$inferSelect;
export type AttributeRow = typeof attributes.$inferSelect;
export type AttributeTermRow = typeof attributeTerms.$inferSelect;
export type DeliveryTimeRow = typeof deliveryTimes.$inferSelect;
export type DepositTypeRow = typeof depositTypes.$inferSelect;
export type ManufacturerRow = typeof manufacturers.$inferSelect;
export type ReviewRow = typeof reviews.$inferSelect;
export type ImageRow = typeof images.$inferSelect;

/** Product columns a caller may set; structure (type, parent, timestamps) is the factory's job. */
export type ProductColumns = Omit<
  typeof products.$inferInsert,
  'id' | 'parentId' | 'type' | 'variationAttributes' | 'createdAt' | 'updatedAt'
>;

/** One picture to render (or take from `options.rendered`) and store as an `images` row. */
export type ImageInput = {
  spec: ProductImageSpec;
  alt: Localized;
  caption?: Localized;
  /** In a product's `imageSpecs`: the picture is the poster of this video (checked by parseVideo). */
  video?: { provider: string; id: string };
};

export type ProductAttributeInput = {
  attributeId: number;
  termIds: number[];
  usedForVariations?: boolean;
  visible?: boolean;
};

export type VariationInput = Partial<ProductColumns> & {
  /** Attribute slug to term slug, e.g. `{ color: 'rot', size: 'm' }`; '' matches any term. */
  attributes: Record<string, string>;
  /** Picture of this variation; variations naming the same key share one image row. */
  imageSpec?: ImageInput;
};

export type ProductInput = Partial<ProductColumns> & {
  /** Defaults to 'variable' when variations are given, else 'simple'. */
  type?: 'simple' | 'variable';
  categoryIds?: number[];
  /** Existing image ids; the first becomes the main image. */
  images?: number[];
  /** Pictures appended after `images`; need `options.mediaDir` or `options.rendered`. */
  imageSpecs?: ImageInput[];
  attributes?: ProductAttributeInput[];
  variations?: VariationInput[];
};

export type ImageOptions = {
  /** Folder to render missing pictures into; without it (and without `rendered`) specs are skipped. */
  mediaDir?: string;
  /** Pictures rendered ahead of time, by key. */
  rendered?: ReadonlyMap<string, RenderedImage>;
  /** Image ids already stored, by key; filled as rows are inserted so that a key is stored once. */
  imageIds?: Map<string, number>;
};

export type CreatedProduct = { product: ProductRow; variations: ProductRow[]; imageIds: number[] };

// ---------------------------------------------------------------- helpers

const GERMAN_LETTERS: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue', ß: 'ss' };

export function slugify(text: string): string {
  return (
    text
      .toLowerCase()
      .replace(/[äöüß]/g, (ch) => GERMAN_LETTERS[ch]!)
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 80) || 'item'
  );
}

/** `base`, or `base-2`, `base-3`… whichever is still free in the column. */
async function freeValue(db: Tx, column: AnyPgColumn, base: string): Promise<string> {
  const rows = await db
    .select({ value: column })
    .from(column.table)
    .where(or(eq(column, base), like(column, `${base}-%`)));
  const taken = new Set(rows.map((r) => String(r.value)));
  if (!taken.has(base)) return base;
  for (let i = 2; ; i++) if (!taken.has(`${base}-${i}`)) return `${base}-${i}`;
}

function first<T>(rows: T[]): T {
  const row = rows[0];
  if (!row) throw new Error('Insert returned no row');
  return row;
}

// ---------------------------------------------------------------- simple entities

export async function createCategory(
  db: Tx,
  input: {
    name: Localized;
    slug?: string;
    parentId?: number | null;
    description?: Localized | null;
    imageId?: number | null;
    position?: number;
  },
): Promise<CategoryRow> {
  const slug = input.slug ?? (await freeValue(db, categories.slug, slugify(input.name.de)));
  return first(
    await db
      .insert(categories)
      .values({ ...input, slug })
      .returning(),
  );
}

export async function createDeliveryTime(
  db: Tx,
  input: { slug?: string; label?: Localized; minDays?: number; maxDays?: number } = {},
): Promise<DeliveryTimeRow> {
  const minDays = input.minDays ?? 1;
  const maxDays = input.maxDays ?? 3;
  const label = input.label ?? {
    de: `${minDays}–${maxDays} Werktage`,
    en: `${minDays}–${maxDays} working days`,
  };
  const slug =
    input.slug ?? (await freeValue(db, deliveryTimes.slug, `${minDays}-${maxDays}-days`));
  return first(
    await db.insert(deliveryTimes).values({ slug, label, minDays, maxDays }).returning(),
  );
}

export async function createDepositType(
  db: Tx,
  input: {
    slug?: string;
    name?: Localized;
    amount?: number;
    packagingType?: 'reusable' | 'disposable';
  } = {},
): Promise<DepositTypeRow> {
  const name = input.name ?? { de: 'Mehrweg-Glasflasche', en: 'Reusable glass bottle' };
  const slug = input.slug ?? (await freeValue(db, depositTypes.slug, slugify(name.de)));
  return first(
    await db
      .insert(depositTypes)
      .values({
        slug,
        name,
        amount: input.amount ?? 8,
        packagingType: input.packagingType ?? 'reusable',
      })
      .returning(),
  );
}

export async function createManufacturer(
  db: Tx,
  input: {
    slug?: string;
    name?: string;
    postalAddress?: string;
    email?: string;
    url?: string | null;
  } = {},
): Promise<ManufacturerRow> {
  const name = input.name ?? 'Muster Hersteller GmbH';
  const slug = input.slug ?? (await freeValue(db, manufacturers.slug, slugify(name)));
  return first(
    await db
      .insert(manufacturers)
      .values({
        slug,
        name,
        postalAddress: input.postalAddress ?? 'Musterweg 1, 04109 Leipzig, Deutschland',
        email: input.email ?? `info@${slug}.example`,
        url: input.url ?? null,
      })
      .returning(),
  );
}

export async function createAttribute(
  db: Tx,
  input: {
    slug: string;
    name: Localized;
    swatchType?: SwatchType;
    terms: { slug: string; name: Localized; swatch?: Swatch | null }[];
  },
): Promise<{
  attribute: AttributeRow;
  terms: AttributeTermRow[];
  termIds: Record<string, number>;
}> {
  const attribute = first(
    await db
      .insert(attributes)
      .values({ slug: input.slug, name: input.name, swatchType: input.swatchType ?? 'select' })
      .returning(),
  );
  const terms = input.terms.length
    ? await db
        .insert(attributeTerms)
        .values(
          input.terms.map((t, position) => ({
            attributeId: attribute.id,
            slug: t.slug,
            name: t.name,
            swatch: t.swatch ?? null,
            position,
          })),
        )
        .returning()
    : [];
  return { attribute, terms, termIds: Object.fromEntries(terms.map((t) => [t.slug, t.id])) };
}

export async function createReview(
  db: Tx,
  input: {
    productId: number;
    author?: string;
    email?: string;
    rating?: number | null;
    content?: string;
    locale?: string;
    /** Defaults to 'approved' so that the review shows up; pass 'pending' to test moderation. */
    status?: 'approved' | 'pending' | 'spam';
    verifiedOwner?: boolean;
    parentId?: number | null;
    createdAt?: Date;
  },
): Promise<ReviewRow> {
  const author = input.author ?? 'Erika Mustermann';
  return first(
    await db
      .insert(reviews)
      .values({
        productId: input.productId,
        parentId: input.parentId ?? null,
        author,
        email: input.email ?? `${slugify(author)}@example.com`,
        rating: input.rating === undefined ? 5 : input.rating,
        content: input.content ?? 'Sehr zufrieden.',
        locale: input.locale ?? 'de',
        status: input.status ?? 'approved',
        verifiedOwner: input.verifiedOwner ?? false,
        ...(input.createdAt ? { createdAt: input.createdAt } : {}),
      })
      .returning(),
  );
}

// ---------------------------------------------------------------- images

/** Stores one rendered picture as an `images` row. */
export async function createImage(
  db: Tx,
  input: { rendered: RenderedImage; alt: Localized; caption?: Localized | null },
): Promise<ImageRow> {
  const { key, width, height, sizes } = input.rendered;
  return first(
    await db
      .insert(images)
      .values({ key, width, height, sizes, alt: input.alt, caption: input.caption ?? null })
      .returning(),
  );
}

/**
 * Returns the id of the picture's row, inserting it (and rendering it when needed) on first use.
 * Returns null when the picture can be neither found nor rendered (tests without a media folder).
 */
export async function ensureImage(
  db: Tx,
  input: ImageInput,
  options: ImageOptions,
): Promise<number | null> {
  const key = input.spec.key;
  const known = options.imageIds?.get(key);
  if (known !== undefined) return known;
  let rendered = options.rendered?.get(key);
  if (!rendered && options.mediaDir)
    rendered = await renderProductImage(input.spec, options.mediaDir);
  if (!rendered) return null;
  const row = await createImage(db, { rendered, alt: input.alt, caption: input.caption });
  options.imageIds?.set(key, row.id);
  return row.id;
}

// ---------------------------------------------------------------- products

function deriveStockStatus(
  columns: Partial<ProductColumns>,
): ProductColumns['stockStatus'] | undefined {
  if (columns.stockStatus) return columns.stockStatus;
  if (!columns.manageStock || columns.stockQuantity == null) return undefined;
  if (columns.stockQuantity > 0) return 'instock';
  return columns.backorders && columns.backorders !== 'no' ? 'onbackorder' : 'outofstock';
}

/** Keeps only the keys actually given, so that a variation inherits every other column. */
function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/**
 * Creates a product with its categories, attributes, pictures and variations.
 * Variation rows store only the columns given for them; everything else stays null and is
 * inherited from the parent.
 */
export async function createProduct(
  db: Tx,
  input: ProductInput = {},
  options: ImageOptions = {},
): Promise<CreatedProduct> {
  const {
    type,
    categoryIds = [],
    images: givenImages = [],
    imageSpecs = [],
    attributes: attributeInputs = [],
    variations = [],
    ...columns
  } = input;
  const imageOptions: ImageOptions = { ...options, imageIds: options.imageIds ?? new Map() };

  const imageIds = [...givenImages];
  const videoOf = new Map<number, VideoView>();
  for (const spec of imageSpecs) {
    const video = spec.video ? parseVideo(spec.video.provider, spec.video.id) : null;
    if (video && !video.ok) {
      throw new Error(`Refused video ${JSON.stringify(spec.video)}: ${video.error.code}`);
    }
    const id = await ensureImage(db, spec, imageOptions);
    if (id !== null && !imageIds.includes(id)) imageIds.push(id);
    if (id !== null && video) videoOf.set(id, video.value);
  }

  const name = columns.name ?? { de: 'Testprodukt', en: 'Test product' };
  const slug = columns.slug ?? (await freeValue(db, products.slug, slugify(name.de)));
  const sku = columns.sku ?? (await freeValue(db, products.sku, slug.toUpperCase()));
  const product = first(
    await db
      .insert(products)
      .values({
        status: 'publish',
        taxClass: 'standard',
        manageStock: false,
        backorders: 'no',
        soldIndividually: false,
        imageId: imageIds[0] ?? null,
        ...definedOnly(columns),
        stockStatus: deriveStockStatus(columns) ?? 'instock',
        type: type ?? (variations.length ? 'variable' : 'simple'),
        name,
        slug,
        sku,
      })
      .returning(),
  );

  if (categoryIds.length) {
    await db.insert(productCategories).values(
      categoryIds.map((categoryId, position) => ({
        productId: product.id,
        categoryId,
        position,
      })),
    );
  }
  if (imageIds.length) {
    await db.insert(productImages).values(
      imageIds.map((imageId, position) => ({
        productId: product.id,
        imageId,
        position,
        videoProvider: videoOf.get(imageId)?.provider ?? null,
        videoId: videoOf.get(imageId)?.id ?? null,
      })),
    );
  }
  if (attributeInputs.length) {
    await db.insert(productAttributes).values(
      attributeInputs.map((a, position) => ({
        productId: product.id,
        attributeId: a.attributeId,
        termIds: a.termIds,
        position,
        visible: a.visible ?? true,
        usedForVariations: a.usedForVariations ?? false,
      })),
    );
  }

  const variationRows: ProductRow[] = [];
  if (variations.length) {
    const check = await variationChecker(db, attributeInputs);
    for (const [index, variation] of variations.entries()) {
      const { attributes: chosen, imageSpec, ...overrides } = variation;
      check(chosen);
      const imageId = imageSpec ? await ensureImage(db, imageSpec, imageOptions) : undefined;
      const stockStatus = deriveStockStatus(overrides);
      variationRows.push(
        first(
          await db
            .insert(products)
            .values({
              menuOrder: index,
              ...definedOnly(overrides),
              ...(imageId ? { imageId } : {}),
              ...(stockStatus ? { stockStatus } : {}),
              type: 'variation',
              parentId: product.id,
              variationAttributes: chosen,
              status: overrides.status ?? 'publish',
            })
            .returning(),
        ),
      );
    }
  }
  await recordPrices(db, [product.id]);
  return { product, variations: variationRows, imageIds };
}

/** Rejects variations naming attributes or terms the product does not offer for variations. */
async function variationChecker(db: Tx, inputs: ProductAttributeInput[]) {
  const used = inputs.filter((a) => a.usedForVariations);
  const attributeRows = used.length
    ? await db
        .select()
        .from(attributes)
        .where(
          inArray(
            attributes.id,
            used.map((a) => a.attributeId),
          ),
        )
    : [];
  const termIds = used.flatMap((a) => a.termIds);
  const termRows = termIds.length
    ? await db.select().from(attributeTerms).where(inArray(attributeTerms.id, termIds))
    : [];
  const allowed = new Map<string, Set<string>>();
  for (const attribute of attributeRows) {
    const offered = new Set(used.find((a) => a.attributeId === attribute.id)!.termIds);
    allowed.set(
      attribute.slug,
      new Set(
        termRows
          .filter((t) => t.attributeId === attribute.id && offered.has(t.id))
          .map((t) => t.slug),
      ),
    );
  }
  return (chosen: Record<string, string>) => {
    for (const [attributeSlug, termSlug] of Object.entries(chosen)) {
      const terms = allowed.get(attributeSlug);
      if (!terms)
        throw new Error(
          `Variation uses attribute "${attributeSlug}", which is not used for variations`,
        );
      if (termSlug !== '' && !terms.has(termSlug)) {
        throw new Error(
          `Variation uses term "${termSlug}", which the product does not offer for "${attributeSlug}"`,
        );
      }
    }
  };
}

// ---------------------------------------------------------------- coupons

export type CouponRow = typeof coupons.$inferSelect;
export type CouponFactoryInput = Partial<Omit<typeof coupons.$inferInsert, 'id' | 'kind'>> & {
  kind?: 'percent' | 'fixed_cart' | 'fixed_product';
};

let couponSerial = 0;

/** A coupon; without a code it gets a unique one, without a kind it is 10 % off the cart. */
export async function createCoupon(db: Tx, input: CouponFactoryInput = {}): Promise<CouponRow> {
  const code =
    input.code ?? `TEST${Date.now().toString(36)}${(++couponSerial).toString(36)}`.toUpperCase();
  const rows = await db
    .insert(coupons)
    .values({ kind: 'percent', amount: 1000, ...input, code })
    .returning();
  return first(rows);
}

let orderSerial = 0;

/**
 * A placed order as the checkout stores it, for tests that need orders without going through
 * the checkout: one line per product id, 19 % VAT, paid by bank transfer.
 */
export async function createOrder(
  db: Tx,
  input: {
    status?: OrderStatus;
    customerId?: number | null;
    email?: string;
    productIds: number[];
    customerNote?: string;
  },
): Promise<OrderRow> {
  const address: OrderAddress = {
    first_name: 'Erika',
    last_name: 'Mustermann',
    company: '',
    address_1: 'Hauptstraße 1',
    address_2: '',
    city: 'Leipzig',
    state: '',
    postcode: '04109',
    country: 'DE',
    phone: '0341 123456',
  };
  const lineTotal = 1190;
  const tax = 190;
  const [order] = await db
    .insert(orders)
    .values({
      orderKey: `wc_order_test${++orderSerial}_${Date.now()}`,
      status: input.status ?? 'processing',
      customerId: input.customerId ?? null,
      billingAddress: { ...address, email: input.email ?? 'kunde@example.com' },
      shippingAddress: address,
      customerNote: input.customerNote ?? '',
      paymentMethod: 'bacs',
      paymentMethodTitle: 'Vorkasse',
      currency: 'EUR',
      itemsTotal: lineTotal * input.productIds.length,
      itemsTax: tax * input.productIds.length,
      total: lineTotal * input.productIds.length,
      totalTax: tax * input.productIds.length,
      consent: { terms: true, digital: null, at: new Date().toISOString() },
    })
    .returning();
  if (input.productIds.length > 0) {
    await db.insert(orderItems).values(
      input.productIds.map((productId) => ({
        orderId: order!.id,
        productId,
        name: `Artikel ${productId}`,
        quantity: 1,
        unitPrice: lineTotal,
        subtotal: lineTotal,
        total: lineTotal,
        tax,
        taxRate: 19,
      })),
    );
  }
  return order!;
}
