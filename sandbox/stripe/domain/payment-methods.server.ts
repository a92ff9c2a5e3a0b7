import type Stripe from 'stripe';
import type { Tx } from '#app/lib/db.server.ts';
import { type Caller, type Outcome, type PM, listParams, ok, secretOnly } from './caller.ts';
import { type BillingDetails, paymentMethodObject } from './objects.ts';
import {
  type Params,
  SandboxFailure,
  addressOf,
  invalid,
  metadataOf,
  missingParam,
  optEnum,
  optInt,
  optNullableString,
  optObject,
  optString,
  reqString,
} from './params.ts';
import { type Stored, emit, find, insert, list, load, save } from './store.server.ts';
import {
  type Behaviour,
  CARD_WALLETS,
  REUSABLE_TYPES,
  SUPPORTED_TYPES,
  TEST_PAYMENT_METHODS,
  WALLET_DEFAULT_CARD,
  cardBehaviour,
  cardBrand,
  fingerprint,
  ibanBehaviour,
  ibanValid,
  luhnValid,
  normaliseIban,
} from './test-data.ts';

/**
 * Payment methods: created from card numbers, IBANs or a method's own details (kept only as
 * brand, last4, expiry and a fingerprint), attached to and detached from customers.
 */
const EXP_YEAR_MAX = 2100;

/** Creates a payment method from its parameters; card numbers are reduced to brand, last4 and a fingerprint. */
export async function createMethodFrom(
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

export function cardError(
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
export async function methodById(
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

export async function attach(
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
