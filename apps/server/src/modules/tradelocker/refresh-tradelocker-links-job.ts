import { eq } from 'drizzle-orm'
import { z } from 'zod'
import type { AppContext } from '../../context'
import { tradeLockerLinks } from '../../db/schema'
import { defineJob } from '../../jobs/job-runner'
import { rotateTradeLockerTokens } from './rotate-tradelocker-tokens'
import { syncLink } from './sync-linked-account'

/**
 * Every active TradeLocker link, every 30 minutes (decision 0044): its tokens rotated (a refusal
 * marks it needs-login, which the trader sees on /user/connect), then each imported account's new
 * order history imported. One link's failure does not stop the others.
 */
export async function refreshTradeLockerLinks(
  ctx: AppContext,
): Promise<{ rotated: number; needsLogin: number; failed: number }> {
  const links = await ctx.db
    .select({ id: tradeLockerLinks.id })
    .from(tradeLockerLinks)
    .where(eq(tradeLockerLinks.status, 'active'))
  const counts = { rotated: 0, needsLogin: 0, failed: 0 }
  for (const { id } of links) {
    try {
      const outcome = await rotateTradeLockerTokens(ctx, id)
      if (outcome.result !== 'rotated') {
        counts.needsLogin += 1
        continue
      }
      counts.rotated += 1
      await syncLink(ctx, outcome.link, outcome.tokens.accessToken)
    } catch (error) {
      counts.failed += 1
      ctx.logger.warn({ err: error, linkId: id }, 'TradeLocker link refresh failed')
    }
  }
  return counts
}

export const refreshTradeLockerLinksJob = defineJob<unknown>({
  name: 'tradelocker.refresh-links',
  schema: z.unknown(),
  cron: '*/30 * * * *',
  policy: 'stately',
  retryLimit: 1,
  expireInSeconds: 25 * 60,
  handle: async (ctx) => {
    const counts = await refreshTradeLockerLinks(ctx)
    ctx.logger.info(counts, 'TradeLocker links refreshed')
  },
})
