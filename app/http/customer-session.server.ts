import { mergeCartsOnLogin, moveSessionCart } from '#app/domain/cart/cart-login.server.ts';
import type { Tx } from '#app/domain/kernel/tx.ts';
import type { Env } from '#app/lib/env.server.ts';
import type { Locale } from '#app/lib/locale.ts';
import { type Session, createCustomerSession, deleteSession } from '#app/lib/session.server.ts';
import { cartCookiesAfterChange, secureCookies } from './cart-cookies.server.ts';
import { forgetPersonal } from './personal.server.ts';

export type CustomerSessionStart = {
  customerId: number;
  remember: boolean;
  /** The visitor's session until now: its cart moves (or merges) over, then it ends. */
  previous: Session | null;
  mergeCarts: boolean;
};

/**
 * After a login, a registration, a password change or an account made at checkout: the
 * customer's new session under a new id, and the cookies that carry it and the cart's state.
 */
export async function startCustomerSession(
  shop: { db: Tx; env: Env; currency: string; locale: Locale },
  input: CustomerSessionStart,
): Promise<{ cookies: string[]; merged: number; limited: boolean }> {
  const { db, env } = shop;
  const started = await db.transaction(async (tx) => {
    const next = await createCustomerSession(tx, env, {
      customerId: input.customerId,
      remember: input.remember,
    });
    let outcome = { merged: 0, limited: [] as number[] };
    if (input.mergeCarts) {
      outcome = await mergeCartsOnLogin(tx, {
        fromIdHash: input.previous?.idHash ?? null,
        toIdHash: next.session.idHash,
        customerId: input.customerId,
      });
    } else if (input.previous) {
      await moveSessionCart(tx, input.previous.idHash, next.session.idHash);
    }
    if (input.previous) {
      await deleteSession(tx, input.previous.idHash);
      forgetPersonal(input.previous.idHash);
    }
    return { next, outcome };
  });
  const ctx = { currency: shop.currency, locale: shop.locale, secure: secureCookies(env) };
  const cookies = [
    started.next.setCookie!,
    ...(await cartCookiesAfterChange(db, started.next.session, ctx)),
  ];
  return {
    cookies,
    merged: started.outcome.merged,
    limited: started.outcome.limited.length > 0,
  };
}
