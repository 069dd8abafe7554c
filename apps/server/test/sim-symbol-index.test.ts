import { instruments, parsePrice } from '@tp/domain'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  SimEngine,
  type SimAccount,
} from '../src/integrations/trading-platform/simulated/sim-engine'

// The live risk path re-marks, on a tick, only the accounts its symbol concerns: the simulated
// server's per-symbol index of dependents. Whatever opens, closes, places and cancels across
// instruments, the index holds exactly the accounts a brute-force scan of the books finds (a
// position or order on the symbol, or on an instrument converted to USD through it), and a tick
// re-marks exactly those.

const WEDNESDAY_NOON = Date.parse('2026-11-18T17:00:00Z')
const SYMBOLS = ['EURUSD', 'BTCUSD', 'EURJPY', 'GBPJPY', 'XAUUSD', 'USDJPY']
  .filter((symbol) => instruments.some((i) => i.symbol === symbol))
  .concat(instruments.slice(0, 3).map((i) => i.symbol))
const ACCOUNTS = 4

function account(id: string): SimAccount {
  return {
    id,
    login: id,
    server: 'Test-MT5',
    leverage: 30,
    limits: { maxLotsPerForexOrder: 50, marginCallPercent: 80, stopOutPercent: 50 },
    balance: 100_000_000,
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

function concerned(books: SimAccount[], symbol: string): string[] {
  return books
    .filter((a) =>
      [...a.positions.values(), ...a.orders.values()].some(
        (x) =>
          x.symbol === symbol ||
          instruments.find((i) => i.symbol === x.symbol)!.usdConversion?.symbol === symbol,
      ),
    )
    .map((a) => a.id)
    .sort()
}

const op = fc.oneof(
  fc.record({
    kind: fc.constant('open' as const),
    account: fc.nat(ACCOUNTS - 1),
    symbol: fc.constantFrom(...SYMBOLS),
    side: fc.constantFrom('buy' as const, 'sell' as const),
  }),
  fc.record({
    kind: fc.constant('pending' as const),
    account: fc.nat(ACCOUNTS - 1),
    symbol: fc.constantFrom(...SYMBOLS),
  }),
  fc.record({ kind: fc.constant('close' as const), account: fc.nat(ACCOUNTS - 1), pick: fc.nat() }),
  fc.record({
    kind: fc.constant('cancel' as const),
    account: fc.nat(ACCOUNTS - 1),
    pick: fc.nat(),
  }),
  fc.record({ kind: fc.constant('tick' as const), symbol: fc.constantFrom(...SYMBOLS) }),
)

describe('the per-symbol index of the accounts a tick re-marks', () => {
  it('holds the same accounts as a brute-force scan after opens, closes, orders and cancels', () => {
    let placed = 0
    fc.assert(
      fc.property(fc.array(op, { maxLength: 40 }), (ops) => {
        let ticket = 1
        const marked: string[] = []
        const engine = new SimEngine({
          now: () => WEDNESDAY_NOON,
          nextTicket: () => String(ticket++),
          persist: () => {},
          emit: (id, event) => {
            if (event.type === 'equity') marked.push(id)
          },
        })
        const start = new Map<string, { bid: number; ask: number }>(
          instruments.map((i) => {
            const price = parsePrice(i, i.model.startPrice)!
            return [i.symbol, { bid: price, ask: price + 2 }]
          }),
        )
        for (const [symbol, quote] of start) engine.onTick(symbol, quote, WEDNESDAY_NOON)
        const books = Array.from({ length: ACCOUNTS }, (_, i) => account(`a${i}`))
        for (const book of books) engine.addAccount(book)
        let step = 0
        for (const o of ops) {
          if (o.kind === 'open') {
            const result = engine.placeOrder(books[o.account]!, {
              symbol: o.symbol,
              type: o.side,
              volume: 1,
              price: null,
              stopLoss: null,
              takeProfit: null,
            })
            if (result.ok) placed++
          } else if (o.kind === 'pending') {
            const result = engine.placeOrder(books[o.account]!, {
              symbol: o.symbol,
              type: 'buy-limit',
              volume: 1,
              price: Math.max(1, Math.round(start.get(o.symbol)!.bid / 2)),
              stopLoss: null,
              takeProfit: null,
            })
            if (result.ok) placed++
          } else if (o.kind === 'close') {
            const positions = [...books[o.account]!.positions.keys()]
            if (positions.length > 0) {
              engine.closePosition(books[o.account]!, positions[o.pick % positions.length]!, null)
            }
          } else if (o.kind === 'cancel') {
            const orders = [...books[o.account]!.orders.keys()]
            if (orders.length > 0) {
              engine.cancelOrder(books[o.account]!, orders[o.pick % orders.length]!)
            }
          } else {
            // a tick moving every holder's equity: exactly the concerned accounts are re-marked
            const quote = start.get(o.symbol)!
            step++
            marked.length = 0
            engine.onTick(
              o.symbol,
              { bid: quote.bid + step, ask: quote.ask + step },
              WEDNESDAY_NOON,
            )
            for (const id of marked) expect(concerned(books, o.symbol)).toContain(id)
          }
          const index = engine['dependents'] as Map<string, Set<SimAccount>>
          for (const symbol of instruments.map((i) => i.symbol)) {
            const indexed = [...(index.get(symbol) ?? [])].map((a) => a.id).sort()
            expect(indexed).toEqual(concerned(books, symbol))
          }
        }
      }),
      { numRuns: 100 },
    )
    // the property was not checked on empty books only
    expect(placed).toBeGreaterThan(100)
  })
})
