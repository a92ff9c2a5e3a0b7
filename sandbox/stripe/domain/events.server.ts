import type Stripe from 'stripe';
import type { Tx } from '#app/lib/db.server.ts';
import { type Caller, type Outcome, listParams, ok, secretOnly } from './caller.ts';
import { type Params, optString } from './params.ts';
import { list, load } from './store.server.ts';

/** Events as recorded by `emit` (the webhook queue sends the same objects). */
export async function retrieveEvent(tx: Tx, caller: Caller, id: string): Promise<Outcome> {
  secretOnly(caller);
  return ok((await load(tx, 'event', id)).data);
}

export async function listEvents(tx: Tx, caller: Caller, p: Params): Promise<Outcome> {
  secretOnly(caller);
  const { limit, startingAfter } = listParams(p);
  const type = optString(p, 'type', 100);
  const found = await list<Stripe.Event>(tx, 'event', { limit: type ? 100 : limit, startingAfter });
  const data = found.data.filter(
    (e) => !type || e.type === type || (type.endsWith('*') && e.type.startsWith(type.slice(0, -1))),
  );
  return ok({
    object: 'list',
    data: data.slice(0, limit),
    has_more: data.length > limit || found.hasMore,
    url: '/v1/events',
  });
}
