import { sql } from 'drizzle-orm'
import type { AppContext } from '../../context'
import { rateLimitCounters } from '../../db/schema'
import { AppError } from '../../lib/errors'

// Attempt limits for the doors attackers knock on (sign-in, sign-up, forgot-password), counted
// in the database so they hold across server processes and restarts. Fixed windows per key:
// the first attempt opens a window, attempts beyond the limit inside it are refused with 429
// and Retry-After until it closes. Limited per client IP and per email, so neither spreading
// over many emails nor over many IPs gets around it (docs/decisions/0009-rate-limits.md).

export type RateLimitedAction = 'login' | 'register' | 'forgot-password' | 'google'

type Window = { hits: number; windowStartedAt: Date }

async function hit(ctx: AppContext, key: string, now: Date): Promise<Window> {
  const windowStart = new Date(now.getTime() - ctx.env.RATE_LIMIT_WINDOW_SECONDS * 1000)
  const isExpired = sql`${rateLimitCounters.windowStartedAt} <= ${windowStart.toISOString()}::timestamptz`
  const [row] = await ctx.db
    .insert(rateLimitCounters)
    .values({ key, windowStartedAt: now, hits: 1 })
    .onConflictDoUpdate({
      target: rateLimitCounters.key,
      set: {
        hits: sql`case when ${isExpired} then 1 else ${rateLimitCounters.hits} + 1 end`,
        windowStartedAt: sql`case when ${isExpired} then ${now.toISOString()}::timestamptz else ${rateLimitCounters.windowStartedAt} end`,
      },
    })
    .returning({ hits: rateLimitCounters.hits, windowStartedAt: rateLimitCounters.windowStartedAt })
  return row!
}

/** Counts one attempt; throws RATE_LIMITED (429) when the IP or the email is over its limit. */
export async function consumeAttempt(
  ctx: AppContext,
  action: RateLimitedAction,
  subject: { ip: string; email?: string },
): Promise<void> {
  const now = ctx.clock.now()
  const checks: { key: string; limit: number }[] = [
    { key: `${action}:ip:${subject.ip}`, limit: ctx.env.RATE_LIMIT_MAX_PER_IP },
  ]
  if (subject.email) {
    checks.push({
      key: `${action}:email:${subject.email}`,
      limit: ctx.env.RATE_LIMIT_MAX_PER_EMAIL,
    })
  }
  let retryAfterSeconds = 0
  for (const { key, limit } of checks) {
    const window = await hit(ctx, key, now)
    if (window.hits > limit) {
      const closesAt = window.windowStartedAt.getTime() + ctx.env.RATE_LIMIT_WINDOW_SECONDS * 1000
      retryAfterSeconds = Math.max(retryAfterSeconds, Math.ceil((closesAt - now.getTime()) / 1000))
    }
  }
  if (retryAfterSeconds > 0) {
    throw new AppError('RATE_LIMITED', { retryAfterSeconds: Math.max(1, retryAfterSeconds) })
  }
}
