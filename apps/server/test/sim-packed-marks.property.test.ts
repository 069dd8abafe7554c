import { instruments, parsePrice, type Quote } from '@tp/domain'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  SimEngine,
  type SimAccount,
} from '../src/integrations/trading-platform/simulated/sim-engine'
import { MAX_PACKED_POSITIONS } from '../src/integrations/trading-platform/simulated/packed-marks'

// The simulated server marks a tick from packed numeric records (decision 0027) and falls back to
// its object path for what the packed path does not decide. Whatever the trader and the market do
// (opens, partial and full closes, stops set and reached, pending orders, a scenario's quotes,
// conversion pairs moving margins, rollovers, a margin call and a stop-out), an engine with the
// packed path emits exactly the events and persists exactly the writes of one without it.

const WEDNESDAY_NOON = Date.parse('2026-11-18T17:00:00Z')
const SYMBOLS = ['EURUSD', 'BTCUSD', 'EURJPY', 'USDJPY', 'XAUUSD', 'GBPUSD', 'EURGBP'].filter(
  (symbol) => instruments.some((i) => i.symbol === symbol),
)
const ACCOUNTS = 3

function account(id: string, balance: number): SimAccount {
  return {
    id,
    login: id,
    server: 'Test-MT5',
    leverage: 30,
    limits: { maxLotsPerForexOrder: 50, marginCallPercent: 80, stopOutPercent: 50 },
    balance,
    isTradingEnabled: true,
    positions: new Map(),
    orders: new Map(),
    overrides: null,
    isMarginCall: false,
    lastEmittedBalance: 0,
    lastEmittedEquity: 0,
    dependencies: new Set(),
  }
}

const pick = fc.nat()
const op = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('open' as const),
      account: fc.nat(ACCOUNTS - 1),
      symbol: fc.constantFrom(...SYMBOLS),
      side: fc.constantFrom('buy' as const, 'sell' as const),
      lots: fc.integer({ min: 1, max: 60 }),
      /** stops this many pips away (0: none) */
      stopPoints: fc.constantFrom(0, 0, 5, 40),
    }),
  },
  fc.record({
    kind: fc.constant('pending' as const),
    account: fc.nat(ACCOUNTS - 1),
    symbol: fc.constantFrom(...SYMBOLS),
    points: fc.integer({ min: 1, max: 60 }),
  }),
  fc.record({
    kind: fc.constant('close' as const),
    account: fc.nat(ACCOUNTS - 1),
    pick,
    isPartial: fc.boolean(),
  }),
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('cancel' as const),
      account: fc.nat(ACCOUNTS - 1),
      pick,
    }),
  },
  fc.record({
    kind: fc.constant('modify' as const),
    account: fc.nat(ACCOUNTS - 1),
    pick,
    stopPoints: fc.constantFrom(0, 3, 30),
  }),
  fc.record({
    kind: fc.constant('override' as const),
    account: fc.nat(ACCOUNTS - 1),
    symbol: fc.constantFrom(...SYMBOLS),
    move: fc.integer({ min: -50, max: 50 }),
    isCleared: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('rollover' as const) }),
  {
    weight: 8,
    arbitrary: fc.record({
      kind: fc.constant('tick' as const),
      symbol: fc.constantFrom(...SYMBOLS),
      /** quarter pips: mostly up to 100 pips (stops), sometimes 1,000 (margin call, stop-out) */
      move: fc.oneof(
        { weight: 5, arbitrary: fc.integer({ min: -400, max: 400 }) },
        { weight: 2, arbitrary: fc.integer({ min: -1_200, max: 1_200 }) },
        { weight: 1, arbitrary: fc.integer({ min: -4_000, max: 4_000 }) },
      ),
    }),
  },
)

type Op = typeof op extends fc.Arbitrary<infer T> ? T : never

/** Runs the ops on a fresh engine; what it emitted and persisted, in order. */
function run(ops: Op[], balance: number, isPackedMarkOff: boolean) {
  let ticket = 1
  let now = WEDNESDAY_NOON
  const log: string[] = []
  const engine = new SimEngine({
    now: () => now,
    nextTicket: () => String(ticket++),
    persist: (id, writes) => log.push(`persist ${id} ${JSON.stringify(writes)}`),
    emit: (id, event) => log.push(`emit ${id} ${JSON.stringify(event)}`),
    isPackedMarkOff,
  })
  const prices = new Map<string, Quote>(
    instruments.map((i) => {
      const price = parsePrice(i, i.model.startPrice)!
      return [i.symbol, { bid: price, ask: price + Math.max(1, i.typicalSpreadPoints) }]
    }),
  )
  for (const [symbol, quote] of prices) engine.onTick(symbol, quote, now)
  const books = Array.from({ length: ACCOUNTS }, (_, i) => account(`a${i}`, balance))
  for (const book of books) engine.addAccount(book)
  const pip = (symbol: string) => instruments.find((i) => i.symbol === symbol)!.pipPoints
  const stops = (symbol: string, side: 'buy' | 'sell', pips: number) => {
    if (pips === 0) return { stopLoss: null, takeProfit: null }
    const points = pips * pip(symbol)
    const { bid, ask } = prices.get(symbol)!
    return side === 'buy'
      ? { stopLoss: bid - points, takeProfit: bid + points }
      : { stopLoss: ask + points, takeProfit: ask - points }
  }
  // how many account ticks the packed path decided (not handed to the object path)
  let packedTicks = 0
  let accountTicks = 0
  const markPacked = engine['markPacked'].bind(engine)
  engine['markPacked'] = (...args: Parameters<typeof markPacked>) => {
    const isDone = markPacked(...args)
    if (isDone) packedTicks++
    return isDone
  }
  for (const o of ops) {
    now += 1_000
    if (o.kind === 'open') {
      const result = engine.placeOrder(books[o.account]!, {
        symbol: o.symbol,
        type: o.side,
        volume: o.lots,
        price: null,
        ...stops(o.symbol, o.side, o.stopPoints),
      })
      log.push(`open ${JSON.stringify(result)}`)
    } else if (o.kind === 'pending') {
      const { bid } = prices.get(o.symbol)!
      const result = engine.placeOrder(books[o.account]!, {
        symbol: o.symbol,
        type: 'buy-limit',
        volume: 1,
        price: bid - o.points,
        stopLoss: null,
        takeProfit: null,
      })
      log.push(`pending ${result.ok}`)
    } else if (o.kind === 'close' || o.kind === 'modify') {
      const positions = [...books[o.account]!.positions.values()]
      const position = positions[o.pick % Math.max(1, positions.length)]
      if (position === undefined) continue
      if (o.kind === 'close') {
        const volume = o.isPartial && position.volume > 1 ? Math.floor(position.volume / 2) : null
        const result = engine.closePosition(books[o.account]!, position.id, volume)
        log.push(`close ${result?.ok}`)
      } else {
        const result = engine.modifyPosition(
          books[o.account]!,
          position.id,
          stops(position.symbol, position.side, o.stopPoints),
        )
        log.push(`modify ${result?.ok}`)
      }
    } else if (o.kind === 'cancel') {
      const orders = [...books[o.account]!.orders.keys()]
      if (orders.length > 0) engine.cancelOrder(books[o.account]!, orders[o.pick % orders.length]!)
    } else if (o.kind === 'override') {
      if (o.isCleared) engine.clearOverrides(books[o.account]!, now)
      else {
        const { bid, ask } = prices.get(o.symbol)!
        engine.setOverride(
          books[o.account]!,
          o.symbol,
          { bid: bid + o.move, ask: ask + o.move },
          now,
        )
      }
    } else if (o.kind === 'rollover') {
      engine.applyRollover(now - 500, now)
    } else {
      const { bid, ask } = prices.get(o.symbol)!
      const move = Math.round((o.move * pip(o.symbol)) / 4)
      const quote = { bid: Math.max(1, bid + move), ask: Math.max(2, ask + move) }
      prices.set(o.symbol, quote)
      engine.onTick(o.symbol, quote, now)
      accountTicks += books.filter((b) => b.dependencies.has(o.symbol)).length
    }
  }
  for (const book of books) log.push(`end ${book.id} ${JSON.stringify(engine.info(book))}`)
  return { log, packedTicks, accountTicks }
}

describe('the packed tick path of the simulated server', () => {
  it('emits and persists exactly what the object path does', () => {
    let packedTicks = 0
    let totalTicks = 0
    const seen = new Map(
      [/"(margin-call|stop-out)"/, /"stop-loss"/, /"take-profit"/, /"order-filled"/].map((what) => [
        what,
        0,
      ]),
    )
    fc.assert(
      fc.property(
        fc.array(op, { minLength: 20, maxLength: 80 }),
        // small balances reach a margin call and a stop-out; large ones hold many positions
        fc.constantFrom(100_000, 2_000_000, 100_000_000),
        (ops, balance) => {
          const packed = run(ops, balance, false)
          const objects = run(ops, balance, true)
          expect(packed.log).toEqual(objects.log)
          for (const line of packed.log) {
            for (const what of seen.keys()) if (what.test(line)) seen.set(what, seen.get(what)! + 1)
          }
          packedTicks += packed.packedTicks
          totalTicks += packed.accountTicks
        },
      ),
      { numRuns: 300 },
    )
    // the packed path was exercised, not only the fallback
    // the packed path decided most account ticks, and the object path took the others
    expect(packedTicks).toBeGreaterThan(totalTicks / 3)
    expect(packedTicks).toBeLessThan(totalTicks)
    // ...through margin calls, stop-outs, stops reached and orders filled
    for (const [what, count] of seen) expect(count, String(what)).toBeGreaterThan(0)
    expect(MAX_PACKED_POSITIONS).toBeGreaterThan(1)
  })
})
