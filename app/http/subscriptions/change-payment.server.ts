import type Stripe from 'stripe';
import { z } from 'zod';
import type { Tx } from '#app/domain/kernel/tx.ts';
import { localize } from '#app/domain/kernel/localized.ts';
import {
  gatewayIdOf,
  isStripeType,
  stripeMethodByGateway,
} from '#app/domain/payments/stripe/methods.ts';
import {
  ownSavedMethod,
  ownSetupIntent,
} from '#app/domain/payments/stripe/saved-methods.server.ts';
import { shopPublicOrigin, stripeSetup } from '#app/domain/payments/stripe-setup.server.ts';
import {
  customerSubscription,
  customerSubscriptions,
  setSubscriptionMethod,
} from '#app/domain/subscriptions/customer-subscriptions.server.ts';
import type { SubscriptionRow } from '#app/domain/subscriptions/subscriptions.schema.ts';
import type { Env } from '#app/lib/env.server.ts';
import type { Locale } from '#app/lib/locale.ts';
import { defineEndpoint } from '../endpoint.server.ts';
import { json } from '../response.ts';
import { WC_AJAX_CODES } from '../wc-ajax/codes.ts';

export const SUBSCRIPTIONS_PATH = '/my-account/subscriptions';
export const viewSubscriptionPath = (id: number) => `/my-account/view-subscription/${id}`;
export const changeMethodPath = (id: number) => `/my-account/change-payment-method/${id}`;

/** Subscriptions a changed method applies to, beyond the one being changed. */
const CHANGEABLE: readonly SubscriptionRow['status'][] = ['active', 'on-hold', 'pending-cancel'];

const id = z.coerce.number().int().positive().max(2_147_483_647);
const intentId = z.string().regex(/^seti_[A-Za-z0-9_]{1,200}$/);
const methodId = z.string().regex(/^pm_[A-Za-z0-9_]{1,200}$/);

const success = (data: unknown, headers: Record<string, string>) =>
  json({ success: true, data }, { headers });
const failure = (message: string, headers: Record<string, string>, status = 200) =>
  json({ success: false, data: { error: { message } } }, { status, headers });

/**
 * Stores a kept method on the customer's subscriptions: the one named, or all that still
 * renew when asked to. The method must be the customer's own at Stripe.
 */
export async function applyMethodToSubscriptions(
  ctx: { db: Tx; env: Env; locale: Locale },
  customerId: number,
  paymentMethodId: string,
  which: { subscriptionId: number | null; all: boolean },
): Promise<SubscriptionRow[] | null> {
  const { stripe } = stripeSetup(ctx.env);
  const own = await ownSavedMethod(ctx.db, stripe, customerId, paymentMethodId);
  if (!own.ok || !isStripeType(own.value.method.type)) return null;
  const config = stripeMethodByGateway(gatewayIdOf(own.value.method.type));
  if (!config?.isReusable) return null;
  const ids = which.all
    ? (await customerSubscriptions(ctx.db, customerId))
        .filter((s) => CHANGEABLE.includes(s.status))
        .map((s) => s.id)
    : [];
  if (which.subscriptionId !== null && !ids.includes(which.subscriptionId)) {
    ids.push(which.subscriptionId);
  }
  return setSubscriptionMethod(ctx.db, customerId, ids, {
    stripeCustomer: own.value.stripeCustomer,
    method: own.value.method,
    gatewayId: config.gatewayId,
    title: localize(config.title, ctx.locale),
  });
}

/** Whether a setup intent asked to update all of its customer's subscriptions. */
export function updatesAll(intent: Pick<Stripe.SetupIntent, 'metadata'>): boolean {
  return intent.metadata?.update_all_subscription_payment_methods === '1';
}

/**
 * confirm_change_payment (spec sections 4 and 7): after the browser set up a new method
 * (intent_id, a setup intent of the customer's that succeeded) or picked a saved one
 * (payment_method_id), the subscription (order_id) renews with it. Only the subscription's
 * owner may change it; any other id is "not found" alike.
 */
export const confirmChangePayment = defineEndpoint({
  methods: ['POST'],
  codes: WC_AJAX_CODES,
  nonce: true,
  schema: z.object({
    order_id: id,
    intent_id: intentId.optional(),
    payment_method_id: z.union([methodId, z.literal('')]).optional(),
  }),
  handle: async ({ db, env, t, locale, input, session, headers }) => {
    const customerId = session?.customerId ?? null;
    if (!customerId) return failure(t('stripe.saved.login_required'), headers, 401);
    const sub = await customerSubscription(db, customerId, input.order_id);
    if (!sub) return failure(t('subscription.error.not_found'), headers, 404);
    if (!CHANGEABLE.includes(sub.status)) return failure(t('subscription.error.method'), headers);
    const { stripe } = stripeSetup(env);
    let paymentMethodId = input.payment_method_id || null;
    let all = false;
    try {
      if (input.intent_id) {
        const intent = await ownSetupIntent(db, stripe, customerId, input.intent_id);
        const kept =
          typeof intent?.payment_method === 'string'
            ? intent.payment_method
            : (intent?.payment_method?.id ?? null);
        if (!intent || intent.status !== 'succeeded' || !kept) {
          return failure(t('subscription.error.change_failed'), headers);
        }
        if (paymentMethodId && paymentMethodId !== kept) {
          return failure(t('subscription.error.method'), headers);
        }
        paymentMethodId = kept;
        all = updatesAll(intent);
      }
      if (!paymentMethodId) return failure(t('subscription.error.method'), headers);
      const changed = await applyMethodToSubscriptions(
        { db, env, locale },
        customerId,
        paymentMethodId,
        { subscriptionId: sub.id, all },
      );
      if (!changed?.length) return failure(t('subscription.error.method'), headers);
    } catch (error) {
      console.error('subscriptions: method change failed', sub.id, (error as Error).message);
      return failure(t('subscription.error.change_failed'), headers);
    }
    const returnUrl = new URL(
      `${viewSubscriptionPath(sub.id)}?notice=method_changed`,
      shopPublicOrigin(env),
    );
    return success({ return_url: returnUrl.href }, headers);
  },
});
