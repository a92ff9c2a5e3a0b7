import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // A shared, busy machine: polled conditions get ten seconds, never a fixed sleep.
    expect: { poll: { timeout: 10_000 } },
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
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Most files wait on a server, a child process or the database: two at a time keep both
    // cores busy (vitest would run one at a time on a two-core machine).
    maxWorkers: 2,
  },
});
