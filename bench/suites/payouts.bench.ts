// Payout figures (issue 13 item 12):
// - payout-eligibility-1y-funded-ms: @tp/domain judgePayoutEligibility of a funded Two Phase
//   account with a year of trades (3,000 trades over 365 days, profitable), every condition
//   judged (interval, trading days, best day over the year's days...); target < 20 ms. The
//   server adds the read of the period's ledger rows to this.
import { judgePayoutEligibility, type PeriodTrade } from '@tp/domain/payouts'
import { medianMs, seededRandom, type BenchSuite } from '../support'

const DAY_MS = 86_400_000
const START_MS = Date.parse('2025-11-03T12:00:00Z')

function yearOfTrades(count: number): PeriodTrade[] {
  const random = seededRandom(13)
  return Array.from({ length: count }, (_, i) => {
    const openMs =
      START_MS + Math.floor((i / count) * 365 * DAY_MS) + Math.floor(random() * 3_600_000)
    return {
      openMs,
      closeMs: openMs + 30 * 60_000 + Math.floor(random() * 4 * 3_600_000),
      // mostly small wins and losses, net positive
      netProfitCents: Math.round((random() - 0.45) * 40_000),
    }
  })
}

const suite: BenchSuite = async function* () {
  const trades = yearOfTrades(3_000)
  const profit = trades.reduce((sum, t) => sum + t.netProfitCents, 0)
  const input = {
    planKey: 'twoPhase.funded' as const,
    rulebookVersion: 'v1',
    sizeK: 100 as const,
    addOns: { profitSplit100: false, fastPayout: false },
    accountStatus: 'active' as const,
    firstTradeAtMs: trades[0]!.openMs,
    lastPayoutAtMs: null,
    periodBaseCents: 10_000_000,
    balanceCents: 10_000_000 + profit,
    openPositions: 0,
    pendingOrders: 0,
    trades,
    hasOpenRequest: false,
    nowMs: START_MS + 366 * DAY_MS,
  }
  const check = judgePayoutEligibility(input)
  if (check.tradingDays < 200) throw new Error(`bench account traded on ${check.tradingDays} days`)
  const ms = medianMs(() => judgePayoutEligibility(input), 15, 3)
  yield { name: 'payout-eligibility-1y-funded-ms', value: Math.round(ms * 100) / 100, unit: 'ms' }
}
export default suite
