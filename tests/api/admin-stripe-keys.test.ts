// The Stripe keys form on the payment settings page: the secrets stored encrypted and shown
// masked, kept when a field is left empty, checked by the environment's rules, tried against a
// local fake Stripe, taking effect without a restart; the environment's keys win.
import http from 'node:http';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { encryptSecret } from '#app/domain/api-keys/api-keys.server.ts';
import { auditLog } from '#app/domain/audit/audit.schema.ts';
import { SYSTEM_ACTOR } from '#app/domain/audit/audit.server.ts';
import { STRIPE_KEYS_SETTING, saveStripeKeys } from '#app/domain/payments/stripe-keys.server.ts';
import { stripeSetup, setStripeEndpoint } from '#app/domain/payments/stripe-setup.server.ts';
import { settings } from '#app/domain/settings/settings.schema.ts';
import { sessionNonce } from '#app/lib/session.server.ts';
import { type SignedIn, customerRequests, signedInCustomer } from '../support/customers.ts';
import { TEN_KB } from '../support/hostile.ts';
import { type TestShop, startTestShop } from '../support/shop.ts';

const PATH = '/admin/settings/payments';
const KEYS = {
  publishable_key: 'pk_test_51PublishableAbcdef',
  secret_key: 'sk_test_51SecretKeyAbcdef1234',
  webhook_secret: 'whsec_SigningSecretAbcd9876',
};

let shop: TestShop;
let fake: http.Server;
const seen: string[] = [];
const http_ = customerRequests(() => shop.url);

/** Stripe's API as far as the connection test asks it: the key's own account. */
function startFakeStripe(): Promise<number> {
  fake = http.createServer((req, res) => {
    seen.push(`${req.method} ${req.url} ${req.headers.authorization}`);
    res.setHeader('Content-Type', 'application/json');
    if (req.headers.authorization === `Bearer ${KEYS.secret_key}` && req.url === '/v1/account') {
      res.end(
        JSON.stringify({
          id: 'acct_1Fake',
          object: 'account',
          email: 'shop@example.com',
          business_profile: { name: 'Kerzenladen' },
        }),
      );
      return;
    }
    res.statusCode = 401;
    res.end(
      JSON.stringify({
        error: { type: 'invalid_request_error', message: 'Invalid API Key provided: sk_test_****' },
      }),
    );
  });
  return new Promise((resolve) =>
    fake.listen(0, '127.0.0.1', () => resolve((fake.address() as { port: number }).port)),
  );
}

beforeAll(async () => {
  shop = await startTestShop();
  const port = await startFakeStripe();
  setStripeEndpoint(shop.env, { host: '127.0.0.1', port, protocol: 'http' });
}, 120_000);
afterAll(async () => {
  await shop?.close();
  await new Promise((r) => fake?.close(r));
});

const db = () => shop.database.db;
let manager: SignedIn;
beforeEach(async () => {
  manager = await signedInCustomer(db(), { role: 'shop_manager' });
  // As a removal on this instance: the shop is back on the sandbox at once.
  await saveStripeKeys(db(), shop.env, null, SYSTEM_ACTOR);
});

const nonceOf = (who: SignedIn) => sessionNonce({ idHash: who.idHash } as never, shop.env);

async function storedRow() {
  const [row] = await db().select().from(settings).where(eq(settings.key, STRIPE_KEYS_SETTING));
  return row?.value as Record<string, unknown> | undefined;
}

async function versionOnPage(who: SignedIn = manager) {
  const page = await (await http_.get(who, PATH)).text();
  const form = page.slice(page.indexOf('admin-stripe-keys'));
  return /name="version" value="([^"]+)"/.exec(form)![1]!;
}

function post(
  who: { cookie: string },
  intent: string,
  fields: Record<string, string | string[]> = {},
  security?: string,
) {
  const body = new URLSearchParams({ intent });
  body.set('security', security ?? nonceOf(who as SignedIn));
  for (const [name, value] of Object.entries(fields)) {
    for (const v of Array.isArray(value) ? value : [value]) body.append(name, v);
  }
  return http_.post(who, PATH, body.toString());
}

const save = (fields: Record<string, string | string[]> = KEYS, who = manager) =>
  post(who, 'stripe-keys-save', fields);

/** Any page of the storefront answers it; the sandbox's script only while the sandbox runs. */
async function sandboxScriptStatus() {
  await fetch(`${shop.url}/`);
  return (await fetch(`${shop.url}/__sandbox/stripe/stripe.js`)).status;
}

describe('Stripe keys', () => {
  it('stores the secrets encrypted, shows them masked and switches the sandbox off at once', async () => {
    const before = await (await http_.get(manager, PATH)).text();
    expect(before).toContain('Keine Schlüssel gespeichert');
    expect(await sandboxScriptStatus()).toBe(200);

    const res = await save();
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(`${PATH}?saved=keys#stripe-keys`);

    const row = JSON.stringify(await storedRow());
    expect(row).toContain(KEYS.publishable_key);
    expect(row).not.toContain(KEYS.secret_key);
    expect(row).not.toContain('SecretKeyAbcdef');
    expect(row).not.toContain(KEYS.webhook_secret);
    expect(row).not.toContain('SigningSecret');

    const page = await (await http_.get(manager, `${PATH}?saved=keys`)).text();
    expect(page).toContain('Die Stripe-Schlüssel wurden gespeichert');
    expect(page).toContain('sk_test_••••1234');
    expect(page).toContain('whsec_••••9876');
    expect(page).toContain(`value="${KEYS.publishable_key}"`);
    expect(page).not.toContain(KEYS.secret_key);
    expect(page).not.toContain(KEYS.webhook_secret);
    expect(page).toContain('Stripe läuft mit den hier gespeicherten Schlüsseln (Testmodus)');

    // The shop runs with them now, without a restart: the sandbox is gone.
    const setup = stripeSetup(shop.env);
    expect(setup).toMatchObject({
      mode: 'test',
      source: 'settings',
      publishableKey: KEYS.publishable_key,
      webhookSecret: KEYS.webhook_secret,
      sandboxScriptUrl: null,
    });
    expect(await sandboxScriptStatus()).toBe(404);
    const home = await (await fetch(`${shop.url}/`)).text();
    expect(home).not.toContain('test-mode-badge');

    // The audit log says what changed, never the secret.
    const entries = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'setting'), eq(auditLog.entityId, STRIPE_KEYS_SETTING)));
    expect(entries).toHaveLength(1);
    expect(entries[0]!.before).toEqual({
      publishableKey: 'none',
      secretKey: 'none',
      webhookSecret: 'none',
    });
    expect(entries[0]!.after).toEqual({
      publishableKey: KEYS.publishable_key,
      secretKey: 'set',
      webhookSecret: 'set',
    });
    expect(JSON.stringify(entries)).not.toContain('SecretKeyAbcdef');
    expect(page).toContain('Stripe: geheimer Schlüssel');

    // Removing them brings the sandbox back.
    const removed = await post(manager, 'stripe-keys-remove', { version: await versionOnPage() });
    expect(removed.headers.get('location')).toBe(`${PATH}?saved=keys_removed#stripe-keys`);
    expect(await storedRow()).toBeUndefined();
    expect(stripeSetup(shop.env).mode).toBe('sandbox');
    expect(await sandboxScriptStatus()).toBe(200);
  });

  it('keeps the stored secrets when their fields are left empty', async () => {
    await save();
    const stored = await storedRow();
    const unchanged = await save({ ...KEYS, secret_key: '', webhook_secret: '' });
    expect(unchanged.headers.get('location')).toBe(`${PATH}?saved=unchanged#stripe-keys`);
    expect(await storedRow()).toEqual(stored);

    const other = 'pk_test_51OtherPublishable';
    const changed = await save({ publishable_key: other, secret_key: '', webhook_secret: '' });
    expect(changed.headers.get('location')).toBe(`${PATH}?saved=keys#stripe-keys`);
    expect(stripeSetup(shop.env)).toMatchObject({
      publishableKey: other,
      webhookSecret: KEYS.webhook_secret,
    });
    const [last] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'setting'), eq(auditLog.entityId, STRIPE_KEYS_SETTING)))
      .orderBy(auditLog.id)
      .then((rows) => rows.slice(-1));
    expect(last!.after).toEqual({ publishableKey: other });

    const secret = await save({ ...KEYS, publishable_key: other, webhook_secret: '' });
    expect(secret.headers.get('location')).toBe(`${PATH}?saved=unchanged#stripe-keys`);
    const rotated = await save({ ...KEYS, secret_key: 'sk_test_51RotatedSecret5555' });
    expect(rotated.status).toBe(302);
    const page = await (await http_.get(manager, PATH)).text();
    expect(page).toContain('sk_test_••••5555');
    expect(page).toContain('geändert');
  });

  it('refuses keys of two modes, wrong prefixes, live keys outside production and hostile input', async () => {
    const cases: [Record<string, string | string[]>, string, string][] = [
      [
        { ...KEYS, publishable_key: 'pk_live_51PublishableAbcdef' },
        'stripe-publishable-key',
        'demselben Modus',
      ],
      [
        { ...KEYS, secret_key: 'pk_test_51SecretKeyAbcdef' },
        'stripe-secret-key',
        'kein geheimer Stripe-Schlüssel',
      ],
      [
        { ...KEYS, publishable_key: 'sk_test_51Abcdefghijk' },
        'stripe-publishable-key',
        'kein veröffentlichbarer',
      ],
      [{ ...KEYS, webhook_secret: 'secret_12345678' }, 'stripe-webhook-secret', 'whsec_'],
      [
        {
          publishable_key: 'pk_live_51Abcdefghijk',
          secret_key: 'sk_live_51Abcdefghijk1234',
          webhook_secret: '',
        },
        'stripe-secret-key',
        'Live-Schlüssel gelten nur im Produktivbetrieb',
      ],
      [{ ...KEYS, secret_key: '' }, 'stripe-secret-key', 'beide Schlüssel'],
      [{ ...KEYS, secret_key: 'sk_test_a\u0007b12345678' }, 'stripe-secret-key', 'Steuerzeichen'],
      // A NUL byte is refused before any field is read.
      [
        { ...KEYS, secret_key: 'sk_test_a\u0000b12345678' },
        '',
        'Ungültiger Parameter: secret_key.',
      ],
      [
        { ...KEYS, publishable_key: TEN_KB },
        'stripe-publishable-key',
        'mehrfach oder in falscher Form',
      ],
      [
        { ...KEYS, secret_key: [KEYS.secret_key, KEYS.secret_key] },
        'stripe-secret-key',
        'mehrfach',
      ],
      [{ ...KEYS, 'secret_key[]': KEYS.secret_key }, '', 'mehrfach'],
      [
        { ...KEYS, publishable_key: '"><script>alert(1)</script>' },
        'stripe-publishable-key',
        'pk_test_',
      ],
    ];
    for (const [fields, field, text] of cases) {
      const res = await save(fields);
      expect(res.status, JSON.stringify(fields).slice(0, 80)).toBe(400);
      const page = await res.text();
      expect(page).toContain(text);
      if (field) expect(page).toContain(`id="${field}" aria-invalid="true"`);
      expect(page).not.toContain('<script>alert(1)');
    }
    expect(await storedRow()).toBeUndefined();
    expect(stripeSetup(shop.env).mode).toBe('sandbox');
    const en = await save(
      { ...KEYS, publishable_key: 'pk_live_51PublishableAbcdef' },
      {
        ...manager,
        cookie: `lang=en; ${manager.cookie}`,
      },
    );
    expect(await en.text()).toContain('Both keys must be of the same mode');
    const expired = await post(manager, 'stripe-keys-save', KEYS, 'forged');
    expect(expired.status).toBe(403);
    expect(await storedRow()).toBeUndefined();
  });

  it('tests the connection with the keys as typed or stored, saving nothing', async () => {
    const ok = await post(manager, 'stripe-keys-test', KEYS);
    expect(ok.status).toBe(200);
    const page = await ok.text();
    expect(page).toContain('Verbindung in Ordnung: Testmodus, Konto Kerzenladen (acct_1Fake).');
    expect(page).toContain(`value="${KEYS.publishable_key}"`);
    expect(page).not.toContain(KEYS.secret_key);
    expect(seen.at(-1)).toBe(`GET /v1/account Bearer ${KEYS.secret_key}`);
    expect(await storedRow()).toBeUndefined();

    const bad = await post(manager, 'stripe-keys-test', {
      ...KEYS,
      secret_key: 'sk_test_51RevokedKey0000',
    });
    expect(bad.status).toBe(200);
    expect(await bad.text()).toContain('Stripe lehnt den geheimen Schlüssel ab');

    // With the fields left empty, the stored secret is tried.
    await save();
    const stored = await post(manager, 'stripe-keys-test', { ...KEYS, secret_key: '' });
    expect(await stored.text()).toContain('Verbindung in Ordnung');

    const english = { ...manager, cookie: `lang=en; ${manager.cookie}` };
    const en = await post(english, 'stripe-keys-test', KEYS);
    expect(await en.text()).toContain(
      'Connection OK: test mode, account Kerzenladen (acct_1Fake).',
    );

    // Nothing listens there any more: unreachable, answered within the timeout.
    const closed = http.createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as { port: number }).port;
    await new Promise((r) => closed.close(r));
    setStripeEndpoint(shop.env, { host: '127.0.0.1', port, protocol: 'http' });
    try {
      const down = await post(manager, 'stripe-keys-test', KEYS);
      expect(await down.text()).toContain('Stripe ist nicht erreichbar');
    } finally {
      setStripeEndpoint(shop.env, {
        host: '127.0.0.1',
        port: (fake.address() as { port: number }).port,
        protocol: 'http',
      });
    }
  });

  it('refuses a save over a newer change, and sees another instance’s change within the cache time', async () => {
    const version = await versionOnPage();
    await save();
    const late = await save({ ...KEYS, version });
    expect(late.status).toBe(409);
    expect(await late.text()).toContain('Jemand anderes hat die Stripe-Schlüssel geändert');

    // Another instance stores other keys straight into the shared database.
    const other = 'pk_test_51FromAnotherInstance';
    await db()
      .update(settings)
      .set({
        value: {
          publishableKey: other,
          secretKey: encryptSecret('sk_test_51AnotherSecret', shop.env.API_KEY_SECRET),
          webhookSecret: null,
        },
      })
      .where(eq(settings.key, STRIPE_KEYS_SETTING));
    await expect
      .poll(
        async () => {
          await fetch(`${shop.url}/`);
          return stripeSetup(shop.env).publishableKey;
        },
        { timeout: 15_000, interval: 500 },
      )
      .toBe(other);
  });

  it('shows the 404 page to customers and visitors, for the page and the keys form', async () => {
    const customer = await signedInCustomer(db());
    for (const who of [{ cookie: '' }, customer]) {
      expect((await http_.get(who, PATH)).status).toBe(404);
      for (const intent of ['stripe-keys-save', 'stripe-keys-test', 'stripe-keys-remove']) {
        expect((await post(who, intent, KEYS, 'x')).status).toBe(404);
      }
    }
    expect(await storedRow()).toBeUndefined();
  });
});

describe('Stripe keys from the environment', () => {
  it('win over stored keys: the page shows them masked and read-only and refuses a save', async () => {
    const envShop = await startTestShop({
      env: {
        STRIPE_SECRET_KEY: 'sk_test_51EnvironmentKey7777',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_51EnvironmentKey',
        STRIPE_WEBHOOK_SECRET: 'whsec_EnvironmentSecret3333',
      },
    });
    try {
      const requests = customerRequests(() => envShop.url);
      const who = await signedInCustomer(envShop.database.db, { role: 'administrator' });
      const page = await (await requests.get(who, PATH)).text();
      expect(page).toContain('Die Schlüssel kommen aus der Umgebung');
      expect(page).toContain('sk_test_••••7777');
      expect(page).toContain('whsec_••••3333');
      expect(page).not.toContain('EnvironmentKey7777');
      expect(page).not.toContain('name="secret_key"');
      const security = sessionNonce({ idHash: who.idHash } as never, envShop.env);
      const body = new URLSearchParams({ intent: 'stripe-keys-save', security, ...KEYS });
      const res = await requests.post(who, PATH, body.toString());
      expect(res.status).toBe(409);
      expect(await res.text()).toContain('lassen sich hier nicht ändern');
      expect(stripeSetup(envShop.env)).toMatchObject({
        source: 'environment',
        publishableKey: 'pk_test_51EnvironmentKey',
      });
    } finally {
      await envShop.close();
    }
  }, 120_000);
});
