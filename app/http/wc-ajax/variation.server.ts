import type { ProductDetail, VariationView } from '#app/domain/catalog/catalog.view.ts';
import {
  type SwatchSettings,
  variationStockLeft,
} from '#app/domain/catalog/swatch-settings.view.ts';
import { STOCK_CLASS, stockLineText } from '#app/domain/catalog/stock-line.ts';
import { imageSrcSet, imageUrl, type ImageView } from '#app/domain/media/media.ts';
import { formatMoney, minorUnit } from '#app/domain/pricing/money.ts';
import type { PriceView } from '#app/domain/catalog/catalog.view.ts';
import { type MessageKey, type Translate, formatNumber } from '#app/lib/i18n.ts';
import type { Locale } from '#app/lib/locale.ts';
import type {
  VariationAnswer,
  VariationImage,
  VariationObject,
} from '#app/domain/catalog/variation.view.ts';

export type VariationContext = {
  locale: Locale;
  currency: string;
  t: Translate;
  settings: SwatchSettings;
};

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** The price markup of the product page (components/ui/price.tsx), as the spec's price_html. */
function priceHtml(price: PriceView, ctx: VariationContext): string {
  if (price.active === null) return '';
  const money = (amount: number) => escapeHtml(formatMoney(amount, ctx.currency, ctx.locale));
  if (price.onSale && price.regular !== null) {
    return (
      `<span class="price price-sale"><del aria-hidden="true">${money(price.regular)}</del>` +
      `<span class="visually-hidden">${escapeHtml(ctx.t('price.regular_was', { price: formatMoney(price.regular, ctx.currency, ctx.locale) }))}</span> ` +
      `<ins aria-hidden="true">${money(price.active)}</ins>` +
      `<span class="visually-hidden">${escapeHtml(ctx.t('price.sale_now', { price: formatMoney(price.active, ctx.currency, ctx.locale) }))}</span></span>`
    );
  }
  return `<span class="price"><span class="amount">${money(price.active)}</span></span>`;
}

function sizeOf(image: ImageView, name: 'thumb' | 'medium' | 'large' | 'full') {
  const size = image.sizes.find((s) => s.name === name) ?? image.sizes.at(-1);
  return {
    url: imageUrl(image.key, size?.name ?? name),
    width: size?.width ?? image.width,
    height: size?.height ?? image.height,
  };
}

function variationImage(image: ImageView): VariationImage {
  const large = sizeOf(image, 'large');
  const full = sizeOf(image, 'full');
  const thumb = sizeOf(image, 'thumb');
  return {
    src: large.url,
    src_w: large.width,
    src_h: large.height,
    srcset: imageSrcSet(image),
    sizes: '(min-width: 850px) 50vw, 100vw',
    title: image.caption || image.alt,
    caption: image.caption,
    alt: image.alt,
    full_src: full.url,
    full_src_w: full.width,
    full_src_h: full.height,
    thumb_src: thumb.url,
    thumb_src_w: thumb.width,
    thumb_src_h: thumb.height,
    gallery_thumbnail_src: thumb.url,
    gallery_thumbnail_src_w: thumb.width,
    gallery_thumbnail_src_h: thumb.height,
  };
}

/** An amount in minor units as WooCommerce sends prices to its script: a number in major units. */
function major(amount: number | null, currency: string): number | null {
  if (amount === null) return null;
  const digits = minorUnit(currency);
  return Number((amount / 10 ** digits).toFixed(digits));
}

/** The stock line the product page shows for the variation, as WooCommerce's stock markup. */
function availabilityHtml(v: VariationView, left: number | null, t: Translate): string {
  const text = stockLineText(t, v.stockStatus, left);
  return `<p class="stock ${STOCK_CLASS[v.stockStatus]}">${escapeHtml(text)}</p>`;
}

/** The description's paragraphs (blank-line apart, as the product page splits them) as markup. */
function descriptionHtml(text: string): string {
  return text
    .split(/\n{2,}/)
    .map((para) => para.trim())
    .filter(Boolean)
    .map((para) => `<p>${escapeHtml(para).replace(/\n/g, '<br>\n')}</p>`)
    .join('\n');
}

const plain = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n));

/**
 * A variation as `get_variation` answers it: every field of the spec's product variation and
 * its compliance extras, from the catalog's view of the product (never from the request).
 */
export function variationAnswer(
  product: ProductDetail,
  v: VariationView,
  ctx: VariationContext,
): VariationAnswer {
  return { ...variationObject(product, v, ctx), variation_view: v };
}

function variationObject(
  product: ProductDetail,
  v: VariationView,
  ctx: VariationContext,
): VariationObject {
  const { locale, t } = ctx;
  const weight = v.weightKg ?? product.weightKg;
  const dims = product.dimensionsCm;
  const compliance = v.compliance;
  const food = compliance.food;
  const image = v.image ?? product.gallery[0] ?? null;
  const inStock = v.stockStatus !== 'outofstock';
  const max = v.quantity.max;
  const unit = compliance.unitPrice;
  const stockLeft = variationStockLeft(v, inStock, ctx.settings.stockLabelThreshold);
  return {
    variation_id: v.id,
    ean: v.gtin ?? '',
    attributes: Object.fromEntries(
      Object.entries(v.attributes).map(([attribute, term]) => [`attribute_${attribute}`, term]),
    ),
    sku: v.sku ?? product.sku ?? '',
    weight: plain(weight),
    weight_html: weight === null ? t('product.variation.na') : `${formatNumber(weight, locale)} kg`,
    dimensions: {
      length: plain(dims?.length),
      width: plain(dims?.width),
      height: plain(dims?.height),
    },
    dimensions_html: dims
      ? `${[dims.length, dims.width, dims.height].map((n) => formatNumber(n, locale)).join(' × ')} cm`
      : t('product.variation.na'),
    min_qty: v.quantity.min,
    max_qty: max ?? '',
    is_sold_individually: v.quantity.soldIndividually ? 'yes' : 'no',
    is_purchasable: v.isPurchasable,
    is_in_stock: inStock,
    // Only published variations reach the page: every one is visible and active.
    variation_is_visible: true,
    variation_is_active: true,
    price_html: priceHtml(v.price, ctx),
    display_price: major(v.price.active, ctx.currency),
    display_regular_price: major(v.price.regular ?? v.price.active, ctx.currency),
    availability_html: availabilityHtml(v, stockLeft, t),
    variation_description: descriptionHtml(v.description),
    image: image ? variationImage(image) : null,
    image_id: image?.key ?? '',
    image_link: image ? sizeOf(image, 'full').url : '',
    variation_stock_left: stockLeft,
    delivery_time: compliance.deliveryTime?.label ?? '',
    defect_description: compliance.defectDescription,
    tax_info: compliance.taxInfo,
    manufacturer: compliance.manufacturer,
    safety_instructions: compliance.safetyInstructions,
    product_safety_attachments: compliance.attachments.map((a) => ({
      title: a.title,
      url: a.url,
      mime_type: a.mimeType,
      byte_size: a.byteSize,
    })),
    power_supply: compliance.powerSupply,
    deposit_amount: compliance.deposit?.amount ?? null,
    deposit_packaging_type: compliance.deposit?.packagingType ?? '',
    food_description: food?.description ?? '',
    nutri_score: food?.nutriScore ?? '',
    food_distributor: food?.distributor ?? '',
    food_place_of_origin: food?.placeOfOrigin ?? '',
    net_filling_quantity: food?.netFillingQuantity ?? '',
    drained_weight: food?.drainedWeight ?? '',
    includes_alcohol: (food?.alcoholContent ?? 0) > 0,
    alcohol_content: food?.alcoholContent ?? null,
    nutrients: food ? food.nutrients : null,
    ingredients: food?.ingredients ?? '',
    allergenic: food?.allergens ?? [],
    shipping_costs_info: compliance.shippingCostsInfo,
    unit_price: unit
      ? t('price.unit', {
          price: formatMoney(unit.amount, ctx.currency, locale),
          base: `${unit.base === 1 ? '' : formatNumber(unit.base, locale) + '\u00a0'}${t(`unit.${unit.unit}` as MessageKey)}`,
        })
      : '',
    product_units: unit?.productUnits ?? null,
    has_product_safety_information: compliance.hasProductSafetyInformation,
  };
}
