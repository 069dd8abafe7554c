import type { HistoryInput } from '../rules/history'
import type { ClosedTrade } from '../trades/trade'
import { parseIsoInstant } from './parse-iso-instant'
import { centsToAmount, tradeResultCents } from './trade-result'

/**
 * An evaluation history from closed trades alone (a statement has no equity snapshots): the
 * account starts with `initialBalance` a second before the first trade opens, and each close
 * moves the balance by the trade's result; equity is taken to be the balance (floating losses
 * between closes are unknown, so a what-if from it is as good as the closes). Trades closing at
 * one instant make one snapshot.
 */
export function historyFromClosedTrades(
  trades: readonly ClosedTrade[],
  initialBalance: number,
): HistoryInput {
  const firstOpen = Math.min(...trades.map((t) => parseIsoInstant(t.openTime)))
  const startMs = Number.isFinite(firstOpen) ? firstOpen - 1000 : 0
  const byClose = [...trades].sort(
    (a, b) => parseIsoInstant(a.closeTime) - parseIsoInstant(b.closeTime),
  )
  let balanceCents = Math.round(initialBalance * 100)
  const snapshots = [
    { t: new Date(startMs).toISOString(), balance: initialBalance, equity: initialBalance },
  ]
  let lastMs = startMs
  for (const trade of byClose) {
    const closeMs = parseIsoInstant(trade.closeTime)
    balanceCents += tradeResultCents(trade)
    const amount = centsToAmount(balanceCents)
    if (closeMs === lastMs) snapshots.pop()
    snapshots.push({ t: new Date(closeMs).toISOString(), balance: amount, equity: amount })
    lastMs = closeMs
  }
  return { snapshots, trades: byClose.map((trade) => ({ ...trade })) }
}
