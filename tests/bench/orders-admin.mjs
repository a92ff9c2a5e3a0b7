// g. Back office order list at scale: the same list, status tab, filter and search requests
// against a shop with 1 000 and one with 100 000 orders, side by side. What counts is the
// 100 k / 1 k ratio of p50 (target <= 1.5). Embedded databases by default; with
// BENCH_DATABASE_URL the fixtures go to fresh databases on that PostgreSQL server.
import os from 'node:os';
import path from 'node:path';
import { fmt, latency } from './load.mjs';
import { freePort, startProcess, waitForHttp } from './processes.mjs';

export const ORDERS_TARGET_RATIO = 1.5;

const settings = {
  small: Number(process.env.BENCH_ORDERS_SMALL ?? 1_000),
  large: Number(process.env.BENCH_ORDERS_LARGE ?? 100_000),
  connections: Number(process.env.BENCH_ORDERS_CONNECTIONS ?? 2),
  seconds: Number(process.env.BENCH_ORDERS_SECONDS ?? 5),
};
const BASE_DIR = process.env.BENCH_ORDERS_DIR ?? path.join(os.tmpdir(), 'shop-bench-orders');

const label = (n) => (n >= 1000 && n % 1000 === 0 ? `${n / 1000} k` : String(n));

const CASES = [
  { name: 'list, newest first', paths: ['/admin/orders'] },
  { name: 'status tab (completed)', paths: ['/admin/orders?status=completed'] },
  { name: 'filter (payment cod, country AT)', paths: ['/admin/orders?payment=cod&country=AT'] },
  {
    name: 'search (e-mail, SKU, company)',
    paths: [
      '/admin/orders?q=kunde471%40',
      '/admin/orders?q=sku-04711',
      '/admin/orders?q=firma%2042%20gmbh',
    ],
  },
];

/** The fixture for one size, then the shop on it without the demo catalogue. */
async function prepareShop(root, size) {
  const pgBase = process.env.BENCH_DATABASE_URL;
  const target = pgBase
    ? `${pgBase.replace(/\/[^/]*$/, '')}/bench_orders_${size}`
    : `${BASE_DIR}-${size}`;
  const started = Date.now();
  let cookie = '';
  const fixture = startProcess(
    `orders fixture ${label(size)}`,
    path.join(root, 'node_modules/.bin/tsx'),
    ['tests/bench/orders-fixture.ts', target, String(size)],
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
      `the orders fixture for ${size} failed (${signal ?? code})\n${fixture.output()}`,
    );
  const port = await freePort();
  const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', SEED_DEMO: 'false' };
  for (const name of ['NODE_ENV', 'SHOP_ENV', 'DATABASE_URL', 'SHOP_URL']) delete env[name];
  if (pgBase) env.DATABASE_URL = target;
  else env.DATA_DIR = target;
  const handle = startProcess(`shop ${label(size)}`, process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env,
  });
  const url = `http://127.0.0.1:${port}`;
  await waitForHttp(handle, `${url}/healthz`, 5 * 60_000);
  const seconds = (Date.now() - started) / 1000;
  console.log(
    `  ${label(size).padStart(6)} orders in ${pgBase ? target : `${target} (embedded)`}, ready in ${fmt(seconds, 1)} s, shop at ${url}`,
  );
  return { size, url, handle, cookie };
}

/** Runs section g; returns one summary row per case. */
export async function ordersAdminBench({ root }) {
  const db = process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'embedded PGlite';
  console.log(
    `\ng. back office order list: ${label(settings.small)} vs ${label(settings.large)} orders (${db}), ${settings.connections} connections, 1 s warm-up + ${settings.seconds} s counted per side, load average ${os.loadavg()[0].toFixed(1)}`,
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
          await latency(`${label(shop.size)} orders`, shop.url, {
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
        `ratio ${fmt(ratio, 2)} (target <= ${ORDERS_TARGET_RATIO})`,
      ]);
      console.log(`  p50 100 k / 1 k = ${fmt(ratio, 2)}`);
    }
  } finally {
    for (const shop of shops) await shop.handle.stop();
  }
  return rows;
}
