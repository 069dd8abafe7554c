import { buildRulebook } from '../plans/rulebooks'
import type { AccountSizeK } from '../plans/catalogue'
import type { ClosedTrade } from '../trades/trade'
import { computeAccountMetrics, type AccountMetrics } from './compute-account-metrics'
import { historyFromClosedTrades } from './history-from-trades'

/**
 * The analytics and rule what-if of an imported statement's closed trades (issue 12 item 8): the
 * trades replayed on an account of `sizeK` from its starting balance, its curve drawn with the
 * floors of a Two Phase first stage of that size, and every plan of the catalogue judged at that
 * size by the rules engine ("would this trading have passed our Two Phase 100K?"). One
 * computation for the browser's statement check and the server's saved imports.
 */
export function computeStatementMetrics(
  trades: readonly ClosedTrade[],
  sizeK: AccountSizeK,
): AccountMetrics {
  const rules = buildRulebook('twoPhase.phase1', sizeK)
  const history = historyFromClosedTrades(trades, rules.initialBalance)
  return computeAccountMetrics({ rules, history, sizeK })
}
