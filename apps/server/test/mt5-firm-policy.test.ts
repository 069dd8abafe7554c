import type { PolicyViolationsResponse } from '@tp/api/policy-violations'
import { nextMarketOpen, nextWeekendClose } from '@tp/domain'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { economicEvents, newsViolations, policyViolations, tradingAccounts } from '../src/db/schema'
import type { Mt5Fake } from '../src/integrations/trading-platform/mt5-webapi/fake/mt5-fake'
import type { Mt5WebApiPlatform } from '../src/integrations/trading-platform/mt5-webapi/mt5-webapi-platform'
import {
  Mt5DealReason,
  Mt5Retcode,
  Mt5UserRights,
} from '../src/integrations/trading-platform/mt5-webapi/mt5-wire'
import { closePositionsBeforeWeekend } from '../src/risk/weekend-close-job'
import { createTestApp, type TestApp, type TestUser } from './support'
import { waitFor } from './support/wait-for'

// The firm's policy after the fact on a real MT server (decision 0045), through real HTTP against
// the MT5 Web API fake: a trader opens positions in "MetaTrader" (the fake's control), the app
// polls them, and the policy rule, the news rule and the weekend close act on them through the
// port: a position above the plan's lot cap is closed by the firm (or trading disabled where the
// manager may not deal), recorded with its evidence and emailed; one within the cap stays.

/** A Wednesday noon (New York) after the coming weekend, its Friday close, and that Saturday. */
const WEDNESDAY_NOON =
  nextMarketOpen('EURUSD', nextWeekendClose('EURUSD', Date.now() + 86_400_000)! + 3_600_000) +
  67 * 3_600_000
const FRIDAY_CLOSE = nextWeekendClose('EURUSD', WEDNESDAY_NOON)!
const SATURDAY_NOON = FRIDAY_CLOSE + 19 * 3_600_000

let app: TestApp
let mt5: Mt5WebApiPlatform
let fake: Mt5Fake
let trader: TestUser

const T = () => app.clock.now().getTime()
const openOf = (login: string) =>
  [...fake.positions.values()].filter((p) => p.login === Number(login))
const violationsOf = (accountId: string) =>
  app.db.select().from(policyViolations).where(eq(policyViolations.accountId, accountId))
const afterPolls = async (count: number) => {
  const from = mt5.polls
  await waitFor(() => mt5.polls >= from + count, { what: `${count} polls` })
}

beforeAll(async () => {
  app = await createTestApp({ env: { TRADING_PLATFORM: 'mt5-webapi' } })
  app.clock.set(new Date(WEDNESDAY_NOON))
  mt5 = app.ctx.trading.router.adapter('mt5-webapi') as Mt5WebApiPlatform
  fake = mt5.fake!
  trader = await app.createUser()
})
afterAll(async () => {
  await app?.close()
})

describe('the lot cap on an MT5 account', () => {
  it('closes a position above the plan’s cap, records it and emails the trader; leaves one within the cap', async () => {
    const within = await app.createTradingAccount(trader, { sizeK: 100 })
    const over = await app.createTradingAccount(trader, { sizeK: 100 })
    expect(over).toMatchObject({ adapter: 'mt5-webapi', status: 'active' })
    // 50 lots: exactly the Two Phase cap (decisions.md: at most 50 lots per forex order)
    const kept = fake.openPosition(within.login!, { symbol: 'EURUSD', side: 'buy', lots: 50 })
    await afterPolls(2) // the app has seen it (one queue: it is checked before what comes next)
    const big = fake.openPosition(over.login!, { symbol: 'EURUSD', side: 'sell', lots: 51 })

    const [violation] = await waitFor(
      async () => {
        const rows = await violationsOf(over.id)
        return rows[0]?.action === 'closed' ? rows : undefined
      },
      { what: 'the lot-cap violation' },
    )
    expect(violation).toMatchObject({
      rule: 'lot-cap',
      positionId: String(big.ticket),
      symbol: 'EURUSD',
      side: 'sell',
      volume: 5100,
      limitVolume: 5000,
      tradeTime: new Date(big.openMs),
    })
    // closed on the MT server by the dealer, with the firm's reason
    expect(openOf(over.login!)).toEqual([])
    const closing = fake.deals.find((d) => d.positionId === big.ticket && d.entry === 1)
    expect(closing).toMatchObject({ reason: Mt5DealReason.DEALER, comment: 'tradepeak policy' })
    // trading stays enabled: the position is gone, the trader may go on within the cap
    expect(fake.user(over.login!).rights & Mt5UserRights.TRADE_DISABLED).toBe(0)
    const mail = await app.mailbox.waitFor({ to: trader.user.email, subject: /lot cap/ })
    expect(mail.text).toContain('51 lots')
    expect(mail.text).toContain('at most 50 lots')
    expect(mail.text).toContain('The firm closed the position')

    // the owner reads it with its evidence in lots; another trader may not
    const read = await app.get<PolicyViolationsResponse>(
      `/api/trading/accounts/${over.id}/policy-violations`,
      { token: trader.token },
    )
    expect(read.status).toBe(200)
    expect(read.body.data.violations).toEqual([
      expect.objectContaining({ rule: 'lot-cap', volume: 51, limitVolume: 50, action: 'closed' }),
    ])
    const stranger = await app.createUser()
    const refused = await app.get(`/api/trading/accounts/${over.id}/policy-violations`, {
      token: stranger.token,
    })
    expect([403, 404]).toContain(refused.status)

    // the 50-lot position was checked first and is left alone
    expect(await violationsOf(within.id)).toEqual([])
    expect(openOf(within.login!).map((p) => p.ticket)).toEqual([kept.ticket])
  })

  it('disables trading when the manager may not close it, and records that', async () => {
    const owner = await app.createUser()
    const account = await app.createTradingAccount(owner, { sizeK: 100 })
    fake.failNext(Mt5Retcode.ERR_PERMISSIONS, '/api/dealer/send_request')
    const big = fake.openPosition(account.login!, { symbol: 'GBPUSD', side: 'buy', lots: 60 })
    const [violation] = await waitFor(
      async () => {
        const rows = await violationsOf(account.id)
        return rows[0] && rows[0].action !== 'none' ? rows : undefined
      },
      { what: 'the violation with trading disabled' },
    )
    expect(violation).toMatchObject({
      rule: 'lot-cap',
      positionId: String(big.ticket),
      action: 'trading-disabled',
    })
    expect(fake.user(account.login!).rights & Mt5UserRights.TRADE_DISABLED).not.toBe(0)
    expect(openOf(account.login!)).toHaveLength(1)
    const [row] = await app.db
      .select()
      .from(tradingAccounts)
      .where(eq(tradingAccounts.id, account.id))
    expect(row!.isTradingEnabled).toBe(false)
    const mail = await app.mailbox.waitFor({ to: owner.user.email, subject: /lot cap/ })
    expect(mail.text).toContain('60 lots')
    expect(mail.text).toContain('trading on the account is disabled')
  })
})

describe('the news rule on an MT5 Instant Funding account', () => {
  it('records a trade opened inside a high-impact event’s window', async () => {
    const account = await app.createTradingAccount(trader, {
      challenge: 'instantFund',
      sizeK: 10,
    })
    expect(account.adapter).toBe('mt5-webapi')
    const now = app.clock.now()
    await app.db.insert(economicEvents).values({
      time: new Date(T() + 60_000),
      currency: 'USD',
      title: 'Non-Farm Payrolls',
      impact: 'high',
      source: 'manual',
      createdAt: now,
      updatedAt: now,
    })
    await afterPolls(2) // the account is watched: the trader opens in MetaTrader after that
    const position = fake.openPosition(account.login!, { symbol: 'EURUSD', side: 'buy', lots: 1 })
    const [violation] = await waitFor(
      async () => {
        const rows = await app.db
          .select()
          .from(newsViolations)
          .where(eq(newsViolations.accountId, account.id))
        return rows.length > 0 ? rows : undefined
      },
      { what: 'the news violation' },
    )
    expect(violation).toMatchObject({
      kind: 'open',
      positionId: String(position.ticket),
      symbol: 'EURUSD',
      volume: 1,
      eventTitle: 'Non-Farm Payrolls',
      eventCurrency: 'USD',
      blackoutMinutes: 2,
    })
    await app.mailbox.waitFor({ to: trader.user.email, subject: /News rule/ })
    // within the Instant Funding cap: no policy violation
    expect(await violationsOf(account.id)).toEqual([])

    // a position already open when the app first reads an account (polling's baseline) too
    const early = await app.createTradingAccount(trader, { challenge: 'instantFund', sizeK: 10 })
    const first = fake.openPosition(early.login!, { symbol: 'USDJPY', side: 'sell', lots: 1 })
    const [seen] = await waitFor(
      async () => {
        const rows = await app.db
          .select()
          .from(newsViolations)
          .where(eq(newsViolations.accountId, early.id))
        return rows.length > 0 ? rows : undefined
      },
      { what: 'the news violation of a position open at first sight' },
    )
    expect(seen).toMatchObject({ kind: 'open', positionId: String(first.ticket), symbol: 'USDJPY' })
  })
})

describe('the weekend close on an MT5 Instant Funding account', () => {
  it('closes its positions through the dealer before the weekend, and records one it cannot close', async () => {
    const account = await app.createTradingAccount(trader, {
      challenge: 'instantFund',
      sizeK: 10,
    })
    const tp = await app.createTradingAccount(trader, { sizeK: 10 })
    app.clock.set(new Date(FRIDAY_CLOSE - 4 * 60_000))
    const position = fake.openPosition(account.login!, { symbol: 'EURUSD', side: 'buy', lots: 1 })
    const held = fake.openPosition(tp.login!, { symbol: 'EURUSD', side: 'buy', lots: 1 })

    await closePositionsBeforeWeekend(app.ctx, T())
    expect(openOf(account.login!)).toEqual([])
    const closing = fake.deals.find((d) => d.positionId === position.ticket && d.entry === 1)
    expect(closing).toMatchObject({ reason: Mt5DealReason.DEALER, comment: 'tradepeak weekend' })
    // Two Phase allows weekend holding
    expect(openOf(tp.login!).map((p) => p.ticket)).toEqual([held.ticket])

    // the dealer refuses this time: the position goes into the weekend, recorded
    const stuck = fake.openPosition(account.login!, { symbol: 'GBPUSD', side: 'sell', lots: 2 })
    app.clock.advance({ minutes: 1 })
    fake.failNext(Mt5Retcode.ERR_PERMISSIONS, '/api/dealer/send_request')
    await closePositionsBeforeWeekend(app.ctx, T())
    expect(openOf(account.login!).map((p) => p.ticket)).toEqual([stuck.ticket])
    const rows = await app.db
      .select()
      .from(policyViolations)
      .where(
        and(
          eq(policyViolations.accountId, account.id),
          eq(policyViolations.rule, 'weekend-holding'),
        ),
      )
    expect(rows).toEqual([
      expect.objectContaining({
        positionId: String(stuck.ticket),
        symbol: 'GBPUSD',
        side: 'sell',
        volume: 200,
        action: 'none',
      }),
    ])
    await app.mailbox.waitFor({ to: trader.user.email, subject: /held into the weekend/ })
    // running again (the next minute) records it once
    await closePositionsBeforeWeekend(app.ctx, T())
    expect(
      (await violationsOf(account.id)).filter((v) => v.rule === 'weekend-holding'),
    ).toHaveLength(1)
  })

  it('records a position opened while the firm’s market is closed for the weekend', async () => {
    const account = await app.createTradingAccount(trader, { sizeK: 10 })
    app.clock.set(new Date(SATURDAY_NOON))
    const position = fake.openPosition(account.login!, { symbol: 'EURUSD', side: 'buy', lots: 1 })
    const [violation] = await waitFor(
      async () => {
        const rows = await violationsOf(account.id)
        return rows.length > 0 ? rows : undefined
      },
      { what: 'the market-hours violation' },
    )
    expect(violation).toMatchObject({
      rule: 'market-hours',
      positionId: String(position.ticket),
      action: 'none',
    })
    await app.mailbox.waitFor({ to: trader.user.email, subject: /market was closed/ })
  })
})
