import { z } from 'zod';
import { customerById } from '#app/domain/customers/accounts.server.ts';
import type { Tx } from '#app/domain/kernel/tx.ts';
import { asProviderError } from '#app/domain/payments/stripe/intents.server.ts';
import {
  type SetupStep,
  createAndConfirmSetupIntent,
  startSetupIntent,
} from '#app/domain/payments/stripe/saved-methods.server.ts';
import { providerFailure } from '#app/domain/payments/stripe/stripe.rules.ts';
import { shopPublicOrigin, stripeSetup } from '#app/domain/payments/stripe-setup.server.ts';
import type { Env } from '#app/lib/env.server.ts';
import type { Translate } from '#app/lib/i18n.ts';
import type { Session } from '#app/lib/session.server.ts';
import { type EndpointArgs, defineEndpoint, readBody } from '../endpoint.server.ts';
import { json } from '../response.ts';
import { WC_AJAX_CODES } from '../wc-ajax/codes.ts';
import { paymentFailureMessage } from './payment.server.ts';
import { customerSubscription } from '#app/domain/subscriptions/customer-subscriptions.server.ts';
import {
  applyMethodToSubscriptions,
  changeMethodPath,
} from '../subscriptions/change-payment.server.ts';

const short = z.string().max(300);

const success = (data: unknown, headers: Record<string, string>) =>
  json({ success: true, data }, { headers });
const failure = (message: string, headers: Record<string, string>, status = 200) =>
  json({ success: false, data: { error: { message } } }, { status, headers });

/** Where the browser lands after a method was set up (Stripe adds `setup_intent` to it). */
export function paymentMethodsUrl(env: Env): string {
  return new URL('/my-account/payment-methods', shopPublicOrigin(env)).href;
}

async function sessionCustomer(db: Tx, session: Session | null) {
  return session?.customerId ? customerById(db, session.customerId) : null;
}

function setupFailure(error: unknown, t: Translate): string {
  const provider = asProviderError(error);
  if (!provider) {
    console.error('stripe: setup intent call failed', (error as Error).message);
    return t('stripe.error.transport');
  }
  return paymentFailureMessage(providerFailure(provider), t).text;
}

/** init_setup_intent: a setup intent of the logged-in customer for the element to confirm. */
export const initSetupIntent = defineEndpoint({
  methods: ['POST'],
  codes: WC_AJAX_CODES,
  nonce: true,
  schema: z.object({ payment_method_type: short.optional() }),
  handle: async ({ db, env, t, input, session, headers }) => {
    const customer = await sessionCustomer(db, session);
    if (!customer) return failure(t('stripe.saved.login_required'), headers, 401);
    try {
      const started = await startSetupIntent(
        db,
        stripeSetup(env).stripe,
        customer,
        input.payment_method_type ?? 'card',
      );
      if (!started.ok) return failure(t(started.error.code as 'stripe.error.unknown'), headers);
      return success({ id: started.value.id, client_secret: started.value.clientSecret }, headers);
    } catch (error) {
      return failure(setupFailure(error, t), headers);
    }
  },
});

/** Spec section 7: the create-and-confirm answer's fields. */
function setupAnswer(step: SetupStep, returnUrl: string) {
  return {
    status: step.status,
    next_action: step.nextAction
      ? {
          type: step.nextAction.type,
          ...(step.nextAction.redirectUrl
            ? { redirect_to_url: { url: step.nextAction.redirectUrl } }
            : {}),
        }
      : null,
    payment_type: step.paymentType,
    return_url: returnUrl,
    client_secret: step.clientSecret,
    id: step.id,
  };
}

/**
 * create_and_confirm_setup_intent (the generic ajax URL's action): the payment method the
 * add-payment-method page created becomes the customer's, in one provider call.
 */
export const createAndConfirmSetupIntentAction = defineEndpoint({
  methods: ['POST'],
  codes: WC_AJAX_CODES,
  nonce: true,
  schema: z.object({
    action: short.optional(),
    'wc-stripe-payment-method': short,
    'wc-stripe-payment-type': short.optional(),
    update_all_subscription_payment_methods: short.optional(),
    /** The subscription whose change-payment page asks: the return after 3-D Secure goes there. */
    change_payment_for: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  }),
  handle: async ({ db, env, t, locale, input, session, headers }) => {
    const customer = await sessionCustomer(db, session);
    if (!customer) return failure(t('stripe.saved.login_required'), headers, 401);
    const changing = input.change_payment_for
      ? await customerSubscription(db, customer.id, input.change_payment_for)
      : null;
    if (input.change_payment_for && !changing) {
      return failure(t('subscription.error.not_found'), headers, 404);
    }
    const returnUrl = changing
      ? new URL(changeMethodPath(changing.id), shopPublicOrigin(env)).href
      : paymentMethodsUrl(env);
    const all = ['1', 'true', 'yes'].includes(input.update_all_subscription_payment_methods ?? '');
    try {
      const done = await createAndConfirmSetupIntent(db, stripeSetup(env).stripe, customer, {
        paymentMethodId: input['wc-stripe-payment-method'],
        type: input['wc-stripe-payment-type'] ?? 'card',
        returnUrl,
        metadata: all ? { update_all_subscription_payment_methods: '1' } : {},
      });
      if (!done.ok) return failure(t('stripe.error.invalid_payment_details'), headers);
      if (all && done.value.status === 'succeeded') {
        // Set up at once: every subscription that still renews takes it now (after 3-D
        // Secure the return does it, from the intent's metadata).
        await applyMethodToSubscriptions(
          { db, env, locale },
          customer.id,
          input['wc-stripe-payment-method'],
          { subscriptionId: null, all: true },
        );
      }
      return success(setupAnswer(done.value, returnUrl), headers);
    } catch (error) {
      return failure(setupFailure(error, t), headers);
    }
  },
});

/** Actions of the generic ajax URL (`/wp-admin/admin-ajax.php`, `action` field). */
const ADMIN_AJAX = {
  create_and_confirm_setup_intent: createAndConfirmSetupIntentAction,
} as const;

const unknownAction = defineEndpoint({
  methods: ['POST'],
  codes: WC_AJAX_CODES,
  handle: async ({ headers }) => json(0, { status: 400, headers }),
});

/** `/wp-admin/admin-ajax.php`: the action from the query or the form picks the endpoint. */
export async function dispatchAdminAjax(args: EndpointArgs): Promise<Response> {
  let action = new URL(args.request.url).searchParams.get('action') ?? '';
  if (!action && args.request.method === 'POST') {
    const body = await readBody(args.request.clone());
    // An unreadable body goes to the fallback, which reads it again and says why.
    if (body.ok && typeof body.value.action === 'string') action = body.value.action;
  }
  const endpoint = Object.hasOwn(ADMIN_AJAX, action)
    ? ADMIN_AJAX[action as keyof typeof ADMIN_AJAX]
    : unknownAction;
  return endpoint.loader(args);
}
