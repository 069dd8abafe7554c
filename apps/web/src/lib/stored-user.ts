import type { User } from '@tp/api/auth'

// The user kept in storage (spec 3), checked by hand when the app starts: the shell needs it at
// once to route, and zod would add its weight to every page's first load (decision 0021). It has
// the shape of @tp/api/auth's userSchema (stored-user.test.ts holds the two to the same verdicts);
// GET /api/auth/me, parsed with that schema, refreshes it as soon as the app runs.

const isString = (value: unknown): value is string => typeof value === 'string'
const isStringOrNull = (value: unknown): value is string | null =>
  value === null || typeof value === 'string'

/** The stored user when it has the shape of a User (unknown fields dropped), else null. */
export function parseStoredUser(value: unknown): User | null {
  if (typeof value !== 'object' || value === null) return null
  const v = value as Record<string, unknown>
  if (!isString(v.id) || !isString(v.email) || !isString(v.createdAt)) return null
  if (v.role !== 'trader' && v.role !== 'admin' && v.role !== 'support') return null
  if (!isStringOrNull(v.name) || !isStringOrNull(v.picture) || !isStringOrNull(v.phone)) {
    return null
  }
  if (typeof v.emailVerified !== 'boolean') return null
  return {
    id: v.id,
    email: v.email,
    role: v.role,
    name: v.name,
    picture: v.picture,
    phone: v.phone,
    emailVerified: v.emailVerified,
    createdAt: v.createdAt,
  }
}
