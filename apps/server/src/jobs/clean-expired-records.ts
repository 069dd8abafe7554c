import { and, isNotNull, lt, or } from 'drizzle-orm'
import { capturedEmails, passwordResetTokens, rateLimitCounters, refreshTokens } from '../db/schema'
import { z } from 'zod'
import { defineJob } from './job-runner'

const DAY_MS = 24 * 60 * 60 * 1000

/** Hourly: drops tokens and counters that can no longer matter. */
export const cleanExpiredRecordsJob = defineJob({
  name: 'maintenance.clean-expired-records',
  schema: z.unknown(),
  cron: '17 * * * *',
  retryLimit: 1,
  async handle(ctx) {
    const now = ctx.clock.now()
    const dayAgo = new Date(now.getTime() - DAY_MS)
    await ctx.db
      .delete(refreshTokens)
      .where(or(lt(refreshTokens.expiresAt, dayAgo), lt(refreshTokens.revokedAt, dayAgo)))
    await ctx.db
      .delete(passwordResetTokens)
      .where(
        or(
          lt(passwordResetTokens.expiresAt, dayAgo),
          and(isNotNull(passwordResetTokens.usedAt), lt(passwordResetTokens.usedAt, dayAgo)),
        ),
      )
    const window = ctx.env.RATE_LIMIT_WINDOW_SECONDS * 1000
    await ctx.db
      .delete(rateLimitCounters)
      .where(lt(rateLimitCounters.windowStartedAt, new Date(now.getTime() - window - DAY_MS)))
    if (ctx.isMailCaptured) {
      await ctx.db
        .delete(capturedEmails)
        .where(lt(capturedEmails.receivedAt, new Date(now.getTime() - 30 * DAY_MS)))
    }
  },
})
