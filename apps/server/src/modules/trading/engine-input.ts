import { asc, eq } from 'drizzle-orm'
import { getInstrument, priceToNumber, type EvaluationInput, type Rulebook } from '@tp/domain'
import type { AppContext } from '../../context'
import { evaluationEvents, type TradingAccountRow } from '../../db/schema'
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
  const events = await ctx.db
    .select()
    .from(evaluationEvents)
    .where(eq(evaluationEvents.accountId, row.id))
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
  return { rules: rulesOf(row), history: { snapshots, trades: [...trades.values()] } }
}
