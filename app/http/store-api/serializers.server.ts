import type { TaxTreatment } from '#app/domain/pricing/vat.rules.ts';
import { minorUnit } from '#app/domain/pricing/money.ts';
import { type Ctx, type Extras, UNLIMITED_QUANTITY, imageJson } from './product-json.server.ts';
import type { CartView } from '#app/domain/cart/cart.view.ts';
import type { TextKey } from '#app/lib/i18n.ts';
import { serverTranslator } from '#app/lib/i18n.server.ts';
import type { Locale } from '#app/lib/locale.ts';
import { STORE_API_CODES } from './codes.ts';
import type { CartShipping, CustomerAddress } from '#app/domain/shipping/shipping.view.ts';
import { amount, currencyFields } from './currency.ts';

export { productJson } from './product-json.server.ts';

/** What the cart answer adds to the cart itself: product facts and the payment gateways. */
export type CartExtras = Extras & { paymentMethods: string[]; paymentRequirements: string[] };

/** WooCommerce's raw prices: six decimals, as integers in millionths of the currency unit. */
const RAW_PRECISION = 6;

function rawAmount(minor: number, currency: string): string {
  return String(minor * 10 ** (RAW_PRECISION - minorUnit(currency)));
}

export function cartJson(cart: CartView, ctx: Ctx, extras: CartExtras) {
  const currency = currencyFields(cart.currency, ctx.locale);
  const totals = cart.totals.breakdown;
  const lineTotals = new Map(totals.lines.map((l) => [l.key, l]));
  const items = cart.lines.map((line) => {
    const facts = extras.facts.get(line.variationId ?? line.productId);
    const stock = facts?.stockQuantity ?? null;
    return {
      key: line.key,
      id: line.variationId ?? line.productId,
      type: line.variationId ? 'variation' : 'simple',
      quantity: line.quantity,
      quantity_limits: {
        minimum: line.quantityRules.min,
        maximum: Math.min(UNLIMITED_QUANTITY, line.quantityRules.max ?? UNLIMITED_QUANTITY),
        multiple_of: line.quantityRules.step,
        editable: !line.quantityRules.soldIndividually,
      },
      name: line.name,
      short_description: facts?.shortDescription ?? '',
      description: facts?.description ?? '',
      sku: line.sku ?? '',
      low_stock_remaining: facts?.lowStockRemaining ?? null,
      backorders_allowed: facts?.backordersAllowed ?? false,
      show_backorder_badge:
        (facts?.backorderNotice ?? false) &&
        (stock !== null ? stock < line.quantity : facts?.stockStatus === 'onbackorder'),
      sold_individually: line.quantityRules.soldIndividually,
      permalink: `${ctx.shopUrl}/product/${line.slug}`,
      images: line.image ? [imageJson(line.image, ctx, extras.imageIds)] : [],
      // WooCommerce's raw name is the cart's key for the choice: `attribute_` and the taxonomy.
      variation: line.variation.map((v, i) => ({
        raw_attribute: `attribute_pa_${line.attributeSlugs?.[i] ?? ''}`,
        attribute: v.attribute,
        value: v.value,
      })),
      // No line carries data of its own beyond its variation.
      item_data: [],
      prices: {
        price: amount(line.unitPrice),
        regular_price: amount(line.regularPrice),
        sale_price: amount(line.unitPrice),
        price_range: null,
        raw_prices: {
          precision: RAW_PRECISION,
          price: rawAmount(line.unitPrice, cart.currency),
          regular_price: rawAmount(line.regularPrice, cart.currency),
          sale_price: rawAmount(line.unitPrice, cart.currency),
        },
        ...currency,
      },
      totals: {
        line_subtotal: amount(lineTotals.get(line.key)?.beforeDiscount.net),
        line_subtotal_tax: amount(lineTotals.get(line.key)?.beforeDiscount.tax),
        line_total: amount(lineTotals.get(line.key)?.afterDiscount.net),
        line_total_tax: amount(lineTotals.get(line.key)?.afterDiscount.tax),
        ...currency,
      },
      // Only published products reach a cart, and every one shows in the catalog and search.
      catalog_visibility: 'visible',
      has_cart_item_data: false,
      extensions: {},
    };
  });
  const kilograms = cart.lines.reduce(
    (sum, line) =>
      sum + (extras.facts.get(line.variationId ?? line.productId)?.weightKg ?? 0) * line.quantity,
    0,
  );
  // Deposits show as fees, as Germanized sends them, ahead of the cart's own fees.
  const deposits = cart.lines.flatMap((l) => {
    const deposit = lineTotals.get(l.key)?.deposit;
    return l.deposit && deposit
      ? [{ key: `deposit-${l.key}`, name: l.deposit.name, ...deposit }]
      : [];
  });
  // WooCommerce's schema names the fee's identifier `id`, its answer `key`: both, alike.
  const fees = [...deposits, ...totals.fees].map((f) => ({
    id: f.key,
    key: f.key,
    name: f.name,
    totals: { total: amount(f.net), total_tax: amount(f.tax), ...currency },
  }));
  return {
    items,
    coupons: totals.coupons.map((c) => ({
      code: c.code,
      discount_type: c.kind,
      totals: {
        total_discount: amount(c.discount.net),
        total_discount_tax: amount(c.discount.tax),
        ...currency,
      },
    })),
    fees,
    ...shippingJson(cart.shipping, ctx, currency),
    items_count: cart.itemCount,
    items_weight: Math.round(kilograms * 1_000_000) / 1000,
    // The catalog links no cross-sells to its products.
    cross_sells: [],
    needs_payment: totals.needsPayment,
    needs_shipping: totals.needsShipping,
    totals: {
      total_items: amount(totals.items.beforeDiscount.net),
      total_items_tax: amount(totals.items.beforeDiscount.tax),
      total_fees: amount(totals.deposits.net + totals.feesTotal.net),
      total_fees_tax: amount(totals.deposits.tax + totals.feesTotal.tax),
      total_discount: amount(totals.discount.net),
      total_discount_tax: amount(totals.discount.tax),
      total_shipping: amount(totals.shipping?.net),
      total_shipping_tax: amount(totals.shipping?.tax),
      total_price: amount(totals.total.gross),
      total_tax: amount(totals.total.tax),
      tax_lines: totals.taxLines.map((l) => ({
        name: `MwSt. ${l.rate / 100} %`,
        price: amount(l.amount),
        rate: String(l.rate / 100),
      })),
      ...currency,
    },
    // WooCommerce's cart item errors: what checkout would refuse, in the shopper's language.
    errors: [
      ...cart.problems.map(({ error }) => ({
        code: STORE_API_CODES.codes[error.code] ?? STORE_API_CODES.fallback(error),
        message: serverTranslator(ctx.locale)(error.code as TextKey, error.params),
      })),
      ...couponNotices(cart, ctx.locale),
    ],
    payment_methods: extras.paymentMethods,
    payment_requirements: extras.paymentRequirements,
    extensions: { germanized: vatJson(cart.totals.vat, ctx.locale) },
  };
}

/** Whose VAT the figures carry, with the note a reverse-charge or export invoice bears. */
export function vatJson(vat: TaxTreatment, locale: Locale) {
  return {
    tax_treatment: vat.kind,
    tax_country: vat.country,
    vat_id: vat.kind === 'reverse_charge' ? vat.vatId : null,
    tax_note:
      vat.kind === 'reverse_charge'
        ? serverTranslator(locale)('cart.reverse_charge')
        : vat.kind === 'export'
          ? serverTranslator(locale)('cart.export')
          : null,
  };
}

/** Coupons this answer's cart dropped because they no longer apply. */
function couponNotices(cart: CartView, locale: Locale) {
  const t = serverTranslator(locale);
  return cart.removedCoupons.map((removed) => ({
    code: 'woocommerce_rest_cart_coupon_error',
    message: `${t('coupon.removed_invalid', { code: removed.code })} ${t(
      removed.reason.code as TextKey,
      removed.reason.params,
    )}`,
  }));
}

function addressJson({ email, ...address }: CustomerAddress) {
  return email === undefined ? address : { ...address, email };
}

/** Packages with their rates, and the addresses, in the Store API's shape. */
function shippingJson(
  shipping: CartShipping,
  ctx: Ctx,
  currency: ReturnType<typeof currencyFields>,
) {
  const t = serverTranslator(ctx.locale);
  const { address } = shipping;
  return {
    shipping_address: addressJson({ ...address, email: undefined }),
    billing_address: {
      ...addressJson(shipping.billingAddress),
      email: shipping.billingAddress.email ?? '',
    },
    has_calculated_shipping: shipping.hasCalculatedShipping,
    shipping_rates: shipping.packages.map((pkg) => ({
      package_id: pkg.packageId,
      name: t('shipping.package', { n: pkg.packageId + 1 }),
      destination: {
        address_1: address.address_1,
        address_2: address.address_2,
        city: address.city,
        state: address.state,
        postcode: address.postcode,
        country: address.country,
      },
      items: pkg.items,
      shipping_rates: pkg.rates.map((rate) => ({
        rate_id: rate.rateId,
        name: rate.name,
        description: rate.description,
        delivery_time: rate.deliveryTime,
        price: amount(rate.cost - rate.tax),
        taxes: amount(rate.tax),
        instance_id: rate.instanceId,
        method_id: rate.methodId,
        meta_data: [
          {
            key: t('shipping.items_meta'),
            value: pkg.items.map((i) => `${i.name} × ${i.quantity}`).join(', '),
          },
        ],
        selected: rate.selected,
        ...currency,
      })),
    })),
  };
}
