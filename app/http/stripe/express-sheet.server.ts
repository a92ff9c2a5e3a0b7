import type { CartView } from '#app/domain/cart/cart.view.ts';
import type { OrderRow } from '#app/domain/orders/orders.schema.ts';
import { type DisplayItem, sheetAmounts } from '#app/domain/payments/stripe/express.rules.ts';
import { providerDecimals } from '#app/domain/payments/stripe/stripe.rules.ts';
import { minorUnit } from '#app/domain/pricing/money.ts';
import type { Translate } from '#app/lib/i18n.ts';

/** What a wallet sheet shows: total and items in the provider's decimals (spec section 5). */
export type Sheet = {
  total: number;
  displayItems: DisplayItem[];
  currency: string;
  /** The total in the currency's minor unit, as orders and carts count it. */
  minorTotal: number;
};

function scaled(total: number, items: DisplayItem[], currency: string): Sheet {
  const amounts = sheetAmounts(total, items, minorUnit(currency), providerDecimals(currency));
  return { ...amounts, currency, minorTotal: total };
}

const lineLabel = (t: Translate, name: string, quantity: number) =>
  quantity > 1 ? t('express.item_quantity', { name, quantity: String(quantity) }) : name;

/** The cart as the sheet shows it: its lines, deposit, fees, discount and chosen shipping. */
export function cartSheet(cart: CartView, t: Translate): Sheet {
  const totals = cart.totals.breakdown;
  const items: DisplayItem[] = cart.lines.map((l) => ({
    label: lineLabel(t, l.name, l.quantity),
    amount: l.lineTotal,
  }));
  if (totals.deposits.gross > 0) {
    items.push({ label: t('cart.deposit_total'), amount: totals.deposits.gross });
  }
  if (totals.feesTotal.gross !== 0) {
    items.push({ label: t('express.fees'), amount: totals.feesTotal.gross });
  }
  if (totals.discount.gross > 0) {
    items.push({ label: t('order.items_discount'), amount: -totals.discount.gross });
  }
  if (cart.shipping.needsShipping && cart.shipping.chosen) {
    items.push({ label: t('cart.shipping'), amount: totals.shipping?.gross ?? 0 });
  }
  return scaled(totals.total.gross, items, cart.currency);
}

/** An order waiting for payment: its own figures, nothing recomputed. */
export function orderSheet(order: OrderRow, t: Translate): Sheet {
  const items: DisplayItem[] = [{ label: t('cart.items_total'), amount: order.itemsTotal }];
  if (order.depositTotal > 0) {
    items.push({ label: t('cart.deposit_total'), amount: order.depositTotal });
  }
  if (order.discountTotal > 0) {
    items.push({ label: t('order.items_discount'), amount: -order.discountTotal });
  }
  if (order.shippingLines.length > 0) {
    items.push({ label: t('cart.shipping'), amount: order.shippingTotal });
  }
  return scaled(order.total, items, order.currency);
}

/**
 * A product not yet in the cart (product page): its price and deposit (per piece, `amount`)
 * times the quantity. Add-on prices the browser names never count: the shop has no add-ons.
 */
export function productSheet(
  product: { name: string; unitPrice: number; deposit: { amount: number } | null },
  quantity: number,
  currency: string,
  t: Translate,
): Sheet {
  const items: DisplayItem[] = [
    { label: lineLabel(t, product.name, quantity), amount: product.unitPrice * quantity },
  ];
  if (product.deposit && product.deposit.amount > 0) {
    items.push({ label: t('cart.deposit_total'), amount: product.deposit.amount * quantity });
  }
  const total = items.reduce((s, i) => s + i.amount, 0);
  return scaled(total, items, currency);
}
