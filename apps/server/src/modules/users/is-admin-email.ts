import type { Env } from '../../config/env'

/** ADMIN_EMAILS grants the admin role (at seed, registration and sign-in). */
export function isAdminEmail(env: Pick<Env, 'ADMIN_EMAILS'>, email: string): boolean {
  return env.ADMIN_EMAILS.includes(email.trim().toLowerCase())
}
