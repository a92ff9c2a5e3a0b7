import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createOrder, createProduct, createReview } from '#db/seed/factories.ts';
import { orders } from '#app/domain/orders/orders.schema.ts';
import { cartItems, carts } from '#app/domain/cart/cart.schema.ts';
import { addItem, loadCart } from '#app/domain/cart/cart.server.ts';
import { keepCustomerCarts, mergeCartsOnLogin } from '#app/domain/cart/cart-login.server.ts';
import { sessions } from '#app/domain/sessions/sessions.schema.ts';
import { reviews } from '#app/domain/reviews/reviews.schema.ts';
import { authenticate, saveAddress } from './accounts.server.ts';
import { anonymiseCustomer } from '#app/domain/privacy/anonymise.server.ts';
import {
  orderAttributionOf,
  recordOrderAttribution,
} from '#app/domain/attribution/attribution.server.ts';
import { customers } from './customers.schema.ts';
import { exportCustomer } from '#app/domain/privacy/export.server.ts';
import { ensureAdministrator } from './administrator.server.ts';
import {
  handle,
  ctx,
  nextEmail,
  newCustomer,
  session,
  withAccountDatabase,
} from '../../../tests/support/account-domain.ts';

/** What an account owns: carts across login and logout, export and deletion, the shop manager. */

withAccountDatabase();

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

describe('administrator from ADMIN_EMAIL', () => {
  it('is created once with its password and keeps a changed one', async () => {
    const email = nextEmail();
    expect(
      await ensureAdministrator(handle.db, { email, password: 'Verwalter-Schluessel-9' }),
    ).toBe(true);
    expect(await ensureAdministrator(handle.db, { email, password: 'anderes-passwort-123' })).toBe(
      false,
    );
    const login = await authenticate(
      handle.db,
      { email, password: 'Verwalter-Schluessel-9', address: '10.5.0.1' },
      ctx,
    );
    expect(login).toMatchObject({ ok: true, value: { role: 'administrator' } });
  });
});
