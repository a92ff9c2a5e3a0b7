// `npm test`: type check, lint, build, unit + integration + API tests, browser tests.
// Closes with one line over all suites, e.g. "2401 passed, 0 failed, 3 skipped, 1 file failed
// to run; lint failed"; the skipped tests are listed above it.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, openSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import {
  USAGE,
  closingLine,
  findOnly,
  formatDuration,
  parseArgs,
  readReport,
  runFailed,
} from './test-summary.mjs';

const parsed = parseArgs(process.argv.slice(2));
if (parsed.error) {
  console.error(`${parsed.error}\n${USAGE}`);
  process.exit(2);
}
const only = parsed.only;

// A committed `.only` would quietly run a part of the suite as if it were all of it.
const focused = findOnly(process.cwd(), ['app', 'db', 'server', 'scripts', 'tests']);
if (focused.length > 0) {
  console.error(`✖ .only in test files (remove it before committing):\n${focused.join('\n')}`);
  process.exit(1);
}

const vitest = (name, config) => [
  'npx',
  [
    'vitest',
    'run',
    ...(config ? ['--config', config] : []),
    '--allowOnly=false',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=test-results/${name}.json`,
  ],
  `test-results/${name}.json`,
];
// The type check and lint do not depend on each other: they run side by side, each printing its
// output once it is done.
const CHECKS = [
  ['type check', 'npm', ['run', '--silent', 'typecheck']],
  ['lint', 'npm', ['run', '--silent', 'lint']],
];
const steps = [
  ['type check and lint', CHECKS],
  // The tests run the built shop: without a build there is nothing to test.
  ['build', 'npm', ['run', '--silent', 'build'], undefined, { required: true }],
  ['unit, integration and API tests', ...vitest('unit')],
  ['browser tests', ...vitest('e2e', 'vitest.e2e.config.ts')],
].filter(
  ([name]) =>
    !only ||
    (only === 'unit' ? !name.startsWith('browser') : name !== 'unit, integration and API tests'),
);

rmSync('test-results', { recursive: true, force: true });
mkdirSync('test-results', { recursive: true });
const totals = { passed: 0, failed: 0, skipped: 0, filesFailedToRun: 0, failedSteps: [] };
const skippedTests = [];
const failedTests = [];
const retriedTests = [];
const filesFailedToRun = [];
const stepTimes = [];
/** Runs the checks at once; their output is printed whole, one after the other. */
async function runSideBySide(checks) {
  const results = await Promise.all(
    checks.map(
      ([name, command, args]) =>
        new Promise((resolve) => {
          const child = spawn(command, args, { env: process.env });
          const output = [];
          child.stdout.on('data', (chunk) => output.push(chunk));
          child.stderr.on('data', (chunk) => output.push(chunk));
          child.on('close', (status) => resolve({ name, status, output }));
        }),
    ),
  );
  for (const { name, status, output } of results) {
    console.log(`\n▷ ${name}`);
    process.stdout.write(Buffer.concat(output));
    if (status !== 0) {
      console.error(`✖ ${name} failed`);
      totals.failedSteps.push(name);
    }
  }
  return { status: 0 };
}

/** Adds a vitest JSON report to the totals; whether it counted a failure. */
function countReport(report, label = '') {
  if (!existsSync(report)) return false;
  const read = readReport(JSON.parse(readFileSync(report, 'utf8')));
  const labelled = (tests) => tests.map((t) => ({ ...t, name: label + t.name }));
  totals.passed += read.passed;
  totals.failed += read.failed;
  totals.skipped += read.skipped;
  totals.filesFailedToRun += read.filesFailedToRun.length;
  skippedTests.push(...labelled(read.skippedTests));
  failedTests.push(...labelled(read.failedTests));
  retriedTests.push(...labelled(read.retriedTests));
  filesFailedToRun.push(...read.filesFailedToRun);
  return read.failed > 0 || read.filesFailedToRun.length > 0;
}

// With POSTGRES_SUITE_URL (CI sets it) the PostgreSQL suite runs beside the browser tests, at a
// lower priority: the browser journeys mostly wait on pages and timers and leave a core idle.
// Its output is printed when it is done; its counts join the totals.
const postgresUrl = process.env.POSTGRES_SUITE_URL;
let postgresSuite = null;
function startPostgresSuite() {
  const log = openSync('test-results/postgres.log', 'w');
  const child = spawn('nice', ['-n', '5', 'node', 'scripts/test-postgres.mjs'], {
    stdio: ['ignore', log, log],
    env: {
      ...process.env,
      DATABASE_URL: postgresUrl,
      POSTGRES_SUITE_REPORT: 'test-results/postgres.json',
    },
  });
  const done = new Promise((resolve) => {
    child.on('close', (status) => resolve(status ?? 1));
    child.on('error', () => resolve(1));
  });
  return { done, started: Date.now() };
}

for (const [name, command, args, report, options] of steps) {
  if (postgresUrl && !postgresSuite && name.startsWith('browser')) {
    postgresSuite = startPostgresSuite();
  }
  console.log(`\n▶ ${name}`);
  const started = Date.now();
  const result = Array.isArray(command)
    ? await runSideBySide(command)
    : spawnSync(command, args, { stdio: 'inherit', env: process.env });
  stepTimes.push(`${name} ${formatDuration(Date.now() - started)}`);
  const counted = report ? countReport(report) : false;
  // A test step whose failures are already counted is not named again.
  if (result.status !== 0 && !counted) totals.failedSteps.push(name);
  if (result.status !== 0) {
    console.error(`✖ ${name} failed`);
    if (options?.required) break;
  }
}

if (postgresUrl && !totals.failedSteps.includes('build')) {
  postgresSuite ??= startPostgresSuite();
  console.log('\n▶ PostgreSQL suite (beside the browser tests)');
  const status = await postgresSuite.done;
  process.stdout.write(readFileSync('test-results/postgres.log'));
  stepTimes.push(`PostgreSQL suite ${formatDuration(Date.now() - postgresSuite.started)} (beside)`);
  const counted = countReport('test-results/postgres.json', '[PostgreSQL] ');
  if (status !== 0) {
    console.error('✖ PostgreSQL suite failed');
    if (!counted) totals.failedSteps.push('PostgreSQL suite');
  }
}

const relative = (file) => path.relative(process.cwd(), file);
// How long each step took: the whole run has a time budget in CI.
console.log(`\nTimes: ${stepTimes.join(', ')}`);
if (skippedTests.length > 0) {
  console.log(`\nSkipped (${skippedTests.length}):`);
  for (const test of skippedTests) console.log(`  ↓ ${relative(test.file)} > ${test.name}`);
}
const listWithReason = (heading, mark, tests) => {
  if (tests.length === 0) return;
  console.log(`\n${heading} (${tests.length}):`);
  for (const test of tests) {
    console.log(`  ${mark} ${relative(test.file)} > ${test.name}`);
    const why = test.message.split('\n').slice(0, 3).join('\n      ');
    if (why) console.log(`      ${why}`);
  }
};
// Flaky tests stay visible though they count as passed.
listWithReason('Passed only when run again', '↻', retriedTests);
// Last, so that a log cut to its end still names what failed and why.
listWithReason('Failed', '✖', failedTests);
if (filesFailedToRun.length > 0) {
  console.log('\nFailed to run:');
  for (const file of filesFailedToRun) {
    console.log(`  ✖ ${relative(file.file)}: ${file.message.split('\n')[0]}`);
  }
}
console.log(`\n${closingLine(totals)}`);
process.exit(runFailed(totals) ? 1 : 0);
