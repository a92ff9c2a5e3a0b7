// j. Back office reports at scale: the reports page (every report of a range at once) over the
// last 30 days and the last year, against a shop with 1 000 and one with 100 000 orders, both
// spread evenly over the same year, side by side. What counts is the 100 k / 1 k ratio of p50.
// Embedded databases by default; with BENCH_DATABASE_URL fresh databases on that server.
import os from 'node:os';
import path from 'node:path';
import { compareListSizes, describeListBench } from './admin-list-scale.mjs';

export const REPORTS_TARGET_RATIO = 1.5;

const settings = {
  small: Number(process.env.BENCH_REPORTS_SMALL ?? 1_000),
  large: Number(process.env.BENCH_REPORTS_LARGE ?? 100_000),
  connections: Number(process.env.BENCH_REPORTS_CONNECTIONS ?? 2),
  seconds: Number(process.env.BENCH_REPORTS_SECONDS ?? 5),
};
const BASE_DIR = process.env.BENCH_REPORTS_DIR ?? path.join(os.tmpdir(), 'shop-bench-reports');
const SPREAD_DAYS = 365;

const day = (ms) => new Date(ms).toISOString().slice(0, 10);

function cases() {
  const now = Date.now();
  // A day ahead: the fixture's newest order is "now", whatever the Berlin date is.
  const to = day(now + 86_400_000);
  const range = (days) => `/admin/reports?from=${day(now - days * 86_400_000)}&to=${to}`;
  return [
    { name: 'reports, last 30 days by day', paths: [range(30)] },
    { name: 'reports, last year by month', paths: [`${range(364)}&group=month`] },
  ];
}

/** Runs section j; returns one summary row per case. */
export async function reportsAdminBench({ root }) {
  const pgBase = process.env.BENCH_DATABASE_URL;
  describeListBench(
    'j. back office reports',
    'order',
    settings,
    pgBase ? 'PostgreSQL' : 'embedded PGlite',
  );
  console.log(`  orders spread evenly over the last ${SPREAD_DAYS} days in both shops`);
  return compareListSizes({
    root,
    noun: 'order',
    fixtureScript: 'tests/bench/orders-fixture.ts',
    fixtureArgs: () => [String(SPREAD_DAYS)],
    baseDir: BASE_DIR,
    pgBase,
    settings,
    cases: cases(),
    targetRatio: REPORTS_TARGET_RATIO,
  });
}
