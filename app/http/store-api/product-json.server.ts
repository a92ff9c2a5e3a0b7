import type {
  ProductDetail,
  ProductSummary,
  PriceView,
  VariationView,
} from '#app/domain/catalog/catalog.view.ts';
import type { ProductFacts } from '#app/domain/catalog/product-facts.server.ts';
import { STOCK_CLASS, stockLineText } from '#app/domain/catalog/stock-line.ts';
import { imageSrcSet, imageUrl, type ImageView } from '#app/domain/media/media.ts';
import { formatMoney } from '#app/domain/pricing/money.ts';
import type { Translate } from '#app/lib/i18n.ts';
import { serverTranslator } from '#app/lib/i18n.server.ts';
import type { Locale } from '#app/lib/locale.ts';
import { amount, currencyFields } from './currency.ts';

export type Ctx = { currency: string; locale: Locale; shopUrl: string };

/** What the catalog's cards do not carry: terms, stock figures, image ids. */
export type Extras = { facts: Map<number, ProductFacts>; imageIds: Map<string, number> };

/** WooCommerce's limit where nothing else bounds a quantity. */
export const UNLIMITED_QUANTITY = 9999;

export function imageJson(image: ImageView, ctx: Ctx, ids: Map<string, number>) {
  return {
    id: ids.get(image.key) ?? 0,
    src: ctx.shopUrl + imageUrl(image.key, 'full'),
    thumbnail: ctx.shopUrl + imageUrl(image.key, 'medium'),
    srcset: imageSrcSet(image),
    sizes: '(max-width: 900px) 100vw, 900px',
    name: image.key,
    alt: image.alt,
  };
}

export function productImages(p: ProductSummary | ProductDetail): ImageView[] {
  return [p.image, p.hoverImage].filter((i): i is ImageView => i !== null);
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The price as the storefront shows it, in WooCommerce's price markup. */
export function priceHtml(price: PriceView, ctx: Ctx, t: Translate): string {
  if (price.active === null) return '';
  const money = (minor: number) => formatMoney(minor, ctx.currency, ctx.locale);
  const amountHtml = (minor: number) =>
    `<span class="woocommerce-Price-amount amount"><bdi>${escapeHtml(money(minor))}</bdi></span>`;
  if (price.range) {
    return escapeHtml(t('price.range', { min: '\u0000', max: '\u0001' }))
      .replace('\u0000', amountHtml(price.range.min))
      .replace('\u0001', amountHtml(price.range.max));
  }
  if (price.onSale && price.regular !== null) {
    const was = escapeHtml(t('price.regular_was', { price: money(price.regular) }));
    const now = escapeHtml(t('price.sale_now', { price: money(price.active) }));
    return (
      `<del aria-hidden="true">${amountHtml(price.regular)}</del> ` +
      `<span class="screen-reader-text">${was}</span>` +
      `<ins aria-hidden="true">${amountHtml(price.active)}</ins>` +
      `<span class="screen-reader-text">${now}</span>`
    );
  }
  return amountHtml(price.active);
}

/** The stock line of the product page: the same words and the same low-stock rule. */
function stockAvailability(p: ProductSummary, facts: ProductFacts | undefined, t: Translate) {
  const status = p.stockStatus;
  const low = status === 'instock' ? (facts?.lowStockRemaining ?? null) : null;
  return { text: stockLineText(t, status, low), class: STOCK_CLASS[status] };
}

function addToCart(
  p: ProductSummary | ProductDetail,
  facts: ProductFacts | undefined,
  t: Translate,
  permalink: string,
) {
  const buyable = p.type === 'simple' && p.isPurchasable && p.stockStatus !== 'outofstock';
  // An external product's button leads to its seller, with its own text.
  const text =
    p.external?.buttonText ||
    t(
      p.external
        ? 'product.external_buy'
        : p.type === 'variable'
          ? 'product.choose_options'
          : buyable
            ? 'product.add_to_cart'
            : 'product.view',
    );
  const rules = facts?.quantity ?? ('quantity' in p ? p.quantity : null);
  const cap = Math.min(
    UNLIMITED_QUANTITY,
    Math.max(rules?.max ?? UNLIMITED_QUANTITY, rules?.min ?? 1),
  );
  return {
    text,
    description: `${text}: ${p.name}`,
    // Only a POST adds to the cart here; the link leads to the product's page.
    url: p.external?.url ?? permalink,
    single_text: t('product.add_to_cart'),
    minimum: rules?.min ?? 1,
    maximum: cap,
    multiple_of: rules?.step ?? 1,
  };
}

/** A product in the Store API's shape; prices are strings of minor units, as WooCommerce sends them. */
export function productJson(p: ProductSummary | ProductDetail, ctx: Ctx, extras: Extras) {
  const detail = 'compliance' in p ? p : null;
  const t = serverTranslator(ctx.locale);
  const facts = extras.facts.get(p.id);
  const permalink = `${ctx.shopUrl}/product/${p.slug}`;
  return {
    id: p.id,
    name: p.name,
    slug: p.slug,
    parent: 0,
    type: p.type,
    variation: '',
    permalink,
    sku: detail?.sku ?? '',
    short_description: p.shortDescription,
    description: detail?.description ?? facts?.description ?? '',
    on_sale: p.price.onSale,
    prices: {
      price: amount(p.price.active),
      regular_price: amount(p.price.regular),
      sale_price: amount(p.price.active),
      price_range: p.price.range
        ? { min_amount: amount(p.price.range.min), max_amount: amount(p.price.range.max) }
        : null,
      ...currencyFields(ctx.currency, ctx.locale),
    },
    price_html: priceHtml(p.price, ctx, t),
    average_rating: p.rating.average.toFixed(2),
    review_count: p.rating.count,
    images: productImages(p).map((i) => imageJson(i, ctx, extras.imageIds)),
    categories: (facts?.categories ?? []).map((c) => ({
      ...c,
      link: `${ctx.shopUrl}/product-category/${c.slug}`,
    })),
    // The catalog keeps neither tags nor brands.
    tags: [],
    brands: [],
    attributes: (facts?.attributes ?? []).map((a) => ({
      id: a.id,
      name: a.name,
      taxonomy: `pa_${a.slug}`,
      has_variations: a.usedForVariations,
      terms: a.terms.map((term) => ({ ...term, default: false })),
    })),
    has_options: p.type === 'variable',
    is_purchasable: p.isPurchasable,
    is_in_stock: p.stockStatus !== 'outofstock',
    is_on_backorder: p.stockStatus === 'onbackorder',
    low_stock_remaining: facts?.lowStockRemaining ?? null,
    stock_availability: stockAvailability(p, facts, t),
    sold_individually: p.soldIndividually,
    add_to_cart: addToCart(p, facts, t, permalink),
    // WooCommerce names a variation's attribute by its label and gives the term's slug.
    variations: p.variations.map((v) => ({
      id: v.id,
      attributes: Object.entries(v.attributes).map(([slug, value]) => ({
        name: facts?.attributes.find((a) => a.slug === slug)?.name ?? slug,
        value,
      })),
    })),
    // The catalog has no grouped products.
    grouped_products: [] as number[],
    extensions: {
      germanized: {
        tax_rate: p.taxRate / 100,
        unit_price: p.unitPrice
          ? {
              price: amount(p.unitPrice.amount),
              base: p.unitPrice.base,
              unit: p.unitPrice.unit,
              product_units: p.unitPrice.productUnits,
            }
          : null,
        deposit_amount: amount(p.deposit?.amount),
        deposit_packaging_type: p.deposit?.packagingType ?? null,
        delivery_time: p.deliveryTime?.label ?? null,
      },
    },
  };
}

/** A variation's attributes as WooCommerce words them: `Größe: M, Farbe: Rot`; "any" left out. */
function variationText(parent: ProductDetail, v: VariationView): string {
  return Object.entries(v.attributes)
    .filter(([, term]) => term !== '')
    .map(([slug, term]) => {
      const attribute = parent.attributes.find((a) => a.slug === slug);
      const name = attribute?.terms.find((x) => x.slug === term)?.name ?? term;
      return `${attribute?.name ?? slug}: ${name}`;
    })
    .join(', ');
}

/**
 * One variation as WooCommerce answers `/products/{variation id}`: its own price, stock, image
 * and description under its parent's name, with `parent` and `variation` set.
 */
export function variationJson(parent: ProductDetail, v: VariationView, ctx: Ctx, extras: Extras) {
  const base = productJson(parent, ctx, extras);
  const t = serverTranslator(ctx.locale);
  const facts = extras.facts.get(v.id);
  const low = v.stockStatus === 'instock' ? (facts?.lowStockRemaining ?? null) : null;
  const buyable = v.isPurchasable && v.stockStatus !== 'outofstock';
  const text = t(buyable ? 'product.add_to_cart' : 'product.view');
  const { compliance } = v;
  return {
    ...base,
    id: v.id,
    parent: parent.id,
    type: 'variation',
    variation: variationText(parent, v),
    sku: v.sku ?? '',
    // A variation has a description of its own, but no short one.
    short_description: '',
    description: v.description,
    on_sale: v.price.onSale,
    prices: {
      ...base.prices,
      price: amount(v.price.active),
      regular_price: amount(v.price.regular),
      sale_price: amount(v.price.active),
      price_range: null,
    },
    price_html: priceHtml(v.price, ctx, t),
    // Its own picture, else the product's, as WooCommerce falls back to the parent's.
    images: v.image ? [imageJson(v.image, ctx, extras.imageIds)] : base.images.slice(0, 1),
    // A variation carries its choice in `variation`, not as attributes of its own.
    attributes: [],
    variations: [],
    has_options: false,
    is_purchasable: v.isPurchasable,
    is_in_stock: v.stockStatus !== 'outofstock',
    is_on_backorder: v.stockStatus === 'onbackorder',
    low_stock_remaining: facts?.lowStockRemaining ?? null,
    stock_availability: {
      text: stockLineText(t, v.stockStatus, low),
      class: STOCK_CLASS[v.stockStatus],
    },
    sold_individually: v.quantity.soldIndividually,
    add_to_cart: {
      ...base.add_to_cart,
      text,
      description: `${text}: ${parent.name}`,
      minimum: v.quantity.min,
      maximum: Math.min(
        UNLIMITED_QUANTITY,
        Math.max(v.quantity.max ?? UNLIMITED_QUANTITY, v.quantity.min),
      ),
      multiple_of: v.quantity.step,
    },
    extensions: {
      germanized: {
        ...base.extensions.germanized,
        unit_price: compliance.unitPrice
          ? {
              price: amount(compliance.unitPrice.amount),
              base: compliance.unitPrice.base,
              unit: compliance.unitPrice.unit,
              product_units: compliance.unitPrice.productUnits,
            }
          : null,
        deposit_amount: amount(compliance.deposit?.amount),
        deposit_packaging_type: compliance.deposit?.packagingType ?? null,
        delivery_time: compliance.deliveryTime?.label ?? null,
      },
    },
  };
}
