import type { AnalyticsRequest } from '@tp/api'
import { buildTradeLedger } from '@tp/domain'
import type { AppContext } from '../../context'
import type { TradingAccountRow } from '../../db/schema'
import { AppError } from '../../lib/errors'
import { rulesOf } from '../../risk/risk-monitor'
import type { Caller } from '../access/authenticate'
import { loadAccountFor } from '../access/access-policy'
import { resolveTargetUser } from '../users/resolve-target-user'
import { ANALYTICS_TIME_ZONE, type AccountLedger } from './analytics-cache'

/** An account's analytics as a request may read them. */
export type AccountAnalytics = {
  row: TradingAccountRow
  /** the ledger of the account's closed trades at its current version */
  source: AccountLedger
  /** the clock reading of this request, ISO; and the start of its trading day (view keys) */
  now: string
  todayKey: string
}

/**
 * The account a dashboard call names, with its analytics: the caller from the token, a body
 * `email` only the caller's own (an admin's: any user's, whose account it must be), the account
 * through the access policy (read: owner or admin).
 */
export async function loadAccountAnalytics(
  ctx: AppContext,
  caller: Caller,
  input: AnalyticsRequest,
): Promise<AccountAnalytics> {
  // both reads at once (two round trips in the time of one); a refused email is answered first,
  // as when they ran one after the other
  const [targetRead, rowRead] = await Promise.allSettled([
    input.email ? resolveTargetUser(ctx, caller, input.email) : null,
    loadAccountFor(ctx, caller, input.accountId, 'read'),
  ])
  if (targetRead.status === 'rejected') throw targetRead.reason
  if (rowRead.status === 'rejected') throw rowRead.reason
  const target = targetRead.value?.target ?? null
  const row = rowRead.value
  if (target && row.userId !== target.id) {
    throw new AppError('NOT_FOUND', { message: 'No such trading account.' })
  }
  const rules = rulesOf(row)
  const nowDate = ctx.clock.now()
  const source = row.externalId
    ? await ctx.trading.analytics.ledgerOf(row.externalId, rules.dayReset)
    : emptySource(rules.dayReset)
  const today = source.ledger.dayCalendar.dayAt(nowDate.getTime())
  return { row, source, now: nowDate.toISOString(), todayKey: String(today.startMs) }
}

/** An account not on the platform yet (provisioning): no trade. */
function emptySource(dayReset: { timeZone: string; time: string }): AccountLedger {
  const ledger = buildTradeLedger([], { timeZone: ANALYTICS_TIME_ZONE, dayReset })
  return { version: 1, ledger, view: (_key, compute) => compute(ledger) }
}
