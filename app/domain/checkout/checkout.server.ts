import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { type CartOwner, findCart, loadCart } from '#app/domain/cart/cart.server.ts';
import { cartItems, carts } from '#app/domain/cart/cart.schema.ts';
import type { CartView } from '#app/domain/cart/cart.view.ts';
import type { Attribution } from '#app/domain/attribution/attribution.rules.ts';
import { recordOrderAttribution } from '#app/domain/attribution/attribution.server.ts';
import { productRowsById } from '#app/domain/catalog/catalog.server.ts';
import { type ProductRow, resolveVariation } from '#app/domain/catalog/catalog.rules.ts';
import { loadComplianceRefs } from '#app/domain/compliance/compliance.server.ts';
import { appliedCoupons, dropCartCoupons } from '#app/domain/cart/cart-coupons.server.ts';
import { recordCouponUse } from '#app/domain/coupons/coupons.server.ts';
import { normalizeAddress } from '#app/domain/customers/address-locale.ts';
import { customers } from '#app/domain/customers/customers.schema.ts';
import { normalizeVatId } from '#app/domain/pricing/vat.rules.ts';
import { localize } from '#app/domain/kernel/localized.ts';
import { REFERENCE_TTL_MS, shortLived } from '#app/domain/kernel/short-lived.server.ts';
import { ACCEPTED_AT_CHECKOUT, legalVersionsInForce } from '#app/domain/legal/legal.server.ts';
import { providerDecimals, toProviderAmount } from '#app/domain/payments/stripe/stripe.rules.ts';
import { minorUnit } from '#app/domain/pricing/money.ts';
import { consentTextVersion } from './express.server.ts';
import { type DomainError, type Result, domainError, fail, ok } from '#app/domain/kernel/result.ts';
import type { Tx } from '#app/domain/kernel/tx.ts';
import {
  Rollback,
  addOrderNote,
  inTransaction,
  newOrderKey,
  takeStock,
} from '#app/domain/orders/orders.server.ts';
import { type TransitionOptions, transitionOrder } from '#app/domain/orders/lifecycle.server.ts';
import {
  type OrderAddress,
  type OrderRow,
  orderItems,
  orders,
} from '#app/domain/orders/orders.schema.ts';
import { availableMethods, enabledMethods } from '#app/domain/payments/payments.server.ts';
import {
  cartSubscriptionMode,
  createOrderSubscriptions,
  orderNeedsKeptMethod,
} from '#app/domain/subscriptions/subscriptions.server.ts';
import {
  needsPayment,
  paymentAnnouncement,
  placementAnnouncement,
} from '#app/domain/orders/lifecycle.rules.ts';
import type {
  PaymentMethod,
  PaymentOutcome,
  PaymentRequest,
} from '#app/domain/payments/payments.ts';
import { getSetting } from '#app/domain/settings/settings.server.ts';
import { readCartCustomer, writeCartCustomer } from '#app/domain/cart/cart-customer.server.ts';
import { shippingSetup } from '#app/domain/shipping/shipping.server.ts';
import { storedPickupPoint } from '#app/domain/shipping/pickup-points.ts';
import { findPickupPoint, pickupPointsNear } from '#app/domain/shipping/pickup-points.server.ts';
import { emptyAddress } from '#app/domain/shipping/shipping.view.ts';
import type { Locale } from '#app/lib/locale.ts';
import {
  type AddressValues,
  type CheckoutProblem,
  addressGroupProblems,
} from './checkout.rules.ts';
import type { CheckoutReview, ReviewLineFacts } from './checkout.view.ts';
import { recordOrderPlaced } from '#app/lib/metrics.server.ts';

export type CheckoutInput = {
  billing: AddressValues;
  /** Null: the goods go to the billing address. */
  shipping: AddressValues | null;
  customerNote: string;
  paymentMethod: string;
  /** Package index -> chosen rate id. */
  shippingRates: Record<string, string>;
  consent: { terms: boolean; digital: boolean };
  /** From the form: the same key twice yields the first order. */
  idempotencyKey: string | null;
  pickupPoint?: Record<string, string> | null;
  /** Where the order came from; only present when the shopper allowed tracking. */
  attribution?: Attribution | null;
  /**
   * A wallet's order (express checkout): the rates it names must be offered as they stand,
   * and the total must equal the one the server last quoted its sheet (`expectedTotal`) and
   * the one the sheet showed (`shownTotal`, in the payment provider's decimals). The legal
   * texts the express area showed (`textVersion`) must still be the ones in force.
   */
  express?: {
    expectedTotal: number | null;
    shownTotal?: number | null;
    textVersion?: string | null;
  } | null;
};

/** What a method's payment needs from the request (see PaymentRequest). */
export type PaymentInput = Omit<PaymentRequest, 'db' | 'returnUrl'> & {
  returnUrl: (order: OrderRow) => string;
};

export type CheckoutContext = {
  currency: string;
  locale: Locale;
  now?: Date;
  /** The request's side of the payment; without it methods see no browser data. */
  payment?: PaymentInput;
};

export type PlacedOrder = {
  order: OrderRow;
  /** False when the idempotency key named an order placed before. */
  created: boolean;
  payment: PaymentOutcome | null;
};

/** Whether guests may buy without an account, and whether the account box is offered. */
export const GUEST_CHECKOUT_SETTING = 'checkout.guest_checkout';

export function guestCheckoutEnabled(db: Tx): Promise<boolean> {
  return getSetting(db, GUEST_CHECKOUT_SETTING, z.boolean(), true);
}

export const problemError = (problem: CheckoutProblem): DomainError =>
  domainError('invalid', `checkout.error.${problem.failure}`, {
    field: problem.field,
    label: problem.label,
  });

/** Every field problem of a checkout, billing first, in the order the form shows them. */
export function checkoutProblems(
  input: Pick<CheckoutInput, 'billing' | 'shipping'>,
  locale: Locale,
  labels: { email: string; vatId?: string },
): CheckoutProblem[] {
  return [
    ...addressGroupProblems('billing', input.billing, locale, labels),
    ...(input.shipping ? addressGroupProblems('shipping', input.shipping, locale, labels) : []),
  ];
}

function toAddress(values: AddressValues, withEmail: boolean): OrderAddress {
  const base = emptyAddress();
  const address: OrderAddress = { ...base };
  for (const key of Object.keys(base) as (keyof typeof base)[]) {
    address[key] = (values[key] ?? '').trim();
  }
  const normalized = normalizeAddress(address);
  if (!withEmail) return normalized;
  // Billing only: the e-mail, and the VAT id a business may give.
  const vatId = normalizeVatId(values.vat_id ?? '');
  return { ...normalized, email: (values.email ?? '').trim(), ...(vatId ? { vat_id: vatId } : {}) };
}

/** Plain text of a product's short description, for the essential characteristics. */
function plainText(html: string, max = 300): string {
  const text = html
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

function lineProductIds(cart: CartView): number[] {
  return [...new Set(cart.lines.flatMap((l) => [l.productId, l.variationId ?? l.productId]))];
}

async function lineFacts(
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
  const cart = await loadCart(db, owner, { currency: ctx.currency, locale: ctx.locale });
  const subscription = await cartSubscriptionMode(db, cart.lines);
  const methods = await availableMethods(db, {
    total: cart.totals.total,
    currency: cart.currency,
    country: cart.shipping.billingAddress.country || cart.shipping.address.country,
    needsShipping: cart.shipping.needsShipping,
    subscription,
  });
  const paymentMethods = methods.map((m) => ({
    id: m.id,
    title: localize(m.title, ctx.locale),
    description: localize(m.description, ctx.locale),
    orderButtonText: m.orderButtonText ? localize(m.orderButtonText, ctx.locale) : null,
    client: m.client ?? null,
  }));
  const chosen =
    paymentMethods.find((m) => m.id === ctx.chosenPaymentMethod)?.id ?? paymentMethods[0]?.id;
  return {
    cart,
    facts: cart.lines.length ? await lineFacts(db, cart, ctx.locale) : [],
    paymentMethods,
    chosenPaymentMethod: chosen ?? null,
    needsDigitalConsent: cart.lines.some((l) => l.digital),
    pickupPoints: await pickupChoices(db, cart),
    subscription,
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

/**
 * Stores what the checkout form says about the destination and the chosen rates on the cart,
 * so rates and totals follow it (update_order_review and the placement itself).
 */
export async function setCheckoutCustomer(
  db: Tx,
  cartId: number,
  input: Pick<CheckoutInput, 'billing' | 'shipping' | 'shippingRates'>,
): Promise<void> {
  const current = await readCartCustomer(db, cartId);
  const billing = toAddress(input.billing, true);
  const { email: _email, vat_id: _vatId, ...shippingFromBilling } = billing;
  const shipping = input.shipping ? toAddress(input.shipping, false) : shippingFromBilling;
  await writeCartCustomer(db, cartId, {
    billingAddress: billing,
    shippingAddress: shipping,
    calculated: shipping.country !== '',
    chosenRates: { ...current.chosenRates, ...input.shippingRates },
  });
}

/**
 * A signed-in customer whose cart knows no billing address yet starts the checkout with the
 * addresses saved in the account (and the account's email); what the shopper typed earlier
 * (the cart's shipping calculator, an earlier visit) is kept. Returns whether it filled any.
 */
export async function prefillCheckoutFromAccount(
  db: Tx,
  cartId: number,
  customerId: number,
): Promise<boolean> {
  const current = await readCartCustomer(db, cartId);
  if (current.billingAddress.first_name || current.billingAddress.address_1) return false;
  const [account] = await db
    .select({
      email: customers.email,
      firstName: customers.firstName,
      lastName: customers.lastName,
      billing: customers.billingAddress,
      shipping: customers.shippingAddress,
    })
    .from(customers)
    .where(eq(customers.id, customerId));
  if (!account) return false;
  const billing = toAddress(
    {
      first_name: account.firstName,
      last_name: account.lastName,
      ...account.billing,
      email: account.billing.email || account.email,
    },
    true,
  );
  const keepShipping = current.shippingAddress.address_1 !== '';
  const savedShipping = account.shipping.address_1 ? toAddress(account.shipping, false) : null;
  const { email: _email, vat_id: _vatId, ...shippingFromBilling } = billing;
  const shipping = keepShipping
    ? current.shippingAddress
    : (savedShipping ?? (billing.address_1 ? shippingFromBilling : current.shippingAddress));
  await writeCartCustomer(db, cartId, {
    billingAddress: billing,
    shippingAddress: shipping,
    calculated: current.calculated || shipping.country !== '',
    chosenRates: current.chosenRates,
  });
  return true;
}

/**
 * A rate delivering to a pickup point needs one the provider offers near the destination; the
 * order keeps the provider's data for it. Other rates keep none.
 */
async function chosenPickupPoint(
  tx: Tx,
  shipping: CartView['shipping'],
  wanted: Record<string, string> | null,
): Promise<Record<string, string> | null> {
  const rate = shipping.chosen;
  if (!rate?.deliveryMethodType) return null;
  const params = { field: 'pickup_point', method: rate.name };
  const id = wanted?.id && (!wanted.rate_id || wanted.rate_id === rate.rateId) ? wanted.id : '';
  if (!id) throw new Rollback(domainError('invalid', 'checkout.error.pickup_point', params));
  const { country, postcode } = shipping.address;
  const point = await findPickupPoint(tx, rate.rateId, { country, postcode }, id);
  if (!point) {
    throw new Rollback(domainError('invalid', 'checkout.error.pickup_point_unknown', params));
  }
  return storedPickupPoint(point, rate);
}

/**
 * A wallet charges what its sheet showed: a rate the sheet offered that the cart no longer
 * offers, or a total that moved since (prices, stock, a coupon, another tab), stops the order
 * before anything is charged.
 */
function checkExpressOrder(
  input: CheckoutInput,
  shipping: CartView['shipping'],
  total: number,
  currency: string,
) {
  const wanted = input.shippingRates['0'];
  if (shipping.needsShipping && wanted && shipping.chosen?.rateId !== wanted) {
    throw new Rollback(
      domainError('invalid', 'checkout.error.no_shipping', { field: 'shipping_method' }),
    );
  }
  const expected = input.express?.expectedTotal ?? null;
  if (expected !== null && expected !== total) {
    throw new Rollback(domainError('conflict', 'express.error.total_changed', { expected, total }));
  }
  const shown = input.express?.shownTotal ?? null;
  const charged = toProviderAmount(total, minorUnit(currency), providerDecimals(currency));
  if (shown !== null && shown !== charged) {
    throw new Rollback(
      domainError('conflict', 'express.error.total_changed', { shown, total: charged }),
    );
  }
}

function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    const {
      code,
      constraint: name,
      message,
    } = e as {
      code?: string;
      constraint?: string;
      message?: string;
    };
    if (code === '23505' && (name === constraint || message?.includes(constraint))) return true;
  }
  return false;
}

async function orderByIdempotencyKey(db: Tx, key: string) {
  const [order] = await db.select().from(orders).where(eq(orders.idempotencyKey, key)).limit(1);
  return order ?? null;
}

/**
 * Places the session's cart as an order, in one transaction: the cart is read and priced
 * afresh (nothing the request claims about prices counts), the stock of every line is taken
 * with a guarded UPDATE, each coupon's use is counted within its limits, the order gets its
 * number, and the cart is emptied. Any failure rolls everything back. A key seen before
 * returns the order it placed. Payment is processed after the commit.
 */
export async function placeOrder(
  db: Tx,
  owner: CartOwner,
  input: CheckoutInput,
  ctx: CheckoutContext & {
    emailLabel: string;
    customerId?: number | null;
    /** A guest's account is made with this order (subscriptions need one). */
    creatingAccount?: boolean;
  },
): Promise<Result<PlacedOrder>> {
  const replay = async (): Promise<Result<PlacedOrder> | null> => {
    if (!input.idempotencyKey) return null;
    const existing = await orderByIdempotencyKey(db, input.idempotencyKey);
    if (!existing) return null;
    // Another visitor's key: no order of theirs is shown or reused.
    if (existing.sessionIdHash !== owner.idHash) {
      return fail(domainError('conflict', 'checkout.error.duplicate_key'));
    }
    // A method the browser confirms may be tried again on the same order (a declined card,
    // a lost answer): the order's one intent is reused.
    // A free trial's order waits for its kept method just as another order for its payment.
    const payable =
      needsPayment(existing.status, existing.total) ||
      (existing.total === 0 &&
        (existing.status === 'pending' || existing.status === 'failed') &&
        (await orderNeedsKeptMethod(db, existing.id)));
    if (payable && ctx.payment) {
      const method = (await enabledMethods(db)).find((m) => m.id === existing.paymentMethod);
      if (method?.client && method.id === input.paymentMethod) {
        const retried = await retryPayment(
          db,
          existing,
          method,
          ctx.payment,
          placementAnnouncement,
        );
        if (!retried.ok) return retried;
        return ok({ order: retried.value.order, created: false, payment: retried.value.outcome });
      }
    }
    return ok({ order: existing, created: false, payment: null });
  };
  const earlier = await replay();
  if (earlier) return earlier;

  const problems = checkoutProblems(input, ctx.locale, { email: ctx.emailLabel });
  if (problems.length > 0) return fail(problemError(problems[0]!));
  if (!input.consent.terms) {
    return fail(domainError('invalid', 'checkout.error.terms', { field: 'terms' }));
  }
  const cart = await findCart(db, owner);
  if (!cart) return fail(domainError('invalid', 'checkout.error.empty_cart'));
  // Read before the transaction what needs no lock: the wording the terms box referred to
  // when the customer ticked it, and the reference tables every instance keeps a few seconds
  // (a transaction only reads those kept values, see shortLived). The embedded database runs
  // one transaction at a time, so every statement kept out of it serves the other shoppers.
  const shownVersion = input.express?.textVersion ?? null;
  const [accepted] = await Promise.all([
    // Shared by the checkouts of the next few seconds: many buyers at once read (and on a new
    // shop publish) the versions once, not once each. A wallet order that names the texts it
    // showed is compared with the ones in force now, so it reads them afresh.
    shownVersion !== null
      ? legalVersionsInForce(db, ACCEPTED_AT_CHECKOUT)
      : shortLived(db, 'checkout.legal-versions', REFERENCE_TTL_MS, () =>
          legalVersionsInForce(db, ACCEPTED_AT_CHECKOUT),
        ),
    shippingSetup(db),
    loadComplianceRefs(db, [], ctx.locale),
  ]);
  // The consent refers to the texts shown: if one was published since, the shopper reads it.
  if (shownVersion !== null && shownVersion !== consentTextVersion(accepted)) {
    return fail(
      domainError('conflict', 'express.error.terms_changed', {
        shown: shownVersion,
        current: consentTextVersion(accepted),
      }),
    );
  }

  let method: PaymentMethod | null = null;
  let placed: Result<OrderRow>;
  try {
    placed = await inTransaction(db, async (tx) => {
      // One placement per cart at a time: a double click waits and then finds the cart empty.
      await tx.execute(sql`select id from ${carts} where id = ${cart.id} for update`);
      await setCheckoutCustomer(tx, cart.id, input);
      const view = await loadCart(tx, owner, {
        currency: ctx.currency,
        locale: ctx.locale,
        readOnly: true,
      });
      if (view.lines.length === 0) {
        throw new Rollback(domainError('invalid', 'checkout.error.empty_cart'));
      }
      if (view.problems.length > 0) throw new Rollback(view.problems[0]!.error);
      if (view.removedCoupons.length > 0) {
        const removed = view.removedCoupons[0]!;
        const usedUp = removed.reason.code === 'coupon.error.usage_limit';
        throw new Rollback(
          usedUp
            ? domainError('limit', 'checkout.error.coupon_limit', { code: removed.code })
            : domainError('invalid', 'checkout.error.coupon_removed', { code: removed.code }),
        );
      }
      if (view.lines.some((l) => l.digital) && !input.consent.digital) {
        throw new Rollback(
          domainError('invalid', 'checkout.error.digital', { field: 'terms-digital' }),
        );
      }
      const shipping = view.shipping;
      if (shipping.needsShipping && !shipping.chosen) {
        throw new Rollback(
          domainError('invalid', 'checkout.error.no_shipping', { field: 'shipping_method' }),
        );
      }
      const pickupPoint = await chosenPickupPoint(tx, shipping, input.pickupPoint ?? null);
      const totals = view.totals.breakdown;
      if (input.express) checkExpressOrder(input, shipping, totals.total.gross, view.currency);
      const subscription = await cartSubscriptionMode(tx, view.lines);
      if (subscription && !(ctx.customerId ?? owner.customerId) && !ctx.creatingAccount) {
        throw new Rollback(
          domainError('not_allowed', 'subscription.account_required', { field: 'createaccount' }),
        );
      }
      // A subscription renewing with a kept method needs one even when nothing is due today.
      if (totals.needsPayment || subscription === 'auto') {
        const methods = await availableMethods(tx, {
          total: totals.total.gross,
          currency: view.currency,
          country: shipping.billingAddress.country,
          needsShipping: shipping.needsShipping,
          subscription,
        });
        method = methods.find((m) => m.id === input.paymentMethod) ?? null;
        if (!method) {
          throw new Rollback(
            domainError('invalid', 'checkout.error.payment_method', { field: 'payment_method' }),
          );
        }
      }
      const billing = toAddress(input.billing, true);
      const now = ctx.now ?? new Date();
      const chosenMethod = method as PaymentMethod | null;
      const [order] = await tx
        .insert(orders)
        .values({
          orderKey: newOrderKey(),
          status: 'pending',
          customerId: ctx.customerId ?? owner.customerId ?? null,
          sessionIdHash: owner.idHash,
          locale: ctx.locale,
          billingAddress: billing,
          shippingAddress: shipping.needsShipping ? shipping.address : emptyAddress(),
          customerNote: input.customerNote.trim(),
          paymentMethod: chosenMethod?.id ?? '',
          paymentMethodTitle: chosenMethod ? localize(chosenMethod.title, ctx.locale) : '',
          currency: view.currency,
          itemsTotal: totals.items.beforeDiscount.gross,
          itemsTax: totals.items.beforeDiscount.tax,
          discountTotal: totals.discount.gross,
          discountTax: totals.discount.tax,
          shippingTotal: totals.shipping?.gross ?? 0,
          shippingTax: totals.shipping?.tax ?? 0,
          depositTotal: totals.deposits.gross,
          depositTax: totals.deposits.tax,
          total: totals.total.gross,
          totalTax: totals.total.tax,
          taxLines: totals.taxLines,
          taxTreatment: view.totals.vat.kind,
          taxCountry: view.totals.vat.country,
          shippingLines: shipping.chosen
            ? [
                {
                  packageId: 0,
                  rateId: shipping.chosen.rateId,
                  methodId: shipping.chosen.methodId,
                  name: shipping.chosen.name,
                  total: totals.shipping?.gross ?? 0,
                  tax: totals.shipping?.tax ?? 0,
                  taxes: (totals.shipping?.shares ?? []).map((s) => ({
                    rate: s.rate,
                    amount: s.tax,
                  })),
                },
              ]
            : [],
          couponLines: [],
          consent: { terms: true, digital: input.consent.digital || null, at: now.toISOString() },
          legalVersions: Object.fromEntries([...accepted].map(([slug, v]) => [slug, v.version])),
          pickupPoint,
          idempotencyKey: input.idempotencyKey,
          stockReduced: true,
          createdAt: now,
          updatedAt: now,
        })
        .returning();

      // The rows as they stand inside the lock: their stock settings decide the guard below.
      const rows = await productRowsById(tx, lineProductIds(view));
      const facts = await lineFacts(tx, view, ctx.locale, rows);
      for (const [i, line] of view.lines.entries()) {
        const parent = rows.get(line.productId)!;
        const variation = line.variationId ? rows.get(line.variationId) : undefined;
        const row = variation ? resolveVariation(parent, variation) : parent;
        const managed = Boolean(row.manageStock) && row.stockQuantity !== null;
        // A variation with its own stock keeps it; otherwise it sells from its parent's.
        const stockProductId = !managed
          ? null
          : variation && variation.stockQuantity !== null
            ? variation.id
            : parent.id;
        const lineTotals = totals.lines[i]!;
        await tx.insert(orderItems).values({
          orderId: order!.id,
          productId: line.productId,
          variationId: line.variationId,
          name: line.name,
          sku: line.sku,
          variation: line.variation,
          quantity: line.quantity,
          unitPrice: line.unitPrice,
          subtotal: lineTotals.beforeDiscount.gross,
          total: lineTotals.afterDiscount.gross,
          tax: lineTotals.afterDiscount.tax,
          taxRate: line.taxRate,
          deposit: lineTotals.deposit?.gross ?? 0,
          stockProductId,
          deliveryTime: facts[i]?.deliveryTime ?? '',
        });
        if (stockProductId !== null) {
          await takeStock(tx, {
            stockProductId,
            quantity: line.quantity,
            backorders: (row.backorders ?? 'no') !== 'no',
            name: line.name,
          });
        }
      }

      const applied = await appliedCoupons(tx, cart.id);
      const couponLines = [];
      for (const coupon of applied) {
        const used = await recordCouponUse(tx, coupon.id, {
          customerId: order!.customerId,
          email: billing.email ?? null,
        });
        if (!used.ok) {
          throw new Rollback(
            domainError('limit', 'checkout.error.coupon_limit', { code: coupon.code }),
          );
        }
        const computed = view.coupons.find((c) => c.code === coupon.code);
        couponLines.push({
          couponId: coupon.id,
          code: coupon.code,
          discount: computed?.discount ?? 0,
          discountTax: computed?.discountTax ?? 0,
          freeShipping: coupon.freeShipping,
        });
      }
      const [withCoupons] = couponLines.length
        ? await tx.update(orders).set({ couponLines }).where(eq(orders.id, order!.id)).returning()
        : [order!];
      if (subscription) {
        await createOrderSubscriptions(tx, order!, view.lines, subscription === 'manual');
      }
      if (input.attribution) await recordOrderAttribution(tx, order!.id, input.attribution);
      await addOrderNote(tx, order!.id, { code: 'order.note.placed' });
      await tx.delete(cartItems).where(eq(cartItems.cartId, cart.id));
      await dropCartCoupons(tx, cart.id);
      return withCoupons!;
    });
  } catch (error) {
    // A parallel submit with the same key committed first: answer with its order.
    if (input.idempotencyKey && isUniqueViolation(error, 'orders_idempotency_idx')) {
      const again = await replay();
      if (again) return again;
    }
    throw error;
  }
  if (!placed.ok) {
    // The loser of a race for the same key may also fail on the emptied cart: same answer.
    const again = await replay();
    return again ?? placed;
  }
  const payment = await processPayment(
    db,
    placed.value,
    method,
    ctx.payment,
    placementAnnouncement,
  );
  recordOrderPlaced(payment.order.status);
  return ok({ order: payment.order, created: true, payment: payment.outcome });
}

function paymentRequest(db: Tx, order: OrderRow, payment?: PaymentInput): PaymentRequest | null {
  return payment ? { ...payment, db, returnUrl: payment.returnUrl(order) } : null;
}

/**
 * Runs the method's payment and moves the order to the status it leads to; `announce` picks
 * the mail of that change (the confirmation at placement, the new status on order-pay).
 */
export async function processPayment(
  db: Tx,
  order: OrderRow,
  method: PaymentMethod | null,
  payment: PaymentInput | undefined,
  announce: TransitionOptions['announce'],
): Promise<{ order: OrderRow; outcome: PaymentOutcome | null }> {
  if (!method) {
    // Nothing to pay: the order is ready to be packed.
    const moved = await transitionOrder(db, order.id, 'processing', { paid: true, announce });
    return { order: moved.ok ? moved.value.order : order, outcome: null };
  }
  const request = paymentRequest(db, order, payment);
  const outcome = await method.process(order, request);
  if (outcome.orderStatus === order.status) return { order, outcome };
  // Guarded: a webhook that settled the order meanwhile wins, and this changes nothing.
  const moved = await transitionOrder(db, order.id, outcome.orderStatus, {
    paid: outcome.paid,
    expect: [order.status],
    announce,
  });
  if (moved.ok) return { order: moved.value.order, outcome };
  const [current] = await db.select().from(orders).where(eq(orders.id, order.id));
  return { order: current ?? order, outcome };
}

/** Another try at paying an order that waits for payment; a failed one is reopened first. */
async function retryPayment(
  db: Tx,
  order: OrderRow,
  method: PaymentMethod,
  payment: PaymentInput | undefined,
  announce: TransitionOptions['announce'],
): Promise<Result<{ order: OrderRow; outcome: PaymentOutcome | null }>> {
  let current = order;
  if (order.status === 'failed') {
    const reopened = await transitionOrder(db, order.id, 'pending', {
      expect: ['failed'],
      announce: 'none',
    });
    if (!reopened.ok) return reopened;
    current = reopened.value.order;
  }
  return ok(await processPayment(db, current, method, payment, announce));
}

/**
 * Pays an order that waits for payment (order-pay page, Store API) with a method available
 * for it; a failed order is tried again, taking its goods back first.
 */
export async function payForOrder(
  db: Tx,
  order: OrderRow,
  methodId: string,
  locale: Locale,
  payment?: PaymentInput,
): Promise<Result<{ order: OrderRow; outcome: PaymentOutcome | null }>> {
  if (!needsPayment(order.status, order.total)) {
    return fail(domainError('invalid', 'order.pay_not_needed'));
  }
  const methods = await availableMethods(db, {
    total: order.total,
    currency: order.currency,
    country: order.billingAddress.country,
    needsShipping: order.shippingLines.length > 0,
  });
  const method = methods.find((m) => m.id === methodId);
  if (!method) {
    return fail(
      domainError('invalid', 'checkout.error.payment_method', {
        param: 'payment_method',
        field: 'payment_method',
      }),
    );
  }
  const [updated] = await db
    .update(orders)
    .set({ paymentMethod: method.id, paymentMethodTitle: localize(method.title, locale) })
    .where(eq(orders.id, order.id))
    .returning();
  // Paid, the customer is told the new status; a failure is shown on the page itself.
  return retryPayment(db, updated!, method, payment, (from, to) =>
    order.status === to ? 'none' : paymentAnnouncement(from, to),
  );
}
