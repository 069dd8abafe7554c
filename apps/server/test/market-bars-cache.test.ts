import { timeframes, type Bar } from '@tp/domain'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from './support'

// The simulated market caches the closed minutes of each bars request (market-feed.ts) until the
// symbol's minute changes or bars are saved; the minute in progress is added live. Whatever the
// ticks, minutes and saves in between, the answers are the bars computed afresh.

let app: TestApp

const T = () => app.clock.now().getTime()
const fields = (bars: Bar[]) =>
  bars.map(({ tMs, open, high, low, close, tickVolume }) => ({
    tMs,
    open,
    high,
    low,
    close,
    tickVolume,
  }))

beforeAll(async () => {
  // an hour of bars stored at the start (backfill), then ticks the test pushes
  app = await createTestApp({ env: { MARKET_BACKFILL_HOURS: '1' } })
})
afterAll(async () => {
  await app?.close()
})

async function expectSameBars(symbol: string) {
  const market = app.simulated.market
  for (const timeframe of timeframes) {
    for (const limit of [3, 500]) {
      for (const beforeMs of [T() + 60_000, T() - 5 * 60_000]) {
        // twice: a miss that fills the cache, then a hit
        for (let i = 0; i < 2; i++) {
          const cached = await market.bars(symbol, timeframe, beforeMs, limit)
          const fresh = await market.barsWithoutCache(symbol, timeframe, beforeMs, limit)
          expect(fields(cached), `${symbol} ${timeframe} ${limit} ${beforeMs}`).toEqual(
            fields(fresh),
          )
        }
      }
    }
  }
}

describe('bars with and without the cache', () => {
  it(
    'are the same as ticks come, minutes close and bars are saved',
    { timeout: 180_000 },
    async () => {
      const symbol = 'EURUSD'
      let bid = app.simulated.market.quote(symbol)!.bid
      for (let step = 0; step < 6; step++) {
        // a few ticks within the minute (the open bar moves), then the next minute
        for (let i = 0; i < 2; i++) {
          bid += ((step * 7 + i * 13) % 11) - 5
          app.simulated.pushTick({ symbol, bid, ask: bid + 2, tMs: T() })
          await expectSameBars(symbol)
          app.clock.advance({ seconds: 7 })
        }
        app.clock.advance({ seconds: 45 + step })
        if (step % 3 === 2) {
          // closed bars moved to the database, as the live feed does every few seconds
          await (
            app.simulated.market as unknown as {
              save(nowMs: number, isFinal: boolean): Promise<void>
            }
          ).save(T(), false)
        }
      }
      await expectSameBars(symbol)
      // a symbol no tick of this test touched
      await expectSameBars('XAUUSD')
    },
  )
})
