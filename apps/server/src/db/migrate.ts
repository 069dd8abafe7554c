import { migrate } from 'drizzle-orm/node-postgres/migrator'
import { migrationsDir } from '../config/paths'
import type { Database } from './client'

/** Applies the committed migrations (src/db/migrations); idempotent, run at every boot. */
export async function migrateDatabase(db: Database) {
  await migrate(db, { migrationsFolder: migrationsDir })
}
