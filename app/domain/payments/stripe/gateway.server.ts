import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { type DomainError, domainError } from '#app/domain/kernel/result.ts';
import type { Tx } from '#app/domain/kernel/tx.ts';
import { addOrderNote } from '#app/domain/orders/orders.server.ts';
import { type OrderRow, orders } from '#app/domain/orders/orders.schema.ts';
import { customers } from '#app/domain/customers/customers.schema.ts';
import { ensureStripeCustomer, ownSavedMethod } from './saved-methods.server.ts';
import type { PaymentMethod, PaymentOutcome, PaymentRequest } from '../payments.ts';
import { stripeSetup } from '../stripe-setup.server.ts';
import {
  asProviderError,
  attemptFor,
  ensureIntent,
  intentKeys,
  outcome,
  outcomeOfIntent,
  outcomeOfSetup,
} from './intents.server.ts';
import { type StripeMethodConfig, offeredForCountry, stripeMethodByGateway } from './methods.ts';
import { isBlikCode, providerFailure } from './stripe.rules.ts';

/** Types whose server-side confirmation needs a mandate the shopper accepted online. */
const MANDATE_TYPES = [
  'sepa_debit',
  'bacs_debit',
  'au_becs_debit',
  'acss_debit',
  'us_bank_account',
];

const invalidDetails = (): DomainError =>
  domainError('invalid', 'stripe.error.invalid_payment_details', { field: 'payment_method' });

/**
 * Pays the order with the payment method (or confirmation token) the browser created: the
 * order's one intent is confirmed with it, under a key of the order and attempt.
 */
export async function payWithStripe(
  config: StripeMethodConfig,
  order: OrderRow,
  request: PaymentRequest | null,
): Promise<PaymentOutcome> {
  if (!request) return outcome('failure', order.status, { error: invalidDetails() });
  const { db, data } = request;
  const tokenChoice = data['wc-stripe-payment-token'] ?? '';
  let saved = false;
  if (tokenChoice && tokenChoice !== 'new') {
    // A saved method: only the order's customer's own, and only of this method's type.
    const own =
      order.customerId === null
        ? null
        : await ownSavedMethod(db, stripeSetup(request.env).stripe, order.customerId, tokenChoice);
    if (!own?.ok || own.value.method.type !== config.type) {
      return outcome('failure', order.status, { error: invalidDetails() });
    }
    saved = true;
  }
  const saveNew =
    !saved && ['true', '1', 'yes'].includes(data['wc-stripe-new-payment-method'] ?? '');
  const paymentMethod = saved ? tokenChoice : (data['wc-stripe-payment-method'] ?? '');
  const token = data['wc-stripe-confirmation-token'] ?? '';
  const source = paymentMethod || token;
  const confirmedIntent = data.wc_payment_intent_id ?? '';
  if (!source && /^pi_[A-Za-z0-9_]{1,200}$/.test(confirmedIntent)) {
    // The browser confirmed the order's intent itself (create_payment_intent): read its state.
    return readConfirmedIntent(config, order, request, confirmedIntent);
  }
  if (!/^(pm|ctoken)_[A-Za-z0-9_]{1,200}$/.test(source)) {
    return outcome('failure', order.status, { error: invalidDetails() });
  }
  const blik = config.type === 'blik' ? (data['wc-stripe-blik-code'] ?? '') : null;
  if (blik !== null && !isBlikCode(blik)) {
    return outcome('failure', order.status, {
      error: domainError('invalid', 'stripe.error.blik_code', { field: 'wc-stripe-blik-code' }),
    });
  }
  const { stripe } = stripeSetup(request.env);
  const creatingAccount = order.customerId === null && data.createaccount === '1';
  const keepForRenewals = await request.renewals.startsKeptMethod();
  if (keepForRenewals) {
    // Renewals are charged off-session: the method is kept, for an account only.
    if (!config.isReusable || (order.customerId === null && !creatingAccount)) {
      return outcome('failure', order.status, {
        error: domainError('not_allowed', 'subscription.account_required'),
      });
    }
    if (order.total === 0) {
      return setupForTrial(db, stripe, config, order, request, { paymentMethod, token });
    }
  }
  try {
    const attempt = await attemptFor(db, order.id, source);
    let intent = await ensureIntent(db, stripe, order);
    if (['succeeded', 'processing', 'requires_capture'].includes(intent.status)) {
      return outcomeOfIntent(intent, order, config);
    }
    // A renewal paid by hand keeps a reusable method for the renewals after it.
    const keep = saveNew || keepForRenewals || (await request.renewals.keepsMethod());
    if (saved || (keep && config.isReusable && (order.customerId !== null || creatingAccount))) {
      // The intent joins the customer: a saved method is used, or the new one is kept.
      const customer = await customerForOrder(db, stripe, order);
      if (customer) {
        intent = await stripe.paymentIntents.update(
          intent.id,
          { customer, setup_future_usage: saved ? '' : 'off_session' },
          { idempotencyKey: `${intentKeys.confirm(order.id, attempt)}-customer-${saved ? 0 : 1}` },
        );
      }
    }
    const params: Stripe.PaymentIntentConfirmParams = {
      return_url: request.returnUrl,
      ...(paymentMethod ? { payment_method: paymentMethod } : { confirmation_token: token }),
    };
    if (blik !== null) params.payment_method_options = { blik: { code: blik } };
    if (MANDATE_TYPES.includes(config.type)) {
      params.mandate_data = onlineMandate(request);
    }
    intent = await stripe.paymentIntents.confirm(intent.id, params, {
      idempotencyKey: intentKeys.confirm(order.id, attempt),
    });
    return outcomeOfIntent(intent, order, config);
  } catch (error) {
    // The charge may or may not have happened: the order stays pending for the webhook or
    // the reconciliation to settle, and the shopper may try again (the same intent).
    return failedCall(db, order, error, 'payment');
  }
}

/** The shopper's acceptance of a debit mandate, as Stripe takes it for SEPA and the like. */
function onlineMandate(request: PaymentRequest) {
  return {
    customer_acceptance: {
      type: 'online' as const,
      online: {
        ip_address: request.customer.ipAddress,
        user_agent: request.customer.userAgent.slice(0, 500),
      },
    },
  };
}

/**
 * A free trial's order: nothing is charged, the method the browser created is set up for
 * off-session use with a setup intent of the customer (spec section 4: free-trial carts use
 * setup mode with a manually created payment method). A wallet sends a confirmation token
 * instead, whose method may be a card or Link. Keyed by order and attempt.
 */
async function setupForTrial(
  db: Tx,
  stripe: Stripe,
  config: StripeMethodConfig,
  order: OrderRow,
  request: PaymentRequest,
  source: { paymentMethod: string; token: string },
): Promise<PaymentOutcome> {
  try {
    const attempt = await attemptFor(db, order.id, source.paymentMethod || source.token);
    const customer = await customerForOrder(db, stripe, order);
    if (!customer) return outcome('failure', order.status, { error: invalidDetails() });
    const params: Stripe.SetupIntentCreateParams = {
      customer,
      ...(source.paymentMethod
        ? {
            payment_method: source.paymentMethod,
            allowed_payment_method_types: [
              config.type as Stripe.SetupIntentCreateParams.AllowedPaymentMethodType,
            ],
          }
        : { confirmation_token: source.token, automatic_payment_methods: { enabled: true } }),
      usage: 'off_session',
      confirm: true,
      return_url: request.returnUrl,
      metadata: { order_id: String(order.id), order_number: String(order.number) },
    };
    if (MANDATE_TYPES.includes(config.type)) {
      params.mandate_data = onlineMandate(request);
    }
    const intent = await stripe.setupIntents.create(params, {
      idempotencyKey: `ladenzeile-order-${order.id}-attempt-${attempt}-setup`,
    });
    await db.update(orders).set({ setupIntentId: intent.id }).where(eq(orders.id, order.id));
    return outcomeOfSetup(intent, order);
  } catch (error) {
    return failedCall(db, order, error, 'setup');
  }
}

/**
 * A Stripe call that threw: Stripe's refusal is noted on the order and told to the shopper;
 * anything else (transport, Stripe down) is an error that leaves the order as it was.
 */
async function failedCall(
  db: Tx,
  order: OrderRow,
  error: unknown,
  call: 'payment' | 'setup',
): Promise<PaymentOutcome> {
  const provider = asProviderError(error);
  if (!provider) {
    console.error(`stripe: ${call} call failed`, order.id, (error as Error).message);
    return outcome('error', order.status, {
      error: domainError('unavailable', 'stripe.error.payment_failed'),
    });
  }
  const failure = providerFailure(provider);
  await addOrderNote(db, order.id, {
    code: 'stripe.note.failed',
    params: { reason: String(failure.params?.reason ?? provider.code ?? 'unknown') },
  });
  return outcome('failure', order.status, { error: failure });
}

async function readConfirmedIntent(
  config: StripeMethodConfig,
  order: OrderRow,
  request: PaymentRequest,
  intentId: string,
): Promise<PaymentOutcome> {
  const [row] = await request.db
    .select({ id: orders.paymentIntentId })
    .from(orders)
    .where(eq(orders.id, order.id));
  if (row?.id !== intentId) return outcome('failure', order.status, { error: invalidDetails() });
  try {
    const intent = await stripeSetup(request.env).stripe.paymentIntents.retrieve(intentId);
    return outcomeOfIntent(intent, order, config);
  } catch (error) {
    console.error('stripe: intent lookup failed', order.id, (error as Error).message);
    return outcome('error', order.status, {
      error: domainError('unavailable', 'stripe.error.payment_failed'),
    });
  }
}

/** The Stripe customer of the order's customer account (created on first use). */
async function customerForOrder(db: Tx, stripe: Stripe, order: OrderRow): Promise<string | null> {
  if (order.customerId === null) {
    // A guest creating an account with the order: the account adopts this Stripe customer.
    const created = await stripe.customers.create(
      {
        ...(order.billingAddress.email ? { email: order.billingAddress.email } : {}),
        metadata: { order_id: String(order.id) },
      },
      { idempotencyKey: `ladenzeile-order-${order.id}-customer` },
    );
    return created.id;
  }
  const [customer] = await db.select().from(customers).where(eq(customers.id, order.customerId));
  return customer ? ensureStripeCustomer(db, stripe, customer) : null;
}

/** The card provider's methods that the shop switched on, as payment methods. */
export function stripePaymentMethods(enabled: readonly string[]): PaymentMethod[] {
  return enabled.flatMap((id) => {
    const config = stripeMethodByGateway(id);
    return config ? [stripePaymentMethod(config)] : [];
  });
}

export function stripePaymentMethod(config: StripeMethodConfig): PaymentMethod {
  return {
    id: config.gatewayId,
    title: config.title,
    description: STRIPE_DESCRIPTIONS[config.type] ?? STRIPE_DESCRIPTIONS.default!,
    orderButtonText: null,
    isAvailable: (ctx) => ctx.total > 0 && offeredForCountry(config, ctx.country),
    client: {
      provider: 'stripe',
      type: config.type,
      supportsDeferredIntent: config.supportsDeferredIntent,
      countries: config.countries,
      isReusable: config.isReusable,
    },
    process: (order, request) => payWithStripe(config, order, request),
  };
}

const STRIPE_DESCRIPTIONS: Record<string, { de: string; en: string }> = {
  default: {
    de: 'Sie bezahlen sicher über unseren Zahlungsdienstleister Stripe.',
    en: 'You pay securely through our payment provider Stripe.',
  },
  card: {
    de: 'Ihre Kartendaten gehen direkt an unseren Zahlungsdienstleister Stripe, nie an uns.',
    en: 'Your card details go straight to our payment provider Stripe, never to us.',
  },
  sepa_debit: {
    de: 'Der Betrag wird per SEPA-Lastschrift von Ihrem Konto eingezogen.',
    en: 'The amount is collected from your account by SEPA Direct Debit.',
  },
  blik: {
    de: 'Geben Sie den 6-stelligen Code aus Ihrer Banking-App ein und bestätigen Sie die Zahlung dort.',
    en: 'Enter the 6-digit code from your banking app and approve the payment there.',
  },
};
