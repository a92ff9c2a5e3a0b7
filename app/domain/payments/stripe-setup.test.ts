import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, parseEnv } from '#app/lib/env.server.ts';
import {
  applyStoredStripeKeys,
  recordShopAddress,
  sandboxActive,
  sandboxKeys,
  setStripeEndpoint,
  shopBaseUrl,
  stripeDashboardUrl,
  stripeSetup,
} from './stripe-setup.server.ts';

const dirs: string[] = [];
const servers: http.Server[] = [];
afterEach(async () => {
  dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true }));
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
});
const env = (values: Record<string, string> = {}) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'stripe-setup-'));
  dirs.push(dir);
  return parseEnv({
    DATA_DIR: dir,
    NODE_ENV: 'test',
    SESSION_SECRET: randomBytes(32).toString('base64url'),
    ...values,
  });
};
const TEST_KEYS = {
  STRIPE_SECRET_KEY: 'sk_test_51Abcdefghijklmnop',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_51Abcdefghijklmnop',
  STRIPE_WEBHOOK_SECRET: 'whsec_abcdefghijklmnop',
};

describe('Stripe configuration', () => {
  it('selects the sandbox without keys, with its own keys and script', () => {
    const e = env();
    const setup = stripeSetup(e);
    expect(setup.mode).toBe('sandbox');
    expect(setup.publishableKey).toMatch(/^pk_test_sandbox/);
    expect(setup.webhookSecret).toMatch(/^whsec_sandbox/);
    expect(setup.sandboxScriptUrl).toBe('/__sandbox/stripe/stripe.js');
    expect(stripeSetup(e)).toBe(setup);
  });

  it('derives the same sandbox keys for instances sharing a secret, others for another', () => {
    const secret = randomBytes(32).toString('base64url');
    const a = env({ SESSION_SECRET: secret });
    const b = env({ SESSION_SECRET: secret });
    expect(sandboxKeys(a)).toEqual(sandboxKeys(b));
    expect(sandboxKeys(env()).secretKey).not.toBe(sandboxKeys(a).secretKey);
  });

  it('uses test keys as given, without the sandbox script', () => {
    const setup = stripeSetup(env(TEST_KEYS));
    expect(setup).toMatchObject({
      mode: 'test',
      publishableKey: TEST_KEYS.STRIPE_PUBLISHABLE_KEY,
      webhookSecret: TEST_KEYS.STRIPE_WEBHOOK_SECRET,
      sandboxScriptUrl: null,
    });
  });

  it('refuses the sandbox in production', () => {
    const e = env({ NODE_ENV: 'production' });
    expect(() => stripeSetup(e)).toThrow(ConfigError);
    expect(() => stripeSetup(e)).toThrow(/sandbox never runs in production/);
  });

  it('refuses live keys outside production and accepts them in production', () => {
    const live = {
      STRIPE_SECRET_KEY: 'sk_live_51Abcdefghijklmnop',
      STRIPE_PUBLISHABLE_KEY: 'pk_live_51Abcdefghijklmnop',
      STRIPE_WEBHOOK_SECRET: 'whsec_abcdefghijklmnop',
    };
    expect(() => stripeSetup(env(live))).toThrow(/live Stripe keys/);
    expect(stripeSetup(env({ ...live, NODE_ENV: 'production' })).mode).toBe('live');
  });

  it('sends the sandbox client to the address recorded after listening', async () => {
    const seen: string[] = [];
    const server = http.createServer((req, res) => {
      seen.push(`${req.method} ${req.url} ${req.headers.authorization}`);
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ id: 'cus_1', object: 'customer' }));
    });
    servers.push(server);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as { port: number }).port;
    const e = env({ PORT: '0', HOST: '0.0.0.0' });
    const setup = stripeSetup(e);
    recordShopAddress(e, { host: '0.0.0.0', port });
    expect(shopBaseUrl(e)).toBe(`http://127.0.0.1:${port}`);
    const customer = await setup.stripe.customers.retrieve('cus_1');
    expect(customer.id).toBe('cus_1');
    expect(seen).toEqual([`GET /v1/customers/cus_1 Bearer ${sandboxKeys(e).secretKey}`]);
  });
});

describe('Stripe dashboard link', () => {
  it('points at the payment in test or live mode, never for the sandbox or a strange id', () => {
    expect(stripeDashboardUrl('test', 'pi_3Abc')).toBe(
      'https://dashboard.stripe.com/test/payments/pi_3Abc',
    );
    expect(stripeDashboardUrl('live', 'pi_3Abc')).toBe(
      'https://dashboard.stripe.com/payments/pi_3Abc',
    );
    expect(stripeDashboardUrl('sandbox', 'pi_3Abc')).toBeNull();
    expect(stripeDashboardUrl('live', 'pi_1/../x')).toBeNull();
    expect(stripeDashboardUrl('live', 'seti_123')).toBeNull();
  });
});

describe('Stripe keys stored in the back office', () => {
  const STORED = {
    secretKey: 'sk_test_51StoredSecretKey',
    publishableKey: 'pk_test_51StoredPublishable',
    webhookSecret: 'whsec_storedabcdefgh',
  };

  it('switch the sandbox off at once and back on when removed', () => {
    const e = env();
    expect(stripeSetup(e).mode).toBe('sandbox');
    applyStoredStripeKeys(e, STORED);
    expect(sandboxActive(e)).toBe(false);
    expect(stripeSetup(e)).toMatchObject({
      mode: 'test',
      source: 'settings',
      publishableKey: STORED.publishableKey,
      webhookSecret: STORED.webhookSecret,
      sandboxScriptUrl: null,
    });
    applyStoredStripeKeys(e, null);
    expect(stripeSetup(e)).toMatchObject({ mode: 'sandbox', source: 'sandbox' });
  });

  it('give way to the environment’s keys', () => {
    const e = env(TEST_KEYS);
    applyStoredStripeKeys(e, STORED);
    expect(stripeSetup(e)).toMatchObject({
      source: 'environment',
      publishableKey: TEST_KEYS.STRIPE_PUBLISHABLE_KEY,
    });
  });

  it('are not used where the environment’s rules refuse them (live keys outside production)', () => {
    const e = env();
    applyStoredStripeKeys(e, {
      secretKey: 'sk_live_51StoredSecretKey',
      publishableKey: 'pk_live_51StoredPublishable',
      webhookSecret: '',
    });
    expect(stripeSetup(e).mode).toBe('sandbox');
  });

  it('send their requests where the endpoint says (a local fake in tests)', async () => {
    const seen: string[] = [];
    const server = http.createServer((req, res) => {
      seen.push(`${req.method} ${req.url} ${req.headers.authorization}`);
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ id: 'cus_2', object: 'customer' }));
    });
    servers.push(server);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as { port: number }).port;
    const e = env();
    applyStoredStripeKeys(e, STORED);
    setStripeEndpoint(e, { host: '127.0.0.1', port, protocol: 'http' });
    await stripeSetup(e).stripe.customers.retrieve('cus_2');
    expect(seen).toEqual([`GET /v1/customers/cus_2 Bearer ${STORED.secretKey}`]);
  });
});
