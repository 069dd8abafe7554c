import { inArray } from 'drizzle-orm'
import type { Env } from '../config/env'
import { hashPassword } from '../lib/passwords'
import type { Database } from './client'
import { profiles, users } from './schema'

export type SeededAccount = {
  role: 'trader' | 'admin' | 'support'
  email: string
  password: string
}

/**
 * The demo support user (decision 0036: the admin area read-only), seeded outside production only
 * (its password is published in the README and has no override).
 */
export const DEMO_SUPPORT = { email: 'support@tradepeak.test', password: 'Support-demo-2024' }

const demoNames: Record<SeededAccount['role'], string> = {
  trader: 'Demo Trader',
  admin: 'Demo Admin',
  support: 'Demo Support',
}

/**
 * The local run's demo accounts: one trader, one admin (and one support user outside production),
 * with the documented passwords (or the DEMO_* overrides). Existing accounts are left as they
 * are, so a changed password survives a restart. Returns the accounts to print at start.
 */
export async function seedDemoAccounts(db: Database, env: Env): Promise<SeededAccount[]> {
  const accounts: SeededAccount[] = [
    {
      role: 'trader',
      email: env.DEMO_TRADER_EMAIL.toLowerCase(),
      password: env.DEMO_TRADER_PASSWORD,
    },
    { role: 'admin', email: env.DEMO_ADMIN_EMAIL.toLowerCase(), password: env.DEMO_ADMIN_PASSWORD },
  ]
  if (!env.isProduction) accounts.push({ role: 'support', ...DEMO_SUPPORT })
  for (const account of accounts) {
    const [created] = await db
      .insert(users)
      .values({
        email: account.email,
        passwordHash: await hashPassword(account.password),
        role: account.role,
        emailVerified: true,
        name: demoNames[account.role],
      })
      .onConflictDoNothing({ target: users.email })
      .returning({ id: users.id })
    if (created) await db.insert(profiles).values({ userId: created.id }).onConflictDoNothing()
  }
  return accounts
}

/** ADMIN_EMAILS makes those users admins (also applied at registration and sign-in). */
export async function promoteAdminEmails(db: Database, env: Env): Promise<void> {
  if (env.ADMIN_EMAILS.length === 0) return
  await db.update(users).set({ role: 'admin' }).where(inArray(users.email, env.ADMIN_EMAILS))
}
