import type { MetaStatsAccountMetricsResponse } from '@tp/api'
import { computeAccountMetrics, isAccountSizeK, type AccountMetrics } from '@tp/domain'
import type { AppContext } from '../../context'
import type { TradingAccountRow } from '../../db/schema'
import { rulesOf } from '../../risk/risk-monitor'
import type { Caller } from '../access/authenticate'
import { buildEngineInput } from '../trading/engine-input'
import { loadAccountAnalytics } from './load-account-analytics'

/**
 * POST /api/metaStats/account-metrics: the account metrics page (issue 12 items 4, 5, 7), computed
 * by @tp/domain's computeAccountMetrics over the account's evaluation ledger (the snapshots and
 * trades the live evaluator was fed, engine-input.ts), so the floors drawn are the ones the
 * account is judged by and the what-if runs the same evaluator. An ended account changes no
 * more: its figures are kept per analytics version; a live one's are computed per request (its
 * equity moves without a new version).
 */
export async function getAccountMetrics(
  ctx: AppContext,
  caller: Caller,
  input: { accountId: string; email?: string | undefined },
): Promise<MetaStatsAccountMetricsResponse> {
  const { row, source } = await loadAccountAnalytics(ctx, caller, input)
  const compute = () => metricsOf(ctx, row)
  const isEnded = row.status !== 'active' && row.status !== 'provisioning'
  const metrics = isEnded
    ? await source.view(`account-metrics:${row.status}`, compute)
    : await compute()
  return {
    data: { accountId: row.id, currency: 'USD', version: source.version, metrics },
  }
}

async function metricsOf(ctx: AppContext, row: TradingAccountRow): Promise<AccountMetrics> {
  const rules = rulesOf(row)
  const sizeK = isAccountSizeK(row.sizeK) ? row.sizeK : null
  const history = row.externalId ? (await buildEngineInput(ctx, row)).history : null
  if (history && history.snapshots.length > 0)
    return computeAccountMetrics({ rules, history, sizeK })
  // not trading yet: the starting balance, now
  const start = row.initialBalance / 100
  const snapshot = { t: ctx.clock.now().toISOString(), balance: start, equity: start }
  return computeAccountMetrics({ rules, history: { snapshots: [snapshot], trades: [] }, sizeK })
}
