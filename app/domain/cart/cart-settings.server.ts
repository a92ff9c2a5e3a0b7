import { z } from 'zod';
import { REFERENCE_TTL_MS, forget, shortLived } from '#app/domain/kernel/short-lived.server.ts';
import type { Tx } from '#app/domain/kernel/tx.ts';
import { getSetting } from '#app/domain/settings/settings.server.ts';
import {
  type CartBehaviour,
  DEFAULT_CART_BEHAVIOUR,
  DEFAULT_REVEAL_SECONDS,
} from './mini-cart.view.ts';
import { REVEAL_SECONDS_LIMITS } from './product-page-settings.rules.ts';

/** The behaviour as stored, every option filled in (the browser's type leaves one optional). */
export type CartOptions = Required<CartBehaviour>;

export const DEFAULT_CART_OPTIONS: CartOptions = {
  ...DEFAULT_CART_BEHAVIOUR,
  revealSeconds: DEFAULT_REVEAL_SECONDS,
};

export const CART_BEHAVIOUR_KEY = 'cart.behaviour';

/** The stored setting; every option falls back to its default on its own. */
export const cartBehaviourSchema: z.ZodType<CartOptions> = z.object({
  revealMiniCart: z.boolean().default(DEFAULT_CART_BEHAVIOUR.revealMiniCart),
  redirectAfterAdd: z.boolean().default(DEFAULT_CART_BEHAVIOUR.redirectAfterAdd),
  revealSeconds: z
    .number()
    .int()
    .min(REVEAL_SECONDS_LIMITS.min)
    .max(REVEAL_SECONDS_LIMITS.max)
    .default(DEFAULT_CART_OPTIONS.revealSeconds),
});

/**
 * The mini-cart reveal and redirect-after-add settings; the defaults when never set. Kept a
 * few seconds per instance: every page of a shopper with a session reads them.
 */
export function cartBehaviour(db: Tx): Promise<CartOptions> {
  return shortLived(db, CART_BEHAVIOUR_KEY, REFERENCE_TTL_MS, () =>
    getSetting(db, CART_BEHAVIOUR_KEY, cartBehaviourSchema, DEFAULT_CART_OPTIONS),
  );
}

/** After a save: this instance's next page reads the new behaviour, not the kept one. */
export function forgetCartBehaviour(db: Tx): void {
  forget(db, CART_BEHAVIOUR_KEY);
}
