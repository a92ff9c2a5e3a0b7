// d. Catalogue scale: the same requests against a shop with 1 000 and one with 100 000
// generated products (tests/bench/catalog-fixture.ts), side by side in one run. What counts is
// how latency grows with the catalogue: the 100 k / 1 k ratio of p50 and p99.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fmt, latency } from './load.mjs';
import { startProcess } from './processes.mjs';

export const CATALOG_TARGET_RATIO = 1.5;

const settings = {
  small: Number(process.env.BENCH_CATALOG_SMALL ?? 1_000),
  large: Number(process.env.BENCH_CATALOG_LARGE ?? 100_000),
  connections: Number(process.env.BENCH_CATALOG_CONNECTIONS ?? 4),
  warmupSeconds: Number(process.env.BENCH_CATALOG_WARMUP ?? 1),
  seconds: Number(process.env.BENCH_CATALOG_SECONDS ?? 6),
  minSamples: Number(process.env.BENCH_CATALOG_MIN_SAMPLES ?? 8),
};
const BASE_DIR = process.env.BENCH_CATALOG_DIR ?? path.join(os.tmpdir(), 'shop-bench-catalog');

// Names the fixture generates: a leaf category ("Rucksäcke") and words of product names in both
// languages. "nordlict" is a typo of the product line "Nordlicht".
const CATEGORY = 'rucksaecke';
const SEARCH_WORDS = ['rucksack', 'leinen', 'backpack', 'nordlict'];

const STORE_FILTER = 'attributes[0][attribute]=pa_color&attributes[0][slug][]=red';

const label = (n) => (n >= 1000 && n % 1000 === 0 ? `${n / 1000} k` : String(n));

/** The data directory of a catalogue size, generated on first use and reused afterwards. */
export function catalogDataDir(size) {
  return `${BASE_DIR}-${size}`;
}

/**
 * What a kept catalogue was generated from: the fixture's source and the migrations. A change
 * to either generates the catalogue again.
 */
function fixtureStamp(root) {
  const hash = createHash('sha256');
  for (const file of ['tests/bench/catalog-fixture.ts', 'db/migrations/meta/_journal.json'])
    hash.update(readFileSync(path.join(root, file)));
  return hash.digest('hex');
}

/** Reuses a kept catalogue of the right size and stamp, else generates it through the fixture. */
async function ensureCatalog(root, size) {
  const dir = catalogDataDir(size);
  const markerFile = path.join(dir, 'bench-fixture.json');
  const stamp = fixtureStamp(root);
  try {
    const marker = JSON.parse(readFileSync(markerFile, 'utf8'));
    if (marker.products === size && marker.stamp === stamp && existsSync(path.join(dir, 'pgdata')))
      return { dir, reused: true, seconds: 0 };
  } catch {
    // No marker yet: generate.
  }
  const started = Date.now();
  const handle = startProcess(
    `catalogue fixture ${label(size)}`,
    path.join(root, 'node_modules/.bin/tsx'),
    ['tests/bench/catalog-fixture.ts', dir, String(size)],
    { cwd: root, onLine: (line) => console.log(`  fixture| ${line}`) },
  );
  const { code, signal } = await handle.exited;
  if (code !== 0)
    throw new Error(
      `the catalogue fixture for ${size} products failed (${signal ?? code})\n${handle.output()}`,
    );
  writeFileSync(markerFile, JSON.stringify({ products: size, stamp }));
  return { dir, reused: false, seconds: (Date.now() - started) / 1000 };
}

async function probe(url, headers) {
  try {
    const res = await fetch(url, { headers, signal: AbortSignal.timeout(60_000) });
    const body = await res.text();
    return { status: res.status, body, headers: res.headers };
  } catch (error) {
    return { status: 0, body: String(error), headers: new Headers() };
  }
}

const productLinks = (html) =>
  [...html.matchAll(/href="\/product\/([^"?#]+)"/g)].map((m) => m[1]).join(' ');

/** How many suggestions a search answer holds, whatever its envelope. */
function suggestionCount(body) {
  try {
    const data = JSON.parse(body);
    const list = Array.isArray(data)
      ? data
      : (data?.suggestions ?? data?.data?.suggestions ?? data?.data);
    return Array.isArray(list) ? list.length : null;
  } catch {
    return null;
  }
}

/**
 * Runs section d with `startShop(dataDir, name)` (run.mjs's way of starting the shop) and
 * `lock(dir)`. Returns one row per measurement for the summary.
 */
export async function catalogBench({ root, startShop, lock }) {
  const sizes = [settings.small, settings.large];
  console.log(
    `\nd. catalogue scale: ${label(sizes[0])} vs ${label(sizes[1])} products, ${settings.connections} connections, ${settings.warmupSeconds} s warm-up + ${settings.seconds} s counted per side`,
  );
  const shops = [];
  try {
    // Both catalogues first: a shop waiting idle would still hold its database in memory.
    const prepared = [];
    for (const size of sizes) {
      lock(catalogDataDir(size));
      prepared.push({ size, ...(await ensureCatalog(root, size)) });
    }
    for (const { size, dir, reused, seconds } of prepared) {
      const shop = await startShop(dir, `shop ${label(size)}`);
      shops.push({ size, ...shop });
      console.log(
        `  ${label(size).padStart(6)} products in ${dir} (${reused ? 'kept from an earlier run' : `generated in ${fmt(seconds, 1)} s`}), shop at ${shop.url}`,
      );
    }

    // A session keeps the HTML pages out of the render cache, so every request renders and
    // queries; JSON endpoints are never cached.
    for (const shop of shops) {
      const res = await fetch(`${shop.url}/wc/store/v1/cart`);
      await res.arrayBuffer();
      shop.cookie = (res.headers.getSetCookie().find((c) => c.startsWith('sid=')) ?? '').split(
        ';',
      )[0];
      if (!shop.cookie) throw new Error(`${shop.url}: GET /wc/store/v1/cart set no sid cookie`);
    }

    const cases = [
      {
        name: 'listing, price order + colour',
        path: '/shop?orderby=price&filter_color=red',
        html: true,
        unfiltered: '/shop?orderby=price',
      },
      {
        name: 'category page, price order',
        path: `/product-category/${CATEGORY}?orderby=price`,
        html: true,
      },
      {
        name: 'Store API, price order + colour',
        path: `/wc/store/v1/products?orderby=price&order=asc&${STORE_FILTER}&per_page=24`,
        unfiltered: '/wc/store/v1/products?orderby=price&order=asc&per_page=24',
      },
      {
        name: `search suggestions (${SEARCH_WORDS.length} words)`,
        paths: SEARCH_WORDS.map((w) => `/wc-ajax/product_search?query=${encodeURIComponent(w)}`),
        search: true,
      },
    ];

    const rows = [];
    for (const c of cases) {
      const paths = c.paths ?? [c.path];
      console.log(`\n  ${c.name}: GET ${paths.join(', ')}`);
      const notes = [];
      let unavailable = null;
      for (const shop of shops) {
        const headers = c.html ? { cookie: shop.cookie } : {};
        for (const p of paths) {
          const answer = await probe(shop.url + p, headers);
          if (answer.status >= 200 && answer.status < 300) {
            if (c.search && shop === shops[1]) {
              const n = suggestionCount(answer.body);
              notes.push(`${decodeURIComponent(p.split('query=')[1])}: ${n ?? '?'} suggestions`);
            }
            continue;
          }
          unavailable ??= `${answer.status || 'no answer'} for ${p} on ${label(shop.size)}`;
        }
      }
      if (unavailable) {
        console.log(`    not available (${unavailable})`);
        rows.push({ name: c.name, available: false, reason: unavailable });
        continue;
      }
      if (c.unfiltered) {
        // A build without the filter answers 200 and ignores it: say so next to the numbers.
        const shop = shops[1];
        const headers = c.html ? { cookie: shop.cookie } : {};
        const [filtered, plain] = await Promise.all([
          probe(shop.url + c.path, headers),
          probe(shop.url + c.unfiltered, headers),
        ]);
        const same = c.html
          ? productLinks(filtered.body) === productLinks(plain.body)
          : filtered.headers.get('x-wp-total') === plain.headers.get('x-wp-total');
        if (same) notes.push('the colour filter is ignored by this build');
      }
      if (notes.length) console.log(`    ${notes.join('; ')}`);

      const results = [];
      for (const shop of shops) {
        results.push(
          await latency(`${label(shop.size)} products`, shop.url, {
            headers: c.html ? { cookie: shop.cookie } : {},
            paths,
            connections: settings.connections,
            warmupSeconds: settings.warmupSeconds,
            seconds: settings.seconds,
            minSamples: settings.minSamples,
          }),
        );
      }
      const [small, large] = results;
      // Without successful responses on both sides there is nothing to compare.
      const comparable = small.ok > 0 && large.ok > 0;
      const ratio = (key) => (comparable ? large[key] / Math.max(small[key], 1) : Number.NaN);
      const row = {
        name: c.name,
        available: true,
        small,
        large,
        p50Ratio: ratio('p50'),
        p99Ratio: ratio('p99'),
        notes,
      };
      rows.push(row);
      console.log(
        `    ${label(sizes[1])} / ${label(sizes[0])}: p50 × ${fmtRatio(row.p50Ratio)}, p99 × ${fmtRatio(row.p99Ratio)}   target ≤ ${CATALOG_TARGET_RATIO} ${verdict(row)}`,
      );
    }

    for (const shop of shops) {
      const errors = shop.handle.errorsSince(0);
      if (errors.length)
        console.log(
          `  shop ${label(shop.size)} wrote ${errors.length} line(s) to stderr, the last: ${errors.at(-1).slice(0, 200)}`,
        );
    }
    return { sizes, rows };
  } finally {
    await Promise.all(shops.map((s) => s.handle.stop()));
  }
}

export function fmtRatio(ratio) {
  return Number.isFinite(ratio) ? fmt(ratio, 2) : '–';
}

function verdict(row) {
  const failed = row.small.failed + row.large.failed;
  const note = failed ? ` — ${failed} failed requests` : '';
  if (Number.isNaN(row.p50Ratio)) return `(no successful responses to compare)${note}`;
  const worst = Math.max(row.p50Ratio, row.p99Ratio);
  return `${worst <= CATALOG_TARGET_RATIO ? '(target met)' : '(below target)'}${note}`;
}

/** Summary rows in run.mjs's three-column layout. */
export function catalogSummaryRows(result) {
  const [small, large] = result.sizes.map(label);
  return result.rows.map((row) =>
    row.available
      ? [
          `${row.name} ${large}/${small}`,
          `p50 × ${fmtRatio(row.p50Ratio)}, p99 × ${fmtRatio(row.p99Ratio)}`,
          `≤ ${CATALOG_TARGET_RATIO} ${verdict(row)} (p50 ${fmt(row.small.p50, 0)} → ${fmt(row.large.p50, 0)} ms)`,
        ]
      : [`${row.name} ${large}/${small}`, 'not available', row.reason],
  );
}
