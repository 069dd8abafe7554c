import path from 'node:path'
import { mkdir } from 'node:fs/promises'
import type pg from 'pg'
import type { Env } from '../config/env'
import { createDatabase, createPool, type Database } from './client'
import { startEmbeddedPostgres } from './embedded-postgres'

export type OpenDatabase = {
  db: Database
  pool: pg.Pool
  url: string
  /** "embedded PGlite at <dir>" or the server's host, for the boot log (never the password). */
  description: string
  close(): Promise<void>
}

/**
 * The app always talks the PostgreSQL wire protocol: to DATABASE_URL, or else to PGlite
 * persisted under DATA_DIR/pglite and served on loopback (docs/decisions/0006).
 */
export async function openDatabase(env: Env): Promise<OpenDatabase> {
  if (env.DATABASE_URL) {
    const pool = createPool(env.DATABASE_URL)
    const { hostname, port, pathname } = new URL(env.DATABASE_URL)
    return {
      db: createDatabase(pool),
      pool,
      url: env.DATABASE_URL,
      description: `PostgreSQL at ${hostname}:${port || 5432}${pathname}`,
      close: () => pool.end(),
    }
  }
  const dataDir = path.join(env.DATA_DIR, 'pglite')
  await mkdir(dataDir, { recursive: true })
  const embedded = await startEmbeddedPostgres({ dataDir })
  const pool = createPool(embedded.url)
  return {
    db: createDatabase(pool),
    pool,
    url: embedded.url,
    description: `embedded PGlite at ${dataDir} (served on ${new URL(embedded.url).host})`,
    async close() {
      await pool.end()
      await embedded.stop()
    },
  }
}
