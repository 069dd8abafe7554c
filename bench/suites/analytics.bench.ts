// engine-analytics-100k-trades-ms (target < 50): every trade view of the dashboard (total stats,
// visual stats, visual trades, recent trades), built from 100k closed trades in one call.
import { computeTradeAnalytics, type Trade } from '@tp/domain'
import { medianMs, seededRandom, type BenchSuite } from '../support'

const TRADES = 100_000
const SYMBOLS = ['EURUSD', 'GBPUSD', 'USDJPY', 'XAUUSD', 'US30', 'NAS100', 'BTCUSD', 'USDCAD']
const VOLUMES = [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2, 5]
const YEAR_MS = 365 * 86_400_000

function generateTrades(count: number): Trade[] {
  const random = seededRandom(20260302)
  const startMs = Date.parse('2025-03-01T00:00:00Z')
  const trades: Trade[] = []
  for (let i = 0; i < count; i++) {
    const openMs = startMs + Math.floor(random() * YEAR_MS)
    // holding times from seconds to weeks, log-uniform like real trading
    const heldMs = Math.floor(Math.exp(random() * Math.log((14 * 86_400_000) / 10_000)) * 10_000)
    const cents = Math.round((random() - 0.45) * 40_000)
    trades.push({
      id: String(1_000_000 + i),
      symbol: SYMBOLS[i % SYMBOLS.length]!,
      side: random() < 0.5 ? 'buy' : 'sell',
      volume: VOLUMES[Math.floor(random() * VOLUMES.length)]!,
      openTime: new Date(openMs).toISOString(),
      closeTime: new Date(openMs + heldMs).toISOString(),
      openPrice: 1.08,
      closePrice: 1.081,
      profit: cents / 100,
      commission: -0.7,
      swap: random() < 0.2 ? -0.35 : 0,
    })
  }
  return trades
}

const suite: BenchSuite = async function* () {
  const trades = generateTrades(TRADES)
  const input = {
    timeZone: 'America/New_York',
    dayReset: { timeZone: 'America/New_York', time: '17:00' },
    account: { balance: 100_000, equity: 100_000 },
    now: '2026-03-01T12:00:00Z',
    period: 'month' as const,
    recentTradesLimit: 100,
  }
  const ms = medianMs(() => computeTradeAnalytics(trades, input), 15, 3)
  yield { name: 'engine-analytics-100k-trades-ms', value: ms, unit: 'ms' }
}
export default suite
