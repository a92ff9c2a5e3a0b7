// The back office product list bench's shop: the generated catalogue of <count> products in an
// embedded database, plus a shop manager's session.
//
//   tsx tests/bench/products-admin-fixture.ts <data dir> <count>
// Prints the session cookie as the last line (`cookie sid=…`).
import path from 'node:path';
import { openDatabase } from '#app/lib/db.server.ts';
import { signedInCustomer } from '../support/customers.ts';
import { generateCatalogDataDir } from './catalog-fixture.ts';

const [target, countArg] = process.argv.slice(2);
const count = Number(countArg);
if (!target || !Number.isInteger(count) || count < 1)
  throw new Error('usage: tsx tests/bench/products-admin-fixture.ts <data dir> <count>');

const summary = await generateCatalogDataDir(path.resolve(target), count);
console.log(
  `${summary.products} products, ${summary.variations} variations in ${summary.seconds.toFixed(1)} s`,
);
const handle = await openDatabase({ kind: 'pglite', dataDir: path.join(target, 'pgdata') });
const manager = await signedInCustomer(handle.db, { role: 'shop_manager' });
await handle.close();
console.log(`cookie ${manager.cookie}`);
