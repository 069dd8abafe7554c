// One linter for the whole repository. Boundaries that keep the architecture honest are
// enforced here (see ARCHITECTURE.md): the domain library stays pure, the web app's imports flow
// shared -> features -> app.
import js from '@eslint/js'
import globals from 'globals'
import reactHooks from 'eslint-plugin-react-hooks'
import tseslint from 'typescript-eslint'

const ioModules = [
  'fs',
  'node:*',
  'fs/*',
  'path',
  'os',
  'net',
  'http',
  'https',
  'child_process',
  'fastify',
  'fastify*',
  '@fastify/*',
  'pg',
  'pg-boss',
  'drizzle-orm',
  'drizzle-orm/*',
  'react',
  'react-dom',
]

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      '**/coverage/**',
      'test-results/**',
      'playwright-report/**',
      'apps/server/src/db/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    files: ['packages/domain/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ioModules,
              message: 'The domain library is pure: no I/O and no framework imports.',
            },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: 'The domain library does no I/O.' },
        { name: 'process', message: 'The domain library does not read the environment.' },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // shared code (components, lib, config, hooks) must not reach into features or the app shell
    files: [
      'apps/web/src/components/**/*.{ts,tsx}',
      'apps/web/src/lib/**/*.{ts,tsx}',
      'apps/web/src/config/**/*.{ts,tsx}',
      'apps/web/src/hooks/**/*.{ts,tsx}',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/features/*', '@/app/*', '../features/*', '../app/*'],
              message: 'Shared code must not import features or the app shell.',
            },
          ],
        },
      ],
    },
  },
  {
    // features may use shared code and other features' public api, never the app shell
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ group: ['@/app/*'], message: 'Features must not import the app shell.' }],
        },
      ],
    },
  },
)
