import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, testBackend, type TestApp } from './support'

// The server project runs twice (root vitest.config.ts): `server-pglite` and `server-postgres`.
// This guards the harness itself: each project's app must really talk to the backend the project
// names, so the PostgreSQL run cannot silently fall back to PGlite (docs/decisions/0003).

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t?.close()
})

const serverVersion = async () => {
  const { rows } = await t.db.execute<{ version: string; database: string }>(
    sql`select version() as version, current_database() as database`,
  )
  return rows[0]!
}

describe('the test database backend', () => {
  it.runIf(testBackend() === 'postgres')(
    'is a PostgreSQL server in the server-postgres project',
    async () => {
      const { version, database } = await serverVersion()
      expect(version).toMatch(/^PostgreSQL /)
      expect(version).not.toMatch(/PGlite/i)
      // a copy of the run's template, made by CREATE DATABASE ... TEMPLATE on that server
      expect(database).toMatch(/^tp_test_/)
    },
  )

  it.runIf(testBackend() === 'pglite')('is PGlite in the server-pglite project', async () => {
    const { version } = await serverVersion()
    expect(version).toMatch(/PGlite/)
  })

  it('is the backend the project names', () => {
    // The project sets TEST_DB_BACKEND through test.env; a missing value would mean the project
    // runs on the default without saying so.
    expect(process.env.TEST_DB_BACKEND).toBe(testBackend())
    expect(['pglite', 'postgres']).toContain(process.env.TEST_DB_BACKEND)
  })
})
