import { eq } from 'drizzle-orm'
import {
  ruleMetersSchema,
  type AccountFigures,
  type AccountState,
  type BreachEvidence,
  type PendingOrderDto,
  type PositionDto,
  type RuleMeters,
} from '@tp/api'
import { IncrementalEvaluator, type InstrumentSymbol, type PlanKey } from '@tp/domain'
import type { AppContext } from '../../context'
import { breaches, tradingAccounts } from '../../db/schema'
import type {
  PlatformOrder,
  PlatformPosition,
} from '../../integrations/trading-platform/trading-platform'
import { computeMeters, withFinalFigures } from '../../risk/meters'
import { rulesOf } from '../../risk/risk-monitor'
import type { AccountRowView } from '../access/read-cache'
import { toTradingAccountDto } from './account-dto'

// What the terminal and the dashboard show of one account: its figures, positions and orders from
// the trading platform, its rule meters from the live evaluator (or as they stood when it ended),
// the breach evidence of a failed account and the account that followed a passed one.

export function toPositionDto(position: PlatformPosition): PositionDto {
  return {
    id: position.id,
    symbol: position.symbol as InstrumentSymbol,
    side: position.side,
    volume: position.volume,
    openPrice: position.openPrice,
    openTime: new Date(position.openTimeMs).toISOString(),
    stopLoss: position.stopLoss,
    takeProfit: position.takeProfit,
    currentPrice: position.currentPrice,
    profit: position.profit,
    swap: position.swap,
    commission: position.commission,
    margin: position.margin,
  }
}

export function toOrderDto(order: PlatformOrder): PendingOrderDto {
  return {
    id: order.id,
    symbol: order.symbol as InstrumentSymbol,
    type: order.type,
    volume: order.volume,
    price: order.price,
    stopLoss: order.stopLoss,
    takeProfit: order.takeProfit,
    createdAt: new Date(order.createdAtMs).toISOString(),
  }
}

const emptyFigures = (balance: number): AccountFigures => ({
  balance,
  equity: balance,
  floatingProfit: 0,
  swap: 0,
  margin: 0,
  freeMargin: balance,
  marginLevelPercent: null,
  isMarginCall: false,
})

/** The meters of an account the live monitor does not hold: as it ended, or as it will start. */
function restingMeters(ctx: AppContext, row: AccountRowView, figures: AccountFigures): RuleMeters {
  if (row.finalMeters) {
    const parsed = ruleMetersSchema.safeParse(row.finalMeters)
    // as it ended, with the balance the closes at its end left (not the one before them)
    if (parsed.success) {
      return withFinalFigures(parsed.data, figures.equity, figures.balance, row.initialBalance)
    }
  }
  const nowMs = ctx.clock.now().getTime()
  const start = row.initialBalance / 100
  const evaluator = IncrementalEvaluator.start(rulesOf(row), nowMs, start, start)
  return computeMeters(evaluator, figures.equity, figures.balance, nowMs)
}

export async function getAccountState(ctx: AppContext, row: AccountRowView): Promise<AccountState> {
  const { platform, risk } = ctx.trading
  let figures = emptyFigures(row.initialBalance)
  let positions: PositionDto[] = []
  let orders: PendingOrderDto[] = []
  if (row.externalId && row.status !== 'provisioning') {
    const [info, openPositions, pendingOrders] = await Promise.all([
      platform.getAccountInfo(row.externalId),
      platform.listPositions(row.externalId),
      platform.listOrders(row.externalId),
    ])
    figures = {
      balance: info.balance,
      equity: info.equity,
      floatingProfit: info.floatingProfit,
      swap: info.swap,
      margin: info.margin,
      freeMargin: info.freeMargin,
      marginLevelPercent: info.marginLevelPercent,
      isMarginCall: info.isMarginCall,
    }
    positions = openPositions.map(toPositionDto)
    orders = pendingOrders.map(toOrderDto)
  }
  const monitored = risk.get(row.id)
  const meters = monitored
    ? computeMeters(monitored.evaluator, figures.equity, figures.balance, ctx.clock.now().getTime())
    : restingMeters(ctx, row, figures)
  const [breach, next] = await Promise.all([
    row.status === 'failed' ? findBreach(ctx, row.id) : Promise.resolve(null),
    row.status === 'passed'
      ? ctx.db
          .select({ id: tradingAccounts.id })
          .from(tradingAccounts)
          .where(eq(tradingAccounts.previousAccountId, row.id))
      : Promise.resolve([]),
  ])
  return {
    account: toTradingAccountDto(ctx, row),
    figures,
    positions,
    orders,
    meters,
    breach,
    nextAccountId: next[0]?.id ?? null,
  }
}

export async function findBreach(
  ctx: AppContext,
  accountId: string,
): Promise<BreachEvidence | null> {
  const [row] = await ctx.db.select().from(breaches).where(eq(breaches.accountId, accountId))
  if (!row) return null
  return {
    rule: row.rule as BreachEvidence['rule'],
    t: new Date(row.tMs).toISOString(),
    balance: row.balance,
    equity: row.equity,
    floor: Math.round(Number(row.floor) * 100),
    rulebookVersion: row.rulebookVersion,
    planKey: row.planKey as PlanKey,
    openPositions: row.openPositions as PositionDto[],
  }
}
