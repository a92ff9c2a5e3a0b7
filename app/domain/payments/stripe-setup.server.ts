import { createHmac } from 'node:crypto';
import Stripe from 'stripe';
import { ConfigError, type Env } from '#app/lib/env.server.ts';
import { type StripeKeySet, stripeKeyProblems } from '#app/lib/stripe-keys.ts';

export type StripeMode = 'sandbox' | 'test' | 'live';

/** Real keys entered in the back office, decrypted. */
export type StoredStripeKeys = { secretKey: string; publishableKey: string; webhookSecret: string };

/** Where real keys' requests go instead of Stripe's API: a local fake in tests. */
export type StripeEndpoint = { host: string; port: number; protocol: 'http' | 'https' };

export type StripeSetup = {
  mode: StripeMode;
  /** Where the keys come from: the environment wins over those stored in the back office. */
  source: 'sandbox' | 'environment' | 'settings';
  /** Server SDK client; in sandbox mode it reaches the shop's own sandbox via host/port/protocol. */
  stripe: Stripe;
  publishableKey: string;
  webhookSecret: string;
  /** Script that installs the sandbox's window.Stripe before loadStripe runs; null with real keys. */
  sandboxScriptUrl: string | null;
};

/** Where the sandbox's browser script is served (see sandbox/stripe/http). */
export const SANDBOX_SCRIPT_URL = '/__sandbox/stripe/stripe.js';

/** The address a running shop listens on; the sandbox SDK client and webhooks go there. */
export type ShopAddress = { host: string; port: number };

// The server entry and the app build are bundled separately, so module state would exist
// twice; both reach the same registry through a global symbol, keyed by the env object.
type Registry = {
  addresses: WeakMap<Env, ShopAddress>;
  setups: WeakMap<Env, StripeSetup>;
  stored: WeakMap<Env, StoredStripeKeys | null>;
  endpoints: WeakMap<Env, StripeEndpoint>;
};
const REGISTRY_KEY = Symbol.for('ladenzeile.stripe-setup');
function registry(): Registry {
  const holder = globalThis as unknown as Record<symbol, Registry | undefined>;
  holder[REGISTRY_KEY] ??= {
    addresses: new WeakMap(),
    setups: new WeakMap(),
    stored: new WeakMap(),
    endpoints: new WeakMap(),
  };
  // A registry made before stored keys existed (a reloaded module) gains their maps.
  holder[REGISTRY_KEY].stored ??= new WeakMap();
  holder[REGISTRY_KEY].endpoints ??= new WeakMap();
  return holder[REGISTRY_KEY];
}

/** Called by the server once it listens (tests listen on port 0). */
export function recordShopAddress(env: Env, address: ShopAddress): void {
  const host = address.host === '0.0.0.0' || address.host === '::' ? '127.0.0.1' : address.host;
  registry().addresses.set(env, { host, port: address.port });
}

/** The shop's own address: the recorded one once listening, else the configured one. */
export function shopAddress(env: Env): ShopAddress {
  const recorded = registry().addresses.get(env);
  if (recorded) return recorded;
  const host = env.HOST === '0.0.0.0' || env.HOST === '::' ? '127.0.0.1' : env.HOST;
  return { host, port: env.PORT };
}

/**
 * The shop's address for the browser: the configured SHOP_URL, or the bound address when the
 * configured one has no real port (tests listen on port 0), so return URLs stay same-origin.
 */
export function shopPublicOrigin(env: Env): string {
  const configured = new URL(env.SHOP_URL);
  return configured.port === '0' ? shopBaseUrl(env) : configured.origin;
}

/** The shop's own base URL for server-to-server calls (webhook deliveries). */
export function shopBaseUrl(env: Env): string {
  const { host, port } = shopAddress(env);
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}

/** One setup per running shop (cached); throws ConfigError for live keys outside production etc. */
export function stripeSetup(env: Env): StripeSetup {
  const cached = registry().setups.get(env);
  if (cached) return cached;
  const setup = createSetup(env);
  registry().setups.set(env, setup);
  return setup;
}

/**
 * The keys stored in the back office as last read: the setup follows them from the next call
 * on. Keys this environment may not run (live keys outside production) are not used.
 */
export function applyStoredStripeKeys(env: Env, keys: StoredStripeKeys | null): void {
  const usable = keys && stripeKeyProblems(keys, env.NODE_ENV).length === 0 ? keys : null;
  const { stored, setups } = registry();
  const before = stored.get(env) ?? null;
  if (JSON.stringify(before) === JSON.stringify(usable) && stored.has(env)) return;
  stored.set(env, usable);
  if (!env.STRIPE_SECRET_KEY) setups.delete(env);
}

/** Sends the requests of real keys to another address (a local fake Stripe in tests). */
export function setStripeEndpoint(env: Env, endpoint: StripeEndpoint | null): void {
  if (endpoint) registry().endpoints.set(env, endpoint);
  else registry().endpoints.delete(env);
  registry().setups.delete(env);
}

/** Options that send a client of real keys where `setStripeEndpoint` says; none: to Stripe. */
export function stripeEndpointOptions(env: Env): Partial<StripeEndpoint> {
  return registry().endpoints.get(env) ?? {};
}

/** The keys in force apart from the sandbox's: the environment's, else the stored ones. */
function realKeys(env: Env): (StripeKeySet & { source: 'environment' | 'settings' }) | null {
  if (env.STRIPE_SECRET_KEY) {
    return {
      source: 'environment',
      secretKey: env.STRIPE_SECRET_KEY,
      publishableKey: env.STRIPE_PUBLISHABLE_KEY,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET,
    };
  }
  const stored = registry().stored.get(env);
  return stored ? { source: 'settings', ...stored } : null;
}

/** Whether the built-in sandbox serves Stripe's API for this shop. */
export function sandboxActive(env: Env): boolean {
  return realKeys(env) === null;
}

function createSetup(env: Env): StripeSetup {
  const keys = realKeys(env);
  const secretKey = keys?.secretKey;
  if (!keys || !secretKey) {
    if (env.NODE_ENV === 'production') {
      throw new ConfigError(
        'Invalid configuration: the Stripe sandbox never runs in production; set STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET',
      );
    }
    const keys = sandboxKeys(env);
    return {
      mode: 'sandbox',
      source: 'sandbox',
      stripe: new Stripe(keys.secretKey, {
        httpClient: new OwnAddressHttpClient(env),
        protocol: 'http',
        maxNetworkRetries: 1,
        telemetry: false,
      }),
      publishableKey: keys.publishableKey,
      webhookSecret: keys.webhookSecret,
      sandboxScriptUrl: SANDBOX_SCRIPT_URL,
    };
  }
  const live = /^(sk|rk)_live_/.test(secretKey);
  if (stripeKeyProblems(keys, env.NODE_ENV).includes('live_outside_production')) {
    throw new ConfigError(
      'Invalid configuration: live Stripe keys (sk_live_) are used only with NODE_ENV=production; use test keys or none (sandbox)',
    );
  }
  return {
    mode: live ? 'live' : 'test',
    source: keys.source,
    stripe: new Stripe(secretKey, { maxNetworkRetries: 2, ...stripeEndpointOptions(env) }),
    publishableKey: keys.publishableKey!,
    webhookSecret: keys.webhookSecret ?? '',
    sandboxScriptUrl: null,
  };
}

/**
 * The sandbox's keys, derived from the session secret so that several app instances sharing
 * one database (and one secret) accept each other's keys.
 */
export function sandboxKeys(env: Env) {
  const part = (label: string) =>
    createHmac('sha256', env.SESSION_SECRET).update(`stripe-sandbox:${label}`).digest('hex');
  return {
    secretKey: `sk_test_sandbox${part('secret').slice(0, 32)}`,
    publishableKey: `pk_test_sandbox${part('publishable').slice(0, 32)}`,
    webhookSecret: `whsec_sandbox${part('webhook').slice(0, 32)}`,
  };
}

/**
 * Sends the SDK's requests to the address the shop listens on at the time of the request,
 * which is known only after listening (port 0 in tests).
 */
class OwnAddressHttpClient implements Stripe.HttpClient {
  private readonly inner = Stripe.createNodeHttpClient();
  constructor(private readonly env: Env) {}
  getClientName() {
    return this.inner.getClientName();
  }
  makeRequest(...args: Parameters<Stripe.HttpClient['makeRequest']>) {
    const [, , path, method, headers, requestData, , timeout] = args;
    const { host, port } = shopAddress(this.env);
    return this.inner.makeRequest(
      host,
      String(port),
      path,
      method,
      headers,
      requestData,
      'http',
      timeout,
    );
  }
}

/**
 * The payment's page in Stripe's dashboard, for staff; none for the built-in sandbox, which has
 * no dashboard. Test-mode payments live under `/test/`.
 */
export function stripeDashboardUrl(mode: StripeMode, paymentIntentId: string): string | null {
  if (mode === 'sandbox' || !/^pi_[A-Za-z0-9]+$/.test(paymentIntentId)) return null;
  return `https://dashboard.stripe.com/${mode === 'test' ? 'test/' : ''}payments/${paymentIntentId}`;
}
