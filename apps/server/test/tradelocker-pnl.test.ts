import { linkTradeLockerResponseSchema } from '@tp/api/tradelocker'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { tradeLockerAccounts } from '../src/db/schema'
import {
  startTradeLockerFake,
  TRADELOCKER_DEMO_LOGIN,
  type TradeLockerFake,
} from '../src/integrations/tradelocker/fake/tradelocker-fake'
import { createTestApp, type TestApp } from './support'

// A linked TradeLocker account's profit from the lot size (contract size) the broker gives, never
// a guessed one (decision 0049): from the instruments list, else from the instrument's details
// (/trade/instruments/{id} on its INFO route); an instrument the broker gives no lot size for
// leaves its positions unpriced (kept open), not priced at 1 unit per lot. Against the fake
// through real HTTP; the figures are computed here by hand.

let fake: TradeLockerFake
let t: TestApp

beforeAll(async () => {
  fake = await startTradeLockerFake({ now: () => t?.clock.now().getTime() ?? Date.now() })
  t = await createTestApp({
    env: {
      TRADELOCKER_BASE_URL_DEMO: fake.baseUrls.demo,
      TRADELOCKER_BASE_URL_LIVE: fake.baseUrls.live,
    },
  })
})
afterAll(async () => {
  await t?.close()
  await fake?.close()
})

describe('a linked account’s profit', () => {
  it('uses the lot size of the list or of the instrument’s details, and prices nothing without one', async () => {
    const trader = await t.createUser()
    const linked = await t.post(
      '/api/tradelocker/links',
      { ...TRADELOCKER_DEMO_LOGIN, accountType: 'demo' },
      { token: trader.token },
    )
    expect(linked.status, linked.text).toBe(200)
    const linkId = linkTradeLockerResponseSchema.parse(linked.body).data.link.id

    const at = t.clock.now().getTime() - 3_600_000
    fake.addFills('demo', '7081', [
      // US30: lot size 1, in its details only. Buy 2 at 38000.50, sell 2 at 38125.25:
      // (38125.25 - 38000.50) x 2 x 1 = +249.50
      {
        positionId: 'P1',
        instrument: 'US30',
        side: 'buy',
        qty: '2',
        price: '38000.50',
        timeMs: at,
      },
      {
        positionId: 'P1',
        instrument: 'US30',
        side: 'sell',
        qty: '2',
        price: '38125.25',
        timeMs: at + 60_000,
      },
      // EURUSD: lot size 100000 in the list. Sell 0.5 at 1.09000, buy back at 1.08750:
      // (1.09000 - 1.08750) x 0.5 x 100000 = +125.00
      {
        positionId: 'P2',
        instrument: 'EURUSD',
        side: 'sell',
        qty: '0.5',
        price: '1.09000',
        timeMs: at + 120_000,
      },
      {
        positionId: 'P2',
        instrument: 'EURUSD',
        side: 'buy',
        qty: '0.5',
        price: '1.08750',
        timeMs: at + 180_000,
      },
      // GER40: no lot size anywhere: not priced (it was 1 unit per lot: +50.00)
      {
        positionId: 'P3',
        instrument: 'GER40',
        side: 'buy',
        qty: '1',
        price: '18000',
        timeMs: at + 240_000,
      },
      {
        positionId: 'P3',
        instrument: 'GER40',
        side: 'sell',
        qty: '1',
        price: '18050',
        timeMs: at + 300_000,
      },
    ])
    const details = fake.requests('/trade/instruments/1042')
    const imported = await t.post(
      `/api/tradelocker/links/${linkId}/accounts`,
      { accounts: ['7081'] },
      { token: trader.token },
    )
    expect(imported.status, imported.text).toBe(200)

    const [row] = await t.db
      .select()
      .from(tradeLockerAccounts)
      .where(eq(tradeLockerAccounts.tradeLockerId, '7081'))
    expect(
      row!.trades.map((trade) => [trade.id, trade.symbol, trade.volume, trade.profit]),
    ).toEqual([
      ['P1', 'US30', 2, 249.5],
      ['P2', 'EURUSD', 0.5, 125],
    ])
    expect(row!.totalNetProfitCents).toBe(37_450)
    expect(row!.openFills.map((fill) => fill.positionId)).toEqual(['P3', 'P3'])
    // US30's lot size came from its details; EURUSD's from the list, with no details call
    expect(fake.requests('/trade/instruments/1042') - details).toBe(1)
    expect(fake.requests('/trade/instruments/278')).toBe(0)
  })
})
