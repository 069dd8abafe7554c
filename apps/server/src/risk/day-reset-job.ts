import { sql } from 'drizzle-orm'
import { messages } from '@tp/api'
import {
  getPlanPolicy,
  getRulebook,
  createDayCalendar,
  currentRulebookVersion,
  type PlanKey,
} from '@tp/domain'
import { z } from 'zod'
import type { AppContext } from '../context'
import { defineJob } from '../jobs/job-runner'
import { sendEmailJob } from '../jobs/send-email'
import { suspendedEmail } from '../modules/accounts/account-emails'
import { endAccount } from '../modules/accounts/end-account'
import { findUserById } from '../modules/users/find-user'

// Day resets run as a job at each reset instant (17:00 New York for every plan of version 1):
// every active account's evaluator crosses the reset with a snapshot of the values then, and the
// new day's anchor and floors are stored with a checkpoint (risk-monitor.ts). The job also
// suspends accounts without a trade for the plan's inactivity period (decisions.md: 30 days), then
// schedules itself for the next reset (a suspension closes what is open: suspendInactiveAccounts). The monitor crosses resets on its own too (a timer and any
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

/**
 * Active accounts whose last trade (or start) is older than their plan's inactivity period are
 * suspended (decisions.md: 30 days without a trade). The live evaluator stops judging them first
 * (the evaluation ends at the suspension, like a breach or a pass ends it); then, through the
 * trading platform, trading is disabled, pending orders cancelled and positions closed at market
 * (closing deals with reason "inactivity"); the account row keeps the suspension (status, end,
 * final meters) and the trader is emailed what was closed.
 */
export async function suspendInactiveAccounts(ctx: AppContext, nowMs: number): Promise<number> {
  const rows = await ctx.db.execute<{
    id: string
    plan_key: string
    rulebook_version: string
    last_ms: string
  }>(sql`
    select a.id, a.plan_key, a.rulebook_version,
      greatest(
        coalesce(
          (select max(e.t_ms) from evaluation_events e where e.account_id = a.id and e.kind = 'trade-open'),
          (extract(epoch from a.started_at) * 1000)::bigint
        ),
        -- the risk desk's extension restarts the window (docs/admin-account-policy.md)
        (select (extract(epoch from max(l.created_at)) * 1000)::bigint from audit_log l
          where l.target_type = 'trading-account' and l.target_id = a.id::text
            and l.action = 'account.extend')
      ) as last_ms
    from trading_accounts a
    where a.status = 'active'`)
  let count = 0
  for (const row of rows.rows) {
    const { inactivityDays } = getPlanPolicy(row.plan_key as PlanKey, row.rulebook_version)
    if (nowMs - Number(row.last_ms) < inactivityDays * 86_400_000) continue
    try {
      if (await suspendAccount(ctx, row.id, nowMs, inactivityDays)) count++
    } catch (error) {
      ctx.logger.error({ err: error, accountId: row.id }, 'inactivity: could not suspend')
    }
  }
  return count
}

async function suspendAccount(
  ctx: AppContext,
  accountId: string,
  nowMs: number,
  inactivityDays: number,
): Promise<boolean> {
  const ended = await endAccount(ctx, accountId, {
    status: 'suspended',
    closeReason: 'inactivity',
    nowMs,
  })
  if (!ended) return false
  const { row: updated, closedPositions: closed, cancelledOrders: cancelled } = ended
  ctx.trading.hub.accountEvent(accountId, 'trading-disabled', messages.trading.suspended)
  const user = await findUserById(ctx.db, updated.userId)
  if (user) {
    await ctx.jobs.enqueue(
      sendEmailJob,
      suspendedEmail(user.email, {
        stage: updated.stage,
        login: updated.login ?? '',
        inactivityDays,
        closedPositions: closed,
        cancelledOrders: cancelled,
        balance: ended.balance,
        appUrl: ctx.env.APP_URL,
      }),
    )
  }
  return true
}
