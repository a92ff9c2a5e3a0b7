import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { getSetting } from '#app/domain/settings/settings.server.ts';
import type Stripe from 'stripe';
import type { CustomerRow } from '#app/domain/customers/customers.schema.ts';
import { type Result, domainError, notFound, ok, fail } from '#app/domain/kernel/result.ts';
import type { Tx } from '#app/domain/kernel/tx.ts';
import { NON_REUSABLE_TYPES, type StripeMethodType, isStripeType } from './methods.ts';
import { stripeCustomers } from './stripe.schema.ts';

/** A saved payment method as the account page and the checkout show it. */
export type SavedMethod = {
  id: string;
  type: string;
  /** Card brand (visa, mastercard, …); null for bank accounts. */
  brand: string | null;
  last4: string;
  expMonth: number | null;
  expYear: number | null;
  isDefault: boolean;
};

const PM_ID = /^pm_[A-Za-z0-9_]{1,200}$/;

/** Types a customer may keep for later (spec section 5: not the non-reusable ones). */
export function savableType(type: string): type is StripeMethodType {
  return isStripeType(type) && !NON_REUSABLE_TYPES.includes(type);
}

export async function stripeCustomerIdOf(db: Tx, customerId: number): Promise<string | null> {
  const [row] = await db
    .select({ id: stripeCustomers.stripeCustomerId })
    .from(stripeCustomers)
    .where(eq(stripeCustomers.customerId, customerId));
  return row?.id ?? null;
}

/**
 * The customer's Stripe customer, created once: the idempotency key makes a parallel or
 * repeated creation the same Stripe customer, and the row is written only by the first.
 */
export async function ensureStripeCustomer(
  db: Tx,
  stripe: Stripe,
  customer: Pick<CustomerRow, 'id' | 'email' | 'firstName' | 'lastName'>,
): Promise<string> {
  const known = await stripeCustomerIdOf(db, customer.id);
  if (known) return known;
  const name = [customer.firstName, customer.lastName].filter(Boolean).join(' ');
  const created = await stripe.customers.create(
    {
      email: customer.email,
      ...(name ? { name } : {}),
      metadata: { customer_id: String(customer.id) },
    },
    { idempotencyKey: `ladenzeile-customer-${customer.id}` },
  );
  await db
    .insert(stripeCustomers)
    .values({ customerId: customer.id, stripeCustomerId: created.id })
    .onConflictDoNothing();
  return (await stripeCustomerIdOf(db, customer.id)) ?? created.id;
}

function describe(pm: Stripe.PaymentMethod, defaultId: string | null): SavedMethod {
  const card = pm.card;
  const bank = pm.sepa_debit ?? pm.bacs_debit ?? pm.au_becs_debit ?? pm.acss_debit;
  const usBank = pm.us_bank_account;
  return {
    id: pm.id,
    type: pm.type,
    brand: card?.brand ?? null,
    last4: card?.last4 ?? bank?.last4 ?? usBank?.last4 ?? '',
    expMonth: card?.exp_month ?? null,
    expYear: card?.exp_year ?? null,
    isDefault: pm.id === defaultId,
  };
}

/** The customer's saved methods, the default first; none before the first one is saved. */
export async function listSavedMethods(
  db: Tx,
  stripe: Stripe,
  customerId: number,
): Promise<SavedMethod[]> {
  const stripeCustomer = await stripeCustomerIdOf(db, customerId);
  if (!stripeCustomer) return [];
  const [customer, methods] = await Promise.all([
    stripe.customers.retrieve(stripeCustomer),
    stripe.customers.listPaymentMethods(stripeCustomer, { limit: 100 }),
  ]);
  const setting = customer.deleted ? null : customer.invoice_settings?.default_payment_method;
  const defaultId = typeof setting === 'string' ? setting : (setting?.id ?? null);
  const saved = methods.data
    .filter((pm) => savableType(pm.type))
    .map((pm) => describe(pm, defaultId));
  return saved.sort((a, b) => Number(b.isDefault) - Number(a.isDefault));
}

/**
 * A saved method by id if it is this customer's; anything else (malformed, unknown, another
 * customer's) is the same "not found", so ids of others cannot be probed.
 */
export async function ownSavedMethod(
  db: Tx,
  stripe: Stripe,
  customerId: number,
  paymentMethodId: string,
): Promise<Result<{ method: Stripe.PaymentMethod; stripeCustomer: string }>> {
  const stripeCustomer = await stripeCustomerIdOf(db, customerId);
  if (!stripeCustomer || !PM_ID.test(paymentMethodId)) return fail(notFound());
  let method: Stripe.PaymentMethod;
  try {
    method = await stripe.paymentMethods.retrieve(paymentMethodId);
  } catch (error) {
    if ((error as { code?: string }).code === 'resource_missing') return fail(notFound());
    throw error;
  }
  const owner = typeof method.customer === 'string' ? method.customer : method.customer?.id;
  if (owner !== stripeCustomer || !savableType(method.type)) return fail(notFound());
  return ok({ method, stripeCustomer });
}

/** Makes one of the customer's methods the one renewals and the checkout pick first. */
export async function setDefaultMethod(
  db: Tx,
  stripe: Stripe,
  customerId: number,
  paymentMethodId: string,
): Promise<Result<null>> {
  const own = await ownSavedMethod(db, stripe, customerId, paymentMethodId);
  if (!own.ok) return own;
  await stripe.customers.update(own.value.stripeCustomer, {
    invoice_settings: { default_payment_method: own.value.method.id },
  });
  return ok(null);
}

/** Removes one of the customer's methods (Stripe detaches it; it can never be used again). */
export async function deleteSavedMethod(
  db: Tx,
  stripe: Stripe,
  customerId: number,
  paymentMethodId: string,
): Promise<Result<null>> {
  const own = await ownSavedMethod(db, stripe, customerId, paymentMethodId);
  if (!own.ok) return own;
  await stripe.paymentMethods.detach(own.value.method.id);
  return ok(null);
}

/** What the shopper's browser continues with after a setup intent was created or confirmed. */
export type SetupStep = {
  id: string;
  status: Stripe.SetupIntent.Status;
  clientSecret: string;
  nextAction: { type: string; redirectUrl: string | null } | null;
  paymentType: string;
};

function stepOf(intent: Stripe.SetupIntent, paymentType: string): SetupStep {
  return {
    id: intent.id,
    status: intent.status,
    clientSecret: intent.client_secret ?? '',
    nextAction: intent.next_action
      ? {
          type: intent.next_action.type,
          redirectUrl: intent.next_action.redirect_to_url?.url ?? null,
        }
      : null,
    paymentType,
  };
}

const invalidType = () =>
  domainError('invalid', 'stripe.error.invalid_payment_details', { field: 'payment_method_type' });

/**
 * init_setup_intent: a setup intent of the customer for the browser to confirm with the
 * element (the older add-payment-method flow). Only reusable types can be set up.
 */
export async function startSetupIntent(
  db: Tx,
  stripe: Stripe,
  customer: Pick<CustomerRow, 'id' | 'email' | 'firstName' | 'lastName'>,
  type: string,
): Promise<Result<SetupStep>> {
  if (!savableType(type)) return fail(invalidType());
  const stripeCustomer = await ensureStripeCustomer(db, stripe, customer);
  const intent = await stripe.setupIntents.create({
    customer: stripeCustomer,
    allowed_payment_method_types: [type as Stripe.SetupIntentCreateParams.AllowedPaymentMethodType],
    usage: 'off_session',
    metadata: { customer_id: String(customer.id) },
  });
  return ok(stepOf(intent, type));
}

/**
 * create_and_confirm_setup_intent: the payment method the browser created is set up for the
 * customer in one call. The method must be fresh or already the customer's; the provider's
 * refusal comes back as a payment failure for the error catalogue.
 */
export async function createAndConfirmSetupIntent(
  db: Tx,
  stripe: Stripe,
  customer: Pick<CustomerRow, 'id' | 'email' | 'firstName' | 'lastName'>,
  input: {
    paymentMethodId: string;
    type: string;
    returnUrl: string;
    /** Kept on the intent for the return after 3-D Secure (update all subscriptions). */
    metadata?: Record<string, string>;
  },
): Promise<Result<SetupStep>> {
  if (!savableType(input.type)) return fail(invalidType());
  if (!PM_ID.test(input.paymentMethodId)) return fail(invalidType());
  const stripeCustomer = await ensureStripeCustomer(db, stripe, customer);
  const intent = await stripe.setupIntents.create(
    {
      customer: stripeCustomer,
      payment_method: input.paymentMethodId,
      allowed_payment_method_types: [
        input.type as Stripe.SetupIntentCreateParams.AllowedPaymentMethodType,
      ],
      usage: 'off_session',
      confirm: true,
      return_url: input.returnUrl,
      metadata: { ...input.metadata, customer_id: String(customer.id) },
    },
    { idempotencyKey: `ladenzeile-customer-${customer.id}-setup-${input.paymentMethodId}` },
  );
  return ok(stepOf(intent, input.type));
}

/** A setup intent of this customer, read from the provider (the return from 3-D Secure). */
export async function ownSetupIntent(
  db: Tx,
  stripe: Stripe,
  customerId: number,
  setupIntentId: string,
): Promise<Stripe.SetupIntent | null> {
  const stripeCustomer = await stripeCustomerIdOf(db, customerId);
  if (!stripeCustomer || !/^seti_[A-Za-z0-9_]{1,200}$/.test(setupIntentId)) return null;
  try {
    const intent = await stripe.setupIntents.retrieve(setupIntentId);
    const owner = typeof intent.customer === 'string' ? intent.customer : intent.customer?.id;
    return owner === stripeCustomer ? intent : null;
  } catch (error) {
    if ((error as { code?: string }).code === 'resource_missing') return null;
    throw error;
  }
}

/** `payments.stripe_checkout`: the one-click layout of the Payment Element (spec section 4). */
export const STRIPE_CHECKOUT_KEY = 'payments.stripe_checkout';
const checkoutSettingsSchema = z.object({
  oneClick: z.boolean(),
  layout: z.enum(['accordion', 'tabs']),
});
export type StripeCheckoutSettings = z.infer<typeof checkoutSettingsSchema>;

export function stripeCheckoutSettings(db: Tx): Promise<StripeCheckoutSettings> {
  return getSetting(db, STRIPE_CHECKOUT_KEY, checkoutSettingsSchema, {
    oneClick: false,
    // Spec section 4: the default one-click layout is the accordion (with radios off).
    layout: 'accordion',
  });
}

/**
 * The account made with an order adopts the Stripe customer its payment kept a method with
 * (a guest who asked to save it), unless the account has one already.
 */
export async function adoptOrderStripeCustomer(
  db: Tx,
  stripe: Stripe,
  order: { paymentIntentId: string | null; setupIntentId?: string | null },
  customerId: number,
): Promise<void> {
  if (!order.paymentIntentId && !order.setupIntentId) return;
  if (await stripeCustomerIdOf(db, customerId)) return;
  // A free trial kept its method with a setup intent instead of a payment.
  const intent = order.paymentIntentId
    ? await stripe.paymentIntents.retrieve(order.paymentIntentId)
    : await stripe.setupIntents.retrieve(order.setupIntentId!);
  const owner = typeof intent.customer === 'string' ? intent.customer : intent.customer?.id;
  if (!owner) return;
  await db
    .insert(stripeCustomers)
    .values({ customerId, stripeCustomerId: owner })
    .onConflictDoNothing();
}
