import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // A shared, busy machine: polled conditions get ten seconds, never a fixed sleep.
    expect: { poll: { timeout: 10_000 } },
    include: ['tests/e2e/**/*.test.ts'],
    globalSetup: ['tests/e2e/global-setup.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // One browser at a time on a two-core machine.
    fileParallelism: false,
  },
});
