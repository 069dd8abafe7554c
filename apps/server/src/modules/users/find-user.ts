import { eq, sql } from 'drizzle-orm'
import type { Database, Executor } from '../../db/client'
import { preparedPerDatabase } from '../../db/prepared'
import { users, type UserRow } from '../../db/schema'

export async function findUserById(db: Executor, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1)
  return row
}

const userById = preparedPerDatabase((db) =>
  db
    .select()
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .limit(1)
    .prepare('tp_user_by_id'),
)

/** As findUserById, outside a transaction: a statement built and prepared once (decision 0024). */
export async function readUserById(db: Database, id: string): Promise<UserRow | undefined> {
  const [row] = await userById(db).execute({ id })
  return row
}

/** `email` must already be normalised (trimmed, lower-cased) as the API schemas do. */
export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1)
  return row
}
