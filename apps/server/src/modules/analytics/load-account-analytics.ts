import type { AnalyticsRequest } from '@tp/api'
import { buildTradeLedger } from '@tp/domain'
import type { AppContext } from '../../context'
import type { TradingAccountRow } from '../../db/schema'
import { AppError } from '../../lib/errors'
import { rulesOf } from '../../risk/risk-monitor'
import type { Caller } from '../access/authenticate'
import { loadAccountFor, loadAccountRefFor, type AccountRef } from '../access/access-policy'
import { resolveTargetUser } from '../users/resolve-target-user'
import { ANALYTICS_TIME_ZONE, type AccountLedger } from './analytics-cache'

/** An account's analytics as a request may read them. */
export type AccountAnalytics<Row extends AccountRef = TradingAccountRow> = {
  row: Row
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
  return analyticsOf(ctx, await checkedAccount(ctx, caller, input, loadAccountFor))
}

/**
 * As loadAccountAnalytics, for a view of the closed trades alone (recent trades, charts): the
 * account's ref (owner, platform id, rulebook: never changed once provisioned, kept in process by
 * the access policy) instead of its row, so a known account costs no query.
 */
export async function loadLedgerAnalytics(
  ctx: AppContext,
  caller: Caller,
  input: AnalyticsRequest,
): Promise<AccountAnalytics<AccountRef>> {
  return analyticsOf(ctx, await checkedAccount(ctx, caller, input, loadAccountRefFor))
}

/** The account (row or ref) through the access policy, and a body email checked against it. */
async function checkedAccount<T extends AccountRef>(
  ctx: AppContext,
  caller: Caller,
  input: AnalyticsRequest,
  load: (ctx: AppContext, caller: Caller, accountId: string, access: 'read') => Promise<T>,
): Promise<T> {
  // both reads at once (two round trips in the time of one); a refused email is answered first,
  // as when they ran one after the other
  const [targetRead, rowRead] = await Promise.allSettled([
    input.email ? resolveTargetUser(ctx, caller, input.email) : null,
    load(ctx, caller, input.accountId, 'read'),
  ])
  if (targetRead.status === 'rejected') throw targetRead.reason
  if (rowRead.status === 'rejected') throw rowRead.reason
  const target = targetRead.value?.target ?? null
  const row = rowRead.value
  if (target && row.userId !== target.id) {
    throw new AppError('NOT_FOUND', { message: 'No such trading account.' })
  }
  return row
}

async function analyticsOf<T extends AccountRef>(
  ctx: AppContext,
  row: T,
): Promise<AccountAnalytics<T>> {
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
