import { eq } from 'drizzle-orm';
import { type CartOwner, findCart } from '#app/domain/cart/cart.server.ts';
import { cartItems, carts } from '#app/domain/cart/cart.schema.ts';
import type { Tx } from '#app/domain/kernel/tx.ts';
import { expressQuotes } from './checkout.schema.ts';

/** "agb:3,widerruf:2,datenschutz:1": the legal text versions a consent given now refers to. */
export function consentTextVersion(versions: ReadonlyMap<string, { version: number }>): string {
  return [...versions].map(([slug, v]) => `${slug}:${v.version}`).join(',');
}

/** A quote older than this no longer binds the order: the sheet it was shown in is gone. */
export const QUOTE_TTL_MS = 60 * 60 * 1000;

/** Remembers the total a wallet sheet is about to show for the owner's cart. */
export async function recordQuote(
  db: Tx,
  owner: CartOwner,
  quote: { total: number; currency: string },
  now = new Date(),
): Promise<void> {
  const cart = await findCart(db, owner);
  if (!cart) return;
  const values = { total: quote.total, currency: quote.currency, quotedAt: now };
  await db
    .insert(expressQuotes)
    .values({ cartId: cart.id, ...values })
    .onConflictDoUpdate({ target: expressQuotes.cartId, set: values });
}

/** The total the owner's wallet sheet last showed, if recent; null when none binds. */
export async function quotedTotal(
  db: Tx,
  owner: CartOwner,
  now = new Date(),
): Promise<{ total: number; currency: string } | null> {
  const cart = await findCart(db, owner);
  if (!cart) return null;
  const [row] = await db.select().from(expressQuotes).where(eq(expressQuotes.cartId, cart.id));
  if (!row || now.getTime() - row.quotedAt.getTime() > QUOTE_TTL_MS) return null;
  return { total: row.total, currency: row.currency };
}

/** After the order: the quote has served its one sheet. */
export async function forgetQuote(db: Tx, owner: CartOwner): Promise<void> {
  const cart = await findCart(db, owner);
  if (cart) await db.delete(expressQuotes).where(eq(expressQuotes.cartId, cart.id));
}

/**
 * Empties the owner's cart (the product page's wallet buys just the shown product, spec
 * section 7: clear_cart, add_to_cart). Coupons go with the lines when the cart is next read.
 */
export async function clearCartLines(db: Tx, owner: CartOwner): Promise<void> {
  const cart = await findCart(db, owner);
  if (!cart) return;
  await db.delete(cartItems).where(eq(cartItems.cartId, cart.id));
  await db.update(carts).set({ updatedAt: new Date() }).where(eq(carts.id, cart.id));
}
