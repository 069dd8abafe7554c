import { eq, sql } from 'drizzle-orm'
import type { AppContext } from '../../context'
import { rateLimitCounters } from '../../db/schema'
import { AppError } from '../../lib/errors'

// Attempt limits for the doors attackers knock on (sign-in, sign-up, forgot-password, reset),
// counted in the database so they hold across server processes and restarts. Fixed windows per
// key: the first attempt opens a window, attempts beyond the limit inside it are refused with 429
// and Retry-After until it closes. Every attempt counts per client IP; sign-up and
// forgot-password also per email; sign-in and reset count their failures per email and IP (per
// IP for a reset), so someone else's failures never lock an owner out
// (docs/decisions/0009-rate-limits.md).

export type RateLimitedAction =
  | 'login'
  | 'register'
  | 'forgot-password'
  | 'google'
  | 'reset-password'
  // the public forms (modules/service, decision 0026): every attempt per IP and per email
  | 'contact'
  | 'become-partner'
  | 'newsletter'
  // Connect MetaTrader (modules/metatrader, decision 0043): per user (as `email`) and per IP
  | 'metatrader-connection-test'
  // TradeLocker sign-in of a link (modules/tradelocker, decision 0044): per user and per IP
  | 'tradelocker-link'

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

function refusal(ctx: AppContext, window: Window, now: Date): AppError {
  const closesAt = window.windowStartedAt.getTime() + ctx.env.RATE_LIMIT_WINDOW_SECONDS * 1000
  const retryAfterSeconds = Math.ceil((closesAt - now.getTime()) / 1000)
  return new AppError('RATE_LIMITED', { retryAfterSeconds: Math.max(1, retryAfterSeconds) })
}

/** The failures of sign-in for one email from one IP, or of reset from one IP. */
function failureKey(action: 'login' | 'reset-password', subject: { ip: string; email?: string }) {
  return subject.email === undefined
    ? `${action}:failed:ip:${subject.ip}`
    : `${action}:failed:email-ip:${subject.email}:${subject.ip}`
}

/**
 * Counts one failed sign-in (wrong password, per email and IP) or reset (invalid token, per IP),
 * and throws RATE_LIMITED when they are more than RATE_LIMIT_MAX_PER_EMAIL in the window. Only
 * failures count, and only from that IP: nobody elsewhere can use up an owner's attempts.
 */
export async function recordFailure(
  ctx: AppContext,
  action: 'login' | 'reset-password',
  subject: { ip: string; email?: string },
): Promise<void> {
  const now = ctx.clock.now()
  const window = await hit(ctx, failureKey(action, subject), now)
  if (window.hits > ctx.env.RATE_LIMIT_MAX_PER_EMAIL) throw refusal(ctx, window, now)
}

/** A success forgets the failures before it (the owner who mistyped, then got it right). */
export async function clearFailures(
  ctx: AppContext,
  action: 'login' | 'reset-password',
  subject: { ip: string; email?: string },
): Promise<void> {
  await ctx.db
    .delete(rateLimitCounters)
    .where(eq(rateLimitCounters.key, failureKey(action, subject)))
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
