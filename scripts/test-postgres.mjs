// `npm run test:postgres`: the tests of the unit, integration and API suite (vitest.config.ts)
// that reach a database, against the PostgreSQL server in DATABASE_URL; each test file gets a
// database of its own, copied from a migrated template and dropped afterwards. Files that never
// open a database ran already with `npm test` and are not repeated. The browser tests stay on
// the embedded database. Arguments after `--` narrow it, as for vitest.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { testFiles, usesDatabase } from './test-summary.mjs';

const url = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
if (!url) {
  console.error(
    'Set DATABASE_URL (for example postgres://user@localhost:5432/postgres) to run the PostgreSQL suite.',
  );
  process.exit(1);
}
const SUITE = [
  'app',
  'db',
  'server',
  'sandbox',
  'scripts',
  'tests/api',
  'tests/architecture',
  'tests/bench',
];
const args = process.argv.slice(2);
const files =
  args.length > 0
    ? args
    : testFiles(process.cwd(), SUITE).filter((file) => usesDatabase(readFileSync(file, 'utf8')));
// From `npm test` (POSTGRES_SUITE_URL): a JSON report for its summary, and without the files
// that measure how the shop shares its CPU (they ran on the embedded database, with the cores to
// themselves; beside the browser tests they could not have them).
const report = process.env.POSTGRES_SUITE_REPORT;
const reporting = report
  ? ['--project=shared', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`]
  : [];
const result = spawnSync('npx', ['vitest', 'run', '--allowOnly=false', ...reporting, ...files], {
  stdio: 'inherit',
  env: { ...process.env, TEST_DATABASE_URL: url, DATABASE_URL: '' },
});
process.exit(result.status ?? 1);
