import type { ProductDetail, ProductSummary } from '#app/domain/catalog/catalog.view.ts';
import { imageSrcSet, imageUrl, type ImageView } from '#app/domain/media/media.ts';
import type { CartView } from '#app/domain/cart/cart.server.ts';
import { taxInGross } from '#app/domain/pricing/tax.ts';
import type { Locale } from './localized.ts';
import { amount, currencyFields } from './store-api.server.ts';

type Ctx = { currency: string; locale: Locale; shopUrl: string };

function imageJson(image: ImageView, ctx: Ctx) {
  return {
    src: ctx.shopUrl + imageUrl(image.key, 'full'),
    thumbnail: ctx.shopUrl + imageUrl(image.key, 'medium'),
    srcset: imageSrcSet(image),
    sizes: '(max-width: 900px) 100vw, 900px',
    name: image.key,
    alt: image.alt,
  };
}

/** A product in the Store API's shape; prices are strings of minor units, as WooCommerce sends them. */
export function productJson(p: ProductSummary | ProductDetail, ctx: Ctx) {
  const detail = 'compliance' in p ? p : null;
  return {
    id: p.id,
    name: p.name,
    slug: p.slug,
    parent: 0,
    type: p.type,
    permalink: `${ctx.shopUrl}/product/${p.slug}`,
    sku: detail?.sku ?? '',
    short_description: p.shortDescription,
    description: detail?.description ?? '',
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
    average_rating: p.rating.average.toFixed(2),
    review_count: p.rating.count,
    images: [p.image, p.hoverImage]
      .filter((i): i is ImageView => i !== null)
      .map((i) => imageJson(i, ctx)),
    has_options: p.type === 'variable',
    is_purchasable: p.isPurchasable,
    is_in_stock: p.stockStatus !== 'outofstock',
    is_on_backorder: p.stockStatus === 'onbackorder',
    sold_individually: p.soldIndividually,
    variations: p.variations.map((v) => ({
      id: v.id,
      attributes: Object.entries(v.attributes).map(([name, value]) => ({ name, value })),
    })),
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

export function cartJson(cart: CartView, ctx: Ctx) {
  const currency = currencyFields(cart.currency, ctx.locale);
  const items = cart.lines.map((line) => ({
    key: line.key,
    id: line.variationId ?? line.productId,
    type: line.variationId ? 'variation' : 'simple',
    quantity: line.quantity,
    quantity_limits: {
      minimum: line.quantityRules.min,
      maximum: line.quantityRules.max,
      multiple_of: line.quantityRules.step,
      editable: !line.quantityRules.soldIndividually,
    },
    name: line.name,
    sku: line.sku ?? '',
    permalink: `${ctx.shopUrl}/product/${line.slug}`,
    images: line.image ? [imageJson(line.image, ctx)] : [],
    variation: line.variation,
    sold_individually: line.quantityRules.soldIndividually,
    prices: {
      price: amount(line.unitPrice),
      regular_price: amount(line.regularPrice),
      sale_price: amount(line.unitPrice),
      ...currency,
    },
    totals: {
      line_subtotal: amount(line.lineTotal - line.lineTax),
      line_subtotal_tax: amount(line.lineTax),
      line_total: amount(line.lineTotal - line.lineTax),
      line_total_tax: amount(line.lineTax),
      ...currency,
    },
  }));
  const fees = cart.lines
    .filter((l) => l.deposit)
    .map((l) => {
      const tax = taxInGross(l.deposit!.amount, l.taxRate);
      return {
        key: `deposit-${l.key}`,
        name: l.deposit!.name,
        totals: { total: amount(l.deposit!.amount - tax), total_tax: amount(tax), ...currency },
      };
    });
  const totals = cart.totals;
  return {
    items,
    coupons: [],
    fees,
    items_count: cart.itemCount,
    needs_payment: totals.total > 0,
    needs_shipping: cart.lines.length > 0,
    totals: {
      total_items: amount(totals.items - totals.itemsTax),
      total_items_tax: amount(totals.itemsTax),
      total_fees: amount(totals.deposit - totals.depositTax),
      total_fees_tax: amount(totals.depositTax),
      total_discount: '0',
      total_discount_tax: '0',
      total_shipping: null,
      total_shipping_tax: null,
      total_price: amount(totals.total),
      total_tax: amount(totals.tax),
      tax_lines: totals.taxLines.map((l) => ({
        name: `MwSt. ${l.rate / 100} %`,
        price: amount(l.amount),
        rate: String(l.rate / 100),
      })),
      ...currency,
    },
    errors: [],
  };
}
