import { randomBytes } from 'node:crypto'
import { readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { createDatabase, createPool } from '../../src/db/client'
import { startEmbeddedPostgres } from '../../src/db/embedded-postgres'
import { migrateDatabase } from '../../src/db/migrate'
import type { OpenDatabase } from '../../src/db/open-database'
import { allJobs } from '../../src/jobs'
import { createBoss, JobRunner } from '../../src/jobs/job-runner'
import { createLogger } from '../../src/lib/logger'

// Every test file gets a database of its own, copied from one template migrated once per run:
// PGlite -> a fresh instance loaded from the template's dump (in its own worker thread, served
// over the same loopback wire server as the app uses); PostgreSQL -> CREATE DATABASE ... TEMPLATE, dropped afterwards.

export type TestBackend = 'pglite' | 'postgres'

export type DatabaseTemplate =
  | { backend: 'pglite'; dumpPath: string }
  | { backend: 'postgres'; serverUrl: string; templateName: string }

export function parseTestBackend(value: string | undefined): TestBackend {
  const backend = value ?? 'pglite'
  if (backend !== 'pglite' && backend !== 'postgres') {
    throw new Error(`TEST_DB_BACKEND must be pglite or postgres, not ${backend}`)
  }
  return backend
}

/** The backend of this test process (the project's `test.env` applies in test workers). */
export function testBackend(): TestBackend {
  return parseTestBackend(process.env.TEST_DB_BACKEND)
}

export function testServerUrl(): string {
  const url = process.env.TEST_DATABASE_URL
  if (!url) throw new Error('TEST_DATABASE_URL is required for the postgres test backend')
  return url
}

/** Names carry their creation time, so leftovers of crashed runs can be recognised. */
function uniqueName(prefix: string): string {
  return `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`
}

function withDatabase(serverUrl: string, database: string): string {
  const url = new URL(serverUrl)
  url.pathname = `/${database}`
  return url.toString()
}

/**
 * pool.end() resolves once every client has been told to end, not once its connection has
 * closed: a backend still finishing its session when the database is dropped `with (force)` (or
 * copied as a template) is terminated, and its client, still listening, gets FATAL 57P01
 * "terminating connection due to administrator command" as an unhandled pool 'error'. The
 * returned function ends the pool and resolves once every connection it opened has really
 * closed (the pool's 'remove' event fires after the client's end completes).
 */
function endsFully(pool: pg.Pool): () => Promise<void> {
  const open = new Set<pg.PoolClient>()
  let allClosed: (() => void) | undefined
  pool.on('connect', (client) => open.add(client))
  pool.on('remove', (client) => {
    open.delete(client)
    if (open.size === 0) allClosed?.()
  })
  return async () => {
    const closed = new Promise<void>((resolve) => (allClosed = resolve))
    await pool.end()
    if (open.size > 0) await closed
  }
}

/** Schema of the app and of pg-boss, queues created: what a booted app finds. */
async function migrate(url: string) {
  const pool = createPool(url, 4)
  const endPool = endsFully(pool)
  try {
    await migrateDatabase(createDatabase(pool))
    const boss = createBoss(pool, { isMaintaining: false })
    boss.on('error', () => {})
    await boss.start()
    await new JobRunner(boss, createLogger({ LOG_LEVEL: 'silent', NODE_ENV: 'test' })).createQueues(
      allJobs,
    )
    await boss.stop({ graceful: false, close: false, wait: true })
  } finally {
    await endPool()
  }
}

async function dropStaleDatabases(admin: pg.Client) {
  const { rows } = await admin.query<{ datname: string }>(
    "select datname from pg_database where datname ~ '^tp_(test|template)_[0-9a-z]+_[0-9a-f]{8}$'",
  )
  const sixHoursAgo = Date.now() - 6 * 60 * 60 * 1000
  for (const { datname } of rows) {
    const createdAt = parseInt(datname.split('_')[2]!, 36)
    if (createdAt < sixHoursAgo) {
      await admin.query(`drop database if exists "${datname}" with (force)`).catch(() => {})
    }
  }
}

export async function createDatabaseTemplate(
  backend: TestBackend,
): Promise<{ template: DatabaseTemplate; dispose(): Promise<void> }> {
  if (backend === 'pglite') {
    const embedded = await startEmbeddedPostgres()
    try {
      await migrate(embedded.url)
      const dump = await embedded.dumpDataDir()
      const dumpPath = path.join(tmpdir(), `${uniqueName('tp_template')}.tar`)
      await writeFile(dumpPath, Buffer.from(dump))
      return {
        template: { backend, dumpPath },
        dispose: () => rm(dumpPath, { force: true }),
      }
    } finally {
      await embedded.stop()
    }
  }

  const serverUrl = testServerUrl()
  const templateName = uniqueName('tp_template')
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  try {
    await dropStaleDatabases(admin)
    await admin.query(`create database "${templateName}"`)
  } finally {
    await admin.end()
  }
  await migrate(withDatabase(serverUrl, templateName))
  return {
    template: { backend, serverUrl, templateName },
    async dispose() {
      const client = new pg.Client({ connectionString: serverUrl })
      await client.connect()
      await client.query(`drop database if exists "${templateName}" with (force)`)
      await client.end()
    },
  }
}

/**
 * Test files run in parallel workers, each copying the template. PostgreSQL refuses a copy while
 * another session is connected to the template (55006 "source database is being accessed by
 * other users"): a brief window, so the copy is retried a few times before it fails the file.
 */
async function createFromTemplate(admin: pg.Client, name: string, templateName: string) {
  for (let attempt = 1; ; attempt++) {
    try {
      await admin.query(`create database "${name}" template "${templateName}"`)
      return
    } catch (error) {
      const code = (error as { code?: string }).code
      if (code !== '55006' || attempt >= 20) throw error
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt))
    }
  }
}

export async function openDatabaseFromTemplate(template: DatabaseTemplate): Promise<OpenDatabase> {
  if (template.backend === 'pglite') {
    const dump = await readFile(template.dumpPath)
    const embedded = await startEmbeddedPostgres({ loadDataDir: dump })
    const pool = createPool(embedded.url)
    return {
      db: createDatabase(pool),
      pool,
      url: embedded.url,
      description: 'PGlite test database',
      async close() {
        await pool.end()
        await embedded.stop()
      },
    }
  }

  const name = uniqueName('tp_test')
  const admin = new pg.Client({ connectionString: template.serverUrl })
  await admin.connect()
  try {
    await createFromTemplate(admin, name, template.templateName)
  } finally {
    await admin.end()
  }
  const url = withDatabase(template.serverUrl, name)
  const pool = createPool(url)
  const endPool = endsFully(pool)
  return {
    db: createDatabase(pool),
    pool,
    url,
    description: `PostgreSQL test database ${name}`,
    async close() {
      // every connection of the app's pool (its pg-boss included) closed before the forced drop
      await endPool()
      const client = new pg.Client({ connectionString: template.serverUrl })
      await client.connect()
      await client.query(`drop database if exists "${name}" with (force)`)
      await client.end()
    },
  }
}

let lazyTemplate: Promise<DatabaseTemplate> | undefined

/**
 * The template of this run: the one made by Vitest's global setup, or (outside Vitest) one
 * made on first use in this process.
 */
export async function currentTemplate(): Promise<DatabaseTemplate> {
  if (process.env.VITEST) {
    const { inject } = await import('vitest')
    const provided = inject('serverDatabaseTemplate')
    if (provided) {
      if (provided.backend !== testBackend()) {
        throw new Error(
          `the run's database template is ${provided.backend} but this project asks for ${testBackend()}`,
        )
      }
      return provided
    }
  }
  lazyTemplate ??= createDatabaseTemplate(testBackend()).then(({ template, dispose }) => {
    process.once('exit', () => void dispose())
    return template
  })
  return lazyTemplate
}

declare module 'vitest' {
  export interface ProvidedContext {
    serverDatabaseTemplate: DatabaseTemplate | undefined
  }
}
