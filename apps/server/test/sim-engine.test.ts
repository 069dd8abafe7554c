import { rolloversBetween } from '@tp/domain'
import { describe, expect, it } from 'vitest'
import type { AccountEvent } from '../src/integrations/trading-platform/trading-platform'
import {
  SimEngine,
  type SimAccount,
  type SimWrite,
} from '../src/integrations/trading-platform/simulated/sim-engine'

// The simulated server's books without a database: what ticks and time do to accounts. The maths
// itself is the domain's (and tested there); these check that the server applies it when it must.

const WEDNESDAY_NOON = Date.parse('2026-11-18T17:00:00Z') // 12:00 New York
const FRIDAY_1656_NY = Date.parse('2026-11-20T21:56:00Z')

function setup(options: { balance?: number; leverage?: number } = {}) {
  let now = WEDNESDAY_NOON
  let ticket = 1_000
  const events: AccountEvent[] = []
  const writes: SimWrite[] = []
  const engine = new SimEngine({
    now: () => now,
    nextTicket: () => String(ticket++),
    persist: (_id, list) => writes.push(...list),
    emit: (_id, event) => events.push(event),
  })
  const account: SimAccount = {
    id: 'acc',
    login: '7000001',
    server: 'Test-MT5',
    leverage: options.leverage ?? 30,
    limits: {
      maxLotsPerForexOrder: 50,
      marginCallPercent: 80,
      stopOutPercent: 50,
    },
    balance: options.balance ?? 10_000_000,
    isTradingEnabled: true,
    positions: new Map(),
    orders: new Map(),
    overrides: null,
    isMarginCall: false,
    lastEmittedBalance: 0,
    lastEmittedEquity: 0,
    dependencies: new Set(),
  }
  const quote = (symbol: string, bid: number, ask: number) =>
    engine.onTick(symbol, { bid, ask }, now)
  quote('EURUSD', 108_500, 108_502)
  quote('BTCUSD', 6_500_000, 6_502_500)
  engine.addAccount(account)
  return {
    engine,
    account,
    events,
    writes,
    quote,
    setNow: (ms: number) => (now = ms),
    kinds: () => events.map((e) => e.type),
  }
}

describe('the simulated server’s books', () => {
  it('stops out the biggest loser first once the margin level is at 50%, after a margin call at 80%', () => {
    // $3,000 account, 1:2 on crypto: 0.08 BTC holds $2,601.00 of margin
    const s = setup({ balance: 300_000 })
    const first = s.engine.placeOrder(s.account, {
      symbol: 'BTCUSD',
      type: 'buy',
      volume: 8,
      price: null,
      stopLoss: null,
      takeProfit: null,
    })
    expect(first.ok).toBe(true)
    // equity 300,000 + 8 x (bid - 6,502,500) / 100 ... margin 260,100: level 80% at equity 208,080
    s.quote('BTCUSD', 5_350_000, 5_352_500) // equity = 300,000 + 0.08 x -11,525.00 = 207,800
    expect(s.kinds()).toContain('margin-call')
    expect(s.account.positions.size).toBe(1)
    s.quote('BTCUSD', 4_000_000, 4_002_500) // equity 300,000 - 200,200 = 99,800: 38% -> stop-out
    expect(s.kinds()).toContain('stop-out')
    expect(s.account.positions.size).toBe(0)
    expect(s.account.balance).toBe(300_000 - 200_200)
    const closed = s.events.find((e) => e.type === 'position-closed')
    expect(closed?.type === 'position-closed' && closed.trade.reason).toBe('stop-out')
    // the equity the tick reached, with the position still open, went out before the stop-out
    const before = s.events.slice(0, s.events.indexOf(closed!))
    expect(before.at(-1)).toEqual({
      type: 'equity',
      tMs: WEDNESDAY_NOON,
      balance: 300_000,
      equity: 99_800,
      index: s.account.markSlot,
    })
  })

  it('marks a tick before it closes anything: a gap through a stop loss shows the equity it reached', () => {
    const s = setup()
    s.engine.placeOrder(s.account, {
      symbol: 'BTCUSD',
      type: 'buy',
      volume: 100,
      price: null,
      stopLoss: 6_400_000,
      takeProfit: null,
    })
    const listened: string[] = []
    s.events.length = 0
    s.quote('BTCUSD', 6_000_000, 6_002_500) // gaps through the stop loss at 64,000.00
    for (const event of s.events) {
      if (event.type === 'equity') listened.push(`equity ${event.balance} ${event.equity}`)
      if (event.type === 'position-closed') listened.push(`closed ${event.trade.reason}`)
    }
    // 1 BTC from 65,025.00 to 60,000.00: -$5,025.00, closed at the triggering bid
    expect(listened).toEqual([
      'equity 10000000 9497500',
      'closed stop-loss',
      'equity 9497500 9497500',
    ])
  })

  it('cancels a pending order that triggers without the margin to hold it', () => {
    const s = setup({ balance: 100_000 })
    s.engine.placeOrder(s.account, {
      symbol: 'BTCUSD',
      type: 'buy-limit',
      volume: 100, // 1 BTC: $31,000 of margin on a $1,000 account
      price: 6_200_000,
      stopLoss: null,
      takeProfit: null,
    })
    s.quote('BTCUSD', 6_190_000, 6_192_500)
    expect(s.account.orders.size).toBe(0)
    expect(s.account.positions.size).toBe(0)
    const cancelled = s.events.find((e) => e.type === 'order-cancelled')
    expect(cancelled?.type === 'order-cancelled' && cancelled.reason).toBe('no-margin')
  })

  it('charges three nights of swap at Wednesday’s rollover to a forex position held over it', () => {
    const s = setup()
    s.engine.placeOrder(s.account, {
      symbol: 'EURUSD',
      type: 'buy',
      volume: 100,
      price: null,
      stopLoss: null,
      takeProfit: null,
    })
    const [rollover] = rolloversBetween(WEDNESDAY_NOON, WEDNESDAY_NOON + 86_400_000)
    s.setNow(rollover!)
    s.engine.applyRollover(rollover!, rollover!)
    // EURUSD long swap -7.2 points per lot per night: 3 nights x -7.2 x $1 = -$21.60
    expect([...s.account.positions.values()][0]!.swap).toBe(-2_160)
    expect(s.kinds()).toContain('swap-charged')
  })

  it('closes a position for the firm (the weekend close) while the trader may not, and only while its market trades', () => {
    const s = setup()
    s.engine.placeOrder(s.account, {
      symbol: 'EURUSD',
      type: 'buy',
      volume: 10,
      price: null,
      stopLoss: null,
      takeProfit: null,
    })
    const [position] = s.account.positions.values()
    s.engine.setTradingEnabled(s.account, false)
    expect(s.engine.closePosition(s.account, position!.id, null)).toMatchObject({
      ok: false,
      issues: [{ code: 'trading-disabled' }],
    })
    // the weekend rule is the app's (decision 0018): the server only carries out the close
    s.setNow(FRIDAY_1656_NY)
    const closed = s.engine.closePosition(s.account, position!.id, null, 'weekend')
    expect(closed).toMatchObject({ ok: true, value: { reason: 'weekend', volume: 10 } })
    expect(s.account.positions.size).toBe(0)
    // its own trade sessions: nothing trades at the weekend
    s.engine.setTradingEnabled(s.account, true)
    s.engine.placeOrder(s.account, {
      symbol: 'EURUSD',
      type: 'buy',
      volume: 10,
      price: null,
      stopLoss: null,
      takeProfit: null,
    })
    const [next] = s.account.positions.values()
    s.setNow(FRIDAY_1656_NY + 60 * 60_000)
    expect(s.engine.closePosition(s.account, next!.id, null, 'weekend')).toMatchObject({
      ok: false,
      issues: [{ code: 'market-closed' }],
    })
  })

  it('holds the larger leg’s margin for a hedge and persists every change in order', () => {
    const s = setup()
    for (const type of ['buy', 'sell'] as const) {
      s.engine.placeOrder(s.account, {
        symbol: 'EURUSD',
        type,
        volume: 100,
        price: null,
        stopLoss: null,
        takeProfit: null,
      })
    }
    const info = s.engine.info(s.account)
    // one lot of EURUSD at 1:30: 100,000 x 1.08502 / 30 = $3,616.73 for the buy leg only
    expect(info.margin).toBe(361_673)
    expect(s.writes.filter((w) => w.kind === 'deal').length).toBe(2)
    expect(s.writes.at(-1)).toMatchObject({ kind: 'account', balance: 10_000_000 - 700 })
  })

  it('refuses everything once trading is disabled', () => {
    const s = setup()
    s.engine.setTradingEnabled(s.account, false)
    const result = s.engine.placeOrder(s.account, {
      symbol: 'EURUSD',
      type: 'buy',
      volume: 1,
      price: null,
      stopLoss: null,
      takeProfit: null,
    })
    expect(result).toEqual({
      ok: false,
      issues: [
        {
          code: 'trading-disabled',
          field: 'account',
          message: 'Trading is disabled on this account.',
        },
      ],
    })
  })
})
