import type { SubscriptionTerms } from '#app/domain/catalog/subscription-terms.ts';
import type { ImageView } from '#app/domain/media/media.ts';
import type { DomainError } from '#app/domain/kernel/result.ts';
import type { TaxLine, Totals } from '#app/domain/pricing/totals/totals.ts';
import type { TaxTreatment } from '#app/domain/pricing/vat.rules.ts';
import type { CartCoupon, RemovedCoupon } from '#app/domain/coupons/coupons.view.ts';
import type { CartShipping } from '#app/domain/shipping/shipping.view.ts';

/** The cart as pages, the mini cart and the Store API show it; safe to import in the browser. */

export type CartLine = {
  key: string;
  productId: number;
  variationId: number | null;
  slug: string;
  name: string;
  variation: { attribute: string; value: string }[];
  /** The slugs of the attributes `variation` names, in its order (`farbe`). */
  attributeSlugs?: string[];
  quantity: number;
  quantityRules: { min: number; max: number | null; step: number; soldIndividually: boolean };
  image: ImageView | null;
  unitPrice: number;
  regularPrice: number;
  onSale: boolean;
  /** Gross before discounts, and the VAT it contains. */
  lineTotal: number;
  taxRate: number;
  lineTax: number;
  deposit: { name: string; unitAmount: number; amount: number; packagingType: string } | null;
  unitPriceInfo: { amount: number; base: number; unit: string } | null;
  sku: string | null;
  stockStatus: string;
  /** Slug of the product's shipping class (Sperrgut), if it has one. */
  shippingClass?: string | null;
  /** Digital content or a service: not shipped; checkout asks a consent of its own. */
  digital?: boolean;
  /**
   * A subscription: unitPrice is what the first order charges (sign-up fee, plus the price
   * unless on trial); the price recurs per unit on the terms.
   */
  subscription?: { terms: SubscriptionTerms; recurringUnitPrice: number } | null;
};

export type CartTotals = {
  /** Gross of the items before discounts, and the VAT it contains. */
  items: number;
  itemsTax: number;
  deposit: number;
  depositTax: number;
  total: number;
  tax: number;
  taxLines: TaxLine[];
  /** Whose VAT the totals carry: German, the destination's (OSS), or none (reverse charge). */
  vat: TaxTreatment;
  /** Everything the totals engine computed: per line, discounts, coupons, shipping, fees. */
  breakdown: Totals;
};

export type CartView = {
  currency: string;
  lines: CartLine[];
  itemCount: number;
  totals: CartTotals;
  /**
   * Lines that can no longer be bought as they stand (sold out since, more than the stock,
   * price removed): shown to the shopper, and checkout refuses the cart until they are fixed.
   */
  problems: { key: string; error: DomainError }[];
  /** Destination, packages with their rates, the chosen rate. */
  shipping: CartShipping;
  /** Applied coupons with their discounts and free-shipping flag. */
  coupons: CartCoupon[];
  /** Coupons this load took off because they no longer apply; shown once as notices. */
  removedCoupons: RemovedCoupon[];
};

/** The engine's figures under the names pages and serializers read. */
export function cartTotals(
  totals: Totals,
  vat: TaxTreatment = { kind: 'domestic', country: 'DE' },
): CartTotals {
  return {
    vat,
    items: totals.items.beforeDiscount.gross,
    itemsTax: totals.items.beforeDiscount.tax,
    deposit: totals.deposits.gross,
    depositTax: totals.deposits.tax,
    total: totals.total.gross,
    tax: totals.total.tax,
    taxLines: totals.taxLines,
    breakdown: totals,
  };
}
