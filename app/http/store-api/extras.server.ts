import type { CartView } from '#app/domain/cart/cart.view.ts';
import type {
  ProductDetail,
  ProductSummary,
  VariationView,
} from '#app/domain/catalog/catalog.view.ts';
import { imageIds, productFacts } from '#app/domain/catalog/product-facts.server.ts';
import type { Tx } from '#app/domain/kernel/tx.ts';
import { availableMethods } from '#app/domain/payments/payments.server.ts';
import { cartSubscriptionMode } from '#app/domain/subscriptions/order-subscriptions.server.ts';
import type { Locale } from '#app/lib/locale.ts';
import { type Extras, productImages } from './product-json.server.ts';
import type { CartExtras } from './serializers.server.ts';

/** Facts and image ids of the products an answer lists. */
export async function productExtras(
  db: Tx,
  items: readonly (ProductSummary | ProductDetail)[],
  locale: Locale,
): Promise<Extras> {
  const [facts, ids] = await Promise.all([
    productFacts(
      db,
      items.map((p) => p.id),
      locale,
    ),
    imageIds(
      db,
      items.flatMap((p) => productImages(p).map((i) => i.key)),
    ),
  ]);
  return { facts, imageIds: ids };
}

/** Facts and image ids for one variation's answer: its own and its parent's. */
export async function variationExtras(
  db: Tx,
  parent: ProductDetail,
  variation: VariationView,
  locale: Locale,
): Promise<Extras> {
  const [facts, ids] = await Promise.all([
    productFacts(db, [parent.id, variation.id], locale),
    imageIds(db, [
      ...productImages(parent).map((i) => i.key),
      ...(variation.image ? [variation.image.key] : []),
    ]),
  ]);
  return { facts, imageIds: ids };
}

/**
 * The cart's product facts and the gateways that may take its payment. Every gateway takes
 * one-off payments ('products'); automatically renewed subscriptions need one that keeps the
 * payment method ('subscriptions').
 */
export async function cartExtras(db: Tx, cart: CartView, locale: Locale): Promise<CartExtras> {
  const subscription = await cartSubscriptionMode(db, cart.lines);
  const [facts, ids, methods] = await Promise.all([
    productFacts(
      db,
      cart.lines.map((l) => l.variationId ?? l.productId),
      locale,
    ),
    imageIds(
      db,
      cart.lines.flatMap((l) => (l.image ? [l.image.key] : [])),
    ),
    availableMethods(db, {
      total: cart.totals.total,
      currency: cart.currency,
      country: cart.shipping.billingAddress.country || cart.shipping.address.country,
      needsShipping: cart.shipping.needsShipping,
      subscription,
    }),
  ]);
  return {
    facts,
    imageIds: ids,
    paymentMethods: methods.map((m) => m.id),
    paymentRequirements: subscription === 'auto' ? ['products', 'subscriptions'] : ['products'],
  };
}
