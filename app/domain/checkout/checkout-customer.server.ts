import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { readCartCustomer, writeCartCustomer } from '#app/domain/cart/cart-customer.server.ts';
import { normalizeAddress } from '#app/domain/customers/address-locale.ts';
import { customers } from '#app/domain/customers/customers.schema.ts';
import type { Tx } from '#app/domain/kernel/tx.ts';
import type { OrderAddress } from '#app/domain/orders/orders.schema.ts';
import { normalizeVatId } from '#app/domain/pricing/vat.rules.ts';
import { getSetting } from '#app/domain/settings/settings.server.ts';
import type { CartCustomer } from '#app/domain/shipping/shipping.server.ts';
import { emptyAddress } from '#app/domain/shipping/shipping.view.ts';
import type { CheckoutInput } from './checkout-input.ts';
import type { AddressValues } from './checkout.rules.ts';

/** Whether guests may buy without an account, and whether the account box is offered. */
export const GUEST_CHECKOUT_SETTING = 'checkout.guest_checkout';

export function guestCheckoutEnabled(db: Tx): Promise<boolean> {
  return getSetting(db, GUEST_CHECKOUT_SETTING, z.boolean(), true);
}

/** The form's address as the order keeps it; billing (`withEmail`) adds the e-mail and VAT id. */
export function toAddress(values: AddressValues, withEmail: boolean): OrderAddress {
  const base = emptyAddress();
  const address: OrderAddress = { ...base };
  for (const key of Object.keys(base) as (keyof typeof base)[]) {
    address[key] = (values[key] ?? '').trim();
  }
  const normalized = normalizeAddress(address);
  if (!withEmail) return normalized;
  // Billing only: the e-mail, and the VAT id a business may give.
  const vatId = normalizeVatId(values.vat_id ?? '');
  return { ...normalized, email: (values.email ?? '').trim(), ...(vatId ? { vat_id: vatId } : {}) };
}

/**
 * Stores what the checkout form says about the destination and the chosen rates on the cart,
 * so rates and totals follow it (update_order_review and the placement itself). Returns the
 * customer as stored.
 */
export async function setCheckoutCustomer(
  db: Tx,
  cartId: number,
  input: Pick<CheckoutInput, 'billing' | 'shipping' | 'shippingRates'>,
): Promise<CartCustomer> {
  const billing = toAddress(input.billing, true);
  const { email: _email, vat_id: _vatId, ...shippingFromBilling } = billing;
  const shipping = input.shipping ? toAddress(input.shipping, false) : shippingFromBilling;
  return writeCartCustomer(
    db,
    cartId,
    {
      billingAddress: billing,
      shippingAddress: shipping,
      calculated: shipping.country !== '',
      chosenRates: input.shippingRates,
    },
    { keepRates: true },
  );
}

/**
 * A signed-in customer whose cart knows no billing address yet starts the checkout with the
 * addresses saved in the account (and the account's email); what the shopper typed earlier
 * (the cart's shipping calculator, an earlier visit) is kept. Returns whether it filled any.
 */
export async function prefillCheckoutFromAccount(
  db: Tx,
  cartId: number,
  customerId: number,
): Promise<boolean> {
  const current = await readCartCustomer(db, cartId);
  if (current.billingAddress.first_name || current.billingAddress.address_1) return false;
  const [account] = await db
    .select({
      email: customers.email,
      firstName: customers.firstName,
      lastName: customers.lastName,
      billing: customers.billingAddress,
      shipping: customers.shippingAddress,
    })
    .from(customers)
    .where(eq(customers.id, customerId));
  if (!account) return false;
  const billing = toAddress(
    {
      first_name: account.firstName,
      last_name: account.lastName,
      ...account.billing,
      email: account.billing.email || account.email,
    },
    true,
  );
  const keepShipping = current.shippingAddress.address_1 !== '';
  const savedShipping = account.shipping.address_1 ? toAddress(account.shipping, false) : null;
  const { email: _email, vat_id: _vatId, ...shippingFromBilling } = billing;
  const shipping = keepShipping
    ? current.shippingAddress
    : (savedShipping ?? (billing.address_1 ? shippingFromBilling : current.shippingAddress));
  await writeCartCustomer(db, cartId, {
    billingAddress: billing,
    shippingAddress: shipping,
    calculated: current.calculated || shipping.country !== '',
    chosenRates: current.chosenRates,
  });
  return true;
}
