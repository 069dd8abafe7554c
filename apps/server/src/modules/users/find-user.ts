import { eq } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { users, type UserRow } from '../../db/schema'

export async function findUserById(db: Executor, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1)
  return row
}

/** `email` must already be normalised (trimmed, lower-cased) as the API schemas do. */
export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1)
  return row
}
