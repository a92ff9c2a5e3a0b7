import type Stripe from 'stripe';
import {
  type Params,
  type SandboxError,
  SandboxFailure,
  invalid,
  missingParam,
  optInt,
  optString,
} from './params.ts';
import type { RequestInfo } from './store.server.ts';

/** Who calls the API and where the sandbox's hosted pages are reached. */
export type Caller = RequestInfo & {
  key: 'secret' | 'publishable';
  /** Keys fingerprints; the same in every instance of the shop. */
  secret: string;
  /** Origin of the sandbox's hosted pages (challenge, bank, voucher, QR). */
  publicOrigin: string;
};

export type Outcome = { ok: true; body: unknown } | { ok: false; error: SandboxError };

export type PI = Stripe.PaymentIntent;
export type SI = Stripe.SetupIntent;
export type PM = Stripe.PaymentMethod;

export const ok = (body: unknown): Outcome => ({ ok: true, body });

export function secretOnly(caller: Caller): void {
  if (caller.key !== 'secret') {
    throw new SandboxFailure({
      kind: 'permission',
      body: {
        type: 'invalid_request_error',
        message:
          'This API call cannot be made with a publishable API key. Please use a secret API key.',
      },
    });
  }
}

/** With the publishable key, intents are reached only with their client secret. */
export function checkClientSecret(
  caller: Caller,
  p: Params,
  data: { object: string; client_secret: string | null },
): void {
  if (caller.key === 'secret') return;
  const given = optString(p, 'client_secret', 200);
  if (!given) throw missingParam('client_secret');
  if (given !== data.client_secret) {
    const name = data.object === 'setup_intent' ? 'SetupIntent' : 'PaymentIntent';
    throw invalid(
      'client_secret',
      `The client_secret provided does not match any associated ${name} on this account.`,
    );
  }
}

/** `limit` and `starting_after` of Stripe's list calls. */
export function listParams(p: Params): { limit: number; startingAfter: string | undefined } {
  return {
    limit: optInt(p, 'limit', 1, 100) ?? 10,
    startingAfter: optString(p, 'starting_after', 255),
  };
}
