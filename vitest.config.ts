import { defineConfig } from 'vitest/config'

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
  },
})

export default defineConfig({
  test: {
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
