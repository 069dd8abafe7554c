import { and, asc, desc, eq, gte, isNotNull } from 'drizzle-orm'
import { getInstrument, priceToNumber, type EvaluationInput, type Rulebook } from '@tp/domain'
import type { AppContext } from '../../context'
import { rebaseRulebook } from '@tp/domain/payouts'
import { evaluationEvents, payouts, type TradingAccountRow } from '../../db/schema'
import { rulesOf } from '../../risk/risk-monitor'

/**
 * The account's evaluation ledger in the evaluation engine's input format
 * (contracts/evaluation-engine.md): what the live evaluator was fed, so that
 * `npm run engine -- evaluate` reproduces the platform's verdict.
 */
export async function buildEngineInput(
  ctx: AppContext,
  row: TradingAccountRow,
): Promise<{ rules: Rulebook; history: EvaluationInput['history'] }> {
  await ctx.trading.risk.flush()
  // after a paid payout the evaluation is the period since it: the floors re-based on the
  // balance after the payout (@tp/domain rebaseRulebook), from the snapshot that started it
  const [period] = await ctx.db
    .select({ seq: payouts.ledgerSeq, balanceAfterCents: payouts.balanceAfterCents })
    .from(payouts)
    .where(and(eq(payouts.accountId, row.id), isNotNull(payouts.ledgerSeq)))
    .orderBy(desc(payouts.ledgerSeq))
    .limit(1)
  const events = await ctx.db
    .select()
    .from(evaluationEvents)
    .where(and(eq(evaluationEvents.accountId, row.id), gte(evaluationEvents.seq, period?.seq ?? 0)))
    .orderBy(asc(evaluationEvents.seq))
  const iso = (ms: number) => new Date(ms).toISOString()
  const dollars = (cents: number) => cents / 100
  const snapshots = events
    .filter((event) => event.kind === 'snapshot')
    .map((event) => ({
      t: iso(event.tMs),
      balance: dollars(event.balance!),
      equity: dollars(event.equity!),
    }))
  const trades = new Map<string, EvaluationInput['history']['trades'][number]>()
  for (const event of events) {
    if (event.kind === 'snapshot') continue
    const instrument = getInstrument(event.symbol!)
    if (event.kind === 'trade-open') {
      trades.set(event.tradeId!, {
        id: event.tradeId!,
        symbol: event.symbol!,
        side: event.side as 'buy' | 'sell',
        volume: event.volume! / 100,
        openTime: iso(event.tMs),
        closeTime: null,
        openPrice: priceToNumber(instrument, event.openPrice!),
        closePrice: null,
        profit: 0,
        commission: 0,
        swap: 0,
      })
    } else {
      const trade = trades.get(event.tradeId!)
      if (!trade) continue
      trade.closeTime = iso(event.tMs)
      trade.closePrice = priceToNumber(instrument, event.closePrice!)
      trade.profit = dollars(event.profit!)
      trade.commission = dollars(event.commission!)
      trade.swap = dollars(event.swap!)
    }
  }
  const rules = period ? rebaseRulebook(rulesOf(row), period.balanceAfterCents!) : rulesOf(row)
  return { rules, history: { snapshots, trades: [...trades.values()] } }
}
