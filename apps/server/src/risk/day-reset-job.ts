import { and, eq, sql } from 'drizzle-orm'
import {
  getPlanPolicy,
  getRulebook,
  createDayCalendar,
  currentRulebookVersion,
  type PlanKey,
} from '@tp/domain'
import { z } from 'zod'
import type { AppContext } from '../context'
import { tradingAccounts } from '../db/schema'
import { defineJob } from '../jobs/job-runner'
import { computeMeters } from './meters'

// Day resets run as a job at each reset instant (17:00 New York for every plan of version 1):
// every active account's evaluator crosses the reset with a snapshot of the values then, and the
// new day's anchor and floors are stored with a checkpoint (risk-monitor.ts). The job also
// suspends accounts without a trade for the plan's inactivity period (decisions.md: 30 days), then
// schedules itself for the next reset. The monitor crosses resets on its own too (a timer and any
// event after the instant), so a late job changes nothing.

export const dayResetJob = defineJob({
  name: 'risk.day-reset',
  schema: z.object({ resetAt: z.iso.datetime() }),
  policy: 'stately',
  retryLimit: 3,
  handle: async (ctx, { resetAt }) => {
    // the app clock decides: a job the queue runs early (its clock is the database's) crosses nothing
    // yet, and the monitor's own timer crosses the reset when the app clock gets there
    const nowMs = ctx.clock.now().getTime()
    const crossed = ctx.trading.risk.crossResets(nowMs)
    await ctx.trading.risk.flush()
    const suspended = await suspendInactiveAccounts(ctx, nowMs)
    ctx.logger.info({ resetAt, crossed, suspended }, 'day reset')
    // strictly after the reset just handled, whatever the app clock says (the queue runs on the
    // database's clock: a job must never schedule itself again for the same instant)
    await scheduleNextDayReset(ctx, Date.parse(resetAt))
  },
})

/** Queues the job for the next reset (one queued at a time: a stately queue, one key). */
export async function scheduleNextDayReset(ctx: AppContext, afterMs = 0): Promise<Date> {
  const reference = getRulebook('twoPhase.phase1', currentRulebookVersion, 100).dayReset
  const nextMs = createDayCalendar(reference).nextResetAfter(
    Math.max(ctx.clock.now().getTime(), afterMs),
  )
  const startAfter = new Date(nextMs)
  await ctx.jobs.schedule(
    dayResetJob,
    { resetAt: startAfter.toISOString() },
    { startAfter, singletonKey: 'next-day-reset' },
  )
  return startAfter
}

/** Active accounts whose last trade (or start) is older than their plan's inactivity period. */
export async function suspendInactiveAccounts(ctx: AppContext, nowMs: number): Promise<number> {
  const rows = await ctx.db.execute<{
    id: string
    plan_key: string
    rulebook_version: string
    last_ms: string
  }>(sql`
    select a.id, a.plan_key, a.rulebook_version,
      coalesce(
        (select max(e.t_ms) from evaluation_events e where e.account_id = a.id and e.kind = 'trade-open'),
        (extract(epoch from a.started_at) * 1000)::bigint
      ) as last_ms
    from trading_accounts a
    where a.status = 'active'`)
  let count = 0
  for (const row of rows.rows) {
    const { inactivityDays } = getPlanPolicy(row.plan_key as PlanKey, row.rulebook_version)
    if (nowMs - Number(row.last_ms) < inactivityDays * 86_400_000) continue
    const monitored = ctx.trading.risk.get(row.id)
    // stop judging it and write what it was fed, before its final state is stored
    ctx.trading.risk.forget(row.id)
    await ctx.trading.risk.flush()
    const [updated] = await ctx.db
      .update(tradingAccounts)
      .set({
        status: 'suspended',
        isTradingEnabled: false,
        endedAt: new Date(nowMs),
        ...(monitored
          ? {
              finalMeters: computeMeters(
                monitored.evaluator,
                monitored.equityNow,
                monitored.balanceNow,
                nowMs,
              ),
              evaluatorState: monitored.evaluator.toState(),
              evaluatorSeq: monitored.seq,
            }
          : {}),
      })
      .where(and(eq(tradingAccounts.id, row.id), eq(tradingAccounts.status, 'active')))
      .returning()
    if (!updated) continue
    if (updated.externalId) {
      await ctx.trading.platform.setTradingEnabled(updated.externalId, false)
      await ctx.trading.platform.cancelAllOrders(updated.externalId)
    }
    count++
  }
  return count
}
