import type { AppLoadContext } from 'react-router';
import type Stripe from 'stripe';
import { actOnEvent } from '#app/domain/payments/stripe/events.server.ts';
import { stripeSetup } from '#app/domain/payments/stripe-setup.server.ts';
import { json } from '../response.ts';

/** Stripe's own limit on a signature's age: older deliveries may be replays. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;
/** Stripe's events are a few kB; anything much larger is not one. */
const MAX_EVENT_BYTES = 512 * 1024;

const refuse = (status: number, code: string, message: string) =>
  json({ code, message, data: { status } }, { status });

/**
 * POST /payments/stripe/webhook: the raw body is checked against the Stripe-Signature header
 * with the SDK's constructEvent (300 s tolerance) before anything is read from it; a verified
 * event acts once (see actOnEvent) and the order's mail goes out after its change committed.
 * 2xx tells Stripe not to deliver again; a failure while acting answers 500, so it retries.
 */
export async function stripeWebhook({
  request,
  context,
}: {
  request: Request;
  context: AppLoadContext;
}): Promise<Response> {
  if (request.method !== 'POST') {
    return new Response(null, { status: 405, headers: { Allow: 'POST' } });
  }
  const { db, env } = context;
  const body = await request.text();
  if (body.length > MAX_EVENT_BYTES) return refuse(413, 'too_large', 'Event too large');
  const signature = request.headers.get('stripe-signature');
  if (!signature) return refuse(400, 'missing_signature', 'No Stripe-Signature header');
  const setup = stripeSetup(env);
  let event: Stripe.Event;
  try {
    event = setup.stripe.webhooks.constructEvent(
      body,
      signature,
      setup.webhookSecret,
      SIGNATURE_TOLERANCE_SECONDS,
    );
  } catch {
    return refuse(400, 'invalid_signature', 'Signature verification failed');
  }
  let result;
  try {
    result = await actOnEvent(db, event);
  } catch (error) {
    console.error('stripe: webhook event failed', event.id, (error as Error).message);
    return refuse(500, 'event_failed', 'The event could not be processed');
  }
  return json({ received: true, outcome: result.outcome });
}
