import type { User } from '@tp/api/auth'

/** Whether the user is an admin: a check the public pages' islands make without the auth code. */
export function isAdmin(user: User | null): boolean {
  return user?.role === 'admin'
}
