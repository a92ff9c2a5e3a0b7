// `npm test`: type check, lint, build, unit + integration + API tests, browser tests.
// Prints one closing line "N passed, N failed" over all suites.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

const only = process.argv[2]; // optional: unit | e2e
const steps = [
  ['type check', 'npm', ['run', '--silent', 'typecheck']],
  ['lint', 'npm', ['run', '--silent', 'lint']],
  ['build', 'npm', ['run', '--silent', 'build']],
  [
    'unit, integration and API tests',
    'npx',
    [
      'vitest',
      'run',
      '--reporter=default',
      '--reporter=json',
      '--outputFile.json=test-results/unit.json',
    ],
    'test-results/unit.json',
  ],
  [
    'browser tests',
    'npx',
    [
      'vitest',
      'run',
      '--config',
      'vitest.e2e.config.ts',
      '--reporter=default',
      '--reporter=json',
      '--outputFile.json=test-results/e2e.json',
    ],
    'test-results/e2e.json',
  ],
].filter(
  ([name]) =>
    !only ||
    (only === 'unit' ? !name.startsWith('browser') : name !== 'unit, integration and API tests'),
);

rmSync('test-results', { recursive: true, force: true });
mkdirSync('test-results', { recursive: true });
let passed = 0;
let failed = 0;
let broken = false;
for (const [name, command, args, report] of steps) {
  console.log(`\n▶ ${name}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: process.env });
  if (report && existsSync(report)) {
    const summary = JSON.parse(readFileSync(report, 'utf8'));
    passed += summary.numPassedTests;
    failed += summary.numFailedTests;
  }
  if (result.status !== 0) {
    broken = true;
    console.error(`✖ ${name} failed`);
    if (!report) break;
  }
}
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(broken || failed > 0 ? 1 : 0);
