import { createHmac, timingSafeEqual } from 'node:crypto';
import { removeItemSchema } from '#app/domain/cart/cart.validation.ts';
import { removeItem } from '#app/domain/cart/cart.server.ts';
import { productRowsById } from '#app/domain/catalog/catalog.server.ts';
import { localize } from '#app/domain/kernel/localized.ts';
import { REMOVE_KEY_PARAM, REMOVE_NONCE_PARAM } from '#app/domain/cart/mini-cart.view.ts';
import type { TextKey } from '#app/lib/i18n.ts';
import { type Session, verifyNonce } from '#app/lib/session.server.ts';
import type { shop } from '../request.server.ts';
import { cartCookiesAfterChange, secureCookies } from '../cart-cookies.server.ts';

export type LinkRemoval =
  | { ok: true; redirect: string; cookies: string[] }
  | { ok: boolean; message: string; status: number };

/** The cart page's parameter that names, signed, the product a remove link just removed. */
const REMOVED_PARAM = 'removed';

/** Ties the notice to the session and the product, so no link elsewhere can show one. */
function removedSignature(session: Session, productId: number, secret: string): string {
  return createHmac('sha256', secret)
    .update(`removed:${session.idHash}:${productId}`)
    .digest('base64url')
    .slice(0, 16);
}

/**
 * The mini cart's remove link, `/cart?remove_item={key}&_wpnonce={nonce}` (WooCommerce's
 * address of it), for browsers without scripts and for WooCommerce's script when its call
 * fails. A link is a GET, so the session's nonce is what tells the shopper's own click from a
 * page elsewhere. A removal redirects to the cart page, which then names what went (signed, for
 * this session only); a refusal is shown at once. Null: the cart page as it is.
 */
export async function removeByLink(
  url: URL,
  request: ReturnType<typeof shop>,
  session: Session | null,
): Promise<LinkRemoval | null> {
  const { db, env, t, locale, currency } = request;
  const key = url.searchParams.getAll(REMOVE_KEY_PARAM);
  if (key.length === 0) return removedNotice(url, request, session);
  const refuse = (code: TextKey, status: number): LinkRemoval => ({
    ok: false,
    message: t(code),
    status,
  });
  const nonce = url.searchParams.getAll(REMOVE_NONCE_PARAM);
  if (!session || nonce.length !== 1 || !verifyNonce(session, nonce[0], env)) {
    return refuse('error.invalid_nonce', 403);
  }
  const parsed = removeItemSchema.safeParse({ key: key.length === 1 ? key[0] : null });
  if (!parsed.success) return refuse('cart.error.invalid_key', 409);
  const removed = await removeItem(db, session, parsed.data.key);
  if (!removed.ok) return refuse(removed.error.code as TextKey, 409);
  const productId = removed.value.productId ?? 0;
  // Then a fresh GET: the header cart and the cookies of the page it shows are the new ones.
  const signed = `${productId}.${removedSignature(session, productId, env.SESSION_SECRET)}`;
  return {
    ok: true,
    redirect: `/cart?${REMOVED_PARAM}=${signed}`,
    cookies: await cartCookiesAfterChange(db, session, {
      currency,
      locale,
      secure: secureCookies(env),
    }),
  };
}

/** After a remove link: the notice naming the product, if the signature is this session's. */
async function removedNotice(
  url: URL,
  request: ReturnType<typeof shop>,
  session: Session | null,
): Promise<LinkRemoval | null> {
  const value = url.searchParams.get(REMOVED_PARAM);
  const match = value === null ? null : /^(\d{1,9})\.([\w-]{16})$/.exec(value);
  if (!session || !match) return null;
  const productId = Number(match[1]);
  const expected = Buffer.from(removedSignature(session, productId, request.env.SESSION_SECRET));
  const given = Buffer.from(match[2]!);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const product = (await productRowsById(request.db, [productId])).get(productId);
  const name = localize(product?.name, request.locale);
  return { ok: true, message: request.t('cart.removed', { name }), status: 200 };
}
