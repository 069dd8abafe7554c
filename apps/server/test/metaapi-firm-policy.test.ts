import type { PolicyViolationsResponse } from '@tp/api/policy-violations'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { policyViolations } from '../src/db/schema'
import type { MetaApiFake } from '../src/integrations/trading-platform/metaapi/fake/metaapi-fake'
import type { MetaApiPlatform } from '../src/integrations/trading-platform/metaapi/metaapi-platform'
import { createTestApp, type TestApp } from './support'
import { waitFor } from './support/wait-for'

// The firm's policy after the fact (decision 0045) on an account on MetaApi, as on MT5: the app
// reads the broker account through the MetaApi fake's HTTP (client REST), the policy rule sees a
// position above the plan's lot cap, closes it through the port and records it with its evidence; one
// within the cap is left alone. Same rule, same evidence, whatever the adapter.

let app: TestApp
let fake: MetaApiFake

beforeAll(async () => {
  app = await createTestApp({ env: { TRADING_PLATFORM: 'metaapi' } })
  fake = (app.ctx.trading.router.adapter('metaapi') as MetaApiPlatform).fake!
})
afterAll(async () => {
  await app?.close()
})

const lotCapOf = (accountId: string) =>
  app.db
    .select()
    .from(policyViolations)
    .where(and(eq(policyViolations.accountId, accountId), eq(policyViolations.rule, 'lot-cap')))

describe('the lot cap on a MetaApi account', () => {
  it('closes a position above the plan’s cap, records it with its evidence and emails; leaves one within the cap', async () => {
    const trader = await app.createUser()
    const within = await app.createTradingAccount(trader, { sizeK: 100 })
    const over = await app.createTradingAccount(trader, { sizeK: 100 })
    expect(over).toMatchObject({ adapter: 'metaapi', status: 'active' })

    // 50 lots: exactly the Two Phase cap; 55 lots: above it
    fake.openPosition(within.login!, {
      symbol: 'EURUSD',
      side: 'buy',
      volume: 50,
      openPrice: 1.08,
      profitCents: 0,
    })
    const big = fake.openPosition(over.login!, {
      symbol: 'EURUSD',
      side: 'sell',
      volume: 55,
      openPrice: 1.08,
      profitCents: 0,
    })

    const [violation] = await waitFor(
      async () => {
        const rows = await lotCapOf(over.id)
        return rows[0] && rows[0].action !== 'none' ? rows : undefined
      },
      { what: 'the lot-cap violation acted on' },
    )
    expect(violation).toMatchObject({
      rule: 'lot-cap',
      positionId: big.id,
      symbol: 'EURUSD',
      side: 'sell',
      volume: 5500,
      limitVolume: 5000,
    })
    // closed by the firm through MetaApi's trade API
    expect(violation!.action).toBe('closed')
    expect(fake.broker(over.login!).positions.map((p) => p.id)).not.toContain(big.id)
    const mail = await app.mailbox.waitFor({ to: trader.user.email, subject: /lot cap/ })
    expect(mail.text).toContain('55 lots')
    expect(mail.text).toContain('at most 50 lots')

    const read = await app.get<PolicyViolationsResponse>(
      `/api/trading/accounts/${over.id}/policy-violations`,
      { token: trader.token },
    )
    expect(read.status).toBe(200)
    expect(read.body.data.violations).toContainEqual(
      expect.objectContaining({ rule: 'lot-cap', volume: 55, limitVolume: 50 }),
    )

    // the 50-lot position is no violation and stays open
    expect(await lotCapOf(within.id)).toEqual([])
    expect(fake.broker(within.login!).positions).toHaveLength(1)
  })
})
