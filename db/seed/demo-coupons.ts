import type { Tx } from '#app/lib/db.server.ts';
import { type CouponFactoryInput, createCoupon } from '#db/seed/factories.ts';

const DAY = 24 * 60 * 60 * 1000;

/** The demo shop's coupons: one of each kind of rule a shopper may meet. */
export function demoCoupons(now: Date, refs: { coffeeAndTea: number }): CouponFactoryInput[] {
  return [
    {
      code: 'WILLKOMMEN10',
      description: '10 % Willkommensrabatt auf den ganzen Warenkorb',
      kind: 'percent',
      amount: 1000,
    },
    {
      code: '5EURO',
      description: '5 € Rabatt ab 30 € Einkaufswert',
      kind: 'fixed_cart',
      amount: 500,
      minimumSpend: 3000,
    },
    {
      code: 'VERSANDFREI',
      description: 'Kostenloser Versand',
      kind: 'fixed_cart',
      amount: 0,
      freeShipping: true,
    },
    {
      code: 'KAFFEE20',
      description: '20 % auf Kaffee & Tee',
      kind: 'percent',
      amount: 2000,
      categoryIds: [refs.coffeeAndTea],
    },
    {
      code: 'EINMALIG',
      description: '10 € Rabatt, nur ein einziges Mal einlösbar',
      kind: 'fixed_cart',
      amount: 1000,
      usageLimit: 1,
    },
    {
      code: 'ABGELAUFEN',
      description: 'Eine abgelaufene Aktion',
      kind: 'percent',
      amount: 1500,
      expiresAt: new Date(now.getTime() - 30 * DAY),
    },
  ];
}

export async function seedDemoCoupons(
  tx: Tx,
  refs: { coffeeAndTea: number },
  now: Date,
): Promise<void> {
  for (const coupon of demoCoupons(now, refs)) await createCoupon(tx, coupon);
}
