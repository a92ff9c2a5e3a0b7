import type Stripe from 'stripe';
import type { Tx } from '#app/lib/db.server.ts';
import {
  chargeObject,
  confirmationTokenObject,
  customerObject,
  newId,
  now,
  paymentIntentObject,
  paymentMethodObject,
  refundObject,
  setupIntentObject,
  type BillingDetails,
} from './objects.ts';
import {
  type Params,
  type SandboxError,
  SandboxFailure,
  addressOf,
  invalid,
  metadataOf,
  missingParam,
  noSuch,
  optBool,
  optEnum,
  optInt,
  optNullableString,
  optObject,
  optString,
  optStringArray,
  reqString,
  unexpectedState,
} from './params.ts';
import {
  type RequestInfo,
  type Stored,
  emit,
  find,
  insert,
  list,
  load,
  save,
} from './store.server.ts';
import {
  type Behaviour,
  DELAYED_SETTLEMENT_MS,
  DELAYED_TYPES,
  QR_TYPES,
  REDIRECT_TYPES,
  REUSABLE_TYPES,
  CARD_WALLETS,
  SUPPORTED_TYPES,
  TEST_PAYMENT_METHODS,
  WALLET_DEFAULT_CARD,
  VOUCHER_TYPES,
  cardBehaviour,
  cardBrand,
  fingerprint,
  ibanBehaviour,
  ibanValid,
  luhnValid,
  normaliseIban,
} from './test-data.ts';

export type Caller = RequestInfo & {
  key: 'secret' | 'publishable';
  /** Keys fingerprints; the same in every instance of the shop. */
  secret: string;
  /** Origin of the sandbox's hosted pages (challenge, bank, voucher, QR). */
  publicOrigin: string;
};

export type Outcome = { ok: true; body: unknown } | { ok: false; error: SandboxError };

type PI = Stripe.PaymentIntent;
type SI = Stripe.SetupIntent;
type PM = Stripe.PaymentMethod;

const ok = (body: unknown): Outcome => ({ ok: true, body });

function secretOnly(caller: Caller) {
  if (caller.key !== 'secret') {
    throw new SandboxFailure({
      kind: 'permission',
      body: {
        type: 'invalid_request_error',
        message:
          'This API call cannot be made with a publishable API key. Please use a secret API key.',
      },
    });
  }
}

/** With the publishable key, intents are reached only with their client secret. */
function checkClientSecret(caller: Caller, p: Params, data: { client_secret: string | null }) {
  if (caller.key === 'secret') return;
  const given = optString(p, 'client_secret', 200);
  if (!given) throw missingParam('client_secret');
  if (given !== data.client_secret) {
    throw invalid(
      'client_secret',
      'The client_secret provided does not match any associated PaymentIntent on this account.',
    );
  }
}

// ---------------------------------------------------------------- customers

function customerFields(p: Params) {
  return {
    email: optNullableString(p, 'email', 512),
    name: optNullableString(p, 'name', 256),
    phone: optNullableString(p, 'phone', 20),
    description: optNullableString(p, 'description', 350),
    address: addressOf(p, 'address'),
    preferredLocales: optStringArray(p, 'preferred_locales'),
    defaultPaymentMethod: (() => {
      const settings = optObject(p, 'invoice_settings');
      return settings
        ? optNullableString(
            settings,
            'default_payment_method',
            255,
            'invoice_settings[default_payment_method]',
          )
        : undefined;
    })(),
  };
}

export async function createCustomer(tx: Tx, caller: Caller, p: Params): Promise<Outcome> {
  secretOnly(caller);
  const f = customerFields(p);
  const customer = customerObject({
    email: f.email ?? null,
    name: f.name ?? null,
    phone: f.phone ?? null,
    description: f.description ?? null,
    metadata: metadataOf(p) ?? {},
    address: f.address ?? null,
    defaultPaymentMethod: null,
    preferredLocales: f.preferredLocales ?? [],
  });
  await insert(tx, 'customer', customer, { customer: customer.id });
  const pmId = optString(p, 'payment_method', 255);
  if (pmId) await attach(tx, caller, pmId, customer.id, 'payment_method');
  if (f.defaultPaymentMethod) {
    await ownedMethod(tx, f.defaultPaymentMethod, customer.id);
    customer.invoice_settings.default_payment_method = f.defaultPaymentMethod;
    await save(tx, {
      id: customer.id,
      type: 'customer',
      customer: customer.id,
      data: customer,
      hidden: {},
      advanceAt: null,
    });
  }
  await emit(tx, caller, 'customer.created', customer);
  return ok(customer);
}

export async function retrieveCustomer(tx: Tx, caller: Caller, id: string): Promise<Outcome> {
  secretOnly(caller);
  return ok((await load(tx, 'customer', id)).data);
}

export async function updateCustomer(
  tx: Tx,
  caller: Caller,
  id: string,
  p: Params,
): Promise<Outcome> {
  secretOnly(caller);
  const stored = await load<Stripe.Customer>(tx, 'customer', id, { lock: true });
  const c = stored.data;
  const before = structuredClone(c);
  const f = customerFields(p);
  if (f.email !== undefined) c.email = f.email;
  if (f.name !== undefined) c.name = f.name;
  if (f.phone !== undefined) c.phone = f.phone;
  if (f.description !== undefined) c.description = f.description;
  if (f.address !== undefined) c.address = f.address;
  if (f.preferredLocales !== undefined) c.preferred_locales = f.preferredLocales;
  if (f.defaultPaymentMethod !== undefined) {
    if (f.defaultPaymentMethod) await ownedMethod(tx, f.defaultPaymentMethod, c.id);
    c.invoice_settings.default_payment_method = f.defaultPaymentMethod;
  }
  const metadata = metadataOf(p, c.metadata);
  if (metadata) c.metadata = metadata;
  await save(tx, stored);
  const previous = Object.fromEntries(
    Object.entries(before).filter(
      ([k, v]) => JSON.stringify(v) !== JSON.stringify((c as unknown as Params)[k]),
    ),
  );
  await emit(tx, caller, 'customer.updated', c, previous);
  return ok(c);
}

async function ownedMethod(tx: Tx, pmId: string, customer: string) {
  const pm = await load<PM>(tx, 'payment_method', pmId, {
    param: 'invoice_settings[default_payment_method]',
  });
  if (pm.data.customer !== customer) {
    throw invalid(
      'invoice_settings[default_payment_method]',
      `The payment method ${pmId} is not attached to customer ${customer}.`,
      'resource_missing',
    );
  }
}

// ---------------------------------------------------------------- payment methods

const EXP_YEAR_MAX = 2100;

/** Creates a payment method from its parameters; card numbers are reduced to brand, last4 and a fingerprint. */
async function createMethodFrom(
  tx: Tx,
  caller: Caller,
  p: Params,
  prefix = '',
): Promise<Stored<PM>> {
  const at = (name: string) => (prefix ? `${prefix}[${name}]` : name);
  const type = reqString(p, 'type', 100, at('type'));
  if (!(SUPPORTED_TYPES as readonly string[]).includes(type)) {
    throw invalid(
      at('type'),
      `Invalid type: the payment method type "${type.slice(0, 40)}" is not supported.`,
    );
  }
  const bd = optObject(p, 'billing_details', at('billing_details')) ?? {};
  const billing: BillingDetails = {
    address: addressOf(bd, 'address') ?? null,
    email: optNullableString(bd, 'email', 512, at('billing_details][email')) ?? null,
    name: optNullableString(bd, 'name', 256, at('billing_details][name')) ?? null,
    phone: optNullableString(bd, 'phone', 40, at('billing_details][phone')) ?? null,
    tax_id: null,
  };
  const metadata = metadataOf(p) ?? {};
  const allowRedisplay = optEnum(p, 'allow_redisplay', [
    'always',
    'limited',
    'unspecified',
  ] as const);
  const hidden: Record<string, unknown> = {};
  let pm: PM;
  if (type === 'card') {
    const card = optObject(p, 'card', at('card'));
    if (!card) throw missingParam(at('card'));
    const walletParams = optObject(card, 'wallet', at('card][wallet'));
    const wallet = walletParams
      ? optEnum(walletParams, 'type', CARD_WALLETS, at('card][wallet][type'))
      : undefined;
    if (walletParams && !wallet) throw missingParam(at('card][wallet][type'));
    // A wallet's sheet holds a card of its own: without a number it is the plain test card.
    if (wallet) {
      card.number ??= WALLET_DEFAULT_CARD;
      card.exp_month ??= '12';
      card.exp_year ??= String(new Date().getUTCFullYear() + 3);
    }
    const raw = reqString(card, 'number', 40, at('card][number'));
    const digits = raw.replace(/[\s-]/g, '');
    if (!luhnValid(digits)) {
      throw cardError('incorrect_number', 'Your card number is incorrect.', at('card][number'));
    }
    const month = optInt(card, 'exp_month', -1e9, 1e9, at('card][exp_month'));
    if (month === undefined) throw missingParam(at('card][exp_month'));
    if (month < 1 || month > 12) {
      throw cardError(
        'invalid_expiry_month',
        "Your card's expiration month is invalid.",
        at('card][exp_month'),
      );
    }
    let year = optInt(card, 'exp_year', -1e9, 1e9, at('card][exp_year'));
    if (year === undefined) throw missingParam(at('card][exp_year'));
    if (year < 100) year += 2000;
    const today = new Date();
    const expired =
      year < today.getUTCFullYear() ||
      (year === today.getUTCFullYear() && month < today.getUTCMonth() + 1);
    if (expired || year > EXP_YEAR_MAX) {
      throw cardError(
        'invalid_expiry_year',
        "Your card's expiration year is invalid.",
        at('card][exp_year'),
      );
    }
    const cvc = optString(card, 'cvc', 10, at('card][cvc'));
    if (cvc !== undefined && !/^\d{3,4}$/.test(cvc)) {
      throw cardError('invalid_cvc', "Your card's security code is invalid.", at('card][cvc'));
    }
    hidden.behaviour = cardBehaviour(digits);
    pm = paymentMethodObject({
      type,
      billingDetails: billing,
      metadata,
      allowRedisplay,
      card: {
        brand: cardBrand(digits),
        last4: digits.slice(-4),
        expMonth: month,
        expYear: year,
        fingerprint: fingerprint(caller.secret, digits),
        wallet: wallet ?? null,
      },
    });
  } else if (type === 'sepa_debit') {
    const sepa = optObject(p, 'sepa_debit', at('sepa_debit'));
    if (!sepa) throw missingParam(at('sepa_debit'));
    const iban = normaliseIban(reqString(sepa, 'iban', 60, at('sepa_debit][iban')));
    if (!ibanValid(iban)) {
      throw invalid(
        at('sepa_debit][iban'),
        'The IBAN you provided is invalid.',
        'invalid_bank_account_iban',
      );
    }
    hidden.behaviour = ibanBehaviour(iban);
    pm = paymentMethodObject({
      type,
      billingDetails: billing,
      metadata,
      allowRedisplay,
      sepa: {
        last4: iban.slice(-4),
        country: iban.slice(0, 2),
        bankCode: iban.slice(4, 12),
        fingerprint: fingerprint(caller.secret, iban),
      },
    });
  } else {
    const details = optObject(p, type, at(type)) ?? {};
    const kept: Record<string, unknown> = {};
    // Only short descriptive fields (bank, country); nothing else is echoed back.
    for (const k of ['bank', 'country', 'bic', 'preferred_language', 'email']) {
      const v = optString(details, k, 100, at(`${type}][${k}`));
      if (v !== undefined) kept[k] = v;
    }
    if (type === 'boleto') {
      const taxId = optString(details, 'tax_id', 20, at('boleto][tax_id'));
      if (taxId) kept.tax_id = taxId.replace(/\d(?=\d{4})/g, '*');
    }
    hidden.behaviour = 'succeeds' satisfies Behaviour;
    pm = paymentMethodObject({
      type,
      billingDetails: billing,
      metadata,
      allowRedisplay,
      details: kept,
    });
  }
  return insert(tx, 'payment_method', pm, { hidden });
}

function cardError(
  code: string,
  message: string,
  param?: string,
  declineCode?: string,
): SandboxFailure {
  return new SandboxFailure({
    kind: 'card',
    body: {
      type: 'card_error',
      code,
      ...(declineCode ? { decline_code: declineCode } : {}),
      ...(param ? { param } : {}),
      message,
    },
  });
}

export async function createPaymentMethod(tx: Tx, caller: Caller, p: Params): Promise<Outcome> {
  const pm = await createMethodFrom(tx, caller, p);
  return ok(pm.data);
}

/** A payment method by id; Stripe's test ids (pm_card_visa, ...) create one on the fly. */
async function methodById(
  tx: Tx,
  caller: Caller,
  id: string,
  param: string,
  lock = false,
): Promise<Stored<PM>> {
  const test = TEST_PAYMENT_METHODS[id];
  if (test) {
    const year = String(new Date().getUTCFullYear() + 3);
    return createMethodFrom(tx, caller, {
      type: 'card',
      card: { number: test.number, exp_month: '12', exp_year: year },
    });
  }
  return load<PM>(tx, 'payment_method', id, { lock, param });
}

export async function retrievePaymentMethod(tx: Tx, caller: Caller, id: string): Promise<Outcome> {
  secretOnly(caller);
  return ok((await load(tx, 'payment_method', id)).data);
}

export async function updatePaymentMethod(
  tx: Tx,
  caller: Caller,
  id: string,
  p: Params,
): Promise<Outcome> {
  secretOnly(caller);
  const stored = await load<PM>(tx, 'payment_method', id, { lock: true });
  const pm = stored.data;
  const metadata = metadataOf(p, pm.metadata ?? {});
  if (metadata) pm.metadata = metadata;
  const bd = optObject(p, 'billing_details');
  if (bd) {
    const address = addressOf(bd, 'address');
    if (address) pm.billing_details.address = address;
    for (const k of ['email', 'name', 'phone'] as const) {
      const v = optNullableString(bd, k, 512, `billing_details[${k}]`);
      if (v !== undefined) pm.billing_details[k] = v;
    }
  }
  const allow = optEnum(p, 'allow_redisplay', ['always', 'limited', 'unspecified'] as const);
  if (allow) pm.allow_redisplay = allow;
  await save(tx, stored);
  await emit(tx, caller, 'payment_method.updated', pm);
  return ok(pm);
}

async function attach(
  tx: Tx,
  caller: Caller,
  pmId: string,
  customerId: string,
  param: string,
): Promise<Stored<PM>> {
  await load(tx, 'customer', customerId, { param: 'customer' });
  const stored = await methodById(tx, caller, pmId, param, true);
  const pm = stored.data;
  if (pm.customer === customerId) return stored;
  if (pm.customer) {
    throw invalid(
      param,
      'The payment method you provided has already been attached to a customer.',
    );
  }
  if (!REUSABLE_TYPES.includes(pm.type)) {
    throw invalid(param, `PaymentMethods of type ${pm.type} cannot be attached to customers.`);
  }
  pm.customer = customerId;
  stored.customer = customerId;
  await save(tx, stored);
  await emit(tx, caller, 'payment_method.attached', pm);
  return stored;
}

export async function attachPaymentMethod(
  tx: Tx,
  caller: Caller,
  id: string,
  p: Params,
): Promise<Outcome> {
  secretOnly(caller);
  const customer = reqString(p, 'customer', 255);
  return ok((await attach(tx, caller, id, customer, 'payment_method')).data);
}

export async function detachPaymentMethod(tx: Tx, caller: Caller, id: string): Promise<Outcome> {
  secretOnly(caller);
  const stored = await load<PM>(tx, 'payment_method', id, { lock: true });
  const pm = stored.data;
  if (!pm.customer) {
    throw invalid(
      undefined,
      'The payment method you provided is not attached to a customer so detachment is impossible.',
      'payment_method_unexpected_state',
    );
  }
  const previous = { customer: pm.customer };
  const customerId = pm.customer as string;
  pm.customer = null;
  stored.customer = null;
  await save(tx, stored);
  // A detached method is no longer the customer's default.
  const customer = await find<Stripe.Customer>(tx, 'customer', customerId, true);
  if (customer && customer.data.invoice_settings.default_payment_method === pm.id) {
    customer.data.invoice_settings.default_payment_method = null;
    await save(tx, customer);
  }
  await emit(tx, caller, 'payment_method.detached', pm, previous);
  return ok(pm);
}

function listParams(p: Params) {
  return {
    limit: optInt(p, 'limit', 1, 100) ?? 10,
    startingAfter: optString(p, 'starting_after', 255),
  };
}

export async function listPaymentMethods(
  tx: Tx,
  caller: Caller,
  p: Params,
  customerId?: string,
): Promise<Outcome> {
  secretOnly(caller);
  const customer = customerId ?? optString(p, 'customer', 255);
  if (customer) await load(tx, 'customer', customer, { param: 'customer' });
  const type = optString(p, 'type', 100);
  const { limit, startingAfter } = listParams(p);
  if (!customer) {
    return ok({ object: 'list', data: [], has_more: false, url: '/v1/payment_methods' });
  }
  const found = await list<PM>(tx, 'payment_method', { customer, limit: 100, startingAfter });
  const data = found.data.filter((pm) => !type || pm.type === type);
  return ok({
    object: 'list',
    data: data.slice(0, limit),
    has_more: data.length > limit || found.hasMore,
    url: customerId ? `/v1/customers/${customer}/payment_methods` : '/v1/payment_methods',
  });
}

// ---------------------------------------------------------------- confirmation tokens

export async function createConfirmationToken(tx: Tx, caller: Caller, p: Params): Promise<Outcome> {
  let method: Stored<PM>;
  const pmId = optString(p, 'payment_method', 255);
  const data = optObject(p, 'payment_method_data');
  if (pmId) method = await methodById(tx, caller, pmId, 'payment_method');
  else if (data) method = await createMethodFrom(tx, caller, data, 'payment_method_data');
  else throw missingParam('payment_method_data');
  const token = confirmationTokenObject({
    paymentMethod: method.data,
    returnUrl: optString(p, 'return_url', 2048) ?? null,
    setupFutureUsage:
      optEnum(p, 'setup_future_usage', ['off_session', 'on_session'] as const) ?? null,
    // A wallet's sheet sends the chosen address with the token.
    shipping: (shippingOf(p) as Stripe.ConfirmationToken.Shipping | null | undefined) ?? null,
  });
  await insert(tx, 'confirmation_token', token, { hidden: { paymentMethod: method.id } });
  return ok(token);
}

export async function retrieveConfirmationToken(
  tx: Tx,
  caller: Caller,
  id: string,
): Promise<Outcome> {
  secretOnly(caller);
  return ok((await load(tx, 'confirmation_token', id)).data);
}

async function methodFromToken(
  tx: Tx,
  id: string,
): Promise<{ method: string; token: Stripe.ConfirmationToken }> {
  const stored = await load<Stripe.ConfirmationToken>(tx, 'confirmation_token', id, {
    param: 'confirmation_token',
  });
  if (stored.data.expires_at && stored.data.expires_at < now()) {
    throw invalid('confirmation_token', 'This ConfirmationToken has expired.', 'resource_missing');
  }
  return { method: stored.hidden.paymentMethod as string, token: stored.data };
}

// ---------------------------------------------------------------- payment intents

const MIN_AMOUNT = 50;
const MAX_AMOUNT = 99_999_999;
const CAPTURE_METHODS = ['automatic', 'automatic_async', 'manual'] as const;

type TypeChoice = {
  types: string[];
  automatic: boolean;
  allowed: string[] | null;
  excluded: string[] | null;
};

/**
 * The payment method types of an intent: `allowed_payment_method_types` (this API version's
 * name; `payment_method_types` of older versions is read too), else every type the sandbox
 * knows less `excluded_payment_method_types`.
 */
function typesOf(p: Params): TypeChoice {
  const allowedName =
    p.allowed_payment_method_types !== undefined
      ? 'allowed_payment_method_types'
      : 'payment_method_types';
  const allowed = p[allowedName] === '' ? undefined : optStringArray(p, allowedName);
  const excluded =
    p.excluded_payment_method_types === ''
      ? undefined
      : optStringArray(p, 'excluded_payment_method_types');
  const auto = optObject(p, 'automatic_payment_methods');
  if (auto) optBool(auto, 'enabled', 'automatic_payment_methods[enabled]');
  for (const [name, list] of [
    [allowedName, allowed],
    ['excluded_payment_method_types', excluded],
  ] as const) {
    for (const [i, t] of (list ?? []).entries()) {
      if (!(SUPPORTED_TYPES as readonly string[]).includes(t)) {
        throw invalid(`${name}[${i}]`, `The payment method type "${t.slice(0, 40)}" is invalid.`);
      }
    }
  }
  const base = allowed ?? [...SUPPORTED_TYPES];
  const types = base.filter((t) => !excluded?.includes(t));
  if (types.length === 0) {
    throw invalid(
      allowedName,
      'No valid payment method types for this intent.',
      'payment_method_configuration_failures',
    );
  }
  return { types, automatic: !allowed, allowed: allowed ?? null, excluded: excluded ?? null };
}

function amountOf(p: Params, currency: string, required: boolean): number | undefined {
  const amount = optInt(p, 'amount', -1e12, 1e12);
  if (amount === undefined) {
    if (required) throw missingParam('amount');
    return undefined;
  }
  if (amount < MIN_AMOUNT) {
    throw invalid('amount', `Amount must be at least 0.50 ${currency}`, 'amount_too_small');
  }
  if (amount > MAX_AMOUNT)
    throw invalid('amount', 'Amount must be no more than 999,999.99', 'amount_too_large');
  return amount;
}

function currencyOf(p: Params, required: boolean): string | undefined {
  const currency = optString(p, 'currency', 10)?.toLowerCase();
  if (currency === undefined) {
    if (required) throw missingParam('currency');
    return undefined;
  }
  if (!/^[a-z]{3}$/.test(currency))
    throw invalid('currency', `Invalid currency: ${currency.slice(0, 10)}.`);
  return currency;
}

function shippingOf(p: Params): Stripe.PaymentIntent.Shipping | null | undefined {
  if (p.shipping === '') return null;
  const s = optObject(p, 'shipping');
  if (!s) return undefined;
  return {
    address: addressOf(s, 'address') ?? {
      city: null,
      country: null,
      line1: null,
      line2: null,
      postal_code: null,
      state: null,
    },
    name: reqString(s, 'name', 256, 'shipping[name]'),
    phone: optString(s, 'phone', 40, 'shipping[phone]') ?? null,
    carrier: null,
    tracking_number: null,
  };
}

export async function createPaymentIntent(tx: Tx, caller: Caller, p: Params): Promise<Outcome> {
  secretOnly(caller);
  const currency = currencyOf(p, true)!;
  const amount = amountOf(p, currency, true)!;
  const { types, automatic, allowed, excluded } = typesOf(p);
  const customer = optString(p, 'customer', 255);
  if (customer) await load(tx, 'customer', customer, { param: 'customer' });
  const pi = paymentIntentObject({
    amount,
    currency,
    customer: customer ?? null,
    description: optString(p, 'description', 1000) ?? null,
    metadata: metadataOf(p) ?? {},
    paymentMethodTypes: types,
    automatic,
    captureMethod: optEnum(p, 'capture_method', CAPTURE_METHODS) ?? 'automatic_async',
    confirmationMethod:
      optEnum(p, 'confirmation_method', ['automatic', 'manual'] as const) ?? 'automatic',
    receiptEmail: optString(p, 'receipt_email', 512) ?? null,
    setupFutureUsage:
      optEnum(p, 'setup_future_usage', ['off_session', 'on_session'] as const) ?? null,
    shipping: shippingOf(p) ?? null,
    statementDescriptor: optString(p, 'statement_descriptor', 22) ?? null,
    paymentMethodOptions:
      (optObject(p, 'payment_method_options') as PI['payment_method_options']) ?? null,
  });
  pi.allowed_payment_method_types = allowed as PI['allowed_payment_method_types'];
  pi.excluded_payment_method_types = excluded as PI['excluded_payment_method_types'];
  const stored = await insert(tx, 'payment_intent', pi, { customer: pi.customer as string | null });
  await choosePaymentMethod(tx, caller, stored, p);
  await emit(tx, caller, 'payment_intent.created', pi);
  if (optBool(p, 'confirm')) return confirmStored(tx, caller, stored, p, true);
  await save(tx, stored);
  return ok(pi);
}

/** Applies payment_method / payment_method_data / confirmation_token of the request. */
async function choosePaymentMethod(tx: Tx, caller: Caller, stored: Stored<PI | SI>, p: Params) {
  const intent = stored.data;
  let pmId = optString(p, 'payment_method', 255);
  const data = optObject(p, 'payment_method_data');
  const tokenId = optString(p, 'confirmation_token', 255);
  if (tokenId) {
    const { method, token } = await methodFromToken(tx, tokenId);
    pmId = method;
    if (token.return_url) stored.hidden.returnUrl = token.return_url;
    if (token.setup_future_usage && intent.object === 'payment_intent') {
      intent.setup_future_usage = token.setup_future_usage;
    }
  }
  if (data && !pmId) pmId = (await createMethodFrom(tx, caller, data, 'payment_method_data')).id;
  if (!pmId) return;
  const pm = await methodById(tx, caller, pmId, 'payment_method');
  if (pm.data.customer && pm.data.customer !== intent.customer) {
    throw invalid(
      'payment_method',
      `The provided PaymentMethod ${pm.id} was previously used with a PaymentIntent without Customer attachment, shared with a connected account without Customer attachment, or was detached from a Customer. It may not be used again.`,
    );
  }
  if (!intent.payment_method_types.includes(pm.data.type)) {
    throw invalid(
      'payment_method',
      `The PaymentMethod provided (${pm.data.type}) is not allowed for this ${intent.object === 'payment_intent' ? 'PaymentIntent' : 'SetupIntent'}. Please attach a PaymentMethod of one of the following types: ${intent.payment_method_types.join(', ')}.`,
      'payment_intent_incompatible_payment_method',
    );
  }
  intent.payment_method = pm.id;
  if (intent.status === 'requires_payment_method') intent.status = 'requires_confirmation';
}

export async function retrievePaymentIntent(
  tx: Tx,
  caller: Caller,
  id: string,
  p: Params,
): Promise<Outcome> {
  const stored = await load<PI>(tx, 'payment_intent', id, { param: 'intent' });
  checkClientSecret(caller, p, stored.data);
  return ok(stored.data);
}

const UPDATABLE: PI['status'][] = [
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
];

export async function updatePaymentIntent(
  tx: Tx,
  caller: Caller,
  id: string,
  p: Params,
): Promise<Outcome> {
  secretOnly(caller);
  const stored = await load<PI>(tx, 'payment_intent', id, { lock: true, param: 'intent' });
  const pi = stored.data;
  const metadata = metadataOf(p, pi.metadata);
  const onlyMetadata = Object.keys(p).every(
    (k) => k === 'metadata' || k === 'expand' || k === 'description',
  );
  if (!UPDATABLE.includes(pi.status) && !onlyMetadata) {
    throw unexpectedState(
      `This PaymentIntent's status is ${pi.status}; it cannot be updated. Only metadata and description can be changed.`,
    );
  }
  const currency = currencyOf(p, false);
  if (currency) pi.currency = currency;
  const amount = amountOf(p, pi.currency, false);
  if (amount !== undefined) pi.amount = amount;
  const customer = optNullableString(p, 'customer', 255);
  if (customer) await load(tx, 'customer', customer, { param: 'customer' });
  if (customer !== undefined) {
    pi.customer = customer;
    stored.customer = customer;
  }
  const description = optNullableString(p, 'description', 1000);
  if (description !== undefined) pi.description = description;
  if (metadata) pi.metadata = metadata;
  const receipt = optNullableString(p, 'receipt_email', 512);
  if (receipt !== undefined) pi.receipt_email = receipt;
  if (p.setup_future_usage === '') pi.setup_future_usage = null;
  else {
    const sfu = optEnum(p, 'setup_future_usage', ['off_session', 'on_session'] as const);
    if (sfu) pi.setup_future_usage = sfu;
  }
  const shipping = shippingOf(p);
  if (shipping !== undefined) pi.shipping = shipping;
  const capture = optEnum(p, 'capture_method', CAPTURE_METHODS);
  if (capture) pi.capture_method = capture;
  if (
    p.payment_method_types !== undefined ||
    p.allowed_payment_method_types !== undefined ||
    p.excluded_payment_method_types !== undefined
  ) {
    const { types, automatic, allowed, excluded } = typesOf(p);
    pi.payment_method_types = types;
    pi.allowed_payment_method_types = allowed as PI['allowed_payment_method_types'];
    pi.excluded_payment_method_types = excluded as PI['excluded_payment_method_types'];
    pi.automatic_payment_methods = automatic ? { enabled: true, allow_redirects: 'always' } : null;
  }
  const pmo = optObject(p, 'payment_method_options');
  if (pmo) pi.payment_method_options = pmo as PI['payment_method_options'];
  await choosePaymentMethod(tx, caller, stored, p);
  if (UPDATABLE.includes(pi.status) && !onlyMetadata) {
    // A changed intent must be confirmed again.
    pi.status = pi.payment_method ? 'requires_confirmation' : 'requires_payment_method';
    pi.next_action = null;
  }
  await save(tx, stored);
  return ok(pi);
}

export async function confirmPaymentIntent(
  tx: Tx,
  caller: Caller,
  id: string,
  p: Params,
): Promise<Outcome> {
  const stored = await load<PI>(tx, 'payment_intent', id, { lock: true, param: 'intent' });
  checkClientSecret(caller, p, stored.data);
  await choosePaymentMethod(tx, caller, stored, p);
  return confirmStored(tx, caller, stored, p, false);
}

function mandateAccepted(p: Params) {
  return optObject(p, 'mandate_data') !== undefined;
}

async function confirmStored(
  tx: Tx,
  caller: Caller,
  stored: Stored<PI>,
  p: Params,
  fromCreate: boolean,
): Promise<Outcome> {
  const pi = stored.data;
  if (!UPDATABLE.includes(pi.status)) {
    throw unexpectedState(
      pi.status === 'succeeded'
        ? 'You cannot confirm this PaymentIntent because it has already succeeded after being previously confirmed.'
        : `You cannot confirm this PaymentIntent because it has a status of ${pi.status}. Only a PaymentIntent with one of the following statuses may be confirmed: requires_confirmation, requires_payment_method, requires_action.`,
    );
  }
  if (!fromCreate && caller.key === 'secret') {
    // Parameters confirm accepts beyond the payment method.
    const sfu = optEnum(p, 'setup_future_usage', ['off_session', 'on_session'] as const);
    if (sfu) pi.setup_future_usage = sfu;
    const receipt = optString(p, 'receipt_email', 512);
    if (receipt) pi.receipt_email = receipt;
    const shipping = shippingOf(p);
    if (shipping !== undefined) pi.shipping = shipping;
  }
  const pmo = optObject(p, 'payment_method_options');
  const returnUrl =
    optString(p, 'return_url', 2048) ?? (stored.hidden.returnUrl as string | undefined);
  const offSession = optBool(p, 'off_session') ?? false;
  if (!pi.payment_method) {
    throw unexpectedState(
      "You cannot confirm this PaymentIntent because it's missing a payment method. To confirm the PaymentIntent with cus, specify a payment method attached to this customer along with the customer ID.",
    );
  }
  const pmStored = await load<PM>(tx, 'payment_method', pi.payment_method as string, {
    param: 'payment_method',
  });
  const pm = pmStored.data;
  const behaviour = (pmStored.hidden.behaviour as Behaviour | undefined) ?? 'succeeds';
  stored.hidden.nonce = newId('n', 24);
  if (returnUrl) stored.hidden.returnUrl = returnUrl;
  pi.last_payment_error = null;
  pi.next_action = null;

  if (pm.type === 'card') {
    if (behaviour === 'insufficient_funds') {
      return decline(
        tx,
        caller,
        stored,
        pm,
        'card_declined',
        'insufficient_funds',
        'Your card has insufficient funds.',
      );
    }
    if (behaviour === 'generic_decline' || behaviour === 'attach_then_decline') {
      return decline(
        tx,
        caller,
        stored,
        pm,
        'card_declined',
        'generic_decline',
        'Your card was declined.',
      );
    }
    if (behaviour === 'requires_authentication' && !pmStored.hidden.authenticated) {
      if (offSession) {
        return decline(
          tx,
          caller,
          stored,
          pm,
          'authentication_required',
          'authentication_required',
          'Your card was declined. This transaction requires authentication.',
        );
      }
      return requireAction(
        tx,
        caller,
        stored,
        redirectAction(caller, stored, 'three_d_secure', returnUrl),
      );
    }
    return succeed(tx, caller, stored, pm);
  }
  if (pm.type === 'blik') {
    const code = pmo && typeof pmo.blik === 'object' ? (pmo.blik as Params).code : undefined;
    if (typeof code !== 'string' || !/^\d{6}$/.test(code)) {
      throw invalid(
        'payment_method_options[blik][code]',
        'BLIK Code is invalid',
        code === undefined ? 'parameter_missing' : 'payment_method_invalid_parameter',
      );
    }
    return requireAction(tx, caller, stored, { type: 'blik_authorize' }, 'blik');
  }
  if ((REDIRECT_TYPES as readonly string[]).includes(pm.type)) {
    if (!returnUrl) {
      throw invalid(
        'return_url',
        `A return_url must be specified because this PaymentIntent's payment method (${pm.type}) requires a redirect.`,
        'parameter_missing',
      );
    }
    return requireAction(
      tx,
      caller,
      stored,
      redirectAction(caller, stored, 'authorize', returnUrl),
    );
  }
  if ((VOUCHER_TYPES as readonly string[]).includes(pm.type)) {
    // Vouchers are paid later; the sandbox pays them after a while or at the control call.
    stored.advanceAt = new Date(Date.now() + DELAYED_SETTLEMENT_MS);
    return requireAction(tx, caller, stored, voucherAction(caller, stored, pm.type));
  }
  if ((QR_TYPES as readonly string[]).includes(pm.type)) {
    return requireAction(tx, caller, stored, qrAction(caller, stored, pm.type, returnUrl));
  }
  if ((DELAYED_TYPES as readonly string[]).includes(pm.type)) {
    if (pm.type === 'sepa_debit' && !mandateAccepted(p) && pi.setup_future_usage && !pm.customer) {
      // Stripe needs the mandate of a debit that will be reused.
      throw missingParam('mandate_data');
    }
    pi.status = 'processing';
    pi.processing = null;
    stored.advanceAt = new Date(
      Date.now() + (behaviour === 'succeeds' ? 0 : DELAYED_SETTLEMENT_MS),
    );
    const charge = chargeObject({
      paymentIntent: pi,
      paymentMethod: pm,
      status: 'pending',
      captured: false,
      failure: null,
    });
    await insert(tx, 'charge', charge);
    pi.latest_charge = charge.id;
    await save(tx, stored);
    await emit(tx, caller, 'payment_intent.processing', pi);
    return ok(pi);
  }
  return succeed(tx, caller, stored, pm);
}

function hostedUrl(caller: Caller, stored: Stored<unknown>, page: string) {
  return `${caller.publicOrigin}/__sandbox/stripe/${page}/${stored.id}?nonce=${stored.hidden.nonce as string}`;
}

function redirectAction(
  caller: Caller,
  stored: Stored<unknown>,
  page: string,
  returnUrl: string | undefined,
) {
  return {
    type: 'redirect_to_url' as const,
    redirect_to_url: { url: hostedUrl(caller, stored, page), return_url: returnUrl ?? null },
  };
}

function voucherAction(
  caller: Caller,
  stored: Stored<unknown>,
  type: string,
): Stripe.PaymentIntent.NextAction {
  const url = hostedUrl(caller, stored, 'voucher');
  const expires = now() + 3 * 86400;
  const number = stored.id.replace(/\D/g, '').padEnd(12, '7').slice(0, 12);
  if (type === 'boleto') {
    return {
      type: 'boleto_display_details',
      boleto_display_details: { expires_at: expires, hosted_voucher_url: url, number, pdf: null },
    };
  }
  if (type === 'oxxo') {
    return {
      type: 'oxxo_display_details',
      oxxo_display_details: { expires_after: expires, hosted_voucher_url: url, number },
    };
  }
  return {
    type: 'multibanco_display_details',
    multibanco_display_details: {
      entity: '12345',
      expires_at: expires,
      hosted_voucher_url: url,
      reference: number.slice(0, 9),
    },
  };
}

function qrAction(
  caller: Caller,
  stored: Stored<unknown>,
  type: string,
  returnUrl: string | undefined,
): Stripe.PaymentIntent.NextAction {
  const page = hostedUrl(caller, stored, 'qr');
  const image = `${caller.publicOrigin}/__sandbox/stripe/qr/${stored.id}.svg`;
  if (type === 'wechat_pay') {
    return {
      type: 'wechat_pay_display_qr_code',
      wechat_pay_display_qr_code: {
        data: page,
        hosted_instructions_url: page,
        image_data_url: image,
        image_url_png: image,
        image_url_svg: image,
      },
    };
  }
  return {
    type: 'cashapp_handle_redirect_or_display_qr_code',
    cashapp_handle_redirect_or_display_qr_code: {
      hosted_instructions_url: page,
      mobile_auth_url: page + (returnUrl ? `&return_url=${encodeURIComponent(returnUrl)}` : ''),
      qr_code: { expires_at: now() + 600, image_url_png: image, image_url_svg: image },
    },
  };
}

async function requireAction(
  tx: Tx,
  caller: Caller,
  stored: Stored<PI | SI>,
  action: Stripe.PaymentIntent.NextAction | Stripe.SetupIntent.NextAction,
  kind?: string,
): Promise<Outcome> {
  const intent = stored.data;
  intent.status = 'requires_action';
  intent.next_action = action as Stripe.PaymentIntent.NextAction & Stripe.SetupIntent.NextAction;
  if (kind) stored.hidden.action = kind;
  await save(tx, stored);
  await emit(
    tx,
    caller,
    intent.object === 'payment_intent'
      ? 'payment_intent.requires_action'
      : 'setup_intent.requires_action',
    intent,
  );
  return ok(intent);
}

async function succeed(
  tx: Tx,
  caller: RequestInfo & { secret?: string },
  stored: Stored<PI>,
  pm: PM,
): Promise<Outcome> {
  const pi = stored.data;
  const manual = pi.capture_method === 'manual';
  const existing = pi.latest_charge
    ? await find<Stripe.Charge>(tx, 'charge', pi.latest_charge as string, true)
    : null;
  let charge: Stripe.Charge;
  if (existing && existing.data.status === 'pending') {
    existing.data.status = 'succeeded';
    existing.data.paid = true;
    existing.data.captured = true;
    existing.data.amount_captured = pi.amount;
    await save(tx, existing);
    charge = existing.data;
  } else {
    charge = chargeObject({
      paymentIntent: pi,
      paymentMethod: pm,
      status: 'succeeded',
      captured: !manual,
      failure: null,
    });
    await insert(tx, 'charge', charge);
  }
  pi.latest_charge = charge.id;
  pi.next_action = null;
  pi.last_payment_error = null;
  pi.processing = null;
  stored.advanceAt = null;
  if (manual) {
    pi.status = 'requires_capture';
    pi.amount_capturable = pi.amount;
  } else {
    pi.status = 'succeeded';
    pi.amount_received = pi.amount;
  }
  // Saving for later attaches the method to the intent's customer, as Stripe does.
  if (pi.setup_future_usage && pi.customer && !pm.customer && REUSABLE_TYPES.includes(pm.type)) {
    const pmStored = await load<PM>(tx, 'payment_method', pm.id, { lock: true });
    pmStored.data.customer = pi.customer as string;
    pmStored.customer = pi.customer as string;
    pmStored.hidden.authenticated = true;
    await save(tx, pmStored);
    await emit(tx, caller, 'payment_method.attached', pmStored.data);
  }
  await save(tx, stored);
  await emit(tx, caller, 'charge.succeeded', charge);
  await emit(
    tx,
    caller,
    manual ? 'payment_intent.amount_capturable_updated' : 'payment_intent.succeeded',
    pi,
  );
  return ok(pi);
}

async function decline(
  tx: Tx,
  caller: RequestInfo,
  stored: Stored<PI>,
  pm: PM,
  code: string,
  declineCode: string,
  message: string,
): Promise<Outcome> {
  const pi = stored.data;
  const charge = chargeObject({
    paymentIntent: pi,
    paymentMethod: pm,
    status: 'failed',
    captured: false,
    failure: { code, message },
  });
  await insert(tx, 'charge', charge);
  const error = {
    type: 'card_error' as const,
    code,
    decline_code: declineCode,
    message,
    charge: charge.id,
    doc_url: `https://stripe.com/docs/error-codes/${code.replace(/_/g, '-')}`,
    payment_method: pm,
  };
  pi.status = 'requires_payment_method';
  pi.payment_method = null;
  pi.next_action = null;
  pi.latest_charge = charge.id;
  pi.last_payment_error = error as Stripe.PaymentIntent.LastPaymentError;
  stored.advanceAt = null;
  await save(tx, stored);
  await emit(tx, caller, 'charge.failed', charge);
  await emit(tx, caller, 'payment_intent.payment_failed', pi);
  return {
    ok: false,
    error: { kind: 'card', body: { ...error, payment_intent: pi } },
  };
}

export async function cancelPaymentIntent(
  tx: Tx,
  caller: Caller,
  id: string,
  p: Params,
): Promise<Outcome> {
  secretOnly(caller);
  const stored = await load<PI>(tx, 'payment_intent', id, { lock: true, param: 'intent' });
  const pi = stored.data;
  const cancellable: PI['status'][] = [...UPDATABLE, 'requires_capture'];
  if (!cancellable.includes(pi.status)) {
    throw unexpectedState(
      `You cannot cancel this PaymentIntent because it has a status of ${pi.status}. Only a PaymentIntent with one of the following statuses may be canceled: requires_payment_method, requires_capture, requires_confirmation, requires_action, processing.`,
    );
  }
  pi.cancellation_reason =
    optEnum(p, 'cancellation_reason', [
      'abandoned',
      'duplicate',
      'fraudulent',
      'requested_by_customer',
    ] as const) ?? null;
  pi.status = 'canceled';
  pi.canceled_at = now();
  pi.next_action = null;
  pi.amount_capturable = 0;
  stored.advanceAt = null;
  await save(tx, stored);
  await emit(tx, caller, 'payment_intent.canceled', pi);
  return ok(pi);
}

export async function capturePaymentIntent(
  tx: Tx,
  caller: Caller,
  id: string,
  p: Params,
): Promise<Outcome> {
  secretOnly(caller);
  const stored = await load<PI>(tx, 'payment_intent', id, { lock: true, param: 'intent' });
  const pi = stored.data;
  if (pi.status !== 'requires_capture') {
    throw unexpectedState(
      `This PaymentIntent could not be captured because it has a status of ${pi.status}. Only a PaymentIntent with one of the following statuses may be captured: requires_capture.`,
    );
  }
  const amount = optInt(p, 'amount_to_capture', 1, MAX_AMOUNT) ?? pi.amount_capturable;
  if (amount > pi.amount_capturable) {
    throw invalid(
      'amount_to_capture',
      'The amount to capture must be less than or equal to the amount capturable.',
    );
  }
  pi.status = 'succeeded';
  pi.amount_received = amount;
  pi.amount_capturable = 0;
  const charge = await load<Stripe.Charge>(tx, 'charge', pi.latest_charge as string, {
    lock: true,
  });
  charge.data.captured = true;
  charge.data.amount_captured = amount;
  await save(tx, charge);
  await save(tx, stored);
  await emit(tx, caller, 'charge.captured', charge.data);
  await emit(tx, caller, 'payment_intent.succeeded', pi);
  return ok(pi);
}

// ---------------------------------------------------------------- setup intents

export async function createSetupIntent(tx: Tx, caller: Caller, p: Params): Promise<Outcome> {
  secretOnly(caller);
  const { types, automatic, allowed, excluded } = typesOf(p);
  const customer = optString(p, 'customer', 255);
  if (customer) await load(tx, 'customer', customer, { param: 'customer' });
  const si = setupIntentObject({
    customer: customer ?? null,
    description: optString(p, 'description', 1000) ?? null,
    metadata: metadataOf(p) ?? {},
    paymentMethodTypes: automatic ? types.filter((t) => REUSABLE_TYPES.includes(t)) : types,
    automatic,
    usage: optEnum(p, 'usage', ['off_session', 'on_session'] as const) ?? 'off_session',
  });
  si.allowed_payment_method_types = allowed as SI['allowed_payment_method_types'];
  si.excluded_payment_method_types = excluded as SI['excluded_payment_method_types'];
  const stored = await insert(tx, 'setup_intent', si, { customer: si.customer as string | null });
  await choosePaymentMethod(tx, caller, stored, p);
  await emit(tx, caller, 'setup_intent.created', si);
  if (optBool(p, 'confirm')) return confirmSetupStored(tx, caller, stored, p);
  await save(tx, stored);
  return ok(si);
}

export async function retrieveSetupIntent(
  tx: Tx,
  caller: Caller,
  id: string,
  p: Params,
): Promise<Outcome> {
  const stored = await load<SI>(tx, 'setup_intent', id, { param: 'intent' });
  checkClientSecret(caller, p, stored.data);
  return ok(stored.data);
}

export async function updateSetupIntent(
  tx: Tx,
  caller: Caller,
  id: string,
  p: Params,
): Promise<Outcome> {
  secretOnly(caller);
  const stored = await load<SI>(tx, 'setup_intent', id, { lock: true, param: 'intent' });
  const si = stored.data;
  const metadata = metadataOf(p, si.metadata ?? {});
  if (metadata) si.metadata = metadata;
  const customer = optString(p, 'customer', 255);
  if (customer) {
    await load(tx, 'customer', customer, { param: 'customer' });
    si.customer = customer;
    stored.customer = customer;
  }
  await choosePaymentMethod(tx, caller, stored, p);
  await save(tx, stored);
  return ok(si);
}

export async function confirmSetupIntent(
  tx: Tx,
  caller: Caller,
  id: string,
  p: Params,
): Promise<Outcome> {
  const stored = await load<SI>(tx, 'setup_intent', id, { lock: true, param: 'intent' });
  checkClientSecret(caller, p, stored.data);
  await choosePaymentMethod(tx, caller, stored, p);
  return confirmSetupStored(tx, caller, stored, p);
}

async function confirmSetupStored(
  tx: Tx,
  caller: Caller,
  stored: Stored<SI>,
  p: Params,
): Promise<Outcome> {
  const si = stored.data;
  if (
    !['requires_payment_method', 'requires_confirmation', 'requires_action'].includes(si.status)
  ) {
    throw unexpectedState(
      `You cannot confirm this SetupIntent because it has a status of ${si.status}.`,
      'setup_intent_unexpected_state',
    );
  }
  if (!si.payment_method) {
    throw unexpectedState(
      "You cannot confirm this SetupIntent because it's missing a payment method.",
      'setup_intent_unexpected_state',
    );
  }
  const returnUrl =
    optString(p, 'return_url', 2048) ?? (stored.hidden.returnUrl as string | undefined);
  if (returnUrl) stored.hidden.returnUrl = returnUrl;
  stored.hidden.nonce = newId('n', 24);
  const pmStored = await load<PM>(tx, 'payment_method', si.payment_method as string, {
    param: 'payment_method',
  });
  const pm = pmStored.data;
  const behaviour = (pmStored.hidden.behaviour as Behaviour | undefined) ?? 'succeeds';
  si.last_setup_error = null;
  if (pm.type === 'card' && behaviour === 'generic_decline') {
    const error = {
      type: 'card_error' as const,
      code: 'card_declined',
      decline_code: 'generic_decline',
      message: 'Your card was declined.',
      payment_method: pm,
    };
    si.status = 'requires_payment_method';
    si.payment_method = null;
    si.last_setup_error = error as Stripe.SetupIntent.LastSetupError;
    await save(tx, stored);
    await emit(tx, caller, 'setup_intent.setup_failed', si);
    return { ok: false, error: { kind: 'card', body: { ...error, setup_intent: si } } };
  }
  if (pm.type === 'card' && behaviour === 'requires_authentication') {
    return requireAction(
      tx,
      caller,
      stored,
      redirectAction(caller, stored, 'three_d_secure', returnUrl),
    );
  }
  if ((REDIRECT_TYPES as readonly string[]).includes(pm.type)) {
    if (!returnUrl) throw missingParam('return_url');
    return requireAction(
      tx,
      caller,
      stored,
      redirectAction(caller, stored, 'authorize', returnUrl),
    );
  }
  if (pm.type === 'cashapp') {
    return requireAction(
      tx,
      caller,
      stored,
      qrAction(caller, stored, 'cashapp', returnUrl) as Stripe.SetupIntent.NextAction,
    );
  }
  return setupSucceeded(tx, caller, stored, pmStored);
}

async function setupSucceeded(
  tx: Tx,
  caller: RequestInfo,
  stored: Stored<SI>,
  pmStored: Stored<PM>,
): Promise<Outcome> {
  const si = stored.data;
  si.status = 'succeeded';
  si.next_action = null;
  if (pmStored.data.type === 'sepa_debit') si.mandate = newId('mandate');
  pmStored.hidden.authenticated = true;
  if (si.customer && !pmStored.data.customer) {
    pmStored.data.customer = si.customer as string;
    pmStored.customer = si.customer as string;
    await save(tx, pmStored);
    await emit(tx, caller, 'payment_method.attached', pmStored.data);
  } else {
    await save(tx, pmStored);
  }
  await save(tx, stored);
  await emit(tx, caller, 'setup_intent.succeeded', si);
  return ok(si);
}

export async function cancelSetupIntent(
  tx: Tx,
  caller: Caller,
  id: string,
  p: Params,
): Promise<Outcome> {
  secretOnly(caller);
  const stored = await load<SI>(tx, 'setup_intent', id, { lock: true, param: 'intent' });
  const si = stored.data;
  if (si.status === 'succeeded' || si.status === 'canceled') {
    throw unexpectedState(
      `You cannot cancel this SetupIntent because it has a status of ${si.status}.`,
      'setup_intent_unexpected_state',
    );
  }
  si.status = 'canceled';
  si.cancellation_reason =
    optEnum(p, 'cancellation_reason', [
      'abandoned',
      'duplicate',
      'requested_by_customer',
    ] as const) ?? null;
  si.next_action = null;
  await save(tx, stored);
  await emit(tx, caller, 'setup_intent.canceled', si);
  return ok(si);
}

// ---------------------------------------------------------------- refunds, charges, events

export async function createRefund(tx: Tx, caller: Caller, p: Params): Promise<Outcome> {
  secretOnly(caller);
  const piId = optString(p, 'payment_intent', 255);
  const chargeId = optString(p, 'charge', 255);
  let charge: Stored<Stripe.Charge>;
  if (piId) {
    const pi = await load<PI>(tx, 'payment_intent', piId, { param: 'payment_intent' });
    if (pi.data.status !== 'succeeded' || !pi.data.latest_charge) {
      throw invalid(
        'payment_intent',
        `This PaymentIntent (${piId}) does not have a successful charge to refund.`,
        'charge_not_refundable',
      );
    }
    charge = await load<Stripe.Charge>(tx, 'charge', pi.data.latest_charge as string, {
      lock: true,
    });
  } else if (chargeId) {
    charge = await load<Stripe.Charge>(tx, 'charge', chargeId, { lock: true, param: 'charge' });
  } else {
    throw invalid(
      undefined,
      'One of the following params should be provided for this request: payment_intent or charge.',
      'parameter_missing',
    );
  }
  const c = charge.data;
  if (c.status !== 'succeeded') {
    throw invalid(
      'charge',
      `Charge ${c.id} has not succeeded and cannot be refunded.`,
      'charge_not_refundable',
    );
  }
  const remaining = c.amount_captured - c.amount_refunded;
  if (remaining <= 0)
    throw invalid('charge', `Charge ${c.id} has already been refunded.`, 'charge_already_refunded');
  const amount = optInt(p, 'amount', 1, MAX_AMOUNT) ?? remaining;
  if (amount > remaining) {
    throw invalid(
      'amount',
      `Refund amount (${amount}) is greater than unrefunded amount on charge (${remaining})`,
    );
  }
  const refund = refundObject({
    amount,
    charge: c.id,
    currency: c.currency,
    paymentIntent: c.payment_intent as string,
    customer: typeof c.customer === 'string' ? c.customer : null,
    paymentMethod: typeof c.payment_method === 'string' ? c.payment_method : null,
    reason:
      optEnum(p, 'reason', ['duplicate', 'fraudulent', 'requested_by_customer'] as const) ?? null,
    metadata: metadataOf(p) ?? {},
  });
  await insert(tx, 'refund', refund);
  const previous = { amount_refunded: c.amount_refunded, refunded: c.refunded };
  c.amount_refunded += amount;
  c.refunded = c.amount_refunded >= c.amount_captured;
  c.refunds = { ...c.refunds!, data: [refund, ...(c.refunds?.data ?? [])] };
  await save(tx, charge);
  await emit(tx, caller, 'refund.created', refund);
  await emit(tx, caller, 'charge.refunded', c, previous);
  return ok(refund);
}

export async function retrieveRefund(tx: Tx, caller: Caller, id: string): Promise<Outcome> {
  secretOnly(caller);
  return ok((await load(tx, 'refund', id)).data);
}

export async function retrieveCharge(tx: Tx, caller: Caller, id: string): Promise<Outcome> {
  secretOnly(caller);
  return ok((await load(tx, 'charge', id)).data);
}

export async function retrieveEvent(tx: Tx, caller: Caller, id: string): Promise<Outcome> {
  secretOnly(caller);
  return ok((await load(tx, 'event', id)).data);
}

export async function listEvents(tx: Tx, caller: Caller, p: Params): Promise<Outcome> {
  secretOnly(caller);
  const { limit, startingAfter } = listParams(p);
  const type = optString(p, 'type', 100);
  const found = await list<Stripe.Event>(tx, 'event', { limit: type ? 100 : limit, startingAfter });
  const data = found.data.filter(
    (e) => !type || e.type === type || (type.endsWith('*') && e.type.startsWith(type.slice(0, -1))),
  );
  return ok({
    object: 'list',
    data: data.slice(0, limit),
    has_more: data.length > limit || found.hasMore,
    url: '/v1/events',
  });
}

// ---------------------------------------------------------------- next actions and delayed transitions

export type ActionOutcome = { returnUrl: string | null; intent: PI | SI };

/**
 * The buyer's answer on a hosted page (3-D Secure challenge, bank, QR, BLIK, voucher paid).
 * The nonce of the page's address proves the page belongs to the intent's current attempt.
 */
export async function completeAction(
  tx: Tx,
  request: RequestInfo,
  id: string,
  nonce: string,
  approve: boolean,
): Promise<ActionOutcome> {
  const type = id.startsWith('seti_') ? 'setup_intent' : 'payment_intent';
  const stored = await find<PI | SI>(tx, type, id, true);
  if (!stored || !pageKeyMatches(stored, nonce) || stored.data.status !== 'requires_action') {
    throw noSuch(type, id);
  }
  const returnUrl = (stored.hidden.returnUrl as string | undefined) ?? null;
  const pmStored = await load<PM>(tx, 'payment_method', stored.data.payment_method as string);
  stored.hidden.nonce = null;
  if (type === 'setup_intent') {
    const s = stored as Stored<SI>;
    if (approve) await setupSucceeded(tx, request, s, pmStored);
    else {
      s.data.status = 'requires_payment_method';
      s.data.next_action = null;
      s.data.payment_method = null;
      s.data.last_setup_error = {
        type: 'invalid_request_error',
        code: 'setup_intent_authentication_failure',
        message:
          'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
        payment_method: pmStored.data,
      } as Stripe.SetupIntent.LastSetupError;
      await save(tx, s);
      await emit(tx, request, 'setup_intent.setup_failed', s.data);
    }
    return { returnUrl, intent: s.data };
  }
  const s = stored as Stored<PI>;
  if (approve) {
    pmStored.hidden.authenticated = true;
    await save(tx, pmStored);
    await succeed(tx, request, s, pmStored.data);
  } else {
    s.data.status = 'requires_payment_method';
    s.data.next_action = null;
    s.data.payment_method = null;
    s.data.last_payment_error = {
      type: 'invalid_request_error',
      code: 'payment_intent_authentication_failure',
      message:
        'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
      payment_method: pmStored.data,
    } as Stripe.PaymentIntent.LastPaymentError;
    await save(tx, s);
    await emit(tx, request, 'payment_intent.payment_failed', s.data);
  }
  return { returnUrl, intent: s.data };
}

/** A hosted page is reached with the attempt's nonce, or (BLIK, from Stripe.js) the client secret. */
function pageKeyMatches(stored: Stored<PI | SI>, key: string): boolean {
  if (!key) return false;
  return stored.hidden.nonce === key || stored.data.client_secret === key;
}

/** Where an intent's hosted page stands, for rendering it. */
export async function actionPage(tx: Tx, id: string, nonce: string) {
  const type = id.startsWith('seti_') ? 'setup_intent' : 'payment_intent';
  const stored = await find<PI | SI>(tx, type, id);
  if (!stored || !pageKeyMatches(stored, nonce) || stored.data.status !== 'requires_action') {
    return null;
  }
  // The page names the method being paid with (an intent may allow several types).
  const pmId = stored.data.payment_method;
  const pm = typeof pmId === 'string' ? await find<PM>(tx, 'payment_method', pmId) : null;
  return { intent: stored.data, methodType: pm?.data.type ?? null };
}

/** Settles a delayed transition (SEPA processing -> succeeded or failed); vouchers count as paid. */
export async function advance(tx: Tx, request: RequestInfo, id: string): Promise<boolean> {
  const stored = await find<PI>(tx, 'payment_intent', id, true);
  if (!stored) return false;
  const pi = stored.data;
  const pm = pi.payment_method
    ? await find<PM>(tx, 'payment_method', pi.payment_method as string)
    : null;
  stored.advanceAt = null;
  if (!pm) {
    await save(tx, stored);
    return false;
  }
  if (
    pi.status === 'requires_action' &&
    (VOUCHER_TYPES as readonly string[]).includes(pm.data.type)
  ) {
    await succeed(tx, request, stored, pm.data);
    return true;
  }
  if (pi.status !== 'processing') {
    await save(tx, stored);
    return false;
  }
  if (pm.hidden.behaviour === 'processing_then_fails') {
    const charge = pi.latest_charge
      ? await find<Stripe.Charge>(tx, 'charge', pi.latest_charge as string, true)
      : null;
    if (charge) {
      charge.data.status = 'failed';
      charge.data.failure_code = 'insufficient_funds';
      charge.data.failure_message = 'The account has insufficient funds to cover this payment.';
      await save(tx, charge);
      await emit(tx, request, 'charge.failed', charge.data);
    }
    pi.status = 'requires_payment_method';
    pi.payment_method = null;
    pi.last_payment_error = {
      type: 'card_error',
      code: 'payment_intent_payment_attempt_failed',
      decline_code: 'insufficient_funds',
      message: 'The payment failed.',
      payment_method: pm.data,
    } as Stripe.PaymentIntent.LastPaymentError;
    await save(tx, stored);
    await emit(tx, request, 'payment_intent.payment_failed', pi);
    return true;
  }
  await succeed(tx, request, stored, pm.data);
  return true;
}
