import type { CartOwner } from '#app/domain/cart/cart.server.ts';
import { unitPricePlaces } from '#app/domain/cart/unit-price-places.server.ts';
import { loadCart } from '#app/domain/cart/cart.server.ts';
import type { CartView } from '#app/domain/cart/cart.view.ts';
import { productRowsById } from '#app/domain/catalog/catalog.server.ts';
import { type ProductRow, resolveVariation } from '#app/domain/catalog/catalog.rules.ts';
import { loadComplianceRefs } from '#app/domain/compliance/compliance.server.ts';
import { localize } from '#app/domain/kernel/localized.ts';
import type { Tx } from '#app/domain/kernel/tx.ts';
import { availableMethods, paymentFee } from '#app/domain/payments/payments.server.ts';
import { pickupPointsNear } from '#app/domain/shipping/pickup-points.server.ts';
import { cartSubscriptionMode } from '#app/domain/subscriptions/order-subscriptions.server.ts';
import type { Locale } from '#app/lib/locale.ts';
import type { CheckoutContext } from './checkout-input.ts';
import type { CheckoutReview, ReviewLineFacts } from './checkout.view.ts';

/** Plain text of a product's short description, for the essential characteristics. */
function plainText(html: string, max = 300): string {
  const text = html
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

export function lineProductIds(cart: CartView): number[] {
  return [...new Set(cart.lines.flatMap((l) => [l.productId, l.variationId ?? l.productId]))];
}

/** Each line's essential characteristics and delivery time; `known` saves reading the rows again. */
export async function lineFacts(
  db: Tx,
  cart: CartView,
  locale: Locale,
  known?: Map<number, ProductRow>,
): Promise<ReviewLineFacts[]> {
  const rows = known ?? (await productRowsById(db, lineProductIds(cart)));
  const resolved = cart.lines.map((l) => {
    const parent = rows.get(l.productId);
    const variation = l.variationId ? rows.get(l.variationId) : undefined;
    return parent && variation ? resolveVariation(parent, variation) : parent;
  });
  const refs = await loadComplianceRefs(
    db,
    resolved.flatMap((r) => (r ? [r] : [])),
    locale,
  );
  return cart.lines.map((line, i) => {
    const row = resolved[i];
    const parent = rows.get(line.productId);
    return {
      key: line.key,
      characteristics: plainText(localize(parent?.shortDescription, locale)),
      deliveryTime: row?.deliveryTimeId
        ? (refs.deliveryTimes.get(row.deliveryTimeId)?.label ?? '')
        : '',
    };
  });
}

/** The order review of the session's cart: lines, sums, legal facts and the payment methods. */
export async function checkoutReview(
  db: Tx,
  owner: CartOwner | null,
  ctx: CheckoutContext & { chosenPaymentMethod?: string | null },
): Promise<CheckoutReview> {
  let cart = await loadCart(db, owner, { currency: ctx.currency, locale: ctx.locale });
  const subscription = await cartSubscriptionMode(db, cart.lines);
  const methods = await availableMethods(db, {
    total: cart.totals.total,
    currency: cart.currency,
    country: cart.shipping.billingAddress.country || cart.shipping.address.country,
    needsShipping: cart.shipping.needsShipping,
    subscription,
  });
  const codFee = methods.some((m) => m.id === 'cod')
    ? await paymentFee(db, 'cod', ctx.locale)
    : null;
  const paymentMethods = methods.map((m) => ({
    id: m.id,
    title: localize(m.title, ctx.locale),
    description: localize(m.description, ctx.locale),
    orderButtonText: m.orderButtonText ? localize(m.orderButtonText, ctx.locale) : null,
    client: m.client ?? null,
    ...(m.id === 'cod' && codFee ? { fee: codFee.amount } : {}),
  }));
  const chosen =
    paymentMethods.find((m) => m.id === ctx.chosenPaymentMethod)?.id ?? paymentMethods[0]?.id;
  // The chosen method's fee (cash on delivery) belongs in the totals the shopper confirms.
  if (chosen === 'cod' && codFee) {
    cart = await loadCart(db, owner, {
      currency: ctx.currency,
      locale: ctx.locale,
      paymentFee: codFee,
    });
  }
  return {
    cart,
    facts: cart.lines.length ? await lineFacts(db, cart, ctx.locale) : [],
    paymentMethods,
    chosenPaymentMethod: chosen ?? null,
    needsDigitalConsent: cart.lines.some((l) => l.digital),
    pickupPoints: await pickupChoices(db, cart),
    subscription,
    unitPrices: (await unitPricePlaces(db)).checkout,
  };
}

/** The points of the cart's pickup-point rate near the destination, for the form without script. */
async function pickupChoices(db: Tx, cart: CartView): Promise<CheckoutReview['pickupPoints']> {
  const rate = cart.shipping.packages[0]?.rates.find((r) => r.deliveryMethodType);
  if (!rate) return null;
  const { country, postcode } = cart.shipping.address;
  const points = await pickupPointsNear(db, rate.rateId, { country, postcode });
  return { rateId: rate.rateId, points: points.ok ? points.value : [] };
}
