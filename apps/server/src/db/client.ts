import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres'
import pg from 'pg'
import * as schema from './schema'

export type Database = NodePgDatabase<typeof schema>
/** A transaction handle or the database itself: use-cases accept either. */
export type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute'>
/** The database or a transaction: either can open a (nested) transaction. */
export type Transactional = Executor & Pick<Database, 'transaction'>

export function createPool(connectionString: string, max = 10): pg.Pool {
  return new pg.Pool({ connectionString, max, application_name: 'tradepeak' })
}

export function createDatabase(pool: pg.Pool): Database {
  return drizzle(pool, { schema })
}
