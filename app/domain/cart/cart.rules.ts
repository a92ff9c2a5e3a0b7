import { type DomainError, domainError } from '#app/domain/kernel/result.ts';
import { activePrice } from '#app/domain/pricing/price.rules.ts';
import {
  type ProductRow,
  effectiveStockStatus,
  quantityRules,
  stockLeft,
} from '#app/domain/catalog/catalog.rules.ts';

/** Checks a wanted quantity against the product's quantity rules and its stock. */
export function checkQuantity(row: ProductRow, name: string, wanted: number): DomainError | null {
  const rules = quantityRules(row, null);
  const left = stockLeft(row);
  if (activePrice(row) === null) {
    return domainError('unavailable', 'cart.error.not_purchasable', { name });
  }
  if (effectiveStockStatus(row) === 'outofstock' || left === 0) {
    return domainError('out_of_stock', 'cart.error.out_of_stock', { name });
  }
  if (rules.soldIndividually && wanted > 1) {
    return domainError('limit', 'cart.error.sold_individually', { name });
  }
  if (wanted < rules.min) {
    return domainError('limit', 'cart.error.below_minimum', { name, min: rules.min });
  }
  if (rules.max !== null && wanted > rules.max) {
    return domainError('limit', 'cart.error.above_maximum', { name, max: rules.max });
  }
  const steps = (wanted - rules.min) / rules.step;
  if (Math.abs(steps - Math.round(steps)) > 1e-9) {
    return domainError('limit', 'cart.error.step', { name, step: rules.step });
  }
  if (left !== null && wanted > left) {
    return domainError('out_of_stock', 'cart.error.not_enough_stock', { name, stock: left });
  }
  return null;
}
