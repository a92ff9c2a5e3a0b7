import { updateCartCustomer, selectShippingRate } from '#app/domain/cart/cart-address.server.ts';
import {
  invalidRate,
  selectRateSchema,
  updateCustomerSchema,
} from '#app/domain/shipping/shipping.validation.ts';
import { cartChange } from './cart.server.ts';

/** POST billing_address and/or shipping_address: the cart's customer; rates follow the destination. */
export const updateCustomer = cartChange({
  schema: updateCustomerSchema,
  change: ({ db, currency, locale, input }, session) =>
    updateCartCustomer(
      db,
      session,
      { shipping: input.shipping_address, billing: input.billing_address, check: 'given' },
      { currency, locale },
    ),
});

/** POST package_id, rate_id: chooses one of the rates the cart is offered now. */
export const selectRate = cartChange({
  schema: selectRateSchema,
  required: ['rate_id'],
  invalid: (param) =>
    param === 'rate_id'
      ? invalidRate
      : { kind: 'invalid', code: 'error.invalid_param', params: { param: param || 'package_id' } },
  change: ({ db, currency, locale, input }, session) =>
    selectShippingRate(
      db,
      session,
      { packageId: input.package_id, rateId: input.rate_id },
      { currency, locale },
    ),
});
