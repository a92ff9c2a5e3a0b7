// g. Back office order list at scale: the same list, status tab, filter and search requests
// against a shop with 1 000 and one with 100 000 orders, side by side. What counts is the
// 100 k / 1 k ratio of p50 (target <= 1.5). Embedded databases by default; with
// BENCH_DATABASE_URL the fixtures go to fresh databases on that PostgreSQL server.
import os from 'node:os';
import path from 'node:path';
import { compareListSizes, describeListBench } from './admin-list-scale.mjs';

export const ORDERS_TARGET_RATIO = 1.5;

const settings = {
  small: Number(process.env.BENCH_ORDERS_SMALL ?? 1_000),
  large: Number(process.env.BENCH_ORDERS_LARGE ?? 100_000),
  connections: Number(process.env.BENCH_ORDERS_CONNECTIONS ?? 2),
  seconds: Number(process.env.BENCH_ORDERS_SECONDS ?? 5),
};
const BASE_DIR = process.env.BENCH_ORDERS_DIR ?? path.join(os.tmpdir(), 'shop-bench-orders');

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

/** Runs section g; returns one summary row per case. */
export async function ordersAdminBench({ root }) {
  const pgBase = process.env.BENCH_DATABASE_URL;
  describeListBench(
    'g. back office order list',
    'order',
    settings,
    pgBase ? 'PostgreSQL' : 'embedded PGlite',
  );
  return compareListSizes({
    root,
    noun: 'order',
    fixtureScript: 'tests/bench/orders-fixture.ts',
    baseDir: BASE_DIR,
    pgBase,
    settings,
    cases: CASES,
    targetRatio: ORDERS_TARGET_RATIO,
  });
}
