// h. Back office product list at scale: the same list, filter, sort and search requests against
// a shop with 1 000 and one with 100 000 generated products (catalog-fixture.ts), side by side.
// What counts is the 100 k / 1 k ratio of p50 (target <= 1.5). Embedded databases only, as the
// catalogue fixture writes them.
import os from 'node:os';
import path from 'node:path';
import { fmt, latency } from './load.mjs';
import { freePort, startProcess, waitForHttp } from './processes.mjs';

export const PRODUCTS_TARGET_RATIO = 1.5;

const settings = {
  small: Number(process.env.BENCH_PRODUCTS_SMALL ?? 1_000),
  large: Number(process.env.BENCH_PRODUCTS_LARGE ?? 100_000),
  connections: Number(process.env.BENCH_PRODUCTS_CONNECTIONS ?? 2),
  seconds: Number(process.env.BENCH_PRODUCTS_SECONDS ?? 5),
};
const BASE_DIR = process.env.BENCH_PRODUCTS_DIR ?? path.join(os.tmpdir(), 'shop-bench-products');

const label = (n) => (n >= 1000 && n % 1000 === 0 ? `${n / 1000} k` : String(n));

const CASES = [
  { name: 'list, newest first', paths: ['/admin/products'] },
  { name: 'list by name (de)', paths: ['/admin/products?sort=name'] },
  { name: 'filter (variable, on sale)', paths: ['/admin/products?type=variable&on_sale=1'] },
  {
    name: 'search (name, SKU, GTIN)',
    paths: [
      '/admin/products?q=rucksack',
      '/admin/products?q=LZ-000471',
      '/admin/products?q=426000000471',
    ],
  },
];

/** The fixture for one size, then the shop on it without the demo catalogue. */
async function prepareShop(root, size) {
  const target = `${BASE_DIR}-${size}`;
  const started = Date.now();
  let cookie = '';
  const fixture = startProcess(
    `products fixture ${label(size)}`,
    path.join(root, 'node_modules/.bin/tsx'),
    ['tests/bench/products-admin-fixture.ts', target, String(size)],
    {
      cwd: root,
      onLine: (line) => {
        if (line.startsWith('cookie ')) cookie = line.slice(7).trim();
        else console.log(`  fixture| ${line}`);
      },
    },
  );
  const { code, signal } = await fixture.exited;
  if (code !== 0 || !cookie)
    throw new Error(
      `the products fixture for ${size} failed (${signal ?? code})\n${fixture.output()}`,
    );
  const port = await freePort();
  const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', SEED_DEMO: 'false' };
  for (const name of ['NODE_ENV', 'SHOP_ENV', 'DATABASE_URL', 'SHOP_URL']) delete env[name];
  env.DATA_DIR = target;
  const handle = startProcess(`shop ${label(size)}`, process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env,
  });
  const url = `http://127.0.0.1:${port}`;
  await waitForHttp(handle, `${url}/healthz`, 5 * 60_000);
  const seconds = (Date.now() - started) / 1000;
  console.log(
    `  ${label(size).padStart(6)} products in ${target} (embedded), ready in ${fmt(seconds, 1)} s, shop at ${url}`,
  );
  return { size, url, handle, cookie };
}

/** Runs section h; returns one summary row per case. */
export async function productsAdminBench({ root }) {
  console.log(
    `\nh. back office product list: ${label(settings.small)} vs ${label(settings.large)} products (embedded PGlite), ${settings.connections} connections, 1 s warm-up + ${settings.seconds} s counted per side, load average ${os.loadavg()[0].toFixed(1)}`,
  );
  const shops = [];
  const rows = [];
  try {
    for (const size of [settings.small, settings.large]) shops.push(await prepareShop(root, size));
    for (const c of CASES) {
      console.log(`\n  ${c.name}: GET ${c.paths.join(', ')}`);
      const measured = [];
      for (const shop of shops) {
        for (const p of c.paths) {
          const res = await fetch(shop.url + p, { headers: { cookie: shop.cookie } });
          await res.arrayBuffer();
          if (res.status !== 200)
            throw new Error(`${p} answered ${res.status} on ${label(shop.size)}`);
        }
        measured.push(
          await latency(`${label(shop.size)} products`, shop.url, {
            headers: { cookie: shop.cookie },
            paths: c.paths,
            connections: settings.connections,
            seconds: settings.seconds,
          }),
        );
      }
      const ratio = measured[1].p50 / Math.max(measured[0].p50, 0.5);
      rows.push([
        c.name,
        `p50 ${fmt(measured[0].p50, 0)} → ${fmt(measured[1].p50, 0)} ms`,
        `ratio ${fmt(ratio, 2)} (target <= ${PRODUCTS_TARGET_RATIO})`,
      ]);
      console.log(`  p50 100 k / 1 k = ${fmt(ratio, 2)}`);
    }
  } finally {
    for (const shop of shops) await shop.handle.stop();
  }
  return rows;
}
