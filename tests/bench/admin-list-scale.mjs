// The back office's list benches (g, h): a generated fixture of a small and a large size, a shop
// on each, the same requests against both side by side; the ratio of p50s is what counts.
import os from 'node:os';
import path from 'node:path';
import { fmt, latency } from './load.mjs';
import { freePort, startProcess, waitForHttp } from './processes.mjs';

export const label = (n) => (n >= 1000 && n % 1000 === 0 ? `${n / 1000} k` : String(n));

/**
 * Writes the fixture of one size with `fixtureScript` (which prints `cookie ...` for a signed-in
 * shop manager; `fixtureArgs(size)` adds arguments), then starts the shop on it without the demo catalogue. With `pgBase` the fixture
 * is a fresh database on that PostgreSQL server, else an embedded one in `${baseDir}-${size}`.
 */
async function prepareShop({ root, noun, fixtureScript, fixtureArgs, baseDir, pgBase }, size) {
  const target = pgBase
    ? `${pgBase.replace(/\/[^/]*$/, '')}/bench_${noun}s_${size}`
    : `${baseDir}-${size}`;
  const started = Date.now();
  let cookie = '';
  const fixture = startProcess(
    `${noun}s fixture ${label(size)}`,
    path.join(root, 'node_modules/.bin/tsx'),
    [fixtureScript, target, String(size), ...(fixtureArgs?.(size) ?? [])],
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
      `the ${noun}s fixture for ${size} failed (${signal ?? code})\n${fixture.output()}`,
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
    `  ${label(size).padStart(6)} ${noun}s in ${pgBase ? target : `${target} (embedded)`}, ready in ${fmt(seconds, 1)} s, shop at ${url}`,
  );
  return { size, url, handle, cookie };
}

/**
 * Runs every case against both shops (each path fetched once first, and it must answer 200);
 * returns one summary row per case with the large / small ratio of p50 against `targetRatio`.
 */
export async function compareListSizes(options) {
  const { noun, settings, cases, targetRatio } = options;
  const shops = [];
  const rows = [];
  try {
    for (const size of [settings.small, settings.large])
      shops.push(await prepareShop(options, size));
    for (const c of cases) {
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
          await latency(`${label(shop.size)} ${noun}s`, shop.url, {
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
        `ratio ${fmt(ratio, 2)} (target <= ${targetRatio})`,
      ]);
      console.log(`  p50 ${label(settings.large)} / ${label(settings.small)} = ${fmt(ratio, 2)}`);
    }
  } finally {
    for (const shop of shops) await shop.handle.stop();
  }
  return rows;
}

/** The header line of a list bench: sizes, database, connections, load. */
export function describeListBench(section, noun, settings, database) {
  console.log(
    `\n${section}: ${label(settings.small)} vs ${label(settings.large)} ${noun}s (${database}), ${settings.connections} connections, 1 s warm-up + ${settings.seconds} s counted per side, load average ${os.loadavg()[0].toFixed(1)}`,
  );
}
