import {
  hasSavedCart,
  mergeCartsOnLogin,
  moveSessionCart,
} from '#app/domain/cart/cart-login.server.ts';
import type { Tx } from '#app/domain/kernel/tx.ts';
import type { Env } from '#app/lib/env.server.ts';
import type { Locale } from '#app/lib/locale.ts';
import {
  type Session,
  type StartedSession,
  createCustomerSession,
  deleteSession,
} from '#app/lib/session.server.ts';
import { cartCookies, cartCookiesAfterChange, secureCookies } from './cart-cookies.server.ts';
import { forgetPersonal } from './personal.server.ts';

export type CustomerSessionStart = {
  customerId: number;
  remember: boolean;
  /** The visitor's session until now: its cart moves (or merges) over, then it ends. */
  previous: Session | null;
  mergeCarts: boolean;
  /** Written while the password was being checked (`startLoginHead`). */
  head?: LoginHead;
};

/** What a login writes and reads while the password hash is being checked. */
export type LoginHead = {
  session: Promise<StartedSession>;
  /** Whether the customer left a cart saved; a failed read counts as yes (the full merge). */
  savedCart: Promise<boolean>;
};

type ShopHandle = { db: Tx; env: Env; currency: string; locale: Locale };

/**
 * Writes the customer's next session while the password is checked, so the hash is all a
 * login waits for. The row is reachable only through the cookie sent after a successful
 * check; `dropLoginHead` removes it after a failed one.
 */
export function startLoginHead(
  shop: ShopHandle,
  input: { customerId: number; remember: boolean },
): LoginHead {
  const head: LoginHead = {
    session: createCustomerSession(shop.db, shop.env, input),
    savedCart: hasSavedCart(shop.db, input.customerId).catch(() => true),
  };
  // Awaited by whichever comes next; a failure meanwhile is not unhandled.
  head.session.catch(() => {});
  return head;
}

export async function dropLoginHead(shop: ShopHandle, head: LoginHead): Promise<void> {
  const started = await head.session.catch(() => null);
  if (started) await deleteSession(shop.db, started.session.idHash);
}

/**
 * After a login, a registration, a password change or an account made at checkout: the
 * customer's new session under a new id, and the cookies that carry it and the cart's state.
 */
export async function startCustomerSession(
  shop: ShopHandle,
  input: CustomerSessionStart,
): Promise<{ cookies: string[]; merged: number; limited: boolean }> {
  const { db, env } = shop;
  const written = input.head ? await input.head.session : null;
  // Nothing to move or merge: no transaction. A cart saved after the head's read (another
  // device logging out at this moment) stays saved for the next login.
  if (written && input.mergeCarts && !input.previous && !(await input.head!.savedCart)) {
    return {
      cookies: [written.setCookie!, ...cartCookies('', secureCookies(env))],
      merged: 0,
      limited: false,
    };
  }
  const started = await db.transaction(async (tx) => {
    const next =
      written ??
      (await createCustomerSession(tx, env, {
        customerId: input.customerId,
        remember: input.remember,
      }));
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
