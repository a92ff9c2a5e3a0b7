import { recordOrderPlaced } from '#app/lib/metrics.server.ts';
import { eq, getTableColumns, sql } from 'drizzle-orm';
import { type CartOwner, emptyCart, loadCart } from '#app/domain/cart/cart.server.ts';
import { cartCoupons, cartItems, carts } from '#app/domain/cart/cart.schema.ts';
import type { CartView } from '#app/domain/cart/cart.view.ts';
import { appliedCoupons, dropCartCoupons } from '#app/domain/cart/cart-coupons.server.ts';
import { recordOrderAttribution } from '#app/domain/attribution/attribution.server.ts';
import { type ProductRow, resolveVariation } from '#app/domain/catalog/catalog.rules.ts';
import { checkoutCouponError } from '#app/domain/coupons/coupons.rules.ts';
import { recordCouponUse } from '#app/domain/coupons/coupons.server.ts';
import { localize } from '#app/domain/kernel/localized.ts';
import { type Result, domainError, fail, ok } from '#app/domain/kernel/result.ts';
import type { Tx } from '#app/domain/kernel/tx.ts';
import type { legalVersionsInForce } from '#app/domain/legal/legal.server.ts';
import { needsPayment, placementAnnouncement } from '#app/domain/orders/lifecycle.rules.ts';
import { transitionAtInsert } from '#app/domain/orders/lifecycle.server.ts';
import { signalOutbox } from '#app/domain/orders/outbox.server.ts';
import {
  Rollback,
  inTransaction,
  newOrderKey,
  orderPlaced,
  takeStock,
} from '#app/domain/orders/orders.server.ts';
import { type OrderRow, orderItems, orders } from '#app/domain/orders/orders.schema.ts';
import {
  availableMethods,
  enabledMethods,
  paymentFee,
} from '#app/domain/payments/payments.server.ts';
import type { PaymentMethod } from '#app/domain/payments/payments.ts';
import type { CartCustomer } from '#app/domain/shipping/shipping.server.ts';
import { emptyAddress } from '#app/domain/shipping/shipping.view.ts';
type CartRow = typeof carts.$inferSelect;
import {
  type CartSubscriptionMode,
  cartSubscriptionMode,
  createOrderSubscriptions,
  orderNeedsKeptMethod,
} from '#app/domain/subscriptions/order-subscriptions.server.ts';
import type { Locale } from '#app/lib/locale.ts';
import {
  type CheckoutContext,
  type CheckoutInput,
  type PlacedOrder,
  checkoutProblems,
  problemError,
} from './checkout-input.ts';
import { feeLinesOf, shippingLinesOf } from './order-lines.ts';
import { setCheckoutCustomer, toAddress } from './checkout-customer.server.ts';
import { processPayment, retryPayment } from './checkout-payment.server.ts';
import { lineFacts } from './checkout-review.server.ts';
import {
  checkExpressOrder,
  chosenPickupPoint,
  isUniqueViolation,
  orderByIdempotencyKey,
  readBeforeTransaction,
} from './placement-checks.server.ts';

type PlacementContext = CheckoutContext & {
  emailLabel: string;
  customerId?: number | null;
  /** A guest's account is made with this order (subscriptions need one). */
  creatingAccount?: boolean;
};

type AcceptedVersions = Awaited<ReturnType<typeof legalVersionsInForce>>;

/**
 * The order an idempotency key placed before, if any. A method the browser confirms may be
 * tried again on the same order (a declined card, a lost answer): the order's one intent is
 * reused.
 */
async function replayOrder(
  db: Tx,
  owner: CartOwner,
  input: CheckoutInput,
  ctx: PlacementContext,
): Promise<Result<PlacedOrder> | null> {
  if (!input.idempotencyKey) return null;
  const existing = await orderByIdempotencyKey(db, input.idempotencyKey);
  if (!existing) return null;
  // Another visitor's key: no order of theirs is shown or reused.
  if (existing.sessionIdHash !== owner.idHash) {
    return fail(domainError('conflict', 'checkout.error.duplicate_key'));
  }
  // A free trial's order waits for its kept method just as another order for its payment.
  const payable =
    needsPayment(existing.status, existing.total) ||
    (existing.total === 0 &&
      (existing.status === 'pending' || existing.status === 'failed') &&
      (await orderNeedsKeptMethod(db, existing.id)));
  if (payable && ctx.payment) {
    const method = (await enabledMethods(db)).find((m) => m.id === existing.paymentMethod);
    if (method?.client && method.id === input.paymentMethod) {
      const retried = await retryPayment(db, existing, method, ctx.payment, placementAnnouncement);
      if (!retried.ok) return retried;
      return ok({ order: retried.value.order, created: false, payment: retried.value.outcome });
    }
  }
  return ok({ order: existing, created: false, payment: null });
}

/**
 * The cart priced afresh inside the lock, from the cart row just locked and the customer just
 * written (not read again); anything that stops the order rolls back. The catalog rows it was
 * priced from go into `productRows`.
 */
async function checkedCart(
  tx: Tx,
  owner: CartOwner,
  input: CheckoutInput,
  ctx: PlacementContext,
  known: {
    cart: CartRow;
    customer: CartCustomer;
    productRows: Map<number, ProductRow>;
    noCoupons: boolean;
  },
): Promise<CartView> {
  const view = await loadCart(tx, owner, {
    currency: ctx.currency,
    locale: ctx.locale,
    readOnly: true,
    pictures: false,
    known,
    productRows: known.productRows,
    paymentFee: input.paymentMethod ? await paymentFee(tx, input.paymentMethod, ctx.locale) : null,
  });
  if (view.lines.length === 0) {
    throw new Rollback(domainError('invalid', 'checkout.error.empty_cart'));
  }
  if (view.problems.length > 0) throw new Rollback(view.problems[0]!.error);
  if (view.removedCoupons.length > 0) {
    throw new Rollback(checkoutCouponError(view.removedCoupons[0]!));
  }
  if (view.lines.some((l) => l.digital) && !input.consent.digital) {
    throw new Rollback(
      domainError('invalid', 'checkout.error.digital', { field: 'terms-digital' }),
    );
  }
  if (view.shipping.needsShipping && !view.shipping.chosen) {
    throw new Rollback(
      domainError('invalid', 'checkout.error.no_shipping', { field: 'shipping_method' }),
    );
  }
  return view;
}

/** The method the shopper chose, when the order needs one; a method not offered rolls back. */
async function chosenMethod(
  tx: Tx,
  view: CartView,
  input: CheckoutInput,
  subscription: CartSubscriptionMode,
): Promise<PaymentMethod | null> {
  const totals = view.totals.breakdown;
  // A subscription renewing with a kept method needs one even when nothing is due today.
  if (!totals.needsPayment && subscription !== 'auto') return null;
  const methods = await availableMethods(tx, {
    total: totals.total.gross,
    currency: view.currency,
    country: view.shipping.billingAddress.country,
    needsShipping: view.shipping.needsShipping,
    subscription,
  });
  const method = methods.find((m) => m.id === input.paymentMethod);
  if (!method) {
    throw new Rollback(
      domainError('invalid', 'checkout.error.payment_method', { field: 'payment_method' }),
    );
  }
  return method;
}

/** The order row with its sums, addresses, consent and the legal versions accepted. */
async function insertOrderRow(
  tx: Tx,
  owner: CartOwner,
  view: CartView,
  facts: {
    input: CheckoutInput;
    ctx: PlacementContext;
    method: PaymentMethod | null;
    accepted: AcceptedVersions;
    pickupPoint: Record<string, string> | null;
    /** The status the order is written with, when it is known before the commit. */
    first: ReturnType<typeof transitionAtInsert> | null;
  },
): Promise<OrderRow> {
  const { input, ctx, method, accepted, pickupPoint, first } = facts;
  const totals = view.totals.breakdown;
  const shipping = view.shipping;
  const now = ctx.now ?? new Date();
  const [order] = await tx
    .insert(orders)
    .values({
      orderKey: newOrderKey(),
      status: 'pending',
      customerId: ctx.customerId ?? owner.customerId ?? null,
      sessionIdHash: owner.idHash,
      locale: ctx.locale,
      billingAddress: toAddress(input.billing, true),
      shippingAddress: shipping.needsShipping ? shipping.address : emptyAddress(),
      customerNote: input.customerNote.trim(),
      paymentMethod: method?.id ?? '',
      paymentMethodTitle: method ? localize(method.title, ctx.locale) : '',
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
      shippingLines: shippingLinesOf(view),
      feeLines: feeLinesOf(view),
      couponLines: [],
      consent: { terms: true, digital: input.consent.digital || null, at: now.toISOString() },
      legalVersions: Object.fromEntries([...accepted].map(([slug, v]) => [slug, v.version])),
      pickupPoint,
      idempotencyKey: input.idempotencyKey,
      stockReduced: true,
      createdAt: now,
      updatedAt: now,
      ...first?.fields,
    })
    .returning();
  return order!;
}

/**
 * The order's lines in one insert, then each stock row taken with the guarded update, in the
 * order of the rows' ids: two orders locking the same rows always lock them the same way round.
 */
async function insertLinesTakingStock(
  tx: Tx,
  order: OrderRow,
  view: CartView,
  locale: Locale,
  rows: Map<number, ProductRow>,
): Promise<void> {
  const totals = view.totals.breakdown;
  // The rows the cart was priced from inside the lock: their stock settings decide the guard.
  const facts = await lineFacts(tx, view, locale, rows);
  const stock: Parameters<typeof takeStock>[1][] = [];
  const values = view.lines.map((line, i) => {
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
    if (stockProductId !== null) {
      stock.push({
        stockProductId,
        quantity: line.quantity,
        backorders: (row.backorders ?? 'no') !== 'no',
        name: line.name,
        orderId: order.id,
      });
    }
    const lineTotals = totals.lines[i]!;
    return {
      orderId: order.id,
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
    };
  });
  await tx.insert(orderItems).values(values);
  stock.sort((a, b) => a.stockProductId - b.stockProductId);
  for (const take of stock) await takeStock(tx, take);
}

/** Counts each applied coupon's use within its limits and keeps its lines on the order. */
async function recordCoupons(
  tx: Tx,
  order: OrderRow,
  cartId: number,
  view: CartView,
): Promise<OrderRow> {
  // Priced under the lock, the view names every coupon the cart holds (one it dropped rolls
  // the order back): without any there is nothing to count.
  if (view.coupons.length === 0) return order;
  const applied = await appliedCoupons(tx, cartId);
  const couponLines = [];
  for (const coupon of applied) {
    const used = await recordCouponUse(tx, coupon.id, {
      customerId: order.customerId,
      email: order.billingAddress.email ?? null,
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
  if (couponLines.length === 0) return order;
  const [withCoupons] = await tx
    .update(orders)
    .set({ couponLines })
    .where(eq(orders.id, order.id))
    .returning();
  return withCoupons!;
}

/**
 * The first change of an order whose payment's outcome is known before the commit: nothing to
 * pay, or an offline method. Null when the provider is asked after the commit.
 */
function knownFirstChange(
  method: PaymentMethod | null,
  subscription: CartSubscriptionMode,
  now: Date,
): ReturnType<typeof transitionAtInsert> | null {
  const to = method ? method.placedStatus : 'processing';
  if (!to) return null;
  // Without subscriptions nothing the answer shows waits for the order's follow-up.
  const followUp = subscription ? 'now' : 'after';
  return transitionAtInsert(to, {
    paid: !method,
    announce: placementAnnouncement,
    followUp,
    now,
  });
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
  ctx: PlacementContext,
): Promise<Result<PlacedOrder>> {
  const replay = () => replayOrder(db, owner, input, ctx);
  const earlier = await replay();
  if (earlier) return earlier;

  const problems = checkoutProblems(input, ctx.locale, { email: ctx.emailLabel });
  if (problems.length > 0) return fail(problemError(problems[0]!));
  if (!input.consent.terms) {
    return fail(domainError('invalid', 'checkout.error.terms', { field: 'terms' }));
  }
  const accepted = await readBeforeTransaction(db, input, ctx.locale);
  if (!accepted.ok) return accepted;

  let placed: Result<{
    order: OrderRow;
    method: PaymentMethod | null;
    subscription: CartSubscriptionMode;
    /** The follow-up entries to signal, when the order was written with its status. */
    waitFor: number[] | null;
    emptiedCart: CartView;
  }>;
  try {
    placed = await inTransaction(db, async (tx) => {
      // One placement per cart at a time: a double click waits and then finds the cart empty.
      // The same statement says whether the cart holds coupons: without any, none is read.
      const [lockedRow] = await tx
        .select({
          ...getTableColumns(carts),
          hasCoupons: sql<boolean>`exists (select 1 from ${cartCoupons} c where c.cart_id = carts.id)`,
        })
        .from(carts)
        .where(eq(carts.sessionIdHash, owner.idHash))
        .for('update');
      if (!lockedRow) throw new Rollback(domainError('invalid', 'checkout.error.empty_cart'));
      const { hasCoupons, ...locked } = lockedRow;
      const customer = await setCheckoutCustomer(tx, locked.id, input);
      const productRows = new Map<number, ProductRow>();
      const view = await checkedCart(tx, owner, input, ctx, {
        cart: locked,
        customer,
        productRows,
        noCoupons: !hasCoupons,
      });
      const pickupPoint = await chosenPickupPoint(tx, view.shipping, input.pickupPoint ?? null);
      const total = view.totals.breakdown.total.gross;
      if (input.express) checkExpressOrder(input, view.shipping, total, view.currency);
      const subscription = await cartSubscriptionMode(tx, view.lines);
      if (subscription && !(ctx.customerId ?? owner.customerId) && !ctx.creatingAccount) {
        throw new Rollback(
          domainError('not_allowed', 'subscription.account_required', { field: 'createaccount' }),
        );
      }
      const method = await chosenMethod(tx, view, input, subscription);
      const first = knownFirstChange(method, subscription, ctx.now ?? new Date());
      const row = await insertOrderRow(tx, owner, view, {
        input,
        ctx,
        method,
        accepted: accepted.value,
        pickupPoint,
        first,
      });
      await insertLinesTakingStock(tx, row, view, ctx.locale, productRows);
      const order = await recordCoupons(tx, row, locked.id, view);
      if (subscription) {
        await createOrderSubscriptions(tx, row, view.lines, subscription === 'manual');
      }
      if (input.attribution) await recordOrderAttribution(tx, row.id, input.attribution);
      // Written with its status, the order's placement is recorded with its first change.
      if (!first) await orderPlaced(tx, row.id);
      const waitFor = first ? await first.record(tx, order, true) : null;
      await tx.delete(cartItems).where(eq(cartItems.cartId, locked.id));
      if (view.coupons.length > 0) await dropCartCoupons(tx, locked.id);
      return {
        order,
        method,
        subscription,
        waitFor,
        emptiedCart: emptyCart(locked.currency, customer),
      };
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
  const { order, method, subscription, waitFor, emptiedCart } = placed.value;
  if (waitFor) await signalOutbox(db, waitFor);
  // Written with its status: the method's outcome (bank details) changes nothing more.
  if (waitFor && !method) {
    recordOrderPlaced(order.status);
    return ok({ order, created: true, payment: null, emptiedCart });
  }
  const followUp = subscription ? 'now' : 'after';
  const payment = await processPayment(
    db,
    order,
    method,
    ctx.payment,
    placementAnnouncement,
    followUp,
  );
  recordOrderPlaced(payment.order.status);
  return ok({ order: payment.order, created: true, payment: payment.outcome, emptiedCart });
}
