import { z } from 'zod';
import { EXPRESS_EXTENSION } from '#app/domain/payments/stripe/express.view.ts';
import type { CheckoutInput } from '#app/domain/checkout/checkout-input.ts';
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

const shownSchema = z.object({
  /** The total the wallet's sheet showed, in the payment provider's decimals. */
  shown_total: z.number().int().min(0).max(1e12).optional(),
  /** The legal text versions the express area showed with its consent. */
  text_version: z.string().max(500).optional(),
});

export type Shown = z.infer<typeof shownSchema>;

/**
 * What the sheet showed, as the script reports it: null when it reports nothing, 'invalid'
 * when the report is malformed (refused, so a broken script never skips the comparison).
 */
export function shownInSheet(
  extensions: Record<string, unknown> | undefined,
): Shown | null | 'invalid' {
  const value = extensions?.[EXPRESS_EXTENSION];
  if (value === undefined) return null;
  const parsed = shownSchema.safeParse(value);
  return parsed.success ? parsed.data : 'invalid';
}

/**
 * What makes an express order one: the sheet's chosen rate must still be offered, and the
 * total must equal what the server last quoted this cart's sheet and what the sheet showed;
 * the legal texts shown with the consent must still be in force.
 */
export async function expressExpectation(
  db: Tx,
  session: Session,
  currency: string,
  shown: Shown | null,
): Promise<NonNullable<CheckoutInput['express']>> {
  const quote = await quotedTotal(db, session);
  return {
    expectedTotal: quote && quote.currency === currency ? quote.total : null,
    shownTotal: shown?.shown_total ?? null,
    textVersion: shown?.text_version ?? null,
  };
}
