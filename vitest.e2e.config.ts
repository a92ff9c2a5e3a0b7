import { defineConfig } from 'vitest/config';

/**
 * Browser journeys that depend on timing (debounces, animations, the page's clock, hashing)
 * or change what every page shows: they run after the others, one at a time.
 */
const ALONE = [
  'tests/e2e/accounts.test.ts',
  'tests/e2e/cart-coupons.test.ts',
  'tests/e2e/checkout-accounts.test.ts',
  'tests/e2e/checkout.test.ts',
  'tests/e2e/chrome.test.ts',
  'tests/e2e/express-checkout.test.ts',
  'tests/e2e/express-product.test.ts',
  'tests/e2e/mini-cart.test.ts',
  'tests/e2e/product-gallery.test.ts',
  'tests/e2e/product-legal.test.ts',
  'tests/e2e/search.test.ts',
  'tests/e2e/site-features.test.ts',
  'tests/e2e/stripe-flows-errors.test.ts',
  'tests/e2e/subscriptions.test.ts',
  'tests/e2e/withdrawal.test.ts',
];

export default defineConfig({
  test: {
    // A shared, busy machine: polled conditions get ten seconds, never a fixed sleep.
    expect: { poll: { timeout: 10_000 } },
    // A browser test that fails is run once more before it counts: on a shared machine a page
    // may miss a frame. A broken feature fails both runs; the report names every retried test.
    retry: 1,
    globalSetup: ['tests/e2e/global-setup.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    projects: [
      {
        extends: true,
        test: {
          name: 'browser-shared',
          include: ['tests/e2e/**/*.test.ts'],
          exclude: ALONE,
          // Two browsers at a time: most of a journey waits on the server or the page.
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'browser-alone',
          include: ALONE,
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
