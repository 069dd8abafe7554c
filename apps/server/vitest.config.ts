import { defineConfig } from 'vitest/config'

// API integration tests: each file runs the real app on its own database copied from a
// template migrated once per run (test/support/global-setup.ts). The root config runs this
// project twice: on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['test/support/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
  },
})
