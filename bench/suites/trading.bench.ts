// trading-mark-to-market-positions-per-s: floating P/L of open positions at the current quotes,
// the live-risk hot path (every open position on every tick). 50,000 positions spread over the
// whole catalogue, a third of them on pairs converted through another quote.
// trading-account-figures-per-s: equity, hedged margin and margin level of 10,000 accounts of
// 5 positions each. trading-market-model-ticks-per-s: ticks the seeded model produces.
import {
  computeAccountFigures,
  createMarketState,
  instruments,
  MarketModel,
  parsePrice,
  positionProfit,
  type OpenPosition,
  type TradingAccount,
} from '@tp/domain'
import { medianMs, seededRandom, type BenchSuite } from '../support'

const POSITIONS = 50_000
const ACCOUNTS = 10_000
const POSITIONS_PER_ACCOUNT = 5
const policy = { marginCallPercent: 80, stopOutPercent: 50 }

function openPositions(count: number, random: () => number, prefix: string): OpenPosition[] {
  const positions: OpenPosition[] = []
  for (let i = 0; i < count; i++) {
    const instrument = instruments[Math.floor(random() * instruments.length)]!
    const start = parsePrice(instrument, instrument.model.startPrice)!
    positions.push({
      id: `${prefix}${i}`,
      symbol: instrument.symbol,
      side: random() < 0.5 ? 'buy' : 'sell',
      volume: 1 + Math.floor(random() * 500),
      openPrice: Math.round(start * (0.98 + random() * 0.04)),
      swap: -Math.floor(random() * 5_000),
    })
  }
  return positions
}

const suite: BenchSuite = async function* () {
  const random = seededRandom(20260304)
  const model = new MarketModel(
    createMarketState({ seed: 1, startMs: Date.parse('2026-03-04T12:00:00Z') }),
  )
  model.advance(Date.parse('2026-03-04T12:05:00Z'), () => {})
  const quotes = model.quotes()

  const positions = openPositions(POSITIONS, random, 'p')
  let sink = 0
  const markMs = medianMs(
    () => {
      for (const position of positions) sink += positionProfit(position, quotes)
    },
    15,
    3,
  )
  yield {
    name: 'trading-mark-to-market-positions-per-s',
    value: Math.round((POSITIONS / markMs) * 1000),
    unit: 'positions/s',
  }

  const accounts: TradingAccount[] = []
  for (let i = 0; i < ACCOUNTS; i++) {
    accounts.push({
      balance: 10_000_000,
      leverage: 30,
      positions: openPositions(POSITIONS_PER_ACCOUNT, random, `a${i}-`),
    })
  }
  const figuresMs = medianMs(
    () => {
      for (const account of accounts) sink += computeAccountFigures(account, quotes, policy).equity
    },
    9,
    2,
  )
  yield {
    name: 'trading-account-figures-per-s',
    value: Math.round((ACCOUNTS / figuresMs) * 1000),
    unit: 'accounts/s',
  }

  const ticking = new MarketModel(model.state())
  const from = Date.parse('2026-03-04T12:05:00Z')
  const t0 = performance.now()
  const ticks = ticking.advance(from + 3_600_000, () => {})
  const tickMs = performance.now() - t0
  yield {
    name: 'trading-market-model-ticks-per-s',
    value: Math.round((ticks / tickMs) * 1000),
    unit: 'ticks/s',
  }

  // using the sum keeps the measured work from being optimised away
  if (!Number.isSafeInteger(sink)) throw new Error('a cent amount left the safe integer range')
}
export default suite
