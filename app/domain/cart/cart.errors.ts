import { type DomainError, domainError } from '#app/domain/kernel/result.ts';

/** A line key that is not in this session's cart. */
export const invalidKey: DomainError = domainError('conflict', 'cart.error.invalid_key');

/** A product id that names nothing for sale. */
export const invalidProduct: DomainError = domainError('not_found', 'cart.error.invalid_product');

/** Input that is not what the call takes; a bad quantity gets its own wording. */
export function invalidParam(param: string): DomainError {
  return domainError(
    'invalid',
    param === 'quantity' ? 'error.invalid_quantity' : 'error.invalid_param',
    { param },
  );
}
