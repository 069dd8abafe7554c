import { serverTime, serverTimeMs } from './format'
import type {
  Mt4ClosedTransaction,
  Mt4OpenTrade,
  Mt4StatementSpec,
  PendingType,
} from './mt4-detailed-statement'
import type {
  Mt5CancelledOrder,
  Mt5Exit,
  Mt5Position,
  Mt5ReportSpec,
} from './mt5-trade-history-report'

/**
 * Seeded histories of any size for the tests over many trades and the bench: the same seed gives
 * the same history. Trades overlap (close order differs from ticket order), results include
 * zeros, commissions, taxes and swaps; MT4 histories carry cancelled orders, a withdrawal, credit
 * and open trades; MT5 histories entry commissions, partial closes, cancelled orders and open
 * positions.
 */

interface Instrument {
  symbol: string
  digits: number
  price: number
}
const INSTRUMENTS: readonly Instrument[] = [
  { symbol: 'EURUSD', digits: 5, price: 1.0842 },
  { symbol: 'XAUUSD', digits: 2, price: 2150.4 },
  { symbol: 'USDJPY', digits: 3, price: 147.52 },
  { symbol: 'US30', digits: 1, price: 38950 },
]
const PENDING: readonly PendingType[] = ['buy limit', 'sell limit', 'buy stop', 'sell stop']

/** mulberry32: small, fast, and the same numbers on every machine */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

function toolkit(seed: number) {
  const random = seededRandom(seed)
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!
  const cents = (from: number, to: number) =>
    Math.round((from + random() * (to - from)) * 100) / 100
  const lots = (max: number) => (1 + Math.floor(random() * max * 100)) / 100
  const near = (instrument: Instrument, spread: number) =>
    Number((instrument.price * (1 + (random() - 0.5) * spread)).toFixed(instrument.digits))
  /** a result of mostly small amounts, some exactly zero, a few large */
  const profit = () => {
    const r = random()
    if (r < 0.04) return 0
    if (r < 0.06) return cents(-900, 1200)
    return cents(-40, 44)
  }
  return { random, pick, cents, lots, near, profit }
}

export interface RandomHistoryOptions {
  /** closed trades (MT4) or closed positions (MT5) */
  trades: number
  seed: number
  /** the first deposit; 10,000 unless given */
  deposit?: number
  /** when the history starts; 2024.01.02 00:00:00 unless given */
  start?: string
}

export function randomMt4History(options: RandomHistoryOptions): Mt4StatementSpec {
  const { random, pick, cents, lots, near, profit } = toolkit(options.seed)
  const startMs = serverTimeMs(options.start ?? '2024.01.02 00:00:00')
  let ticket = 40_000_000
  const closed: Mt4ClosedTransaction[] = [
    {
      kind: 'balance',
      ticket: ticket++,
      time: serverTime(startMs),
      amount: options.deposit ?? 10_000,
      comment: 'Deposit',
    },
  ]
  for (let i = 0; i < options.trades; i++) {
    const instrument = pick(INSTRUMENTS)
    const openMs = startMs + 60_000 + i * 20 * 60_000 + Math.floor(random() * 600) * 1000
    const closeMs = openMs + 1000 + Math.floor(random() * 6 * 3600) * 1000
    if (i % 15 === 7) {
      closed.push({
        kind: 'cancelled',
        ticket: ticket++,
        openTime: serverTime(openMs - 30_000),
        type: pick(PENDING),
        size: lots(1),
        item: instrument.symbol.toLowerCase(),
        price: near(instrument, 0.01),
        closeTime: serverTime(openMs - 5_000),
        marketPrice: near(instrument, 0.01),
        digits: instrument.digits,
      })
    }
    if (i === Math.floor(options.trades / 2)) {
      closed.push(
        {
          kind: 'balance',
          ticket: ticket++,
          time: serverTime(openMs - 2000),
          amount: -250,
          comment: 'Withdrawal',
        },
        {
          kind: 'credit',
          ticket: ticket++,
          time: serverTime(openMs - 1000),
          amount: 100,
          comment: 'Credit in',
        },
      )
    }
    closed.push({
      kind: 'trade',
      ticket: ticket++,
      openTime: serverTime(openMs),
      type: random() < 0.5 ? 'buy' : 'sell',
      size: lots(2),
      item: instrument.symbol.toLowerCase(),
      openPrice: near(instrument, 0.02),
      ...(random() < 0.3 ? { sl: near(instrument, 0.04) } : {}),
      ...(random() < 0.3 ? { tp: near(instrument, 0.04) } : {}),
      closeTime: serverTime(closeMs),
      closePrice: near(instrument, 0.02),
      commission: random() < 0.3 ? -cents(0.5, 7) : 0,
      taxes: random() < 0.05 ? -cents(0.01, 1) : 0,
      swap: random() < 0.2 ? cents(-3, 1.5) : 0,
      profit: profit(),
      digits: instrument.digits,
      ...(random() < 0.3 ? { comment: random() < 0.5 ? '[sl]' : '[tp]' } : {}),
    })
  }
  const lastMs = startMs + options.trades * 20 * 60_000 + 7 * 3600_000
  const openTrades: Mt4OpenTrade[] = [0, 1].map((k) => {
    const instrument = INSTRUMENTS[k]!
    return {
      ticket: ticket++,
      openTime: serverTime(lastMs + k * 60_000),
      type: k === 0 ? 'buy' : 'sell',
      size: lots(1),
      item: instrument.symbol.toLowerCase(),
      openPrice: near(instrument, 0.01),
      marketPrice: near(instrument, 0.01),
      swap: cents(-2, 0),
      profit: profit(),
      digits: instrument.digits,
    }
  })
  return {
    account: { login: '7700123', name: 'Generated Trader', currency: 'USD' },
    closed,
    openTrades,
    margin: 120.5,
    savedAt: serverTime(lastMs + 3600_000),
  }
}

export function randomMt5History(options: RandomHistoryOptions): Mt5ReportSpec {
  const { random, pick, cents, lots, near, profit } = toolkit(options.seed)
  const startMs = serverTimeMs(options.start ?? '2024.01.02 00:00:00')
  let ticket = 80_000_000
  const positions: Mt5Position[] = []
  const cancelledOrders: Mt5CancelledOrder[] = []
  for (let i = 0; i < options.trades; i++) {
    const instrument = pick(INSTRUMENTS)
    const openMs = startMs + 60_000 + i * 20 * 60_000 + Math.floor(random() * 600) * 1000
    const holdMs = 1000 + Math.floor(random() * 6 * 3600) * 1000
    const volume = lots(2)
    const exitAt = (ms: number, exitVolume: number): Mt5Exit => ({
      time: serverTime(ms),
      volume: exitVolume,
      price: near(instrument, 0.02),
      profit: profit(),
      commission: random() < 0.4 ? -cents(0.5, 4) : 0,
      fee: random() < 0.05 ? -cents(0.01, 0.5) : 0,
      swap: random() < 0.2 ? cents(-3, 1.5) : 0,
    })
    // about one position in eight is closed in two parts
    const hundredths = Math.round(volume * 100)
    const exits =
      hundredths > 1 && random() < 0.125
        ? [
            exitAt(openMs + Math.floor(holdMs / 2), Math.floor(hundredths / 2) / 100),
            exitAt(openMs + holdMs, (hundredths - Math.floor(hundredths / 2)) / 100),
          ]
        : [exitAt(openMs + holdMs, volume)]
    positions.push({
      position: ticket++,
      symbol: instrument.symbol,
      type: random() < 0.5 ? 'buy' : 'sell',
      volume,
      openTime: serverTime(openMs),
      openPrice: near(instrument, 0.02),
      entryCommission: random() < 0.4 ? -cents(0.5, 4) : 0,
      digits: instrument.digits,
      exits,
    })
    if (i % 15 === 7) {
      cancelledOrders.push({
        order: ticket++,
        openTime: serverTime(openMs - 30_000),
        symbol: instrument.symbol,
        type: pick(PENDING),
        volume: lots(1),
        price: near(instrument, 0.01),
        time: serverTime(openMs - 5_000),
        digits: instrument.digits,
      })
    }
  }
  const lastMs = startMs + options.trades * 20 * 60_000 + 7 * 3600_000
  const instrument = INSTRUMENTS[0]!
  positions.push({
    position: ticket++,
    symbol: instrument.symbol,
    type: 'buy',
    volume: 0.5,
    openTime: serverTime(lastMs),
    openPrice: near(instrument, 0.01),
    digits: instrument.digits,
    exits: [],
    marketPrice: near(instrument, 0.01),
    floatingProfit: cents(-20, 20),
  })
  const middleMs = startMs + Math.floor(options.trades / 2) * 20 * 60_000
  return {
    account: { login: '5100200300', name: 'Generated Trader', currency: 'USD' },
    positions,
    operations: [
      {
        kind: 'balance',
        time: serverTime(startMs),
        amount: options.deposit ?? 10_000,
        comment: 'Deposit',
      },
      { kind: 'balance', time: serverTime(middleMs), amount: -250, comment: 'Withdrawal' },
      { kind: 'credit', time: serverTime(middleMs + 1000), amount: 100, comment: 'Credit in' },
    ],
    cancelledOrders,
    margin: 220.4,
    firstDeal: 60_000_000,
    savedAt: serverTime(lastMs + 3600_000),
  }
}
