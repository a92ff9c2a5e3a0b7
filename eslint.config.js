import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

export default tseslint.config(
  {
    ignores: [
      'build/',
      'data/',
      'node_modules/',
      '.react-router/',
      'db/migrations/',
      'test-results/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['app/**/*.tsx'],
    languageOptions: { globals: { ...globals.browser } },
  },
  // Layers (docs/decisions/0007-layers-and-errors.md): routes -> http -> domain -> kernel;
  // lib is plumbing that knows neither http nor the domain, only the Drizzle tables.
  {
    files: ['app/lib/**'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(#app/|\\.\\./)(domain|http|routes|components)/',
              message:
                'lib is plumbing: it imports neither the domain nor http (tables via #db/schema.ts).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['app/domain/**'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'react-router', message: 'The domain knows no HTTP: return a Result.' }],
          patterns: [
            {
              regex: '^((#app/|(\\.\\./)+)(http|routes|components)|#server)/',
              message: 'The domain knows no HTTP and no UI: return a Result, map it in app/http.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['app/domain/kernel/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^#app/domain/(?!kernel/)',
              message: 'The kernel stands below every concept of the domain.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['app/http/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^#app/routes/', message: 'Routes call http, never the other way round.' },
          ],
        },
      ],
    },
  },
  {
    // Components and browser helpers end up in the client bundle: view types come from the
    // domain's *.view.ts files, never from server modules or app/http (not even as types, so
    // nothing drifts in).
    files: ['app/components/**', 'app/client/**'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '\\.server(\\.tsx?)?$',
              message: 'Browser code imports view types from *.view.ts, not server modules.',
            },
            {
              regex: '^(#app/|(\\.\\./)+)routes/',
              message: 'Components are used by routes, never the other way round.',
            },
            {
              regex: '^(#app/|(\\.\\./)+)http/',
              message:
                'Browser code knows no wire handler: view types live in app/domain/<concept>/*.view.ts.',
            },
          ],
        },
      ],
    },
  },
  {
    // The Stripe sandbox stands beside the shop (sandbox/stripe/README.md): the shop reaches it
    // only through the server's mount point, the Stripe setup and the browser loader. A rule of
    // its own name, so the layer rules above stay as they are.
    files: ['app/**'],
    ignores: ['app/domain/payments/stripe-setup.server.ts', 'app/client/stripe/load-stripe.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(#sandbox/|(\\.\\./)+sandbox/)',
              message:
                'The shop does not know whether it talks to Stripe or the sandbox: use the stripe client of stripe-setup.server.ts.',
            },
          ],
        },
      ],
    },
  },
  {
    // Inside the sandbox: its domain knows no HTTP, its browser scripts no server module.
    files: ['sandbox/stripe/domain/**'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(#sandbox/stripe/|\\.\\./)(http|client)/',
              message: 'The sandbox domain returns outcomes; its http part answers them.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['sandbox/stripe/client/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '\\.server(\\.tsx?)?$',
              message: 'The sandbox Stripe.js runs in the browser: no server modules.',
            },
          ],
        },
      ],
    },
  },
  {
    // Tests read loosely typed JSON answers on purpose.
    files: ['tests/**', '**/*.test.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // Every accessibility check runs the same WCAG rule set, through tests/support/axe.ts.
    files: ['tests/**'],
    ignores: ['tests/support/axe.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@axe-core/playwright',
              message: 'Use axeViolations from tests/support/axe.ts.',
            },
            { name: 'axe-core', message: 'Use axeViolations from tests/support/axe.ts.' },
          ],
        },
      ],
    },
  },
);
