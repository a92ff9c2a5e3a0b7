import type { CheckoutInput } from '#app/domain/checkout/checkout.server.ts';
import { quotedTotal } from '#app/domain/checkout/express.server.ts';
import type { Tx } from '#app/domain/kernel/tx.ts';
import { stripPhone } from '#app/domain/payments/stripe/express.rules.ts';
import type { Env } from '#app/lib/env.server.ts';
import { type Session, verifyNonce } from '#app/lib/session.server.ts';

export const EXPRESS_HEADER = 'x-wcstripe-express-checkout';
export const EXPRESS_NONCE_HEADER = 'x-wcstripe-express-checkout-nonce';

/**
 * Whether a Store API checkout comes from a wallet sheet (spec section 7: the express marker
 * headers). 'forged': the marker without the session's express nonce.
 */
export function expressMarker(
  request: Request,
  session: Session | null,
  env: Env,
): 'express' | 'classic' | 'forged' {
  if (request.headers.get(EXPRESS_HEADER) !== 'true') return 'classic';
  return verifyNonce(session, request.headers.get(EXPRESS_NONCE_HEADER), env)
    ? 'express'
    : 'forged';
}

type Address = { first_name?: string; last_name?: string; phone?: string };

/**
 * A wallet's address as an order takes it (spec section 3): the phone without spaces,
 * brackets and dashes, '-' for a missing last name. The browser does the same; the server
 * does not rely on it.
 */
export function walletAddress<A extends Address>(address: A): A {
  return {
    ...address,
    ...(address.phone !== undefined ? { phone: stripPhone(address.phone) } : {}),
    last_name: address.last_name?.trim() ? address.last_name : '-',
  };
}

/**
 * What makes an express order one: the sheet's chosen rate must still be offered, and the
 * total must equal what the server last quoted this cart's sheet.
 */
export async function expressExpectation(
  db: Tx,
  session: Session,
  currency: string,
): Promise<NonNullable<CheckoutInput['express']>> {
  const quote = await quotedTotal(db, session);
  return { expectedTotal: quote && quote.currency === currency ? quote.total : null };
}
