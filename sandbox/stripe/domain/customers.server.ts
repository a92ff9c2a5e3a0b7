import type Stripe from 'stripe';
import type { Tx } from '#app/lib/db.server.ts';
import { type Caller, type Outcome, type PM, ok, secretOnly } from './caller.ts';
import { customerObject } from './objects.ts';
import {
  type Params,
  addressOf,
  invalid,
  metadataOf,
  optNullableString,
  optObject,
  optString,
  optStringArray,
} from './params.ts';
import { attach } from './payment-methods.server.ts';
import { emit, insert, load, save } from './store.server.ts';

function customerFields(p: Params) {
  const settings = optObject(p, 'invoice_settings');
  return {
    email: optNullableString(p, 'email', 512),
    name: optNullableString(p, 'name', 256),
    phone: optNullableString(p, 'phone', 20),
    description: optNullableString(p, 'description', 350),
    address: addressOf(p, 'address'),
    preferredLocales: optStringArray(p, 'preferred_locales'),
    defaultPaymentMethod: settings
      ? optNullableString(
          settings,
          'default_payment_method',
          255,
          'invoice_settings[default_payment_method]',
        )
      : undefined,
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
  const stored = await insert(tx, 'customer', customer, { customer: customer.id });
  const pmId = optString(p, 'payment_method', 255);
  if (pmId) await attach(tx, caller, pmId, customer.id, 'payment_method');
  if (f.defaultPaymentMethod) {
    await ownedMethod(tx, f.defaultPaymentMethod, customer.id);
    customer.invoice_settings.default_payment_method = f.defaultPaymentMethod;
    await save(tx, stored);
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
