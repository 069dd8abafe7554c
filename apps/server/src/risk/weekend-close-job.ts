import {
  getPlanPolicy,
  instruments,
  isWeekendCloseDue,
  nextMarketOpen,
  nextWeekendClose,
  WEEKEND_CLOSE_LEAD_MS,
  type PlanKey,
} from '@tp/domain'
import { and, eq, isNotNull } from 'drizzle-orm'
import { z } from 'zod'
import type { AppContext } from '../context'
import { tradingAccounts } from '../db/schema'
import { defineJob } from '../jobs/job-runner'
import { recordPolicyViolation } from './policy-rule'

// The firm's weekend close (decision 0018): plans without weekend holding (Instant Funding) have
// their positions in markets that close for the weekend closed at market in the last minutes
// before the close, through the trading-platform port (closing deals with reason 'weekend'), so
// the rule holds whatever the platform. The job runs every minute of that window (a position
// opened in it goes too) and then schedules itself for the next week's window. A position it
// cannot close (a real MT server refusing the dealer) is recorded as a weekend-holding violation
// (decision 0045).

/** How often the job runs inside the window before a weekend close. */
export const WEEKEND_CLOSE_RUN_EVERY_MS = 60_000

export const weekendCloseJob = defineJob({
  name: 'risk.weekend-close',
  schema: z.object({ runAt: z.iso.datetime() }),
  policy: 'stately',
  retryLimit: 3,
  handle: async (ctx, { runAt }) => {
    // the app clock decides (the queue runs on the database's clock), as for day resets
    const closed = await closePositionsBeforeWeekend(ctx, ctx.clock.now().getTime())
    if (closed > 0) ctx.logger.info({ runAt, closed }, 'weekend close')
    await scheduleNextWeekendClose(ctx, Date.parse(runAt))
  },
})

/** The first weekend close of any instrument strictly after `tMs`. */
function weekendCloseAfter(tMs: number): number {
  let first = Infinity
  for (const { symbol } of instruments) {
    let closeMs = nextWeekendClose(symbol, tMs)
    if (closeMs === null) continue
    // inside a weekend: the close that began it; take the one after the reopening
    if (closeMs <= tMs) closeMs = nextWeekendClose(symbol, nextMarketOpen(symbol, tMs))!
    first = Math.min(first, closeMs)
  }
  if (!Number.isFinite(first)) throw new Error('no market closes for the weekend')
  return first
}

/** When the job runs next after `afterMs`: every minute of the window before a weekend close. */
export function nextWeekendCloseRun(afterMs: number): number {
  let closeMs = weekendCloseAfter(afterMs)
  for (;;) {
    for (
      let runMs = closeMs - WEEKEND_CLOSE_LEAD_MS;
      runMs < closeMs;
      runMs += WEEKEND_CLOSE_RUN_EVERY_MS
    ) {
      if (runMs > afterMs) return runMs
    }
    closeMs = weekendCloseAfter(closeMs)
  }
}

/** Queues the next run (one queued at a time: a stately queue, one key). */
export async function scheduleNextWeekendClose(ctx: AppContext, afterMs = 0): Promise<Date> {
  const startAfter = new Date(nextWeekendCloseRun(Math.max(ctx.clock.now().getTime(), afterMs)))
  await ctx.jobs.schedule(
    weekendCloseJob,
    { runAt: startAfter.toISOString() },
    { startAfter, singletonKey: 'next-weekend-close' },
  )
  return startAfter
}

/**
 * Closes, through the platform, every position that the firm's weekend rule says must go now:
 * of an active account whose plan does not allow weekend holding, in a market closing for the
 * weekend within the lead. Answers how many were closed; an account that fails is logged and
 * the others go on.
 */
export async function closePositionsBeforeWeekend(ctx: AppContext, nowMs: number): Promise<number> {
  const noHolding = { isWeekendHoldingAllowed: false }
  if (!instruments.some(({ symbol }) => isWeekendCloseDue(symbol, nowMs, noHolding))) return 0
  const rows = await ctx.db
    .select()
    .from(tradingAccounts)
    .where(and(eq(tradingAccounts.status, 'active'), isNotNull(tradingAccounts.externalId)))
  const platform = ctx.trading.platform
  let closed = 0
  for (const row of rows) {
    const policy = getPlanPolicy(row.planKey as PlanKey, row.rulebookVersion)
    if (policy.isWeekendHoldingAllowed) continue
    try {
      for (const position of await platform.listPositions(row.externalId!)) {
        if (!isWeekendCloseDue(position.symbol, nowMs, policy)) continue
        let isClosed = false
        try {
          const result = await platform.closePosition(row.externalId!, position.id, null, 'weekend')
          isClosed = result.ok
          if (!result.ok) {
            ctx.logger.warn({ accountId: row.id, issues: result.issues }, 'weekend close refused')
          }
        } catch (error) {
          ctx.logger.warn({ err: error, accountId: row.id }, 'weekend close failed')
        }
        if (isClosed) closed++
        // still open as the weekend comes (a real MT server's manager without the dealer right,
        // an error): a weekend-holding violation with its evidence, for the risk desk (0045)
        else
          await recordPolicyViolation(
            ctx,
            row,
            'weekend-holding',
            position,
            null,
            async () => 'none',
          )
      }
    } catch (error) {
      ctx.logger.error({ err: error, accountId: row.id }, 'weekend close failed')
    }
  }
  return closed
}
