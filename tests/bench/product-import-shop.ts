// The import bench's shop: the built shop on an embedded database of its own, one product for
// the storefront's load, and a shop manager's session. Runs until it is stopped.
//
//   tsx tests/bench/product-import-shop.ts
// Prints `ready {"url":…,"cookie":…,"product":…}` once it serves.
import { createProduct } from '#db/seed/factories.ts';
import { signedInCustomer } from '../support/customers.ts';
import { startTestShop } from '../support/shop.ts';

const shop = await startTestShop();
const db = shop.database.db;
const manager = await signedInCustomer(db, { role: 'shop_manager' });
const { product } = await createProduct(db, { name: { de: 'Messbecher', en: 'Measuring cup' } });
console.log(
  `ready ${JSON.stringify({ url: shop.url, cookie: manager.cookie, product: product.slug })}`,
);

const stop = async () => {
  await shop.close();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
setInterval(() => {}, 60_000);
