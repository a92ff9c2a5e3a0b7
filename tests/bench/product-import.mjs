// i. Product import: the import rate of generated rows through the back office's import (the
// background run in batches) and the storefront's throughput (product page requests/s) during
// the import beside its throughput without one, measured in the same run on the same shop.
// BENCH_IMPORT_ROWS sets the size (10 000 by default).
import path from 'node:path';
import autocannon from 'autocannon';
import { fmt } from './load.mjs';
import { startProcess, stopAll, waitForLine } from './processes.mjs';

const settings = {
  rows: Number(process.env.BENCH_IMPORT_ROWS ?? 10_000),
  connections: Number(process.env.BENCH_IMPORT_CONNECTIONS ?? 2),
  seconds: Number(process.env.BENCH_IMPORT_SECONDS ?? 5),
};

function load(url, seconds) {
  return new Promise((resolve, reject) => {
    autocannon(
      { url, connections: settings.connections, duration: seconds, timeout: 30 },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

/** WooCommerce's product CSV with `rows` simple products in 20 categories. */
function generatedCsv(rows) {
  const lines = ['Type,SKU,Name,Published,Regular price,Stock,Categories'];
  for (let i = 1; i <= rows; i++) {
    lines.push(
      `simple,BENCH-${i},Bench product ${i},1,${(i % 90) + 9}.90,${i % 50},Bench > Group ${i % 20}`,
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

async function upload(shop, csv) {
  const headers = { cookie: `lang=en; ${shop.cookie}`, origin: shop.url };
  const page = await (await fetch(`${shop.url}/admin/products/import`, { headers })).text();
  const security = /name="security" value="([^"]+)"/.exec(page)[1];
  const form = new FormData();
  form.set('security', security);
  form.set('csv', new Blob([csv], { type: 'text/csv' }), 'bench.csv');
  const res = await fetch(`${shop.url}/admin/products/import`, {
    method: 'POST',
    headers,
    body: form,
    redirect: 'manual',
  });
  const id = /import\/([A-Za-z0-9_-]{22})$/.exec(res.headers.get('location') ?? '')?.[1];
  if (!id) throw new Error(`upload refused: ${res.status}`);
  // The guessed mapping is kept with the upload: the import can start at once.
  const progress = `${shop.url}/admin/products/import/${id}/progress`;
  const started = await fetch(progress, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ security, intent: 'import' }),
    redirect: 'manual',
  });
  if (started.status !== 303) throw new Error(`import not queued: ${started.status}`);
  return { progress, headers };
}

async function progressOf({ progress, headers }) {
  const page = await (await fetch(progress, { headers })).text();
  const m = /(\d+) of (\d+) rows/.exec(page.replace(/<!-- -->/g, ''));
  return {
    done: m ? Number(m[1]) : 0,
    finished: !/http-equiv="?refresh/.test(page),
    counts: /(\d+) created, (\d+) updated, (\d+) skipped/.exec(page)?.slice(1).map(Number),
  };
}

/** Runs section i; returns its summary rows. */
export async function productImportBench({ root }) {
  console.log(
    `\ni. product import: ${settings.rows} generated rows through /admin/products/import, the storefront's product page under ${settings.connections} connections beside it (embedded PGlite)`,
  );
  const handle = startProcess('import-shop', 'npx', ['tsx', 'tests/bench/product-import-shop.ts'], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'warn' },
  });
  try {
    const ready = await waitForLine(handle, /^ready (\{.*\})$/m, 120_000);
    const shop = JSON.parse(ready[1]);
    const productUrl = `${shop.url}/product/${shop.product}`;
    await load(productUrl, 2);
    const idle = await load(productUrl, settings.seconds);
    if (idle.non2xx + idle.errors + idle.timeouts > 0 || idle['2xx'] === 0)
      throw new Error(
        `product page: ${idle['2xx']} ok, ${idle.non2xx} non-2xx, ${idle.errors} errors, ${idle.timeouts} timeouts`,
      );
    const idleRps = idle['2xx'] / idle.duration;
    console.log(`  storefront without an import   ${fmt(idleRps, 0).padStart(7)} req/s`);

    const run = await upload(shop, generatedCsv(settings.rows));
    const started = Date.now();
    let ok = 0;
    let seconds = 0;
    let state = await progressOf(run);
    while (!state.finished) {
      const during = await load(productUrl, Math.min(settings.seconds, 5));
      ok += during['2xx'];
      seconds += during.duration;
      state = await progressOf(run);
    }
    const total = (Date.now() - started) / 1000;
    const duringRps = seconds > 0 ? ok / seconds : 0;
    const [created = 0, , skipped = 0] = state.counts ?? [];
    console.log(`  storefront during the import   ${fmt(duringRps, 0).padStart(7)} req/s`);
    console.log(
      `  import: ${created} created, ${skipped} skipped in ${fmt(total, 1)} s = ${fmt(settings.rows / total, 0)} rows/s`,
    );
    return [
      [
        `import ${settings.rows} rows`,
        `${fmt(settings.rows / total, 0)} rows/s`,
        `${fmt(total, 1)} s total`,
      ],
      [
        'storefront during / without import',
        `${fmt(duringRps, 0)} / ${fmt(idleRps, 0)} req/s`,
        `ratio ${fmt(idleRps > 0 ? duringRps / idleRps : 0, 2)}`,
      ],
    ];
  } finally {
    await stopAll();
  }
}

if (
  process.argv[1] &&
  path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)
) {
  const rows = await productImportBench({
    root: path.resolve(new URL('../..', import.meta.url).pathname),
  });
  for (const [a, b, c] of rows) console.log(`  ${a.padEnd(36)}  ${b.padEnd(24)}  ${c}`);
}
