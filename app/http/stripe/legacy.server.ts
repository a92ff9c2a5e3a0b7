import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { z } from 'zod';
import type { Tx } from '#app/domain/kernel/tx.ts';
import { needsPayment } from '#app/domain/orders/lifecycle.rules.ts';
import { type OrderRow, orders } from '#app/domain/orders/orders.schema.ts';
import {
  appearanceKeySchema,
  saveAppearance,
} from '#app/domain/payments/stripe/appearance.server.ts';
import {
  asProviderError,
  ensureIntent,
  updateIntentChoice,
} from '#app/domain/payments/stripe/intents.server.ts';
import { settleIntent, settleSetupIntent } from '#app/domain/payments/stripe/settlement.server.ts';
import {
  isStripeType,
  stripeMethodByGateway,
  gatewayIdOf,
} from '#app/domain/payments/stripe/methods.ts';
import { isSetupIntentId, providerFailure } from '#app/domain/payments/stripe/stripe.rules.ts';
import { stripeSetup } from '#app/domain/payments/stripe-setup.server.ts';
import type { Session } from '#app/lib/session.server.ts';
import type { Translate } from '#app/lib/i18n.ts';
import { defineEndpoint } from '../endpoint.server.ts';
import { json } from '../response.ts';
import { WC_AJAX_CODES } from '../wc-ajax/codes.ts';
import { orderReceivedUrl, paymentFailureMessage } from './payment.server.ts';
import type { CheckoutContext } from '../checkout.server.ts';

const id = z.coerce.number().int().positive().max(2_147_483_647);
const intentId = z.string().regex(/^(pi|seti)_[A-Za-z0-9_]{1,200}$/);
const short = z.string().max(300);

/** WordPress's ajax answers: success with data, or failure with data.error.message. */
const success = (data: unknown, headers: Record<string, string>) =>
  json({ success: true, data }, { headers });
const failure = (message: string, headers: Record<string, string>, status = 200) =>
  json({ success: false, data: { error: { message } } }, { status, headers });

/** The order if it is the caller's: placed in this session or by this customer. */
async function ownOrder(
  db: Tx,
  session: Session | null,
  orderId: number,
): Promise<OrderRow | null> {
  if (!session) return null;
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) return null;
  const mine =
    order.sessionIdHash === session.idHash ||
    (session.customerId !== null && order.customerId === session.customerId);
  return mine ? order : null;
}

function providerMessage(error: unknown, t: Translate): string {
  const provider = asProviderError(error);
  if (!provider) return t('stripe.error.transport');
  return paymentFailureMessage(providerFailure(provider), t).text;
}

/** create_payment_intent: the order's one intent for the browser to confirm (pay-for-order). */
export const createPaymentIntent = defineEndpoint({
  methods: ['POST'],
  codes: WC_AJAX_CODES,
  nonce: true,
  schema: z.object({ stripe_order_id: id, payment_method_type: short.optional() }),
  handle: async ({ db, env, t, input, session, headers }) => {
    const order = await ownOrder(db, session, input.stripe_order_id);
    if (
      !order ||
      !needsPayment(order.status, order.total) ||
      !stripeMethodByGateway(order.paymentMethod)
    ) {
      return failure(t('stripe.error.order'), headers);
    }
    try {
      const intent = await ensureIntent(db, stripeSetup(env).stripe, order);
      return success({ id: intent.id, client_secret: intent.client_secret }, headers);
    } catch (error) {
      return failure(providerMessage(error, t), headers);
    }
  },
});

/** update_payment_intent: the chosen type and the save choice; setup intents are left alone. */
export const updatePaymentIntent = defineEndpoint({
  methods: ['POST'],
  codes: WC_AJAX_CODES,
  nonce: true,
  schema: z.object({
    stripe_order_id: id,
    wc_payment_intent_id: intentId,
    save_payment_method: short.optional(),
    selected_upe_payment_type: short.optional(),
  }),
  handle: async ({ db, env, t, input, session, headers }) => {
    if (isSetupIntentId(input.wc_payment_intent_id))
      return json({ result: 'success' }, { headers });
    const order = await ownOrder(db, session, input.stripe_order_id);
    const type = input.selected_upe_payment_type ?? 'card';
    const refuse = (message: string) => json({ result: 'failure', messages: message }, { headers });
    if (!order || order.paymentIntentId !== input.wc_payment_intent_id || !isStripeType(type)) {
      return refuse(t('stripe.error.order'));
    }
    try {
      await updateIntentChoice(db, stripeSetup(env).stripe, order, {
        type: stripeMethodByGateway(gatewayIdOf(type))!,
        save: ['yes', 'true', '1'].includes(input.save_payment_method ?? ''),
      });
      return json({ result: 'success' }, { headers });
    } catch (error) {
      return refuse(providerMessage(error, t));
    }
  },
});

const statusSchema = z.object({
  order_id: id,
  intent_id: intentId.optional(),
  payment_method_id: short.optional(),
});

/**
 * update_order_status: after the browser confirmed (3-D Secure, a bank's page), the intent is
 * read from the provider, never from the browser, and settles the order. The webhook may have
 * settled it already: then this changes nothing and answers the same return_url.
 */
export const updateOrderStatus = defineEndpoint({
  methods: ['POST'],
  codes: WC_AJAX_CODES,
  nonce: true,
  schema: statusSchema,
  handle: async ({ db, env, t, locale, currency, input, session, headers }) => {
    const order = await ownOrder(db, session, input.order_id);
    if (order?.setupIntentId && input.intent_id === order.setupIntentId) {
      return settleTrialSetup({ db, env, t, locale, currency }, order, headers);
    }
    if (!order?.paymentIntentId || (input.intent_id && input.intent_id !== order.paymentIntentId)) {
      return failure(t('stripe.error.order'), headers);
    }
    let intent: Stripe.PaymentIntent;
    try {
      intent = await stripeSetup(env).stripe.paymentIntents.retrieve(order.paymentIntentId);
    } catch (error) {
      return failure(providerMessage(error, t), headers);
    }
    const settled = await settleIntent(db, order.id, intent);
    const status = settled.order?.status ?? order.status;
    if (status === 'processing' || status === 'on-hold' || status === 'completed') {
      return success({ return_url: orderReceivedUrl(env, order) }, headers);
    }
    const error = intent.last_payment_error
      ? paymentFailureMessage(providerFailure(intent.last_payment_error), t).text
      : t('stripe.error.payment_failed');
    return failure(error, headers);
  },
});

/** A free trial's setup intent after 3-D Secure: read from the provider, then the order moves. */
async function settleTrialSetup(
  ctx: CheckoutContext,
  order: OrderRow,
  headers: Record<string, string>,
): Promise<Response> {
  let intent: Stripe.SetupIntent;
  try {
    intent = await stripeSetup(ctx.env).stripe.setupIntents.retrieve(order.setupIntentId!);
  } catch (error) {
    return failure(providerMessage(error, ctx.t), headers);
  }
  const settled = await settleSetupIntent(ctx.db, order.id, intent);
  const status = settled.order?.status ?? order.status;
  if (status === 'processing' || status === 'completed') {
    return success({ return_url: orderReceivedUrl(ctx.env, order) }, headers);
  }
  const error = intent.last_setup_error
    ? paymentFailureMessage(providerFailure(intent.last_setup_error), ctx.t).text
    : ctx.t('stripe.error.payment_failed');
  return failure(error, headers);
}

/** update_failed_order: the browser's confirmation failed; the order records it. Errors ignored. */
export const updateFailedOrder = defineEndpoint({
  methods: ['POST'],
  codes: WC_AJAX_CODES,
  nonce: true,
  schema: z.object({ intent_id: intentId, order_id: id }),
  handle: async ({ db, env, input, session, headers }) => {
    const order = await ownOrder(db, session, input.order_id);
    if (order?.paymentIntentId && order.paymentIntentId === input.intent_id) {
      try {
        const intent = await stripeSetup(env).stripe.paymentIntents.retrieve(input.intent_id);
        await settleIntent(db, order.id, intent);
      } catch (error) {
        console.error('stripe: failed-order update', order.id, (error as Error).message);
      }
    }
    return success(null, headers);
  },
});

/** save_appearance: the element's appearance computed from the theme, kept for next time. */
export const saveAppearanceAction = defineEndpoint({
  methods: ['POST'],
  codes: WC_AJAX_CODES,
  nonce: true,
  schema: z.object({
    appearance: z.string().max(20_000),
    is_block_checkout: short.optional(),
    theme_name: z.string().max(100).optional(),
    appearance_key: appearanceKeySchema,
  }),
  handle: async ({ db, t, input, headers }) => {
    let appearance: unknown;
    try {
      appearance = JSON.parse(input.appearance);
    } catch {
      appearance = null;
    }
    if (typeof appearance !== 'object' || appearance === null || Array.isArray(appearance)) {
      return failure(t('error.invalid_json'), headers, 400);
    }
    await saveAppearance(db, {
      appearance: appearance as Record<string, unknown>,
      blocks: ['1', 'true', 'yes'].includes(input.is_block_checkout ?? ''),
      themeName: input.theme_name ?? '',
      key: input.appearance_key,
    });
    return success(null, headers);
  },
});
