import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, parseEnv } from './env.server.ts';

const dirs: string[] = [];
const tmp = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'env-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('configuration', () => {
  it('has working defaults and generates a session secret once outside production', () => {
    const dir = tmp();
    const first = parseEnv({ DATA_DIR: dir });
    expect(first).toMatchObject({
      PORT: 3000,
      HOST: '0.0.0.0',
      SHOP_LOCALE: 'de',
      SHOP_CURRENCY: 'EUR',
      SHOP_URL: 'http://localhost:3000',
    });
    expect(first.SESSION_SECRET.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dir, 'session-secret'), 'utf8')).toBe(first.SESSION_SECRET);
    expect(parseEnv({ DATA_DIR: dir }).SESSION_SECRET).toBe(first.SESSION_SECRET);
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ SHOP_LOCALE: 'fr' }, 'SHOP_LOCALE'],
    [{ SHOP_CURRENCY: 'euro' }, 'SHOP_CURRENCY'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ SHOP_URL: 'not a url' }, 'SHOP_URL'],
    [{ SESSION_SECRET: 'short' }, 'SESSION_SECRET'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL'],
    [{ TRUST_PROXY: 'maybe' }, 'TRUST_PROXY'],
    [{ STRIPE_SECRET_KEY: 'pk_test_abcdefghijk' }, 'STRIPE_SECRET_KEY'],
    [{ STRIPE_PUBLISHABLE_KEY: 'sk_test_abcdefghijk' }, 'STRIPE_PUBLISHABLE_KEY'],
    [{ STRIPE_WEBHOOK_SECRET: 'secret' }, 'STRIPE_WEBHOOK_SECRET'],
  ])('names the variable in the error for %o', (values, name) => {
    expect(() => parseEnv({ DATA_DIR: tmp(), ...values })).toThrow(ConfigError);
    expect(() => parseEnv({ DATA_DIR: tmp(), ...values })).toThrow(
      new RegExp(`^Invalid configuration: ${name} `),
    );
  });

  it('requires a session secret in production and writes none', () => {
    const dir = tmp();
    expect(() => parseEnv({ NODE_ENV: 'production', DATA_DIR: dir })).toThrow(
      /SESSION_SECRET is required in production/,
    );
    expect(existsSync(path.join(dir, 'session-secret'))).toBe(false);
  });

  it('takes the shop mode from SHOP_ENV when the libraries run with NODE_ENV=production', () => {
    const env = parseEnv({ NODE_ENV: 'production', SHOP_ENV: 'development', DATA_DIR: tmp() });
    expect(env.NODE_ENV).toBe('development');
  });

  it('treats empty variables as unset', () => {
    expect(parseEnv({ DATA_DIR: tmp(), PORT: '', DATABASE_URL: '' })).toMatchObject({
      PORT: 3000,
      DATABASE_URL: undefined,
    });
  });

  it('takes Stripe keys only as a set of one mode', () => {
    const keys = {
      STRIPE_SECRET_KEY: 'sk_test_51Abcdefghijklmnop',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_51Abcdefghijklmnop',
    };
    expect(parseEnv({ DATA_DIR: tmp(), ...keys })).toMatchObject(keys);
    expect(() => parseEnv({ DATA_DIR: tmp(), STRIPE_SECRET_KEY: keys.STRIPE_SECRET_KEY })).toThrow(
      /STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY are set together/,
    );
    expect(() =>
      parseEnv({ DATA_DIR: tmp(), ...keys, STRIPE_PUBLISHABLE_KEY: 'pk_live_51Abcdefghijklmnop' }),
    ).toThrow(/same mode/);
    expect(() =>
      parseEnv({
        DATA_DIR: tmp(),
        ...keys,
        NODE_ENV: 'production',
        SESSION_SECRET: 'x'.repeat(40),
      }),
    ).toThrow(/STRIPE_WEBHOOK_SECRET is required in production/);
  });
});
