import { z } from 'zod';
import { type DomainError, domainError } from '#app/domain/kernel/result.ts';

/** A rate id the cart does not offer (or one that cannot be a rate id at all). */
export const invalidRate: DomainError = domainError('invalid', 'shipping.error.invalid_rate', {
  param: 'rate_id',
});

const text = (max: number) => z.string().max(max);

/** An address as the Store API and the calculator send it; unknown fields are dropped. */
export const addressSchema = z
  .object({
    first_name: text(100),
    last_name: text(100),
    company: text(200),
    address_1: text(200),
    address_2: text(200),
    city: text(100),
    state: text(50),
    postcode: text(20),
    country: z
      .string()
      .max(2)
      .transform((c) => c.toUpperCase()),
    phone: text(40).regex(/^[\d\s#_\-+/()]*$/),
  })
  .partial();

export const billingAddressSchema = addressSchema.extend({
  email: z.union([z.literal(''), z.string().max(254).email()]).optional(),
  /** A business customer's VAT id; its format is judged against the country at checkout. */
  vat_id: z.string().max(30).optional(),
});

export const updateCustomerSchema = z
  .object({
    billing_address: billingAddressSchema.optional(),
    shipping_address: addressSchema.optional(),
  })
  .refine((v) => v.billing_address || v.shipping_address, {
    path: ['shipping_address'],
    message: 'an address is required',
  });

export const selectRateSchema = z.object({
  package_id: z
    .union([
      z.number().int(),
      z
        .string()
        .regex(/^\d{1,4}$/)
        .transform(Number),
    ])
    .pipe(z.number().int().min(0).max(1000))
    .default(0),
  rate_id: z.string().min(1).max(100),
});
