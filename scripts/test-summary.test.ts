import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain ES module of the test runner, without types
import * as summary from './test-summary.mjs';

type Counts = {
  passed: number;
  failed: number;
  skipped: number;
  filesFailedToRun: number;
  failedSteps: string[];
};
const {
  closingLine,
  findOnly,
  formatDuration,
  onlyLines,
  parseArgs,
  readReport,
  runFailed,
  testFiles,
  usesDatabase,
} = summary as {
  closingLine(c: Counts): string;
  formatDuration(ms: number): string;
  testFiles(root: string, folders: string[]): string[];
  usesDatabase(text: string): boolean;
  findOnly(root: string, folders: string[]): string[];
  onlyLines(file: string, text: string): string[];
  parseArgs(args: string[]): { only?: string; error?: string };
  readReport(report: unknown): {
    passed: number;
    failed: number;
    skipped: number;
    skippedTests: { file: string; name: string }[];
    failedTests: { file: string; name: string; message: string }[];
    retriedTests: { file: string; name: string; message: string }[];
    filesFailedToRun: { file: string; message: string }[];
  };
  runFailed(c: Counts): boolean;
};

// The shape vitest's JSON reporter writes: a file that could not be imported, one whose
// beforeAll threw (its tests marked skipped), and one with passed, skipped and todo tests.
const REPORT = {
  numPassedTests: 2,
  numFailedTests: 0,
  numPendingTests: 4,
  numTodoTests: 1,
  testResults: [
    {
      name: '/shop/tests/api/broken-import.test.ts',
      status: 'failed',
      message: "Cannot find module './missing.ts'\nmore detail",
      assertionResults: [],
    },
    {
      name: '/shop/tests/api/hook.test.ts',
      status: 'failed',
      message: 'setup broke',
      assertionResults: [
        { title: 'a', fullName: 'a', status: 'skipped' },
        { title: 'b', fullName: 'b', status: 'skipped' },
      ],
    },
    {
      name: '/shop/tests/api/mixed.test.ts',
      status: 'passed',
      message: '',
      assertionResults: [
        { title: 'passes', fullName: 'mixed passes', status: 'passed', failureMessages: [] },
        {
          title: 'flaky',
          fullName: 'mixed flaky',
          status: 'passed',
          failureMessages: ['Timeout 30000ms exceeded\nat'],
        },
        { title: 'skipped one', fullName: 'mixed skipped one', status: 'skipped' },
        { title: 'todo one', fullName: 'mixed todo one', status: 'todo' },
      ],
    },
  ],
};

describe('the test runner’s summary', () => {
  it('counts files that failed to run apart from skipped tests, and lists the skipped ones', () => {
    const read = readReport(REPORT);
    expect(read).toMatchObject({ passed: 2, failed: 0, skipped: 2 });
    expect(read.filesFailedToRun.map((f) => f.file)).toEqual([
      '/shop/tests/api/broken-import.test.ts',
      '/shop/tests/api/hook.test.ts',
    ]);
    expect(read.skippedTests.map((t) => t.name)).toEqual(['mixed skipped one', 'mixed todo one']);
    // A test that passed only on its second run is listed with the first run's failure.
    expect(read.retriedTests).toEqual([
      {
        file: '/shop/tests/api/mixed.test.ts',
        name: 'mixed flaky',
        message: 'Timeout 30000ms exceeded\nat',
      },
    ]);
  });

  it('does not count a file with a failed test as one that failed to run', () => {
    const read = readReport({
      numPassedTests: 0,
      numFailedTests: 1,
      testResults: [
        {
          name: 'f.test.ts',
          status: 'failed',
          assertionResults: [
            { title: 'x', fullName: 'f x', status: 'failed', failureMessages: ['expected 1\nat'] },
          ],
        },
      ],
    });
    expect(read).toMatchObject({ failed: 1, filesFailedToRun: [] });
    expect(read.failedTests).toEqual([
      { file: 'f.test.ts', name: 'f x', message: 'expected 1\nat' },
    ]);
  });

  it('names failed files and steps in the closing line, and fails the run for them', () => {
    const clean = { passed: 2401, failed: 0, skipped: 3, filesFailedToRun: 0, failedSteps: [] };
    expect(closingLine(clean)).toBe('2401 passed, 0 failed, 3 skipped');
    expect(runFailed(clean)).toBe(false);
    const broken = { ...clean, filesFailedToRun: 1, failedSteps: ['lint'] };
    expect(closingLine(broken)).toBe(
      '2401 passed, 0 failed, 3 skipped, 1 file failed to run; lint failed',
    );
    expect(runFailed(broken)).toBe(true);
    expect(
      closingLine({ ...clean, filesFailedToRun: 2, failedSteps: ['type check', 'lint'] }),
    ).toBe(
      '2401 passed, 0 failed, 3 skipped, 2 files failed to run; type check failed, lint failed',
    );
    expect(runFailed({ ...clean, failedSteps: ['type check'] })).toBe(true);
    expect(runFailed({ ...clean, filesFailedToRun: 1 })).toBe(true);
    expect(runFailed({ ...clean, failed: 1 })).toBe(true);
  });

  it('accepts no argument, unit or e2e, and refuses anything else', () => {
    expect(parseArgs([])).toEqual({ only: undefined });
    expect(parseArgs(['unit'])).toEqual({ only: 'unit' });
    expect(parseArgs(['e2e'])).toEqual({ only: 'e2e' });
    for (const args of [['units'], ['--unit'], ['unit', 'e2e'], ['']]) {
      expect(parseArgs(args).error, args.join(' ')).toMatch(/^unknown argument/);
    }
  });
});

describe('the check for focused tests', () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'only-check-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  // Built from parts so that this file itself holds no focused test.
  const focus = (fn: string) => `${fn}.${'only'}(`;

  it('finds every kind of focused test with its file and line', () => {
    const text = ['import x;', `  ${focus('it')}'a', () => {});`, `${focus('describe')}'b'`].join(
      '\n',
    );
    expect(onlyLines('a.test.ts', text)).toEqual([
      `a.test.ts:2: ${focus('it')}'a', () => {});`,
      `a.test.ts:3: ${focus('describe')}'b'`,
    ]);
    expect(onlyLines('b.test.ts', `${focus('test.skipIf(x)')}'c'`)).toHaveLength(1);
    expect(onlyLines('c.test.ts', "it('mentions only once', () => {});")).toEqual([]);
  });

  it('looks through test files of the given folders only', () => {
    mkdirSync(path.join(root, 'tests', 'api'), { recursive: true });
    mkdirSync(path.join(root, 'node_modules', 'pkg'), { recursive: true });
    writeFileSync(path.join(root, 'tests', 'api', 'x.test.ts'), `${focus('it')}'x')`);
    writeFileSync(path.join(root, 'tests', 'api', 'helper.ts'), `${focus('it')}'y')`);
    writeFileSync(path.join(root, 'node_modules', 'pkg', 'z.test.ts'), `${focus('it')}'z')`);
    expect(findOnly(root, ['tests', 'app'])).toEqual([
      `${path.join('tests', 'api', 'x.test.ts')}:1: ${focus('it')}'x')`,
    ]);
  });
});

describe('the PostgreSQL suite’s selection', () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'pg-selection-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('lists test files sorted, without helpers, node_modules or hidden folders', () => {
    for (const dir of ['app/lib', 'tests/api', 'node_modules/pkg', 'app/.cache']) {
      mkdirSync(path.join(root, dir), { recursive: true });
    }
    for (const file of [
      'tests/api/b.test.ts',
      'app/lib/a.test.tsx',
      'tests/api/helper.ts',
      'node_modules/pkg/c.test.ts',
      'app/.cache/d.test.ts',
    ]) {
      writeFileSync(path.join(root, file), '');
    }
    expect(testFiles(root, ['tests', 'app', 'missing'])).toEqual([
      path.join('app', 'lib', 'a.test.tsx'),
      path.join('tests', 'api', 'b.test.ts'),
    ]);
  });

  it('keeps files that open a database themselves or through the support helpers', () => {
    expect(usesDatabase("import { startTestShop } from '../support/shop.ts';")).toBe(true);
    expect(usesDatabase("import { x } from '../../tests/support/totals.ts';")).toBe(true);
    expect(usesDatabase('const handle = await openTestDatabase();')).toBe(true);
    expect(usesDatabase("await openDatabase({ kind: 'postgres', url });")).toBe(true);
    expect(usesDatabase('const url = process.env.TEST_DATABASE_URL;')).toBe(true);
    expect(usesDatabase("import { formatPrice } from './money.ts';")).toBe(false);
  });
});

describe('step durations', () => {
  it('shows seconds, and minutes with padded seconds from a minute on', () => {
    expect(formatDuration(4_400)).toBe('4 s');
    expect(formatDuration(59_600)).toBe('1 min 00 s');
    expect(formatDuration(725_000)).toBe('12 min 05 s');
  });
});
