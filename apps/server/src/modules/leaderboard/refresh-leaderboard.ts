import { isWinningResult } from '@tp/domain'
import { inArray, ne, notInArray, or } from 'drizzle-orm'
import { z } from 'zod'
import type { AppContext } from '../../context'
import { leaderboardEntries, tradingAccounts, type TradingAccountRow } from '../../db/schema'
import { defineJob } from '../../jobs/job-runner'
import { rulesOf } from '../../risk/risk-monitor'
import { utcMonthOf } from './leaderboard-month'

/** Trading days of the month kept for the trend sparkline. */
export const TREND_DAYS = 10
const DAY_MS = 24 * 60 * 60 * 1000

/** The figures of one account over the month, from its closed trades (net of costs, in cents). */
export type MonthFigures = {
  totalTrades: number
  winTrades: number
  grossProfitCents: number
  grossLossCents: number
  monthlyReturnBp: number
  lastMonthReturnBp: number
  trendBp: number[]
}

const toBp = (cents: number, sizeCents: number) =>
  sizeCents > 0 ? Math.round((cents * 10_000) / sizeCents) : 0

/**
 * The month's figures from closed trades given as (close time, net result in cents), in any order:
 * trades closed in [month start, month end) count; last month's return is for the status
 * (increasing/decreasing); the trend is the month's cumulative return at the end of each of its
 * last TREND_DAYS UTC days that had a closed trade.
 */
export function computeMonthFigures(
  closeMs: ArrayLike<number>,
  resultCents: ArrayLike<number>,
  sizeCents: number,
  atMs: number,
): MonthFigures {
  const month = utcMonthOf(atMs)
  const lastMonth = utcMonthOf(month.startMs - 1)
  let totalTrades = 0
  let winTrades = 0
  let grossProfitCents = 0
  let grossLossCents = 0
  let lastMonthCents = 0
  const byDay = new Map<number, number>()
  for (let i = 0; i < closeMs.length; i++) {
    const at = closeMs[i]!
    const result = resultCents[i]!
    if (at >= lastMonth.startMs && at < lastMonth.endMs) lastMonthCents += result
    if (at < month.startMs || at >= month.endMs) continue
    totalTrades++
    if (isWinningResult(result)) winTrades++
    if (result > 0) grossProfitCents += result
    else grossLossCents -= result
    const day = Math.floor((at - month.startMs) / DAY_MS)
    byDay.set(day, (byDay.get(day) ?? 0) + result)
  }
  let cumulative = 0
  const trendCents: number[] = []
  for (const day of [...byDay.keys()].sort((a, b) => a - b)) {
    cumulative += byDay.get(day)!
    trendCents.push(cumulative)
  }
  return {
    totalTrades,
    winTrades,
    grossProfitCents,
    grossLossCents,
    monthlyReturnBp: toBp(grossProfitCents - grossLossCents, sizeCents),
    lastMonthReturnBp: toBp(lastMonthCents, sizeCents),
    trendBp: trendCents.slice(-TREND_DAYS).map((cents) => toBp(cents, sizeCents)),
  }
}

/** The accounts ranked: evaluation stages in play or passed, and funded accounts in play. */
function isRanked(row: Pick<TradingAccountRow, 'status' | 'externalId'>): boolean {
  return !!row.externalId && (row.status === 'active' || row.status === 'passed')
}

/**
 * Recomputes every ranked account's figures for the current UTC month from its closed trades
 * (read through the platform port by the analytics cache, so an account is read again only after
 * a deal closed) and replaces the table's rows; accounts no longer ranked, or without a closed
 * trade this month, are dropped. Returns how many rows it wrote.
 */
export async function refreshLeaderboard(ctx: AppContext): Promise<number> {
  const now = ctx.clock.now()
  const month = utcMonthOf(now.getTime())
  const accounts = await ctx.db
    .select()
    .from(tradingAccounts)
    .where(inArray(tradingAccounts.status, ['active', 'passed']))
  const kept: string[] = []
  for (const row of accounts) {
    if (!isRanked(row)) continue
    const { ledger } = await ctx.trading.analytics.ledgerOf(row.externalId!, rulesOf(row).dayReset)
    const figures = computeMonthFigures(
      ledger.closeMs,
      ledger.resultCents,
      row.initialBalance,
      now.getTime(),
    )
    if (figures.totalTrades === 0) continue
    const values = {
      userId: row.userId,
      month: month.key,
      stage: row.stage,
      accountSizeCents: row.initialBalance,
      ...figures,
      refreshedAt: now,
    }
    await ctx.db
      .insert(leaderboardEntries)
      .values({ accountId: row.id, ...values })
      .onConflictDoUpdate({ target: leaderboardEntries.accountId, set: values })
    kept.push(row.id)
  }
  await ctx.db
    .delete(leaderboardEntries)
    .where(
      kept.length > 0
        ? or(
            notInArray(leaderboardEntries.accountId, kept),
            ne(leaderboardEntries.month, month.key),
          )
        : undefined,
    )
  return kept.length
}

/** Every 5 minutes: the leaderboard's figures from the accounts' closed trades. */
export const refreshLeaderboardJob = defineJob({
  name: 'leaderboard.refresh',
  schema: z.unknown(),
  cron: '*/5 * * * *',
  retryLimit: 1,
  expireInSeconds: 4 * 60,
  async handle(ctx) {
    await refreshLeaderboard(ctx)
  },
})
