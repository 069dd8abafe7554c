import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres'
import pg from 'pg'
import { ACCESS_CHANGED_CHANNEL, listeningClient } from './notices'
import * as schema from './schema'

export type Database = NodePgDatabase<typeof schema>
/** A transaction handle or the database itself: use-cases accept either. */
export type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute'>
/** The database or a transaction: either can open a (nested) transaction. */
export type Transactional = Executor & Pick<Database, 'transaction'>

/**
 * Every connection listens to the access notices (db/notices.ts, decision 0024). JIT is off: the
 * app's statements are short reads and writes, and on PostgreSQL the admin figures' plans cost
 * enough to be compiled first, which took longer than running them (decision 0039; PGlite has no
 * JIT and ignores the option).
 */
export function createPool(connectionString: string, max = 10): pg.Pool {
  const { Client, attach } = listeningClient([ACCESS_CHANGED_CHANNEL])
  const pool = new pg.Pool({
    connectionString,
    max,
    application_name: 'tradepeak',
    options: '-c jit=off',
    Client,
  })
  attach(pool)
  return pool
}

export function createDatabase(pool: pg.Pool): Database {
  return drizzle(pool, { schema })
}
