import type { User } from '@tp/api'
import type { UserRow } from '../../db/schema'

/** The user as the API shows it (packages/api userSchema): never the hash or Google id. */
export function toUser(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    name: row.name,
    picture: row.picture,
    phone: row.phone,
    emailVerified: row.emailVerified,
    createdAt: row.createdAt.toISOString(),
  }
}
