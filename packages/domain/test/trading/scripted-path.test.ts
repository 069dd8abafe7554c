import { describe, expect, it } from 'vitest'
import { scriptedPathSchema, scriptedTicks, stopTriggeredAt } from '../../src/trading'
import { at, price } from './support'

const start = at('2026-03-04T14:00:00Z')

describe('scripted price paths', () => {
  it('walks the bid in a straight line between waypoints, one tick per interval', () => {
    const ticks = scriptedTicks(
      {
        symbol: 'EURUSD',
        waypoints: [
          { offsetMs: 0, price: '1.08350' },
          { offsetMs: 10_000, price: '1.08450' },
        ],
        tickIntervalMs: 2_500,
      },
      start,
    )
    expect(ticks.map((tick) => [tick.tMs - start, tick.bid, tick.ask])).toEqual([
      [0, 108_350, 108_352],
      [2_500, 108_375, 108_377],
      [5_000, 108_400, 108_402],
      [7_500, 108_425, 108_427],
      [10_000, 108_450, 108_452],
    ])
  })

  it('lands on every waypoint exactly, even off the interval grid, rounding in between', () => {
    const ticks = scriptedTicks(
      {
        symbol: 'XAUUSD',
        waypoints: [
          { offsetMs: 0, price: '2350.00' },
          { offsetMs: 1_500, price: '2350.03' },
          { offsetMs: 2_000, price: '2349.00' },
        ],
        spreadPoints: 0,
      },
      start,
    )
    // 1 s into a 1.5 s climb of 3 points: 2 points
    expect(ticks.map((tick) => [tick.tMs - start, tick.bid])).toEqual([
      [0, 235_000],
      [1_000, 235_002],
      [1_500, 235_003],
      [2_000, 234_900],
    ])
    expect(ticks.every((tick) => tick.ask === tick.bid)).toBe(true)
  })

  it('drives a position to its stop loss deterministically', () => {
    const stops = { stopLoss: price('EURUSD', '1.08000'), takeProfit: null }
    const ticks = scriptedTicks(
      {
        symbol: 'EURUSD',
        waypoints: [
          { offsetMs: 0, price: '1.08350' },
          { offsetMs: 60_000, price: '1.07950' },
        ],
      },
      start,
    )
    const hit = ticks.find((tick) => stopTriggeredAt('buy', stops, tick) !== null)
    // 400 points in 60 s: the bid reaches 1.08000 after 52.5 s, so at the 53rd second
    expect(hit?.tMs).toBe(start + 53_000)
    expect(hit?.bid).toBe(107_997)
  })

  it('refuses waypoints out of order and prices the instrument cannot quote', () => {
    const result = scriptedPathSchema.safeParse({
      symbol: 'EURUSD',
      waypoints: [
        { offsetMs: 1_000, price: '1.083501' },
        { offsetMs: 1_000, price: '1.08400' },
      ],
    })
    expect(result.success).toBe(false)
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual([
      'waypoints.0.price',
      'waypoints.1.offsetMs',
    ])
    expect(scriptedPathSchema.safeParse({ symbol: 'NOPE', waypoints: [] }).success).toBe(false)
  })
})
