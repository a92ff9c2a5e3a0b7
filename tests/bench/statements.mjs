// Statements per order: the built shop started with DB_STATEMENT_LOG=1 (one stderr line per
// statement), a few buyers checking out one after the other through the Store API, and the
// statements counted in the checkout request and after its answer (the outbox) until the shop
// falls quiet. `node tests/bench/statements.mjs [orders]`; BENCH_DATABASE_URL for PostgreSQL.
// `STATEMENTS_SHOW=1` lists the last order's statements.
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort, startProcess, stopAll, waitForHttp } from './processes.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const ORDERS = Number(process.argv[2] ?? 5);
const DATA_DIR = process.env.BENCH_DATA_DIR ?? path.join(os.tmpdir(), 'shop-bench-statements-data');

const ORDER = {
  billing_address: {
    first_name: 'Bench',
    last_name: 'Käufer',
    address_1: 'Teststraße 1',
    city: 'Berlin',
    postcode: '10115',
    country: 'DE',
    email: 'bench@example.org',
  },
  payment_method: 'bacs',
  additional_fields: { terms: true },
};

const statements = [];
const port = await freePort();
const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR };
for (const name of ['NODE_ENV', 'SHOP_ENV', 'DATABASE_URL', 'SHOP_URL', 'SEED_DEMO'])
  delete env[name];
if (process.env.BENCH_DATABASE_URL) env.DATABASE_URL = process.env.BENCH_DATABASE_URL;
env.DB_STATEMENT_LOG = '1';
const shop = startProcess('shop', process.execPath, ['scripts/start.mjs'], {
  cwd: ROOT,
  env,
  onLine: (line, isError) => {
    if (isError && line.startsWith('sql| ')) statements.push(line.slice(5));
  },
});
const url = `http://127.0.0.1:${port}`;

/** Waits until no statement arrived for `quietMs`. */
async function quiet(quietMs = 700) {
  let seen = -1;
  while (seen !== statements.length) {
    seen = statements.length;
    await sleep(quietMs);
  }
}

try {
  await waitForHttp(shop, `${url}/healthz`, 10 * 60_000);
  const products = await (await fetch(`${url}/wc/store/v1/products?per_page=50`)).json();
  const product = products.find(
    (p) => p.type === 'simple' && p.is_in_stock && !p.sold_individually,
  );
  const rows = [];
  let last = [];
  for (let i = 0; i < ORDERS; i++) {
    const start = await fetch(`${url}/wc/store/v1/cart`);
    await start.arrayBuffer();
    const cookie = start.headers.getSetCookie()[0].split(';')[0];
    const nonce = start.headers.get('nonce');
    const headers = { cookie, nonce, 'content-type': 'application/json', origin: url };
    const added = await fetch(`${url}/wc/store/v1/cart/add-item`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ id: product.id, quantity: 1 }),
    });
    await added.arrayBuffer();
    await quiet();
    const before = statements.length;
    const res = await fetch(`${url}/wc/store/v1/checkout`, {
      method: 'POST',
      headers,
      body: JSON.stringify(ORDER),
    });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`checkout answered ${res.status}`);
    const answered = statements.length;
    await quiet();
    rows.push({ checkout: answered - before, after: statements.length - answered });
    last = statements.slice(before);
    last.splice(answered - before, 0, '---- answered ----');
  }
  for (const [i, r] of rows.entries())
    console.log(`order ${i + 1}: ${r.checkout} statements in the checkout, ${r.after} after it`);
  if (process.env.STATEMENTS_SHOW) console.log(last.join('\n'));
} finally {
  await stopAll();
}
