import { createProduct } from '#db/seed/factories.ts';
import { seedDemoCheckout } from '#db/seed/demo-checkout.ts';
import { seedDemoShipping } from '#db/seed/demo-shipping.ts';
import { type TestShop, startTestShop } from './shop.ts';

/**
 * A test shop ready to take orders: the demo shipping zones and payment methods, and a candle
 * at 12.90 with the given stock.
 */
export async function startCheckoutShop(
  options: Parameters<typeof startTestShop>[0] & { candleStock: number },
): Promise<{ shop: TestShop; candle: number }> {
  const { candleStock, ...shopOptions } = options;
  const shop = await startTestShop(shopOptions);
  const db = shop.database.db;
  await seedDemoShipping(db);
  await seedDemoCheckout(db);
  const { product } = await createProduct(db, {
    name: { de: 'Kerze', en: 'Candle' },
    regularPrice: 1290,
    manageStock: true,
    stockQuantity: candleStock,
  });
  return { shop, candle: product.id };
}
