import { availableParallelism } from 'node:os'
import { configDefaults, defineConfig } from 'vitest/config'

// One Vitest run covers every tier that does not need a browser (see docs/decisions/0003-test-tiers.md):
// pure domain, shared schemas, CLI, web components (jsdom) and API integration tests. The server
// integration project runs once on PGlite and, when TEST_DATABASE_URL is set, once more on that
// PostgreSQL server.
const serverProject = (name: string, backend: 'pglite' | 'postgres') => ({
  extends: './apps/server/vitest.config.ts',
  test: {
    name,
    root: './apps/server',
    env: { TEST_DB_BACKEND: backend },
    ...(backend === 'postgres'
      ? { exclude: [...configDefaults.exclude, ...databaseFreeServerTests] }
      : {}),
  },
})

// Server test files that open no app database (providers' clients and fakes, pure risk and
// simulator pieces, config, the embedded PGlite itself, `npm start` on its own data folder): the
// PostgreSQL project would run them a second time for nothing. A new file runs on both unless
// it is listed here.
const databaseFreeServerTests = [
  'account-event-rule',
  'analytics-cache',
  'boss-statements-limit',
  'build-web-if-changed',
  'embedded-postgres-large-results',
  'embedded-postgres-session-names',
  'embedded-postgres-worker',
  'env',
  'flush-statement-size',
  'google-fake-browser-script',
  'metaapi-adapter',
  'metatrader-poll-backoff',
  'mt5-fake-state',
  'npm-start',
  'oxapay-callback-verification',
  'oxapay-client',
  'paypal-client',
  'paypal-fake-sdk-script',
  'paypal-webhook-verification',
  'risk-nearest-to-breach',
  'risk-reset-slices',
  'risk-screen.property',
  'sim-engine',
  'sim-packed-marks.property',
  'sim-symbol-index',
].map((name) => `test/${name}.test.ts`)

export default defineConfig({
  test: {
    // One test file per core (Vitest's default leaves one core free): most files spend much of
    // their time waiting on their app, its database and its timers, and on the 2-core CI machine
    // one worker left the other core idle for half of a 47-minute run.
    maxWorkers: availableParallelism(),
    projects: [
      {
        test: {
          name: 'domain',
          root: './packages/domain',
          include: ['test/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          root: './packages/api',
          include: ['test/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'cli',
          root: './apps/cli',
          include: ['test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
        },
      },
      serverProject('server-pglite', 'pglite'),
      ...(process.env.TEST_DATABASE_URL ? [serverProject('server-postgres', 'postgres')] : []),
      './apps/web/vitest.config.ts',
    ],
  },
})
