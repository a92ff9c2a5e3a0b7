import { and, eq, isNull, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import { domainError } from '#app/domain/kernel/result.ts';
import type { Tx } from '#app/domain/kernel/tx.ts';
import { type OrderRow, type OrderStatus, orders } from '#app/domain/orders/orders.schema.ts';
import { minorUnit } from '#app/domain/pricing/money.ts';
import type { PaymentOutcome, PaymentStatus } from '../payments.ts';
import type { StripeMethodConfig } from './methods.ts';
import {
  type ProviderError,
  providerDecimals,
  providerFailure,
  toProviderAmount,
} from './stripe.rules.ts';

// An order's one payment intent (or a free trial's setup intent): its keys, its creation, and
// where its status leaves the order.

/** The order's total as the provider counts it. */
export function providerAmount(order: Pick<OrderRow, 'total' | 'currency'>) {
  return toProviderAmount(order.total, minorUnit(order.currency), providerDecimals(order.currency));
}

/** Idempotency keys: the same order and attempt always send the same key. */
export const intentKeys = {
  create: (orderId: number) => `ladenzeile-order-${orderId}-intent`,
  confirm: (orderId: number, attempt: number) =>
    `ladenzeile-order-${orderId}-attempt-${attempt}-confirm`,
};

/**
 * The parameters of an order's intent, from the order alone, so a repeated creation (a retry,
 * the reconciliation) replays the first one under its idempotency key.
 */
export function intentCreateParams(order: OrderRow): Stripe.PaymentIntentCreateParams {
  return {
    amount: providerAmount(order),
    currency: order.currency.toLowerCase(),
    automatic_payment_methods: { enabled: true },
    description: `Order ${order.number}`,
    metadata: { order_id: String(order.id), order_number: String(order.number) },
  };
}

/** The order's one intent: the stored one, else created (replayed under its key) and stored. */
export async function ensureIntent(
  db: Tx,
  stripe: Stripe,
  order: OrderRow,
): Promise<Stripe.PaymentIntent> {
  const [row] = await db
    .select({ id: orders.paymentIntentId })
    .from(orders)
    .where(eq(orders.id, order.id));
  if (row?.id) return stripe.paymentIntents.retrieve(row.id);
  const intent = await stripe.paymentIntents.create(intentCreateParams(order), {
    idempotencyKey: intentKeys.create(order.id),
  });
  await db
    .update(orders)
    .set({ paymentIntentId: intent.id })
    .where(and(eq(orders.id, order.id), isNull(orders.paymentIntentId)));
  return intent;
}

/**
 * The attempt a payment method belongs to: the same method again (a retried request) is the
 * same attempt, so its calls replay; another method is the next attempt.
 */
export async function attemptFor(db: Tx, orderId: number, paymentMethod: string): Promise<number> {
  const [bumped] = await db
    .update(orders)
    .set({
      paymentAttempt: sql`${orders.paymentAttempt} + 1`,
      paymentAttemptMethod: paymentMethod,
    })
    .where(
      and(
        eq(orders.id, orderId),
        sql`${orders.paymentAttemptMethod} is distinct from ${paymentMethod}`,
      ),
    )
    .returning({ attempt: orders.paymentAttempt });
  if (bumped) return bumped.attempt;
  const [current] = await db
    .select({ attempt: orders.paymentAttempt })
    .from(orders)
    .where(eq(orders.id, orderId));
  return current?.attempt ?? 1;
}

/** A Stripe SDK error's fields, or null for anything else (a bug, a dropped connection). */
export function asProviderError(error: unknown): ProviderError | null {
  const e = error as { type?: unknown; raw?: ProviderError };
  if (typeof e?.type !== 'string' || !e.type.startsWith('Stripe')) return null;
  if (e.type === 'StripeConnectionError' || e.type === 'StripeAPIError') return null;
  return e.raw ?? (error as ProviderError);
}

/** A payment outcome; unless given, nothing is paid, shown or redirected to. */
export const outcome = (
  status: PaymentStatus,
  orderStatus: OrderStatus,
  extra: Partial<PaymentOutcome> = {},
): PaymentOutcome => ({ status, orderStatus, redirect: null, details: [], paid: false, ...extra });

/** Where an intent's status leaves the order (the browser's step, a failure, or settled). */
export function outcomeOfIntent(
  intent: Stripe.PaymentIntent,
  order: OrderRow,
  config: Pick<StripeMethodConfig, 'voucher' | 'type'> | null,
): PaymentOutcome {
  switch (intent.status) {
    case 'succeeded':
      return outcome('success', 'processing', { paid: true });
    case 'processing':
    case 'requires_capture':
      return outcome('success', 'on-hold');
    case 'requires_action':
    case 'requires_confirmation': {
      const secret = intent.client_secret ?? '';
      const voucher =
        config?.voucher ||
        /^(boleto|oxxo|multibanco)_display_details$/.test(intent.next_action?.type ?? '');
      return outcome('pending', order.status, {
        action: voucher
          ? { type: 'voucher', methodType: config?.type ?? 'card', clientSecret: secret }
          : { type: 'confirm', intent: 'pi', clientSecret: secret },
      });
    }
    default: {
      const error = intent.last_payment_error
        ? providerFailure(intent.last_payment_error as ProviderError)
        : domainError('payment_declined', 'stripe.error.payment_failed');
      return outcome('failure', order.status, { error });
    }
  }
}

/** Where a free trial's setup intent leaves its order. */
export function outcomeOfSetup(intent: Stripe.SetupIntent, order: OrderRow): PaymentOutcome {
  if (intent.status === 'succeeded') return outcome('success', 'processing', { paid: true });
  if (intent.status === 'requires_action' || intent.status === 'requires_confirmation') {
    return outcome('pending', order.status, {
      action: { type: 'confirm', intent: 'si', clientSecret: intent.client_secret ?? '' },
    });
  }
  if (intent.status === 'processing') return outcome('success', 'on-hold');
  const error = intent.last_setup_error
    ? providerFailure(intent.last_setup_error as ProviderError)
    : domainError('payment_declined', 'stripe.error.payment_failed');
  return outcome('failure', order.status, { error });
}

/**
 * update_payment_intent: the type the shopper chose, and whether the method is kept for later
 * (only for reusable types). Keyed by order, attempt and choice, so a repeat is a replay.
 */
export async function updateIntentChoice(
  db: Tx,
  stripe: Stripe,
  order: OrderRow,
  choice: { type: StripeMethodConfig; save: boolean },
): Promise<Stripe.PaymentIntent> {
  const intent = await ensureIntent(db, stripe, order);
  const save = choice.save && choice.type.isReusable;
  return stripe.paymentIntents.update(
    intent.id,
    {
      setup_future_usage: save ? 'off_session' : '',
      metadata: { payment_type: choice.type.type },
    },
    {
      idempotencyKey: `ladenzeile-order-${order.id}-attempt-${order.paymentAttempt}-update-${choice.type.type}-${save ? 1 : 0}`,
    },
  );
}
