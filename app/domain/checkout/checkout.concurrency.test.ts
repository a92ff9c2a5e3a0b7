import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '#app/lib/db.server.ts';
import { addItem } from '#app/domain/cart/cart.server.ts';
import { products } from '#app/domain/catalog/catalog.schema.ts';
import { coupons } from '#app/domain/coupons/coupons.schema.ts';
import { applyCoupon } from '#app/domain/cart/apply-coupon.server.ts';
import { orders } from '#app/domain/orders/orders.schema.ts';
import { sessions } from '#app/domain/sessions/sessions.schema.ts';
import { createCoupon, createProduct } from '#db/seed/factories.ts';
import { createShippingZone } from '#db/seed/shipping-factories.ts';
import { openTestDatabase } from '../../../tests/support/database.ts';
import { type CheckoutInput } from './checkout-input.ts';
import { placeOrder } from './place-order.server.ts';

/**
 * Many buyers at once. On PGlite the transactions take turns; on PostgreSQL (npm run
 * test:postgres) they really overlap on a pool of connections, and the guards in SQL decide.
 */
let handle: DatabaseHandle;
const ctx = { currency: 'EUR', locale: 'en' as const, emailLabel: 'Email address' };
let counter = 0;

const address = {
  first_name: 'Max',
  last_name: 'Muster',
  address_1: 'Ring 2',
  city: 'Köln',
  postcode: '50667',
  country: 'DE',
  email: 'max@example.org',
};

const input = (overrides: Partial<CheckoutInput> = {}): CheckoutInput => ({
  billing: address,
  shipping: null,
  customerNote: '',
  paymentMethod: 'invoice',
  shippingRates: {},
  consent: { terms: true, digital: false },
  idempotencyKey: null,
  ...overrides,
});

async function buyer(productId: number) {
  const idHash = `race-${process.pid}-${++counter}`;
  await handle.db.insert(sessions).values({ idHash, expiresAt: new Date(Date.now() + 86_400_000) });
  const me = { idHash, customerId: null };
  const added = await addItem(handle.db, me, { id: productId, quantity: 1 }, ctx);
  if (!added.ok) throw new Error(added.error.code);
  return me;
}

beforeAll(async () => {
  handle = await openTestDatabase();
  await createShippingZone(handle.db, {
    name: { de: 'Deutschland', en: 'Germany' },
    locations: [{ type: 'country', code: 'DE' }],
    methods: [
      {
        methodId: 'local_pickup',
        title: { de: 'Abholung', en: 'Pickup' },
        settings: { cost: 0, taxable: true },
      },
    ],
  });
});
afterAll(async () => {
  await handle.close();
});

describe('concurrent checkouts', () => {
  it('sells the last 10 units to exactly 10 of 200 buyers', { timeout: 180_000 }, async () => {
    const { product } = await createProduct(handle.db, {
      regularPrice: 1500,
      manageStock: true,
      stockQuantity: 10,
    });
    const buyers = [];
    for (let i = 0; i < 200; i++) buyers.push(await buyer(product.id));
    const results = await Promise.all(buyers.map((me) => placeOrder(handle.db, me, input(), ctx)));
    const placed = results.filter((r) => r.ok);
    const refused = results.flatMap((r) => (r.ok ? [] : [r.error]));
    expect(placed).toHaveLength(10);
    expect(refused).toHaveLength(190);
    for (const error of refused) {
      expect(error.kind).toBe('out_of_stock');
      expect(error.params?.name).toBe('Test product');
    }
    const [row] = await handle.db.select().from(products).where(eq(products.id, product.id));
    expect(row!.stockQuantity).toBe(0);
    const [count] = await handle.db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(
        sql`exists (select 1 from order_items i where i.order_id = ${orders.id} and i.product_id = ${product.id})`,
      );
    expect(Number(count!.n)).toBe(10);
  });

  it('places one order for five parallel submits with one idempotency key', async () => {
    const { product } = await createProduct(handle.db, {
      regularPrice: 900,
      manageStock: true,
      stockQuantity: 50,
    });
    const me = await buyer(product.id);
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        placeOrder(handle.db, me, input({ idempotencyKey: 'double-click-1' }), ctx),
      ),
    );
    const ids = new Set(results.map((r) => (r.ok ? r.value.order.id : r.error.code)));
    expect([...ids]).toHaveLength(1);
    expect(results.every((r) => r.ok)).toBe(true);
    expect(results.filter((r) => r.ok && r.value.created)).toHaveLength(1);
    const found = await handle.db
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.idempotencyKey, 'double-click-1'));
    expect(found).toHaveLength(1);
    const [row] = await handle.db.select().from(products).where(eq(products.id, product.id));
    expect(row!.stockQuantity).toBe(49);
  });

  it(
    'lets a coupon limited to 5 uses be used exactly 5 times by 100 orders',
    { timeout: 120_000 },
    async () => {
      const { product } = await createProduct(handle.db, { regularPrice: 2000 });
      const coupon = await createCoupon(handle.db, { kind: 'percent', amount: 500, usageLimit: 5 });
      const buyers = [];
      for (let i = 0; i < 100; i++) {
        const me = await buyer(product.id);
        expect((await applyCoupon(handle.db, me, coupon.code, ctx)).ok).toBe(true);
        buyers.push(me);
      }
      const results = await Promise.all(
        buyers.map((me) => placeOrder(handle.db, me, input(), ctx)),
      );
      expect(results.filter((r) => r.ok)).toHaveLength(5);
      const refused = results.flatMap((r) => (r.ok ? [] : [r.error.code]));
      expect(new Set(refused)).toEqual(new Set(['checkout.error.coupon_limit']));
      const [row] = await handle.db.select().from(coupons).where(eq(coupons.id, coupon.id));
      expect(row!.usageCount).toBe(5);
    },
  );
});
