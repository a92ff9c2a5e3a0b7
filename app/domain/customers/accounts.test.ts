import { hash } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '#app/lib/db.server.ts';
import { createOrder, createProduct, createReview } from '#db/seed/factories.ts';
import { orders } from '#app/domain/orders/orders.schema.ts';
import { cartItems, carts } from '#app/domain/cart/cart.schema.ts';
import { addItem, loadCart } from '#app/domain/cart/cart.server.ts';
import { keepCustomerCarts, mergeCartsOnLogin } from '#app/domain/cart/cart-login.server.ts';
import { sessions } from '#app/domain/sessions/sessions.schema.ts';
import { reviews } from '#app/domain/reviews/reviews.schema.ts';
import { openTestDatabase } from '../../../tests/support/database.ts';
import { DEFAULT_ACCOUNT_SETTINGS } from './account-settings.server.ts';
import {
  type AccountContext,
  activateCustomer,
  authenticate,
  confirmEmailChange,
  registerCustomer,
  requestPasswordReset,
  resetPassword,
  saveAddress,
  updateAccountDetails,
} from './accounts.server.ts';
import { anonymiseCustomer } from '#app/domain/privacy/anonymise.server.ts';
import {
  orderAttributionOf,
  recordOrderAttribution,
} from '#app/domain/attribution/attribution.server.ts';
import { customerTokens, customers, loginFailures } from './customers.schema.ts';
import { exportCustomer } from '#app/domain/privacy/export.server.ts';
import { blacklistWords, passwordStrength, strengthName } from './password-strength.ts';
import { ARGON2_OPTIONS, hashPassword, needsRehash, verifyPassword } from './passwords.server.ts';
import { ensureShopManager } from './shop-manager.server.ts';
import { consumeToken, issueToken, peekToken, purgeTokens } from './tokens.server.ts';

let handle: DatabaseHandle;
const STRONG = 'Kaffee-Tasse-Mond-7';
const ctx: AccountContext = {
  settings: { ...DEFAULT_ACCOUNT_SETTINGS, doubleOptIn: false },
  locale: 'de',
  shopName: 'Ladenzeile',
};
let counter = 0;
const nextEmail = () => `kunde${++counter}-${Date.now()}@example.org`;

async function newCustomer(email = nextEmail(), password = STRONG) {
  const result = await registerCustomer(handle.db, { email, password }, ctx);
  if (!result.ok || result.value.kind !== 'created') throw new Error('registration failed');
  return result.value.customer;
}

async function session(customerId: number | null = null) {
  const idHash = `account-test-${++counter}`;
  await handle.db
    .insert(sessions)
    .values({ idHash, customerId, expiresAt: new Date(Date.now() + 86_400_000) });
  return { idHash, customerId };
}

beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(async () => {
  await handle.close();
});

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

describe('cart on login and logout', () => {
  it('merges the saved cart into the guest cart within the product limits', async () => {
    const db = handle.db;
    const customer = await newCustomer();
    const limited = await createProduct(db, {
      name: { de: 'Begrenzt' },
      regularPrice: 100,
      maxQuantity: 3,
    });
    const plain = await createProduct(db, { name: { de: 'Schlicht' }, regularPrice: 200 });
    const money = { currency: 'EUR', locale: 'de' as const };
    // Last visit: logged in, two of the limited product, then logged out.
    const earlier = await session(customer.id);
    await addItem(db, earlier, { id: limited.product.id, quantity: 2 }, money);
    await keepCustomerCarts(db, { customerId: customer.id, idHash: earlier.idHash });
    await db.delete(sessions).where(eq(sessions.idHash, earlier.idHash));
    // Now, as a guest: two more of it and something else.
    const guest = await session();
    await addItem(db, guest, { id: limited.product.id, quantity: 2 }, money);
    await addItem(db, guest, { id: plain.product.id, quantity: 1 }, money);
    const next = await session(customer.id);
    const outcome = await mergeCartsOnLogin(db, {
      fromIdHash: guest.idHash,
      toIdHash: next.idHash,
      customerId: customer.id,
    });
    expect(outcome.limited).toEqual([limited.product.id]);
    const cart = await loadCart(db, next, money);
    const quantities = Object.fromEntries(cart.lines.map((l) => [l.productId, l.quantity]));
    expect(quantities).toEqual({ [limited.product.id]: 3, [plain.product.id]: 1 });
    const saved = await db.select().from(carts).where(eq(carts.customerId, customer.id));
    expect(saved).toHaveLength(1);
  });

  it('gives back the saved cart when the guest has none', async () => {
    const db = handle.db;
    const customer = await newCustomer();
    const product = await createProduct(db, { name: { de: 'Gemerkt' }, regularPrice: 100 });
    const earlier = await session(customer.id);
    await addItem(
      db,
      earlier,
      { id: product.product.id, quantity: 1 },
      { currency: 'EUR', locale: 'de' },
    );
    await keepCustomerCarts(db, { customerId: customer.id, idHash: earlier.idHash });
    await db.delete(sessions).where(eq(sessions.idHash, earlier.idHash));
    const next = await session(customer.id);
    await mergeCartsOnLogin(db, {
      fromIdHash: null,
      toIdHash: next.idHash,
      customerId: customer.id,
    });
    const cart = await loadCart(db, next, { currency: 'EUR', locale: 'de' });
    expect(cart.lines.map((l) => l.quantity)).toEqual([1]);
  });
});

describe('deletion and export', () => {
  it('exports everything about the customer without secrets', async () => {
    const db = handle.db;
    const customer = await newCustomer();
    await saveAddress(
      db,
      customer.id,
      'billing',
      {
        first_name: 'Erika',
        last_name: 'Muster',
        country: 'DE',
        address_1: 'Hauptstr. 1',
        postcode: '10115',
        city: 'Berlin',
      },
      'de',
    );
    const product = await createProduct(db, { name: { de: 'Bewertet' }, regularPrice: 100 });
    await createReview(db, {
      productId: product.product.id,
      email: customer.email,
      author: 'Erika',
      rating: 5,
    });
    const live = await session(customer.id);
    await addItem(
      db,
      live,
      { id: product.product.id, quantity: 2 },
      { currency: 'EUR', locale: 'de' },
    );
    const exported = await exportCustomer(db, customer.id);
    expect(exported).toMatchObject({
      account: { email: customer.email },
      addresses: { billing: { city: 'Berlin' } },
      reviews: [{ rating: 5 }],
      carts: [{ items: [{ productId: product.product.id, quantity: 2 }] }],
      orders: [],
    });
    expect(exported!.sessions).toHaveLength(1);
    const text = JSON.stringify(exported);
    expect(text).not.toContain('argon2');
    expect(text).not.toContain(live.idHash);
  });

  it('removes the person and keeps orders anonymised where an orders table exists', async () => {
    const db = handle.db;
    const customer = await newCustomer();
    const product = await createProduct(db, { name: { de: 'Anonym' }, regularPrice: 100 });
    await createReview(db, {
      productId: product.product.id,
      email: customer.email,
      author: 'Erika',
    });
    const live = await session(customer.id);
    await addItem(
      db,
      live,
      { id: product.product.id, quantity: 1 },
      { currency: 'EUR', locale: 'de' },
    );
    const order = await createOrder(db, {
      customerId: customer.id,
      email: customer.email,
      productIds: [product.product.id],
      customerNote: 'Bitte beim Nachbarn abgeben',
    });
    await recordOrderAttribution(db, order.id, { source_type: 'utm', user_agent: 'Mozilla/5.0' });
    expect(await orderAttributionOf(db, order.id)).toMatchObject({ source_type: 'utm' });
    expect(await anonymiseCustomer(db, customer.id)).toBe(true);
    expect(await orderAttributionOf(db, order.id)).toEqual({});
    expect(await db.select().from(customers).where(eq(customers.id, customer.id))).toEqual([]);
    expect(await db.select().from(sessions).where(eq(sessions.customerId, customer.id))).toEqual(
      [],
    );
    expect(await db.select().from(carts).where(eq(carts.customerId, customer.id))).toEqual([]);
    expect(
      await db.select().from(cartItems).where(eq(cartItems.productId, product.product.id)),
    ).toEqual([]);
    const [review] = await db
      .select()
      .from(reviews)
      .where(eq(reviews.productId, product.product.id));
    expect(review).toMatchObject({ email: '', author: '—' });
    const [kept] = await db.select().from(orders).where(eq(orders.id, order.id));
    expect(kept).toMatchObject({ customerId: null, customerNote: '', total: order.total });
    // The invoice keeps name and postal address; email and phone go.
    expect(kept!.billingAddress).toMatchObject({ last_name: 'Mustermann', city: 'Leipzig' });
    expect(kept!.billingAddress).not.toHaveProperty('email');
    expect(kept!.billingAddress).not.toHaveProperty('phone');
    expect(kept!.shippingAddress).not.toHaveProperty('phone');
  });
});

describe('shop manager', () => {
  it('is created once with its password and keeps a changed one', async () => {
    const email = nextEmail();
    expect(await ensureShopManager(handle.db, { email, password: 'Verwalter-Schluessel-9' })).toBe(
      true,
    );
    expect(await ensureShopManager(handle.db, { email, password: 'anderes-passwort-123' })).toBe(
      false,
    );
    const login = await authenticate(
      handle.db,
      { email, password: 'Verwalter-Schluessel-9', address: '10.5.0.1' },
      ctx,
    );
    expect(login).toMatchObject({ ok: true, value: { role: 'shop_manager' } });
  });
});
