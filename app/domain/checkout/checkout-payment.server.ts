import { eq } from 'drizzle-orm';
import { type Result, domainError, fail, ok } from '#app/domain/kernel/result.ts';
import { localize } from '#app/domain/kernel/localized.ts';
import type { Tx } from '#app/domain/kernel/tx.ts';
import { type TransitionOptions, transitionOrder } from '#app/domain/orders/lifecycle.server.ts';
import { needsPayment, paymentAnnouncement } from '#app/domain/orders/lifecycle.rules.ts';
import { type OrderRow, orders } from '#app/domain/orders/orders.schema.ts';
import { orderFees } from '#app/domain/orders/order-fees.ts';
import { methodFee } from '#app/domain/payments/offline.ts';
import { availableMethods, paymentSettings } from '#app/domain/payments/payments.server.ts';
import type {
  PaymentMethod,
  PaymentOutcome,
  PaymentRequest,
} from '#app/domain/payments/payments.ts';
import type { Locale } from '#app/lib/locale.ts';
import {
  orderNeedsKeptMethod,
  renewalKeepsMethod,
} from '#app/domain/subscriptions/order-subscriptions.server.ts';
import type { PaymentInput } from './checkout-input.ts';

function paymentRequest(db: Tx, order: OrderRow, payment?: PaymentInput): PaymentRequest | null {
  if (!payment) return null;
  const renewals = {
    startsKeptMethod: () => orderNeedsKeptMethod(db, order.id),
    keepsMethod: () => renewalKeepsMethod(db, order),
  };
  return { ...payment, db, returnUrl: payment.returnUrl(order), renewals };
}

/** The statuses a payment the provider took moves an order out of (as its webhook does). */
const PAID_FROM: OrderRow['status'][] = ['pending', 'on-hold', 'failed'];

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
  followUp: TransitionOptions['followUp'] = 'now',
): Promise<{ order: OrderRow; outcome: PaymentOutcome | null }> {
  if (!method) {
    // Nothing to pay: the order is ready to be packed.
    const moved = await transitionOrder(db, order.id, 'processing', {
      paid: true,
      announce,
      followUp,
    });
    return { order: moved.ok ? moved.value.order : order, outcome: null };
  }
  const request = paymentRequest(db, order, payment);
  const outcome = await method.process(order, request);
  if (outcome.orderStatus === order.status) return { order, outcome };
  // Guarded: a webhook that settled the order meanwhile wins, and this changes nothing. A
  // payment the provider took is the exception: an earlier attempt's failure that landed in
  // between (a late webhook) does not keep a paid order failed.
  const moved = await transitionOrder(db, order.id, outcome.orderStatus, {
    paid: outcome.paid,
    expect: outcome.paid ? [...new Set([order.status, ...PAID_FROM])] : [order.status],
    announce,
    followUp,
  });
  if (moved.ok) return { order: moved.value.order, outcome };
  const [current] = await db.select().from(orders).where(eq(orders.id, order.id));
  return { order: current ?? order, outcome };
}

/** Another try at paying an order that waits for payment; a failed one is reopened first. */
export async function retryPayment(
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
 * The methods an order placed earlier may be paid with (order-pay page, Store API): those
 * that leave its total as placed. A payment fee is part of the price the shopper accepted
 * with the order button (§ 312j BGB); adding one on the pay page would change a concluded
 * contract after the fact (and WooCommerce does not reprice an order there either). So an
 * order without a fee is not offered a method that charges one, and an order that carries
 * the cash on delivery fee only cash on delivery.
 */
export async function orderPayMethods(
  db: Tx,
  order: OrderRow,
  subscription?: 'auto' | 'manual' | null,
): Promise<PaymentMethod[]> {
  const [methods, settings] = await Promise.all([
    availableMethods(db, {
      total: order.total,
      currency: order.currency,
      country: order.billingAddress.country,
      needsShipping: order.shippingLines.length > 0,
      subscription,
    }),
    paymentSettings(db),
  ]);
  const codFee = orderFees(order, order.locale).some((f) => f.key === 'cod');
  return methods.filter((m) => (codFee ? m.id === 'cod' : methodFee(settings, m.id) === 0));
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
  const methods = await orderPayMethods(db, order);
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
