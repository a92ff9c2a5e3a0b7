import { z } from 'zod';
import { ADDRESS_FIELDS } from '#app/domain/customers/address-locale.ts';
import { addressSchema, billingAddressSchema } from '#app/domain/shipping/shipping.validation.ts';
import type { AddressValues } from './checkout.rules.ts';
import type { CheckoutInput } from './checkout-input.ts';

const text = (max: number) => z.string().max(max).optional();

const addressLimits: Record<string, number> = {
  first_name: 100,
  last_name: 100,
  company: 200,
  address_1: 200,
  address_2: 200,
  city: 100,
  state: 50,
  postcode: 20,
  country: 2,
  phone: 40,
};

const groupFields = (group: 'billing' | 'shipping') =>
  Object.fromEntries(
    ADDRESS_FIELDS.map((field) => [`${group}_${field}`, text(addressLimits[field] ?? 200)]),
  );

/**
 * The classic checkout form as posted (serialized): every value a string. Unknown fields
 * (attribution, a payment provider's hidden fields) are allowed but must be short strings too.
 */
export const checkoutFormSchema = z
  .object({
    ...groupFields('billing'),
    ...groupFields('shipping'),
    billing_email: text(254),
    billing_vat_id: text(30),
    ship_to_different_address: text(10),
    order_comments: text(2000),
    payment_method: text(100),
    terms: text(10),
    'terms-digital': text(10),
    createaccount: text(10),
    account_password: text(200),
    checkout_key: text(100),
    pickup_point: text(2000),
    security: text(100),
  })
  .catchall(z.string().max(2000));

export type CheckoutForm = z.infer<typeof checkoutFormSchema>;

const ticked = (value: string | undefined) =>
  value !== undefined && value !== '' && value !== '0' && value !== 'false';

function group(form: Record<string, string | undefined>, name: 'billing' | 'shipping') {
  const values: AddressValues = {};
  for (const field of ADDRESS_FIELDS) values[field] = form[`${name}_${field}`] ?? '';
  if (name === 'billing') {
    values.email = form.billing_email ?? '';
    values.vat_id = form.billing_vat_id ?? '';
  }
  return values;
}

/** The form's chosen shipping rates: `shipping_method[0]` -> { "0": rate id }. */
function shippingRates(form: Record<string, string | undefined>): Record<string, string> {
  const rates: Record<string, string> = {};
  for (const [key, value] of Object.entries(form)) {
    const match = /^shipping_method\[(\d{1,3})\]$/.exec(key);
    if (match && value) rates[match[1]!] = value;
  }
  return rates;
}

/** The serialized selection of the shipping-option widget, or a bare point id (Store API). */
export function pickupPoint(raw: unknown): Record<string, string> | null {
  if (typeof raw !== 'string' || raw === '') return null;
  if (/^[\w-]{1,100}$/.test(raw)) return { id: raw };
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
    const entries = Object.entries(parsed).filter(
      (e): e is [string, string] => typeof e[1] === 'string' && e[1].length <= 200,
    );
    return Object.fromEntries(entries.slice(0, 20));
  } catch {
    return null;
  }
}

/** The classic form read into what the checkout needs. */
export function checkoutInputFromForm(form: CheckoutForm): {
  input: CheckoutInput;
  createAccount: boolean;
  accountPassword: string;
} {
  const fields = form as Record<string, string | undefined>;
  const different = ticked(fields.ship_to_different_address);
  return {
    input: {
      billing: group(fields, 'billing'),
      shipping: different ? group(fields, 'shipping') : null,
      customerNote: fields.order_comments ?? '',
      paymentMethod: fields.payment_method ?? '',
      shippingRates: shippingRates(fields),
      consent: { terms: ticked(fields.terms), digital: ticked(fields['terms-digital']) },
      idempotencyKey: fields.checkout_key ? fields.checkout_key : null,
      pickupPoint: pickupPoint(fields.pickup_point),
    },
    createAccount: ticked(fields.createaccount),
    accountPassword: fields.account_password ?? '',
  };
}

/** `PUT /wc/store/v1/checkout`: the draft's chosen payment method (other fields are not kept). */
export const storeCheckoutUpdateSchema = z.object({
  payment_method: z.string().max(100).optional(),
});

/** `POST /wc/store/v1/checkout`: WooCommerce's Store API checkout body. */
export const storeCheckoutSchema = z.object({
  billing_address: billingAddressSchema,
  // An express order names the chosen rate with the address (spec section 3: method).
  shipping_address: addressSchema
    .extend({ method: z.array(z.string().max(100)).max(10).optional() })
    .optional(),
  customer_note: z.string().max(2000).optional(),
  payment_method: z.string().max(100).optional(),
  payment_data: z
    .array(
      z.object({
        key: z.string().max(100),
        value: z.union([z.string().max(2000), z.boolean(), z.number()]),
      }),
    )
    .max(50)
    .optional(),
  create_account: z.boolean().optional(),
  customer_password: z.string().max(200).optional(),
  extensions: z.record(z.string(), z.unknown()).optional(),
  additional_fields: z
    .object({ terms: z.boolean().optional(), 'terms-digital': z.boolean().optional() })
    .catchall(z.union([z.string().max(2000), z.boolean()]))
    .optional(),
  idempotency_key: z.string().max(100).optional(),
});

export type StoreCheckoutBody = z.infer<typeof storeCheckoutSchema>;

/** `POST /wc/store/v1/checkout/{id}`: pay an existing order. */
export const storePayOrderSchema = z.object({
  /** In the body or, as the express checkout sends them, in the query. */
  key: z.string().max(100).optional(),
  billing_email: z.string().max(254).optional(),
  billing_address: billingAddressSchema.optional(),
  shipping_address: storeCheckoutSchema.shape.shipping_address,
  payment_method: z.string().max(100),
  payment_data: storeCheckoutSchema.shape.payment_data,
});
