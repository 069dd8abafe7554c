import { baseFee, parsePlanKey, type AccountSizeK, type PlanKey } from '@tp/domain'
import {
  computePayoutAmount,
  judgePayoutEligibility,
  type PayoutAmount,
  type PayoutEligibility,
  type PeriodTrade,
} from '@tp/domain/payouts'
import { and, asc, eq, gt, min } from 'drizzle-orm'
import type { AppContext } from '../../context'
import { challenges, evaluationEvents, orders, type TradingAccountRow } from '../../db/schema'
import { findLastPaidPayout, findLastPaidPayoutOfLine, findOpenPayout } from './payout-records'

export type AccountPayoutJudgement = {
  eligibility: PayoutEligibility
  amount: PayoutAmount
  balanceCents: number
  periodBaseCents: number
}

/**
 * The payout eligibility and amount of a trading account now, from what the server knows: the
 * platform's balance and open positions/orders, the evaluation ledger's trades since the last
 * payout (the period), the challenge's add-ons and fee. Judged by @tp/domain.
 */
export async function judgeAccountPayout(
  ctx: AppContext,
  row: TradingAccountRow,
): Promise<AccountPayoutJudgement> {
  const [challenge] = await ctx.db
    .select()
    .from(challenges)
    .where(eq(challenges.id, row.challengeId))
  if (!challenge) throw new Error(`account ${row.id} has no challenge`)
  const lastPaid = await findLastPaidPayout(ctx.db, row.id)
  // an account that replaced a paid one (a roll-over, decision 0054) starts its own ledger at the
  // balance after that payout; its interval and first payout count from the line's last payout
  const lastPaidOfLine =
    lastPaid ?? (row.previousAccountId ? await findLastPaidPayoutOfLine(ctx.db, row) : undefined)
  const open = await findOpenPayout(ctx.db, row.id)
  const periodStartSeq = lastPaid?.ledgerSeq ?? 0
  const periodBaseCents = lastPaid?.balanceAfterCents ?? row.initialBalance

  let balanceCents = periodBaseCents
  let openPositions = 0
  let pendingOrders = 0
  if (row.externalId && row.status === 'active') {
    const [info, positions, pending] = await Promise.all([
      ctx.trading.platform.getAccountInfo(row.externalId),
      ctx.trading.platform.listPositions(row.externalId),
      ctx.trading.platform.listOrders(row.externalId),
    ])
    balanceCents = info.balance
    openPositions = positions.length
    pendingOrders = pending.length
  }

  await ctx.trading.risk.flush()
  const [first] = await ctx.db
    .select({ tMs: min(evaluationEvents.tMs) })
    .from(evaluationEvents)
    .where(and(eq(evaluationEvents.accountId, row.id), eq(evaluationEvents.kind, 'trade-open')))
  const events = await ctx.db
    .select({
      kind: evaluationEvents.kind,
      tMs: evaluationEvents.tMs,
      tradeId: evaluationEvents.tradeId,
      profit: evaluationEvents.profit,
      commission: evaluationEvents.commission,
      swap: evaluationEvents.swap,
    })
    .from(evaluationEvents)
    .where(and(eq(evaluationEvents.accountId, row.id), gt(evaluationEvents.seq, periodStartSeq)))
    .orderBy(asc(evaluationEvents.seq))
  const trades = new Map<string, PeriodTrade>()
  for (const event of events) {
    if (event.kind === 'trade-open') {
      trades.set(event.tradeId!, { openMs: event.tMs, closeMs: null, netProfitCents: 0 })
    } else if (event.kind === 'trade-close') {
      const trade = trades.get(event.tradeId!)
      if (!trade) continue
      trade.closeMs = event.tMs
      trade.netProfitCents = (event.profit ?? 0) + (event.commission ?? 0) + (event.swap ?? 0)
    }
  }

  const planKey = row.planKey as PlanKey
  const eligibility = judgePayoutEligibility({
    planKey,
    rulebookVersion: row.rulebookVersion,
    sizeK: row.sizeK as AccountSizeK,
    addOns: challenge.addOns,
    accountStatus: row.status,
    firstTradeAtMs: first?.tMs ?? null,
    lastPayoutAtMs: lastPaidOfLine?.paidAt?.getTime() ?? null,
    periodBaseCents,
    balanceCents,
    openPositions,
    pendingOrders,
    trades: [...trades.values()],
    hasOpenRequest: open !== undefined,
    nowMs: ctx.clock.now().getTime(),
  })

  let feePaidCents: number = baseFee(
    parsePlanKey(planKey).challenge,
    row.sizeK as AccountSizeK,
  ).cents
  if (challenge.orderId) {
    const [order] = await ctx.db
      .select({ total: orders.total })
      .from(orders)
      .where(eq(orders.id, challenge.orderId))
    if (order) feePaidCents = order.total
  }
  const amount = computePayoutAmount({
    planKey,
    rulebookVersion: row.rulebookVersion,
    addOns: challenge.addOns,
    profitCents: eligibility.profitCents,
    isFirstPayout: eligibility.isFirstPayout,
    feePaidCents,
  })
  return { eligibility, amount, balanceCents, periodBaseCents }
}
