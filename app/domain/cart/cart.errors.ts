import type { DomainError } from '#app/lib/errors.ts';

/** A line key that is not in this session's cart. */
export const invalidKey: DomainError = {
  code: 'woocommerce_rest_cart_invalid_key',
  status: 409,
  message: 'cart.error.invalid_key',
};

/** Input that is not what the call takes; a bad quantity gets its own wording. */
export function invalidParam(param: string): DomainError {
  return {
    code: 'rest_invalid_param',
    status: 400,
    message: param === 'quantity' ? 'error.invalid_quantity' : 'error.invalid_param',
    params: { param },
  };
}
