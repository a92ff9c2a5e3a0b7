import { z } from 'zod';
import { REFERENCE_TTL_MS, shortLived } from '#app/domain/kernel/short-lived.server.ts';
import type { Tx } from '#app/domain/kernel/tx.ts';
import { getSetting } from '#app/domain/settings/settings.server.ts';
import { type CartBehaviour, DEFAULT_CART_BEHAVIOUR } from './mini-cart.view.ts';

export const CART_BEHAVIOUR_KEY = 'cart.behaviour';

const schema = z.object({
  revealMiniCart: z.boolean().default(DEFAULT_CART_BEHAVIOUR.revealMiniCart),
  redirectAfterAdd: z.boolean().default(DEFAULT_CART_BEHAVIOUR.redirectAfterAdd),
});

/**
 * The mini-cart reveal and redirect-after-add settings; the defaults when never set. Kept a
 * few seconds per instance: every page of a shopper with a session reads them.
 */
export function cartBehaviour(db: Tx): Promise<CartBehaviour> {
  return shortLived(db, CART_BEHAVIOUR_KEY, REFERENCE_TTL_MS, () =>
    getSetting(db, CART_BEHAVIOUR_KEY, schema, DEFAULT_CART_BEHAVIOUR),
  );
}
