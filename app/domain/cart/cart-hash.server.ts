import { createHash } from 'node:crypto';
import type { CartView } from './cart.view.ts';

/**
 * A fingerprint of what the cart holds and what it costs: equal carts give equal hashes, and
 * any change of a line, a quantity, a price or a total gives another. The empty cart has ''.
 * Only figures go in (no names, no pictures), so a language switch keeps the hash.
 */
export function cartHash(cart: CartView): string {
  if (cart.lines.length === 0) return '';
  const { totals } = cart;
  const content = {
    currency: cart.currency,
    lines: cart.lines.map((l) => [
      l.key,
      l.productId,
      l.variationId,
      l.quantity,
      l.unitPrice,
      l.lineTotal,
      l.lineTax,
      l.deposit?.amount ?? null,
    ]),
    totals: [
      totals.items,
      totals.itemsTax,
      totals.deposit,
      totals.depositTax,
      totals.total,
      totals.tax,
      totals.taxLines.map((t) => [t.rate, t.amount]),
      totals.breakdown.coupons.map((c) => [c.code, c.discount.gross]),
      totals.breakdown.shipping
        ? [totals.breakdown.shipping.id, totals.breakdown.shipping.gross]
        : null,
      totals.breakdown.fees.map((f) => [f.key, f.gross]),
    ],
  };
  return createHash('sha256').update(JSON.stringify(content)).digest('hex').slice(0, 32);
}
