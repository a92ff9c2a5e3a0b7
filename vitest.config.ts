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
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
