import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '#app/lib/db.server.ts';
import { putSetting } from '#app/domain/settings/settings.server.ts';
import { createOrder, createProduct } from '#db/seed/factories.ts';
import { openTestDatabase } from '../../../tests/support/database.ts';
import { signedInCustomer } from '../../../tests/support/customers.ts';
import { anonymiseCustomer } from '#app/domain/privacy/anonymise.server.ts';
import { orderNotes, orderWithdrawals, orders } from './orders.schema.ts';
import {
  WITHDRAWAL_LIMIT_SETTING,
  declareWithdrawal,
  parseGuestIdentity,
  withdrawableOrders,
} from './withdrawal.server.ts';

let handle: DatabaseHandle;
let productId: number;
let client = 0;
const ctx = () => ({ clientHash: `client-${++client}`, locale: 'de' as const });

beforeAll(async () => {
  handle = await openTestDatabase();
  productId = (await createProduct(handle.db, { name: { de: 'Tasse', en: 'Mug' } })).product.id;
});

afterAll(async () => {
  await handle?.close();
});

describe('declareWithdrawal', () => {
  it('marks a customer’s own order once and records the declaration with its moment', async () => {
    const { customer } = await signedInCustomer(handle.db);
    const order = await createOrder(handle.db, {
      customerId: customer.id,
      productIds: [productId],
    });
    const now = new Date('2026-07-01T08:30:00Z');
    const declared = await declareWithdrawal(
      handle.db,
      { kind: 'customer', customerId: customer.id, orderId: order.id },
      { ...ctx(), now },
    );
    expect(declared.ok).toBe(true);
    if (!declared.ok) return;
    expect(declared.value.order?.withdrawnAt?.toISOString()).toBe(now.toISOString());
    expect(declared.value.declaration.orderNumber).toBe(String(order.number));
    const notes = await handle.db.select().from(orderNotes).where(eq(orderNotes.orderId, order.id));
    expect(notes.map((n) => n.code)).toContain('order.note.withdrawal_declared');
    expect((await withdrawableOrders(handle.db, customer.id)).map((o) => o.id)).not.toContain(
      order.id,
    );
    const again = await declareWithdrawal(
      handle.db,
      { kind: 'customer', customerId: customer.id, orderId: order.id },
      ctx(),
    );
    expect(again.ok ? null : again.error.code).toBe('withdrawal.error.not_withdrawable');
  });

  it('refuses another customer’s order as not found and leaves it unmarked', async () => {
    const owner = await signedInCustomer(handle.db);
    const stranger = await signedInCustomer(handle.db);
    const order = await createOrder(handle.db, { customerId: owner.customer.id, productIds: [] });
    const declared = await declareWithdrawal(
      handle.db,
      { kind: 'customer', customerId: stranger.customer.id, orderId: order.id },
      ctx(),
    );
    expect(declared.ok ? null : declared.error.kind).toBe('not_found');
    const [row] = await handle.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row!.withdrawnAt).toBeNull();
  });

  it('matches a guest by number, billing email and name, case and spacing aside', async () => {
    const order = await createOrder(handle.db, { email: 'Gast@Example.com', productIds: [] });
    const declared = await declareWithdrawal(
      handle.db,
      {
        kind: 'guest',
        name: '  erika   MUSTERMANN ',
        orderNumber: String(order.number),
        email: 'gast@example.com',
      },
      ctx(),
    );
    expect(declared.ok && declared.value.order?.id).toBe(order.id);
  });

  it('records a guest declaration that fits no order without marking any order', async () => {
    const order = await createOrder(handle.db, { email: 'echt@example.com', productIds: [] });
    for (const wrong of [
      { name: 'Erika Mustermann', email: 'falsch@example.com' },
      { name: 'Max Mustermann', email: 'echt@example.com' },
    ]) {
      const declared = await declareWithdrawal(
        handle.db,
        { kind: 'guest', orderNumber: String(order.number), ...wrong },
        ctx(),
      );
      expect(declared.ok && declared.value.order).toBeNull();
    }
    const [row] = await handle.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row!.withdrawnAt).toBeNull();
    const kept = await handle.db
      .select()
      .from(orderWithdrawals)
      .where(eq(orderWithdrawals.orderNumber, String(order.number)));
    expect(kept.length).toBe(2);
  });

  it('limits declarations per client address, matched or not', async () => {
    await putSetting(handle.db, WITHDRAWAL_LIMIT_SETTING, { declarations: 2, windowMinutes: 60 });
    const same = { clientHash: 'one-address', locale: 'en' as const };
    const guess = (n: number) =>
      declareWithdrawal(
        handle.db,
        { kind: 'guest', name: 'X', orderNumber: String(90000 + n), email: 'x@example.com' },
        same,
      );
    expect((await guess(1)).ok).toBe(true);
    expect((await guess(2)).ok).toBe(true);
    const third = await guess(3);
    expect(third.ok ? null : third.error).toEqual({
      kind: 'rate_limited',
      code: 'withdrawal.error.throttled',
      params: { minutes: 60 },
    });
    // Another address is not held up by the first one's guesses.
    expect(
      (
        await declareWithdrawal(
          handle.db,
          { kind: 'guest', name: 'Y', orderNumber: '1', email: 'y@example.com' },
          ctx(),
        )
      ).ok,
    ).toBe(true);
    await putSetting(handle.db, WITHDRAWAL_LIMIT_SETTING, {
      declarations: 1000,
      windowMinutes: 60,
    });
  });
});

describe('account deletion', () => {
  it('keeps the declarations with their order and moment but drops who declared them', async () => {
    const { customer } = await signedInCustomer(handle.db);
    const own = await createOrder(handle.db, {
      customerId: customer.id,
      email: customer.email,
      productIds: [productId],
    });
    const second = await createOrder(handle.db, {
      customerId: customer.id,
      email: customer.email,
      productIds: [productId],
    });
    const declaredAt = new Date('2026-07-02T09:15:00Z');
    await declareWithdrawal(
      handle.db,
      { kind: 'customer', customerId: customer.id, orderId: own.id },
      { ...ctx(), now: declaredAt },
    );
    // The same person declared for the second order as a guest, before logging in.
    await declareWithdrawal(
      handle.db,
      {
        kind: 'guest',
        name: 'Erika Mustermann',
        orderNumber: String(second.number),
        email: customer.email.toUpperCase(),
      },
      ctx(),
    );
    const stranger = await declareWithdrawal(
      handle.db,
      { kind: 'guest', name: 'Max Fremd', orderNumber: '1', email: 'fremd@example.com' },
      ctx(),
    );
    expect(await anonymiseCustomer(handle.db, customer.id)).toBe(true);

    const kept = await handle.db
      .select()
      .from(orderWithdrawals)
      .where(eq(orderWithdrawals.orderNumber, String(own.number)));
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({
      orderId: own.id,
      customerId: null,
      name: '',
      email: '',
      clientHash: '',
    });
    expect(kept[0]!.declaredAt.toISOString()).toBe(declaredAt.toISOString());
    const [guest] = await handle.db
      .select()
      .from(orderWithdrawals)
      .where(eq(orderWithdrawals.orderId, second.id));
    expect(guest).toMatchObject({ name: '', email: '', orderNumber: String(second.number) });
    // The order itself still shows it was withdrawn.
    const [order] = await handle.db.select().from(orders).where(eq(orders.id, own.id));
    expect(order!.withdrawnAt?.toISOString()).toBe(declaredAt.toISOString());
    // Someone else's declaration is untouched.
    if (!stranger.ok) throw new Error('stranger declaration failed');
    const [other] = await handle.db
      .select()
      .from(orderWithdrawals)
      .where(eq(orderWithdrawals.id, stranger.value.declaration.id));
    expect(other).toMatchObject({ name: 'Max Fremd', email: 'fremd@example.com' });
  });
});

describe('parseGuestIdentity', () => {
  it('accepts a printed number with #, and names the first bad field otherwise', () => {
    const good = parseGuestIdentity({ name: 'A', orderNumber: '#10001', email: 'a@example.com' });
    expect(good.ok && good.value.orderNumber).toBe('10001');
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '', orderNumber: '1', email: 'a@example.com' }, 'name'],
      [{ name: 'x'.repeat(10_000), orderNumber: '1', email: 'a@example.com' }, 'name'],
      [{ name: 'A', orderNumber: '1\u00002', email: 'a@example.com' }, 'orderNumber'],
      [{ name: 'A', orderNumber: ['1'], email: 'a@example.com' }, 'orderNumber'],
      [{ name: 'A', orderNumber: 10001, email: 'a@example.com' }, 'orderNumber'],
      [{ name: 'A', orderNumber: '1e5', email: 'a@example.com' }, 'orderNumber'],
      [{ name: 'A', orderNumber: '1', email: 'kein-at' }, 'email'],
      [{ name: 'A', orderNumber: '1', email: `${'a'.repeat(10_000)}@example.com` }, 'email'],
    ];
    for (const [input, field] of cases) {
      const parsed = parseGuestIdentity(input);
      expect(parsed.ok ? null : parsed.error.params?.field).toBe(field);
    }
  });
});
