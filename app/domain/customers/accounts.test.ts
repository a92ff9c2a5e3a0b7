import { hash } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { activateCustomer, authenticate, registerCustomer } from './accounts.server.ts';
import { DEFAULT_ACCOUNT_SETTINGS } from './account-settings.server.ts';
import { customers, loginFailures } from './customers.schema.ts';
import { blacklistWords, passwordStrength, strengthName } from './password-strength.ts';
import { ARGON2_OPTIONS, hashPassword, needsRehash, verifyPassword } from './passwords.server.ts';
import {
  handle,
  STRONG,
  ctx,
  nextEmail,
  newCustomer,
  withAccountDatabase,
} from '../../../tests/support/account-domain.ts';

withAccountDatabase();

describe('password hashing', () => {
  it('hashes with argon2id, 64 MiB and three passes in one lane, and verifies', async () => {
    const hash = await hashPassword('geheim-genug-123');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=65536,t=3,p=1\$/);
    expect(ARGON2_OPTIONS).toMatchObject({ memoryCost: 65_536, timeCost: 3, parallelism: 1 });
    expect(needsRehash(hash)).toBe(false);
    expect(needsRehash('$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2g')).toBe(true);
    expect(await verifyPassword(hash, 'geheim-genug-123')).toBe(true);
    expect(await verifyPassword(hash, 'geheim-genug-124')).toBe(false);
  });

  it('refuses without a stored hash, after checking a dummy hash', async () => {
    expect(await verifyPassword(null, 'whatever')).toBe(false);
    expect(await verifyPassword('not a hash', 'whatever')).toBe(false);
  });

  it('keeps the event loop free while hashing', async () => {
    let ticks = 0;
    const timer = setInterval(() => (ticks += 1), 1);
    await Promise.all([hashPassword('a-b-c-d-1'), hashPassword('a-b-c-d-2')]);
    clearInterval(timer);
    expect(ticks).toBeGreaterThan(0);
  });
});

describe('password strength', () => {
  it('names the levels as the meter shows them', () => {
    expect([0, 1, 2, 3, 4, 5].map((l) => strengthName(l as 0))).toEqual([
      'short',
      'bad',
      'bad',
      'good',
      'strong',
      'mismatch',
    ]);
  });

  it('rates weak and strong passwords and a differing confirmation', async () => {
    expect(await passwordStrength('password', { locale: 'en' })).toBe(0);
    expect(await passwordStrength(STRONG, { locale: 'de' })).toBeGreaterThanOrEqual(3);
    expect(await passwordStrength(STRONG, { locale: 'de', confirmation: 'other' })).toBe(5);
  });

  it('counts blacklist words from four characters and weakens passwords built on them', async () => {
    expect(blacklistWords(['Ladenzeile', 'max.mustermann@web.de', 'Al'])).toEqual(
      expect.arrayContaining(['ladenzeile', 'mustermann', 'max.mustermann@web.de']),
    );
    expect(blacklistWords(['Al Bo'])).toEqual(['al bo']);
    const plain = await passwordStrength('Mustermann!Hafen', { locale: 'de' });
    const listed = await passwordStrength('Mustermann!Hafen', {
      locale: 'de',
      blacklist: blacklistWords(['mustermann@example.org', 'Hafen']),
    });
    expect(listed).toBeLessThan(plain);
  });
});

describe('registration and login', () => {
  it('refuses a weak password on the server too', async () => {
    const result = await registerCustomer(
      handle.db,
      { email: nextEmail(), password: '123456' },
      ctx,
    );
    expect(result).toMatchObject({ ok: false, error: { code: 'account.error.password_weak' } });
  });

  it('answers an existing address without creating a second account', async () => {
    const email = nextEmail();
    await newCustomer(email);
    const again = await registerCustomer(
      handle.db,
      { email: email.toUpperCase(), password: STRONG },
      ctx,
    );
    expect(again).toMatchObject({ ok: true, value: { kind: 'exists' } });
    const rows = await handle.db.select().from(customers).where(eq(customers.email, email));
    expect(rows).toHaveLength(1);
  });

  it('with double opt-in keeps the account pending until the link is followed, once', async () => {
    const email = nextEmail();
    const optIn = { ...ctx, settings: { ...ctx.settings, doubleOptIn: true } };
    const result = await registerCustomer(handle.db, { email, password: STRONG }, optIn);
    if (!result.ok || result.value.kind !== 'created') throw new Error('not created');
    const token = result.value.activationToken!;
    const attempt = { email, password: STRONG, address: '10.0.0.1' };
    expect(await authenticate(handle.db, attempt, ctx)).toMatchObject({
      ok: false,
      error: { code: 'account.error.not_activated' },
    });
    expect((await activateCustomer(handle.db, token)).ok).toBe(true);
    expect((await activateCustomer(handle.db, token)).ok).toBe(false);
    expect((await authenticate(handle.db, attempt, ctx)).ok).toBe(true);
  });

  it('gives an unknown address and a wrong password the same failure', async () => {
    const known = await newCustomer();
    const wrong = await authenticate(
      handle.db,
      { email: known.email, password: 'falsch', address: '10.0.0.2' },
      ctx,
    );
    const unknown = await authenticate(
      handle.db,
      { email: nextEmail(), password: 'falsch', address: '10.0.0.2' },
      ctx,
    );
    expect(wrong).toEqual(unknown);
    expect(wrong).toMatchObject({ ok: false, error: { code: 'account.error.login_failed' } });
  });

  it('hashes a password of older parameters anew after a successful login', async () => {
    const customer = await newCustomer();
    const older = await hash(STRONG, {
      algorithm: 2,
      memoryCost: 19_456,
      timeCost: 2,
      parallelism: 1,
    });
    await handle.db
      .update(customers)
      .set({ passwordHash: older })
      .where(eq(customers.id, customer.id));
    const attempt = { email: customer.email, password: STRONG, address: '10.0.3.1' };
    expect((await authenticate(handle.db, attempt, ctx)).ok).toBe(true);
    const stored = async () =>
      (await handle.db.select().from(customers).where(eq(customers.id, customer.id)))[0]!
        .passwordHash!;
    await expect.poll(async () => needsRehash(await stored())).toBe(false);
    expect(await stored()).not.toBe(older);
    expect((await authenticate(handle.db, attempt, ctx)).ok).toBe(true);
    // A wrong password changes nothing.
    const upgraded = await stored();
    await authenticate(handle.db, { ...attempt, password: 'falsch' }, ctx);
    expect(await stored()).toBe(upgraded);
  });
});

describe('login throttle', () => {
  it('blocks an address without an account exactly like one with an account', async () => {
    const blockedAfterFailures = async (
      email: string,
      net: number,
      given: { settings?: typeof ctx.settings },
    ) => {
      for (let i = 0; i < DEFAULT_ACCOUNT_SETTINGS.throttle.perAccount; i++) {
        await authenticate(handle.db, { email, password: 'x', address: `10.7.${net}.${i}` }, given);
      }
      return authenticate(handle.db, { email, password: STRONG, address: `10.7.${net}.99` }, given);
    };
    // With the settings given, and with the stored ones read in the account's own statement.
    for (const [k, given] of [ctx, {}].entries()) {
      const known = await blockedAfterFailures((await newCustomer()).email, 2 * k, given);
      const unknown = await blockedAfterFailures(nextEmail(), 2 * k + 1, given);
      expect(known).toMatchObject({
        ok: false,
        error: { kind: 'rate_limited', code: 'account.error.too_many_attempts' },
      });
      expect(unknown).toEqual(known);
    }
  });

  it('blocks an account after the allowed failures, even with the right password', async () => {
    const customer = await newCustomer();
    for (let i = 0; i < ctx.settings.throttle.perAccount; i++) {
      await authenticate(
        handle.db,
        { email: customer.email, password: 'x', address: `10.1.0.${i}` },
        ctx,
      );
    }
    const blocked = await authenticate(
      handle.db,
      { email: customer.email, password: STRONG, address: '10.1.1.1' },
      ctx,
    );
    expect(blocked).toMatchObject({
      ok: false,
      error: { kind: 'rate_limited', code: 'account.error.too_many_attempts' },
    });
    expect(Number(blocked.ok ? 0 : blocked.error.params?.minutes)).toBeGreaterThan(0);
  });

  it('blocks a client address that tries many accounts', async () => {
    const limits = {
      ...ctx,
      settings: { ...ctx.settings, throttle: { ...ctx.settings.throttle, perAddress: 3 } },
    };
    for (let i = 0; i < 3; i++) {
      await authenticate(
        handle.db,
        { email: nextEmail(), password: 'x', address: '10.2.0.1' },
        limits,
      );
    }
    const customer = await newCustomer();
    const blocked = await authenticate(
      handle.db,
      { email: customer.email, password: STRONG, address: '10.2.0.1' },
      limits,
    );
    expect(blocked).toMatchObject({ ok: false, error: { kind: 'rate_limited' } });
    const elsewhere = await authenticate(
      handle.db,
      { email: customer.email, password: STRONG, address: '10.2.0.2' },
      limits,
    );
    expect(elsewhere.ok).toBe(true);
  });

  it('forgives the account after a successful login', async () => {
    const customer = await newCustomer();
    await authenticate(
      handle.db,
      { email: customer.email, password: 'x', address: '10.3.0.1' },
      ctx,
    );
    await authenticate(
      handle.db,
      { email: customer.email, password: STRONG, address: '10.3.0.1' },
      ctx,
    );
    const left = await handle.db
      .select()
      .from(loginFailures)
      .where(eq(loginFailures.subject, customer.email));
    expect(left).toHaveLength(0);
  });
});
