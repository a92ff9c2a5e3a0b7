import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Files that measure how the shop shares its CPU (pages served while passwords hash, a login
 * against its hash alone): they run after all others, one at a time, with the cores to
 * themselves.
 */
const ALONE = ['tests/api/accounts.test.ts', 'tests/bench/login.test.ts'];

export default defineConfig({
  test: {
    // A shared, busy machine: polled conditions get ten seconds, never a fixed sleep.
    expect: { poll: { timeout: 10_000 } },
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    projects: [
      {
        extends: true,
        test: {
          name: 'shared',
          include: [
            'app/**/*.test.ts',
            'db/**/*.test.ts',
            'server/**/*.test.ts',
            'sandbox/**/*.test.ts',
            'scripts/**/*.test.ts',
            'tests/api/**/*.test.ts',
            'tests/architecture/**/*.test.ts',
            'tests/bench/**/*.test.ts',
          ],
          exclude: [...configDefaults.exclude, ...ALONE],
          // Most files wait on a server, a child process or the database: two at a time keep
          // both cores busy (vitest would run one at a time on a two-core machine).
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'alone',
          include: ALONE,
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
