import type { TradeLedger } from './build-trade-ledger'
import { centsToAmount } from './trade-result'

/** A row of the Recent Trades table (spec 2.12): the trade with its result as its profit. */
export interface RecentTrade {
  id: string
  symbol: string
  type: 'buy' | 'sell'
  lots: number
  openPrice: number
  closePrice: number
  /** profit + commission + swap */
  profit: number
  openTime: string
  closeTime: string
}

/**
 * The `limit` most recently closed trades, newest first (equal close times: the later-listed
 * trade first). Keeps only the current top `limit` while scanning: the table shows a page, and
 * sorting every trade to show one costs more than all the other views together.
 */
export function listRecentTrades(ledger: TradeLedger, limit: number): RecentTrade[] {
  const top: number[] = [] // indices, newest first
  const isNewer = (a: number, b: number) =>
    ledger.closeMs[a]! > ledger.closeMs[b]! || (ledger.closeMs[a] === ledger.closeMs[b] && a > b)
  for (let i = 0; i < ledger.count && limit > 0; i++) {
    if (top.length === limit && !isNewer(i, top[top.length - 1]!)) continue
    let at = top.length
    while (at > 0 && isNewer(i, top[at - 1]!)) at--
    top.splice(at, 0, i)
    if (top.length > limit) top.pop()
  }
  return top.map((i) => {
    const trade = ledger.trades[i]!
    return {
      id: trade.id,
      symbol: trade.symbol,
      type: trade.side,
      lots: trade.volume,
      openPrice: trade.openPrice,
      closePrice: trade.closePrice,
      profit: centsToAmount(ledger.resultCents[i]!),
      openTime: trade.openTime,
      closeTime: trade.closeTime,
    }
  })
}
