import { type CartOwner, findCart, findOrCreateCart, loadCart } from './cart.server.ts';
import {
  type AddressField,
  type AddressProblem,
  checkAddress,
  fieldRule,
  isKnownCountry,
  normalizeAddress,
  stateOptions,
} from '#app/domain/customers/address-locale.ts';
import type { Tx } from '#app/domain/kernel/tx.ts';
import { type DomainError, type Result, domainError, fail, ok } from '#app/domain/kernel/result.ts';
import type { Locale } from '#app/lib/locale.ts';
import { invalidRate } from '#app/domain/shipping/shipping.validation.ts';
import { type CartCustomer, defaultCustomer } from '#app/domain/shipping/shipping.server.ts';
import { readCartCustomer, writeCartCustomer } from './cart-customer.server.ts';
import { carts } from './cart.schema.ts';
import { sql } from 'drizzle-orm';
import type { CustomerAddress } from '#app/domain/shipping/shipping.view.ts';

export type AddressUpdate = Partial<CustomerAddress>;

/** Where the address came from decides what it must hold. */
export type AddressCheck =
  /** The cart's calculator: country, state, postcode and city under the country's rules. */
  | 'calculator'
  /** The Store API: what is given must be valid; missing fields may stay empty. */
  | 'given';

const CALCULATOR_FIELDS: readonly AddressField[] = ['country', 'state', 'postcode', 'city'];

function problemError(
  problem: AddressProblem,
  address: AddressUpdate,
  param: string,
  locale: Locale,
): DomainError {
  const country = address.country ?? '';
  const label = isKnownCountry(country)
    ? fieldRule(country, problem.field, locale).label
    : problem.field;
  return domainError('invalid', `shipping.error.${problem.code}`, {
    param,
    field: problem.field,
    label,
  });
}

/** The problems of an address merged from what is stored and what the shopper sent. */
export function addressProblems(
  merged: AddressUpdate,
  given: AddressUpdate,
  check: AddressCheck,
): AddressProblem[] {
  if (check === 'calculator') return checkAddress(merged, CALCULATOR_FIELDS);
  const sent = (Object.keys(given) as AddressField[]).filter((k) => k !== ('email' as string));
  return checkAddress(merged, [...new Set<AddressField>(['country', ...sent])]).filter(
    (p) => p.code !== 'required',
  );
}

function merge(current: CustomerAddress, given: AddressUpdate): CustomerAddress {
  const merged = { ...current, ...given };
  // A state of the former country means nothing in the new one.
  if (given.country && given.country !== current.country && given.state === undefined) {
    const states = stateOptions(merged.country, 'en');
    if (!states?.some((s) => s.code === merged.state)) merged.state = '';
  }
  return normalizeAddress(merged);
}

/**
 * Applies a change to the cart's customer under a lock on the cart row, so that two requests
 * changing the address and the rate at once do not undo each other.
 */
async function changeCustomer(
  db: Tx,
  cartId: number,
  change: (current: CartCustomer) => Result<CartCustomer>,
): Promise<Result<null>> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select id from ${carts} where id = ${cartId} for update`);
    const next = change(await readCartCustomer(tx, cartId));
    if (!next.ok) return next;
    await writeCartCustomer(tx, cartId, next.value);
    return ok(null);
  });
}

/**
 * Sets the cart's shipping and/or billing address. Nothing is stored unless both are valid;
 * a shipping address makes the rates "calculated" rather than estimated.
 */
export async function updateCartCustomer(
  db: Tx,
  owner: CartOwner,
  input: { shipping?: AddressUpdate; billing?: AddressUpdate; check: AddressCheck },
  ctx: { currency: string; locale: Locale },
): Promise<Result<null>> {
  const apply = (current: CartCustomer): Result<CartCustomer> => {
    const next = { ...current };
    for (const [kind, given] of [
      ['shipping', input.shipping],
      ['billing', input.billing],
    ] as const) {
      if (!given) continue;
      const before = kind === 'shipping' ? current.shippingAddress : current.billingAddress;
      const merged = merge(before, given);
      const problems = addressProblems(merged, given, input.check);
      if (problems.length > 0) {
        return fail(problemError(problems[0]!, merged, `${kind}_address`, ctx.locale));
      }
      if (kind === 'shipping') {
        next.shippingAddress = merged;
        next.calculated = true;
      } else {
        next.billingAddress = merged;
      }
    }
    return ok(next);
  };
  const existing = await findCart(db, owner);
  // Refused input creates no cart.
  const checked = apply(existing ? await readCartCustomer(db, existing.id) : defaultCustomer());
  if (!checked.ok) return checked;
  const cart = existing ?? (await findOrCreateCart(db, owner, ctx.currency));
  return changeCustomer(db, cart.id, apply);
}

/** Chooses a rate for a package; only a rate the cart is offered right now is accepted. */
export async function selectShippingRate(
  db: Tx,
  owner: CartOwner,
  input: { packageId: number; rateId: string },
  ctx: { currency: string; locale: Locale },
): Promise<Result<null>> {
  const cart = await findCart(db, owner);
  const view = cart ? await loadCart(db, owner, ctx) : null;
  const pkg = view?.shipping.packages.find((p) => p.packageId === input.packageId);
  if (!cart || !view || !pkg) {
    return fail(domainError('invalid', 'shipping.error.invalid_package', { param: 'package_id' }));
  }
  if (!pkg.rates.some((r) => r.rateId === input.rateId)) {
    return fail(invalidRate);
  }
  return changeCustomer(db, cart.id, (current) =>
    ok({
      ...current,
      chosenRates: { ...current.chosenRates, [String(input.packageId)]: input.rateId },
    }),
  );
}
