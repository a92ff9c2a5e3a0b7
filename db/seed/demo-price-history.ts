import { eq } from 'drizzle-orm';
import { priceHistory } from '#app/domain/catalog/price-history.schema.ts';
import type { Tx } from '#app/lib/db.server.ts';

const DAY = 24 * 60 * 60 * 1000;

/**
 * The weeks before the demo's reduced filter coffee went on sale five days ago: a short
 * promotion at 4,99 € within the 30 days before, so its Omnibus note names a price that is
 * neither the regular nor the sale price.
 */
const HISTORY: Record<string, { daysAgo: number; price: number; reduced: boolean }[]> = {
  'filterkaffee-mild': [
    { daysAgo: 90, price: 549, reduced: false },
    { daysAgo: 24, price: 499, reduced: true },
    { daysAgo: 17, price: 549, reduced: false },
    { daysAgo: 5, price: 479, reduced: true },
  ],
};

export async function seedDemoPriceHistory(
  tx: Tx,
  productIds: Map<string, number>,
  now: Date,
): Promise<void> {
  for (const [slug, steps] of Object.entries(HISTORY)) {
    const productId = productIds.get(slug);
    if (productId === undefined) continue;
    await tx.delete(priceHistory).where(eq(priceHistory.productId, productId));
    await tx.insert(priceHistory).values(
      steps.map((s) => ({
        productId,
        price: s.price,
        reduced: s.reduced,
        validFrom: new Date(now.getTime() - s.daysAgo * DAY),
      })),
    );
  }
}
