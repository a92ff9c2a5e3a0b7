import Stripe from 'stripe';
import { sandboxKeys } from '#app/domain/payments/stripe-setup.server.ts';
import type { TestShop } from './shop.ts';

/**
 * The real Stripe SDK aimed at a test shop's built-in sandbox, with the shop's own sandbox keys:
 * what a test uses to look at or act on intents, methods and customers as Stripe would show them.
 */
export function sandboxStripe(shop: Pick<TestShop, 'url' | 'env'>): {
  stripe: Stripe;
  keys: ReturnType<typeof sandboxKeys>;
} {
  const keys = sandboxKeys(shop.env);
  const url = new URL(shop.url);
  const stripe = new Stripe(keys.secretKey, {
    host: url.hostname,
    port: Number(url.port),
    protocol: 'http',
    maxNetworkRetries: 0,
    telemetry: false,
  });
  return { stripe, keys };
}
