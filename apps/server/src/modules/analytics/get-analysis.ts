import {
  dashboardStatusText,
  objectiveSummaryText,
  terminalDownloadLinks,
  type MetaStatsUpdateAnalysisResponse,
  type ObjectiveDto,
} from '@tp/api'
import {
  computeAnalysisStats,
  computeObjectives,
  computeTotalStats,
  describePlanRules,
  evaluate,
  IncrementalEvaluator,
  parsePlanKey,
  type AccountSizeK,
  type PlanKey,
  type Rulebook,
  type Verdict,
} from '@tp/domain'
import type { AppContext } from '../../context'
import { platformKindOf } from '../../integrations/trading-platform/trading-platform'
import type { TradingAccountRow } from '../../db/schema'
import { rulesOf } from '../../risk/risk-monitor'
import type { Caller } from '../access/authenticate'
import { buildEngineInput } from '../trading/engine-input'
import type { AccountLedger } from './analytics-cache'
import { readAccountFigures, toCents } from './analytics-figures'
import { loadAccountAnalytics } from './load-account-analytics'

/**
 * POST /api/metaStats/update-analysis: the status table and the objectives table (spec 2.12/3/4)
 * of the account's own rulebook (decisions.md), judged by the evaluation engine: the live
 * evaluator's verdict for an account being evaluated, the evaluation ledger replayed for one that
 * ended.
 */
export async function getAnalysis(
  ctx: AppContext,
  caller: Caller,
  input: { accountId: string; email?: string | undefined },
): Promise<MetaStatsUpdateAnalysisResponse> {
  const { row, source, now, todayKey } = await loadAccountAnalytics(ctx, caller, input)
  const rules = rulesOf(row)
  const [figures, verdict] = await Promise.all([
    readAccountFigures(ctx, row),
    verdictOf(ctx, row, rules, source),
  ])
  const totals = source.view(`analysis-totals:${todayKey}`, (ledger) => {
    const stats = computeTotalStats(ledger, { balance: 0, equity: 0 }, now)
    return { profit: toCents(stats.profit), totalTrades: stats.totalTrades }
  })
  const { challenge, stage } = parsePlanKey(row.planKey as PlanKey)
  const labels = new Map(
    describePlanRules(row.planKey as PlanKey, row.sizeK as AccountSizeK, {
      version: row.rulebookVersion,
    }).map((text) => [text.key, text.label]),
  )
  const objectives = computeObjectives(rules, verdict).map((objective): ObjectiveDto => ({
    key: objective.key,
    label: labels.get(objective.key) ?? objective.key,
    unit: objective.unit,
    target: objective.unit === 'amount' ? toCents(objective.target) : objective.target,
    result:
      objective.unit === 'amount' && objective.result !== null
        ? toCents(objective.result)
        : objective.result,
    state: objective.state,
    summary: objectiveSummaryText(objective.key, objective.state),
  }))
  const start = (row.startedAt ?? row.createdAt).toISOString()
  const end = row.endedAt?.toISOString() ?? null
  const stats = computeAnalysisStats(
    rules,
    verdict,
    {
      challengeType: challenge,
      platform: row.platform,
      accountSize: row.initialBalance / 100,
      start,
      end,
    },
    now,
  )
  return {
    data: {
      analysisData: {
        accountId: row.id,
        currency: 'USD',
        version: source.version,
        status: dashboardStatusText({
          status: row.status,
          challengeType: challenge,
          stage,
          balance: figures.balance,
          accountSize: row.initialBalance,
          totalTrades: totals.totalTrades,
        }),
        challengeType: challenge,
        stage,
        start,
        end,
        accountSize: row.initialBalance,
        platform: terminalDownloadLinks[row.platform],
        updated: stats.updated,
        minTradingDays: stats.minTradingDays,
        dailyLossLimit: stats.dailyLossLimit,
        maxDrawDown: stats.maxDrawDown,
        profitTarget: stats.profitTarget === null ? null : toCents(stats.profitTarget),
        initBalance: row.initialBalance,
        balance: figures.balance,
        equity: figures.equity,
        profit: totals.profit,
        createdAt: row.createdAt.toISOString(),
        updatedAt: now,
        mtAccount: {
          status: row.status,
          platform: row.platform,
          platformLabel: ctx.trading.platform.platformLabel(
            row.platform,
            platformKindOf(row.adapter),
          ),
          challengeType: challenge,
          login: row.login ?? '',
        },
        verdict: verdict.status,
        objectives,
      },
    },
  }
}

/** The engine's verdict of the account now. */
async function verdictOf(
  ctx: AppContext,
  row: TradingAccountRow,
  rules: Rulebook,
  source: AccountLedger,
): Promise<Verdict> {
  const monitored = ctx.trading.risk.get(row.id)
  if (monitored) return monitored.evaluator.verdict()
  const notStarted = () => {
    const start = row.initialBalance / 100
    const nowMs = ctx.clock.now().getTime()
    return IncrementalEvaluator.start(rules, nowMs, start, start).verdict()
  }
  if (row.status === 'provisioning' || !row.externalId) return notStarted()
  // an account that ended changes no more: its ledger is replayed once per version
  return source.view(`verdict:${row.status}`, async () => {
    const input = await buildEngineInput(ctx, row)
    return input.history.snapshots.length === 0 ? notStarted() : evaluate(rules, input.history)
  })
}
