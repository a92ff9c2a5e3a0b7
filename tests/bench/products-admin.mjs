// h. Back office product list at scale: the same list, filter, sort and search requests against
// a shop with 1 000 and one with 100 000 generated products (catalog-fixture.ts), side by side.
// What counts is the 100 k / 1 k ratio of p50 (target <= 1.5). Embedded databases only, as the
// catalogue fixture writes them.
import os from 'node:os';
import path from 'node:path';
import { compareListSizes, describeListBench } from './admin-list-scale.mjs';

export const PRODUCTS_TARGET_RATIO = 1.5;

const settings = {
  small: Number(process.env.BENCH_PRODUCTS_SMALL ?? 1_000),
  large: Number(process.env.BENCH_PRODUCTS_LARGE ?? 100_000),
  connections: Number(process.env.BENCH_PRODUCTS_CONNECTIONS ?? 2),
  seconds: Number(process.env.BENCH_PRODUCTS_SECONDS ?? 5),
};
const BASE_DIR = process.env.BENCH_PRODUCTS_DIR ?? path.join(os.tmpdir(), 'shop-bench-products');

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

/** Runs section h; returns one summary row per case. */
export async function productsAdminBench({ root }) {
  describeListBench('h. back office product list', 'product', settings, 'embedded PGlite');
  return compareListSizes({
    root,
    noun: 'product',
    fixtureScript: 'tests/bench/products-admin-fixture.ts',
    baseDir: BASE_DIR,
    settings,
    cases: CASES,
    targetRatio: PRODUCTS_TARGET_RATIO,
  });
}
