import type { Tx } from '#app/lib/db.server.ts';
import type { Caller, Outcome } from '../domain/caller.ts';
import { retrieveCharge, retrieveMandate } from '../domain/charges.server.ts';
import {
  createConfirmationToken,
  retrieveConfirmationToken,
} from '../domain/confirmation-tokens.server.ts';
import { createCustomer, retrieveCustomer, updateCustomer } from '../domain/customers.server.ts';
import { listEvents, retrieveEvent } from '../domain/events.server.ts';
import type { Params } from '../domain/params.ts';
import * as pi from '../domain/payment-intents.server.ts';
import * as pm from '../domain/payment-methods.server.ts';
import {
  createRefund,
  listRefunds,
  retrieveRefund,
  updateRefund,
} from '../domain/refunds.server.ts';
import * as si from '../domain/setup-intents.server.ts';

export type Method = 'GET' | 'POST' | 'DELETE';

export type Route = {
  /** `POST /v1/payment_intents/:id/confirm`: the key of the endpoint's parameter table. */
  key: string;
  method: Method;
  pattern: RegExp;
  run(tx: Tx, caller: Caller, ids: string[], params: Params): Promise<Outcome>;
};

const ID = '([A-Za-z0-9_]{1,255})';
const r = (method: Method, path: string, run: Route['run']): Route => ({
  key: `${method} /v1/${path}`,
  method,
  pattern: new RegExp(`^/v1/${path.replace(/:id/g, ID)}$`),
  run,
});

/** Stripe's API as far as the sandbox serves it. */
export const ROUTES: Route[] = [
  r('POST', 'customers', (tx, c, _, p) => createCustomer(tx, c, p)),
  r('GET', 'customers/:id', (tx, c, [id]) => retrieveCustomer(tx, c, id!)),
  r('POST', 'customers/:id', (tx, c, [id], p) => updateCustomer(tx, c, id!, p)),
  r('GET', 'customers/:id/payment_methods', (tx, c, [id], p) =>
    pm.listPaymentMethods(tx, c, p, id!),
  ),
  r('POST', 'payment_methods', (tx, c, _, p) => pm.createPaymentMethod(tx, c, p)),
  r('GET', 'payment_methods', (tx, c, _, p) => pm.listPaymentMethods(tx, c, p)),
  r('GET', 'payment_methods/:id', (tx, c, [id]) => pm.retrievePaymentMethod(tx, c, id!)),
  r('POST', 'payment_methods/:id', (tx, c, [id], p) => pm.updatePaymentMethod(tx, c, id!, p)),
  r('POST', 'payment_methods/:id/attach', (tx, c, [id], p) =>
    pm.attachPaymentMethod(tx, c, id!, p),
  ),
  r('POST', 'payment_methods/:id/detach', (tx, c, [id]) => pm.detachPaymentMethod(tx, c, id!)),
  r('POST', 'confirmation_tokens', (tx, c, _, p) => createConfirmationToken(tx, c, p)),
  r('GET', 'confirmation_tokens/:id', (tx, c, [id]) => retrieveConfirmationToken(tx, c, id!)),
  // What the SDK's testHelpers.confirmationTokens.create calls (server-side tests).
  r('POST', 'test_helpers/confirmation_tokens', (tx, c, _, p) => createConfirmationToken(tx, c, p)),
  r('POST', 'payment_intents', (tx, c, _, p) => pi.createPaymentIntent(tx, c, p)),
  r('GET', 'payment_intents/:id', (tx, c, [id], p) => pi.retrievePaymentIntent(tx, c, id!, p)),
  r('POST', 'payment_intents/:id', (tx, c, [id], p) => pi.updatePaymentIntent(tx, c, id!, p)),
  r('POST', 'payment_intents/:id/confirm', (tx, c, [id], p) =>
    pi.confirmPaymentIntent(tx, c, id!, p),
  ),
  r('POST', 'payment_intents/:id/cancel', (tx, c, [id], p) =>
    pi.cancelPaymentIntent(tx, c, id!, p),
  ),
  r('POST', 'payment_intents/:id/capture', (tx, c, [id], p) =>
    pi.capturePaymentIntent(tx, c, id!, p),
  ),
  r('POST', 'setup_intents', (tx, c, _, p) => si.createSetupIntent(tx, c, p)),
  r('GET', 'setup_intents/:id', (tx, c, [id], p) => si.retrieveSetupIntent(tx, c, id!, p)),
  r('POST', 'setup_intents/:id', (tx, c, [id], p) => si.updateSetupIntent(tx, c, id!, p)),
  r('POST', 'setup_intents/:id/confirm', (tx, c, [id], p) => si.confirmSetupIntent(tx, c, id!, p)),
  r('POST', 'setup_intents/:id/cancel', (tx, c, [id], p) => si.cancelSetupIntent(tx, c, id!, p)),
  r('POST', 'refunds', (tx, c, _, p) => createRefund(tx, c, p)),
  r('GET', 'refunds', (tx, c, _, p) => listRefunds(tx, c, p)),
  r('GET', 'refunds/:id', (tx, c, [id]) => retrieveRefund(tx, c, id!)),
  r('POST', 'refunds/:id', (tx, c, [id], p) => updateRefund(tx, c, id!, p)),
  r('GET', 'charges/:id', (tx, c, [id]) => retrieveCharge(tx, c, id!)),
  r('GET', 'mandates/:id', (tx, c, [id]) => retrieveMandate(tx, c, id!)),
  r('GET', 'events', (tx, c, _, p) => listEvents(tx, c, p)),
  r('GET', 'events/:id', (tx, c, [id]) => retrieveEvent(tx, c, id!)),
];

/** The route answering a request, with the ids of its path. */
export function findRoute(
  method: string,
  pathname: string,
): { route: Route; ids: string[] } | null {
  for (const route of ROUTES) {
    if (route.method !== method) continue;
    const match = route.pattern.exec(pathname);
    if (match) return { route, ids: match.slice(1) };
  }
  return null;
}
