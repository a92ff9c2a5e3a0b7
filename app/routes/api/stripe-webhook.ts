import { stripeWebhook } from '#app/http/stripe/webhook.server.ts';

export const loader = stripeWebhook;
export const action = stripeWebhook;
