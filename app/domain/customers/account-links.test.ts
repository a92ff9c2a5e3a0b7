import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  activateCustomer,
  authenticate,
  confirmEmailChange,
  registerCustomer,
  requestPasswordReset,
  resetPassword,
  saveAddress,
  updateAccountDetails,
} from './accounts.server.ts';
import { customerTokens, customers } from './customers.schema.ts';
import { consumeToken, issueToken, peekToken, purgeTokens } from './tokens.server.ts';
import {
  handle,
  STRONG,
  ctx,
  nextEmail,
  newCustomer,
  withAccountDatabase,
} from '../../../tests/support/account-domain.ts';

/** Mailed links (activation, reset, e-mail change) and the account details they guard. */

withAccountDatabase();

describe('mailed links', () => {
  it('stores only a hash, works once and not after expiry', async () => {
    const customer = await newCustomer();
    const token = await issueToken(handle.db, customer.id, 'reset');
    const [row] = await handle.db
      .select()
      .from(customerTokens)
      .where(eq(customerTokens.customerId, customer.id));
    expect(row!.tokenHash).not.toContain(token);
    expect(JSON.stringify(row)).not.toContain(token);
    expect(await peekToken(handle.db, token, 'activate')).toBeNull();
    expect(await consumeToken(handle.db, token, 'reset')).toMatchObject({
      customerId: customer.id,
    });
    expect(await consumeToken(handle.db, token, 'reset')).toBeNull();
    const later = await issueToken(handle.db, customer.id, 'reset');
    const inTwoHours = new Date(Date.now() + 2 * 3_600_000);
    expect(await consumeToken(handle.db, later, 'reset', inTwoHours)).toBeNull();
    expect(await purgeTokens(handle.db, new Date(Date.now() + 3 * 86_400_000))).toBeGreaterThan(0);
  });

  it('only the latest reset link works', async () => {
    const customer = await newCustomer();
    const first = await issueToken(handle.db, customer.id, 'reset');
    const second = await issueToken(handle.db, customer.id, 'reset');
    expect(await peekToken(handle.db, first, 'reset')).toBeNull();
    expect(await peekToken(handle.db, second, 'reset')).not.toBeNull();
  });

  it('resets a password through the link, once', async () => {
    const customer = await newCustomer();
    const found = await requestPasswordReset(handle.db, customer.email);
    expect(await requestPasswordReset(handle.db, nextEmail())).toBeNull();
    const input = {
      token: found!.token,
      password: 'Neues-Fahrrad-Winter-42',
      confirmation: 'Neues-Fahrrad-Winter-42',
    };
    expect(await resetPassword(handle.db, { ...input, confirmation: 'x' }, ctx)).toMatchObject({
      ok: false,
      error: { code: 'account.error.password_mismatch' },
    });
    expect((await resetPassword(handle.db, input, ctx)).ok).toBe(true);
    expect(await resetPassword(handle.db, input, ctx)).toMatchObject({
      ok: false,
      error: { code: 'account.error.link_invalid' },
    });
    const login = await authenticate(
      handle.db,
      { email: customer.email, password: input.password, address: '10.4.0.1' },
      ctx,
    );
    expect(login.ok).toBe(true);
  });
});

describe('a link used twice at the same moment', () => {
  const AT_ONCE = 4;

  it('is claimed by exactly one of the simultaneous uses, for every purpose', async () => {
    for (const purpose of ['reset', 'activate', 'email_change'] as const) {
      const customer = await newCustomer();
      const token = await issueToken(handle.db, customer.id, purpose, { newEmail: nextEmail() });
      const claims = await Promise.all(
        Array.from({ length: AT_ONCE }, () => consumeToken(handle.db, token, purpose)),
      );
      expect(
        claims.filter((c) => c !== null),
        purpose,
      ).toHaveLength(1);
    }
  });

  it('resets the password once, to the one password that won', async () => {
    const customer = await newCustomer();
    const { token } = (await requestPasswordReset(handle.db, customer.email))!;
    const passwords = Array.from({ length: AT_ONCE }, (_, i) => `Neues-Fahrrad-Winter-4${i}`);
    const results = await Promise.all(
      passwords.map((password) =>
        resetPassword(handle.db, { token, password, confirmation: password }, ctx),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    for (const refused of results.filter((r) => !r.ok)) {
      expect(refused).toMatchObject({ error: { code: 'account.error.link_invalid' } });
    }
    const winner = passwords[results.findIndex((r) => r.ok)]!;
    const logins = await Promise.all(
      passwords.map((password, i) =>
        authenticate(handle.db, { email: customer.email, password, address: `10.8.0.${i}` }, ctx),
      ),
    );
    expect(logins.map((l) => l.ok)).toEqual(passwords.map((p) => p === winner));
  });

  it('activates an account once', async () => {
    const registered = await registerCustomer(
      handle.db,
      { email: nextEmail(), password: STRONG },
      { ...ctx, settings: { ...ctx.settings, doubleOptIn: true } },
    );
    if (!registered.ok || registered.value.kind !== 'created') throw new Error('not registered');
    const token = registered.value.activationToken!;
    const results = await Promise.all(
      Array.from({ length: AT_ONCE }, () => activateCustomer(handle.db, token)),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
  });

  it('changes the e-mail address once', async () => {
    const customer = await newCustomer();
    const newEmail = nextEmail();
    const token = await issueToken(handle.db, customer.id, 'email_change', { newEmail });
    const results = await Promise.all(
      Array.from({ length: AT_ONCE }, () => confirmEmailChange(handle.db, token)),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    const [row] = await handle.db.select().from(customers).where(eq(customers.id, customer.id));
    expect(row!.email).toBe(newEmail);
  });
});

describe('account details', () => {
  it('changes the email only through the link mailed to the new address', async () => {
    const customer = await newCustomer();
    const newEmail = nextEmail();
    const details = {
      firstName: 'Erika',
      lastName: 'Muster',
      displayName: 'Erika',
      email: newEmail,
      currentPassword: '',
      newPassword: '',
      confirmation: '',
    };
    const changed = await updateAccountDetails(handle.db, customer.id, details, ctx);
    if (!changed.ok) throw new Error('refused');
    expect(changed.value.customer.email).toBe(customer.email);
    expect((await confirmEmailChange(handle.db, changed.value.emailChange!.token)).ok).toBe(true);
    const [row] = await handle.db.select().from(customers).where(eq(customers.id, customer.id));
    expect(row!.email).toBe(newEmail);
  });

  it('refuses the confirmation when the address got an account meanwhile', async () => {
    const customer = await newCustomer();
    const taken = nextEmail();
    const changed = await updateAccountDetails(
      handle.db,
      customer.id,
      {
        firstName: 'A',
        lastName: 'B',
        displayName: 'AB',
        email: taken,
        currentPassword: '',
        newPassword: '',
        confirmation: '',
      },
      ctx,
    );
    await newCustomer(taken);
    const result = await confirmEmailChange(
      handle.db,
      changed.ok ? changed.value.emailChange!.token : '',
    );
    expect(result).toMatchObject({ ok: false, error: { code: 'account.error.email_taken' } });
  });

  it('changes the password only with the current one', async () => {
    const customer = await newCustomer();
    const base = { firstName: 'A', lastName: 'B', displayName: 'AB', email: customer.email };
    const wrong = await updateAccountDetails(
      handle.db,
      customer.id,
      {
        ...base,
        currentPassword: 'nope',
        newPassword: 'Neues-Fahrrad-Winter-42',
        confirmation: 'Neues-Fahrrad-Winter-42',
      },
      ctx,
    );
    expect(wrong).toMatchObject({ ok: false, error: { params: { field: 'password_current' } } });
    const right = await updateAccountDetails(
      handle.db,
      customer.id,
      {
        ...base,
        currentPassword: STRONG,
        newPassword: 'Neues-Fahrrad-Winter-42',
        confirmation: 'Neues-Fahrrad-Winter-42',
      },
      ctx,
    );
    expect(right).toMatchObject({ ok: true, value: { passwordChanged: true } });
  });

  it('saves addresses under the country rules', async () => {
    const customer = await newCustomer();
    const address = {
      first_name: 'Erika',
      last_name: 'Muster',
      country: 'DE',
      address_1: 'Hauptstr. 1',
      postcode: '1234',
      city: 'Berlin',
    };
    expect(await saveAddress(handle.db, customer.id, 'billing', address, 'de')).toMatchObject({
      ok: false,
      error: { code: 'shipping.error.invalid_postcode', params: { field: 'billing_postcode' } },
    });
    const saved = await saveAddress(
      handle.db,
      customer.id,
      'shipping',
      { ...address, postcode: '10115' },
      'de',
    );
    expect(saved).toMatchObject({ ok: true, value: { postcode: '10115', country: 'DE' } });
  });
});
