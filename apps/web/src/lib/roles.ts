import type { User } from '@tp/api/auth'

/** Whether the user is an admin: a check the public pages' islands make without the auth code. */
export function isAdmin(user: User | null): boolean {
  return user?.role === 'admin'
}

/**
 * Whether the user works in the admin area: an admin, or a support user who sees it read-only
 * (decision 0036). The role is the one the API reported (GET /api/auth/me keeps it current).
 */
export function hasAdminArea(user: User | null): boolean {
  return user?.role === 'admin' || user?.role === 'support'
}

/** Whether the user may act in the admin area (edit, disable, refund...): admins only. */
export function canActAsAdmin(user: User | null): boolean {
  return user?.role === 'admin'
}
