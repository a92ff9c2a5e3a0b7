// `npm run test:postgres`: every test of the unit, integration and API suite (vitest.config.ts:
// app, db, server, scripts, tests/api, tests/bench) against the PostgreSQL server in
// DATABASE_URL; each test file gets a database of its own, dropped afterwards. The browser
// tests stay on the embedded database. Arguments after `--` narrow it, as for vitest.
import { spawnSync } from 'node:child_process';

const url = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
if (!url) {
  console.error(
    'Set DATABASE_URL (for example postgres://user@localhost:5432/postgres) to run the PostgreSQL suite.',
  );
  process.exit(1);
}
const result = spawnSync('npx', ['vitest', 'run', '--allowOnly=false', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, TEST_DATABASE_URL: url, DATABASE_URL: '' },
});
process.exit(result.status ?? 1);
