import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';

/**
 * Stripe's objects as the sandbox returns them. Each builder ends in `satisfies` so the
 * compiler proves every field of the SDK's type is there with the right shape.
 */

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export function newId(prefix: string, length = 24): string {
  const bytes = randomBytes(length);
  let out = '';
  for (const b of bytes) out += ALPHABET[b % ALPHABET.length];
  return `${prefix}_${out}`;
}

export const now = () => Math.floor(Date.now() / 1000);

export type Metadata = Record<string, string>;
export type Address = Stripe.Address;
export type BillingDetails = Stripe.PaymentMethod.BillingDetails;

export const emptyAddress = (): Address => ({
  city: null,
  country: null,
  line1: null,
  line2: null,
  postal_code: null,
  state: null,
});

export function paymentIntentObject(input: {
  amount: number;
  currency: string;
  customer: string | null;
  description: string | null;
  metadata: Metadata;
  paymentMethodTypes: string[];
  automatic: boolean;
  captureMethod: Stripe.PaymentIntent.CaptureMethod;
  confirmationMethod: Stripe.PaymentIntent.ConfirmationMethod;
  receiptEmail: string | null;
  setupFutureUsage: Stripe.PaymentIntent.SetupFutureUsage | null;
  shipping: Stripe.PaymentIntent.Shipping | null;
  statementDescriptor: string | null;
  paymentMethodOptions: Stripe.PaymentIntent.PaymentMethodOptions | null;
}): Stripe.PaymentIntent {
  const id = newId('pi');
  return {
    id,
    object: 'payment_intent',
    allowed_payment_method_types: null,
    amount: input.amount,
    amount_capturable: 0,
    amount_received: 0,
    application: null,
    application_fee_amount: null,
    automatic_payment_methods: input.automatic
      ? { enabled: true, allow_redirects: 'always' }
      : null,
    canceled_at: null,
    cancellation_reason: null,
    capture_method: input.captureMethod,
    client_secret: `${id}_secret_${newId('x', 25).slice(2)}`,
    confirmation_method: input.confirmationMethod,
    created: now(),
    currency: input.currency,
    customer: input.customer,
    customer_account: null,
    description: input.description,
    excluded_payment_method_types: null,
    last_payment_error: null,
    latest_charge: null,
    livemode: false,
    managed_payments: null,
    metadata: input.metadata,
    next_action: null,
    on_behalf_of: null,
    payment_method: null,
    payment_method_configuration_details: null,
    payment_method_options: input.paymentMethodOptions,
    payment_method_types: input.paymentMethodTypes,
    payment_record: null,
    processing: null,
    receipt_email: input.receiptEmail,
    review: null,
    setup_future_usage: input.setupFutureUsage,
    shipping: input.shipping,
    source: null,
    statement_descriptor: input.statementDescriptor,
    statement_descriptor_suffix: null,
    status: 'requires_payment_method',
    transfer_data: null,
    transfer_group: null,
  } satisfies Stripe.PaymentIntent;
}

export function setupIntentObject(input: {
  customer: string | null;
  description: string | null;
  metadata: Metadata;
  paymentMethodTypes: string[];
  automatic: boolean;
  usage: Stripe.SetupIntent['usage'];
}): Stripe.SetupIntent {
  const id = newId('seti');
  return {
    id,
    object: 'setup_intent',
    allowed_payment_method_types: null,
    application: null,
    automatic_payment_methods: input.automatic
      ? { enabled: true, allow_redirects: 'always' }
      : null,
    cancellation_reason: null,
    client_secret: `${id}_secret_${newId('x', 25).slice(2)}`,
    created: now(),
    customer: input.customer,
    customer_account: null,
    description: input.description,
    excluded_payment_method_types: null,
    flow_directions: null,
    last_setup_error: null,
    latest_attempt: null,
    livemode: false,
    mandate: null,
    metadata: input.metadata,
    next_action: null,
    on_behalf_of: null,
    payment_method: null,
    payment_method_configuration_details: null,
    payment_method_options: null,
    payment_method_types: input.paymentMethodTypes,
    single_use_mandate: null,
    status: 'requires_payment_method',
    usage: input.usage,
  } satisfies Stripe.SetupIntent;
}

export type CardDetails = {
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  fingerprint: string;
  /** The card came from a wallet's sheet (Apple Pay, Google Pay). */
  wallet?: 'apple_pay' | 'google_pay' | null;
};

export function paymentMethodObject(input: {
  type: string;
  billingDetails: BillingDetails;
  metadata: Metadata;
  card?: CardDetails;
  sepa?: { last4: string; country: string; bankCode: string; fingerprint: string };
  details?: Record<string, unknown>;
  allowRedisplay?: Stripe.PaymentMethod.AllowRedisplay;
}): Stripe.PaymentMethod {
  const base = {
    id: newId('pm'),
    object: 'payment_method',
    allow_redisplay: input.allowRedisplay ?? 'unspecified',
    billing_details: input.billingDetails,
    created: now(),
    customer: null as string | null,
    customer_account: null,
    livemode: false,
    metadata: input.metadata,
    type: input.type as Stripe.PaymentMethod.Type,
  } satisfies Stripe.PaymentMethod;
  if (input.card) {
    const c = input.card;
    return {
      ...base,
      card: {
        brand: c.brand,
        checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: 'pass' },
        country: 'US',
        display_brand: c.brand,
        exp_month: c.expMonth,
        exp_year: c.expYear,
        fingerprint: c.fingerprint,
        funding: 'credit',
        generated_from: null,
        last4: c.last4,
        networks: { available: [c.brand], preferred: null },
        regulated_status: 'unregulated',
        three_d_secure_usage: { supported: true },
        wallet: c.wallet
          ? ({
              type: c.wallet,
              dynamic_last4: c.last4,
              [c.wallet]: {},
            } as Stripe.PaymentMethod.Card.Wallet)
          : null,
      },
    } satisfies Stripe.PaymentMethod;
  }
  if (input.sepa) {
    return {
      ...base,
      sepa_debit: {
        bank_code: input.sepa.bankCode,
        branch_code: null,
        country: input.sepa.country,
        fingerprint: input.sepa.fingerprint,
        generated_from: { charge: null, setup_attempt: null },
        last4: input.sepa.last4,
      },
    } satisfies Stripe.PaymentMethod;
  }
  return { ...base, [input.type]: input.details ?? {} } satisfies Stripe.PaymentMethod;
}

export function customerObject(input: {
  email: string | null;
  name: string | null;
  phone: string | null;
  description: string | null;
  metadata: Metadata;
  address: Address | null;
  defaultPaymentMethod: string | null;
  preferredLocales: string[];
}): Stripe.Customer {
  return {
    id: newId('cus', 14),
    object: 'customer',
    address: input.address,
    balance: 0,
    created: now(),
    customer_account: null,
    default_source: null,
    description: input.description,
    email: input.email,
    invoice_settings: {
      custom_fields: null,
      default_payment_method: input.defaultPaymentMethod,
      footer: null,
      rendering_options: null,
    },
    livemode: false,
    metadata: input.metadata,
    name: input.name,
    phone: input.phone,
    preferred_locales: input.preferredLocales,
    shipping: null,
    tax_exempt: 'none',
    test_clock: null,
  } satisfies Stripe.Customer;
}

export function chargeObject(input: {
  paymentIntent: Stripe.PaymentIntent;
  paymentMethod: Stripe.PaymentMethod;
  status: Stripe.Charge.Status;
  captured: boolean;
  failure: { code: string; message: string } | null;
  /** The buyer passed a 3-D Secure challenge for this attempt. */
  authenticated?: boolean;
  /** The SEPA mandate the debit is drawn under. */
  mandate?: string | null;
}): Stripe.Charge {
  const pi = input.paymentIntent;
  const pm = input.paymentMethod;
  const succeeded = input.status === 'succeeded';
  return {
    id: newId('ch'),
    object: 'charge',
    amount: pi.amount,
    amount_captured: succeeded && input.captured ? pi.amount : 0,
    amount_refunded: 0,
    application: null,
    application_fee: null,
    application_fee_amount: null,
    balance_transaction: null,
    billing_details: pm.billing_details,
    calculated_statement_descriptor: 'LADENZEILE',
    captured: succeeded && input.captured,
    created: now(),
    currency: pi.currency,
    customer: typeof pi.customer === 'string' ? pi.customer : null,
    description: pi.description,
    disputed: false,
    failure_balance_transaction: null,
    failure_code: input.failure?.code ?? null,
    failure_message: input.failure?.message ?? null,
    fraud_details: {},
    livemode: false,
    metadata: pi.metadata,
    on_behalf_of: null,
    outcome: null,
    paid: succeeded,
    payment_intent: pi.id,
    payment_method: pm.id,
    payment_method_details: chargeMethodDetails(pm, input.authenticated ?? false, input.mandate),
    presentment_details: undefined,
    receipt_email: pi.receipt_email,
    receipt_number: null,
    receipt_url: null,
    refunded: false,
    refunds: { object: 'list', data: [], has_more: false, url: '/v1/refunds' },
    review: null,
    shipping: pi.shipping,
    source: null,
    source_transfer: null,
    statement_descriptor: pi.statement_descriptor,
    statement_descriptor_suffix: null,
    status: input.status,
    transfer_data: null,
    transfer_group: null,
  } satisfies Stripe.Charge;
}

/** What the charge records of its method: the card and its 3-D Secure outcome, the debit's mandate. */
function chargeMethodDetails(
  pm: Stripe.PaymentMethod,
  authenticated: boolean,
  mandate: string | null | undefined,
): Stripe.Charge.PaymentMethodDetails {
  if (pm.card) {
    const c = pm.card;
    const card = {
      amount_authorized: null,
      authorization_code: null,
      brand: c.brand,
      checks: c.checks,
      country: c.country,
      electronic_commerce_indicator: null,
      exp_month: c.exp_month,
      exp_year: c.exp_year,
      fingerprint: c.fingerprint,
      funding: c.funding,
      installments: null,
      last4: c.last4,
      mandate: null,
      network: c.brand,
      network_transaction_id: null,
      regulated_status: c.regulated_status,
      three_d_secure: authenticated
        ? {
            authentication_flow: 'challenge',
            electronic_commerce_indicator: '05',
            exemption_indicator: null,
            result: 'authenticated',
            result_reason: null,
            transaction_id: randomBytes(16).toString('hex'),
            version: '2.2.0',
          }
        : null,
      transaction_link_id: null,
      wallet: c.wallet
        ? ({ type: c.wallet.type } as Stripe.Charge.PaymentMethodDetails.Card.Wallet)
        : null,
    } satisfies Stripe.Charge.PaymentMethodDetails.Card;
    return { type: pm.type, card };
  }
  if (pm.sepa_debit) {
    const d = pm.sepa_debit;
    const sepa = {
      bank_code: d.bank_code,
      branch_code: d.branch_code,
      country: d.country,
      fingerprint: d.fingerprint,
      last4: d.last4,
      mandate: mandate ?? null,
    } satisfies Stripe.Charge.PaymentMethodDetails.SepaDebit;
    return { type: pm.type, sepa_debit: sepa };
  }
  return { type: pm.type };
}

/** A SEPA Direct Debit mandate the buyer accepted online, reusable for later debits. */
export function mandateObject(paymentMethod: string): Stripe.Mandate {
  const id = newId('mandate');
  return {
    id,
    object: 'mandate',
    customer_acceptance: {
      accepted_at: now(),
      online: { ip_address: null, user_agent: null },
      type: 'online',
    },
    livemode: false,
    multi_use: {},
    payment_method: paymentMethod,
    payment_method_details: {
      sepa_debit: {
        reference: id.slice(8, 23).toUpperCase(),
        url: `https://stripe.com/mandates/${id}`,
      },
      type: 'sepa_debit',
    },
    status: 'active',
    type: 'multi_use',
  } satisfies Stripe.Mandate;
}

export function refundObject(input: {
  amount: number;
  charge: string;
  currency: string;
  paymentIntent: string;
  customer: string | null;
  paymentMethod: string | null;
  reason: Stripe.Refund.Reason | null;
  metadata: Metadata;
}): Stripe.Refund {
  return {
    id: newId('re'),
    object: 'refund',
    amount: input.amount,
    balance_transaction: null,
    charge: input.charge,
    created: now(),
    currency: input.currency,
    customer: input.customer,
    customer_account: null,
    destination_details: undefined,
    metadata: input.metadata,
    payment_intent: input.paymentIntent,
    payment_method: input.paymentMethod,
    reason: input.reason,
    receipt_number: null,
    source_transfer_reversal: null,
    status: 'succeeded',
    transfer_reversal: null,
  } satisfies Stripe.Refund;
}

export function confirmationTokenObject(input: {
  paymentMethod: Stripe.PaymentMethod;
  returnUrl: string | null;
  setupFutureUsage: Stripe.ConfirmationToken.SetupFutureUsage | null;
  shipping: Stripe.ConfirmationToken.Shipping | null;
}): Stripe.ConfirmationToken {
  const pm = input.paymentMethod as Stripe.PaymentMethod & Record<string, unknown>;
  const preview = {
    type: pm.type,
    billing_details: pm.billing_details,
    allow_redisplay: pm.allow_redisplay,
    customer: null,
    customer_account: null,
    [pm.type]: pm[pm.type] ?? {},
  } as Stripe.ConfirmationToken.PaymentMethodPreview;
  return {
    id: newId('ctoken'),
    object: 'confirmation_token',
    created: now(),
    expires_at: now() + 12 * 3600,
    livemode: false,
    mandate_data: null,
    metadata: {},
    payment_intent: null,
    payment_method_options: null,
    payment_method_preview: preview,
    return_url: input.returnUrl,
    setup_future_usage: input.setupFutureUsage,
    setup_intent: null,
    shipping: input.shipping,
    use_stripe_sdk: true,
  } satisfies Stripe.ConfirmationToken;
}

export function eventObject(input: {
  type: Stripe.Event.Type;
  object: Record<string, unknown>;
  previousAttributes?: Record<string, unknown>;
  requestId: string | null;
  idempotencyKey: string | null;
}) {
  return {
    id: newId('evt'),
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: now(),
    data: {
      object: input.object,
      ...(input.previousAttributes ? { previous_attributes: input.previousAttributes } : {}),
    },
    livemode: false,
    pending_webhooks: 1,
    request: { id: input.requestId, idempotency_key: input.idempotencyKey },
    type: input.type,
  } satisfies Omit<Stripe.EventBase, 'data'> & { data: Stripe.Event.Data };
}
