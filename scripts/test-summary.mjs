// The pure parts of `npm test` (scripts/test.mjs): which suites an argument selects, what a
// vitest JSON report counts, and the closing line. Tested in scripts/test-summary.test.ts.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

export const SUITES = ['unit', 'e2e'];
export const USAGE = `usage: npm test [-- unit | e2e]
  (none)  type check, lint, build, unit + integration + API tests, browser tests
  unit    everything except the browser tests
  e2e     everything except the unit, integration and API tests`;

/** The suite an argument list selects: `{ only }` (undefined for all) or `{ error }`. */
export function parseArgs(args) {
  if (args.length === 0) return { only: undefined };
  if (args.length === 1 && SUITES.includes(args[0])) return { only: args[0] };
  return { error: `unknown argument: ${args.join(' ')}` };
}

/**
 * What one vitest JSON report says: counts, the failed, retried and skipped tests and the files
 * that did not run. A retried test passed on a later run; its earlier failures are its messages.
 * The tests of a file that did not run (its import or a `beforeAll` failed) are not counted
 * as skipped: the file is counted instead.
 */
export function readReport(report) {
  const skippedTests = [];
  const failedTests = [];
  const retriedTests = [];
  const filesFailedToRun = [];
  for (const file of report.testResults ?? []) {
    const assertions = file.assertionResults ?? [];
    if (file.status === 'failed' && !assertions.some((t) => t.status === 'failed')) {
      filesFailedToRun.push({ file: file.name, message: file.message ?? '' });
      continue;
    }
    for (const test of assertions) {
      if (test.status === 'failed') {
        const why = (test.failureMessages ?? [])[0] ?? '';
        failedTests.push({ file: file.name, name: test.fullName ?? test.title, message: why });
      } else if (test.status === 'passed' && (test.failureMessages ?? []).length > 0) {
        const why = test.failureMessages[0];
        retriedTests.push({ file: file.name, name: test.fullName ?? test.title, message: why });
      } else if (test.status === 'skipped' || test.status === 'pending' || test.status === 'todo') {
        skippedTests.push({ file: file.name, name: test.fullName ?? test.title });
      }
    }
  }
  return {
    passed: report.numPassedTests ?? 0,
    failed: report.numFailedTests ?? 0,
    skipped: skippedTests.length,
    skippedTests,
    failedTests,
    retriedTests,
    filesFailedToRun,
  };
}

const plural = (n, one, many) => `${n} ${n === 1 ? one : many}`;

/**
 * "2401 passed, 0 failed, 3 skipped, 1 file failed to run; lint failed": tests, then the files
 * that failed to run and the steps that failed (a step that failed counts even when its tests
 * passed).
 */
export function closingLine({ passed, failed, skipped, filesFailedToRun, failedSteps }) {
  let line = `${passed} passed, ${failed} failed, ${skipped} skipped`;
  if (filesFailedToRun > 0) line += `, ${plural(filesFailedToRun, 'file', 'files')} failed to run`;
  if (failedSteps.length > 0) line += `; ${failedSteps.map((s) => `${s} failed`).join(', ')}`;
  return line;
}

/** A step's duration as minutes and seconds, e.g. "12 min 05 s". */
export function formatDuration(ms) {
  const seconds = Math.round(ms / 1000);
  const minutes = Math.floor(seconds / 60);
  const rest = String(seconds % 60).padStart(2, '0');
  return minutes > 0 ? `${minutes} min ${rest} s` : `${seconds} s`;
}

/** Whether the whole run failed: any failed test, file or step. */
export function runFailed({ failed, filesFailedToRun, failedSteps }) {
  return failed > 0 || filesFailedToRun > 0 || failedSteps.length > 0;
}

const ONLY = /\b(?:describe|it|test|suite|bench)\b[^\n]*?\.only\s*[(.]/;
const TEST_FILE = /\.(?:test|spec)\.[cm]?[jt]sx?$/;

/** Lines of a test file that focus tests with `.only`, as `file:line: text`. */
export function onlyLines(file, text) {
  return text
    .split('\n')
    .flatMap((line, i) => (ONLY.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : []));
}

/** The test files under the given folders (node_modules and hidden folders skipped), sorted. */
export function testFiles(root, folders) {
  const found = [];
  const walk = (dir) => {
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (TEST_FILE.test(entry.name)) found.push(path.relative(root, full));
    }
  };
  for (const folder of folders) walk(path.join(root, folder));
  return found.sort();
}

/** Every `.only` in the test files under the given folders. */
export function findOnly(root, folders) {
  return testFiles(root, folders).flatMap((file) =>
    onlyLines(file, readFileSync(path.join(root, file), 'utf8')),
  );
}

const OPENS_DATABASE =
  /\b(?:openTestDatabase|startTestShop|openDatabase|createTestDatabase|TEST_DATABASE_URL)\b|tests\/support\/|\.\.\/support\//;

/**
 * Whether a test file's text reaches a database: directly, or through the tests' support
 * helpers (which start shops and open databases). Files that do not are the same on any
 * database and need not run again on PostgreSQL.
 */
export function usesDatabase(text) {
  return OPENS_DATABASE.test(text);
}
