import type { Database } from './client'

/**
 * A query built once per database handle instead of on every call, and prepared on the server
 * once per connection (a named statement): drizzle's SQL building costs more CPU than the round
 * trip of a one-row read, and a named statement skips the server's parse and plan (measured:
 * 80 -> 34 us of PostgreSQL CPU per primary-key read; decision 0024). On PGlite every connection
 * shares one session; its wire server gives each connection's statement names a prefix of
 * their own (0006).
 *
 *   const accountById = preparedPerDatabase((db) =>
 *     db.select().from(t).where(eq(t.id, sql.placeholder('id'))).prepare('tp_account_by_id'))
 *   const [row] = await accountById(ctx.db).execute({ id })
 */
export function preparedPerDatabase<Q>(build: (db: Database) => Q): (db: Database) => Q {
  const built = new WeakMap<Database, Q>()
  return (db) => {
    let query = built.get(db)
    if (query === undefined) {
      query = build(db)
      built.set(db, query)
    }
    return query
  }
}
