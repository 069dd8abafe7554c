import type { AccountState } from '@tp/api'
import { formatMoney, usd } from '@tp/domain'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { tradingAccounts } from '../src/db/schema'
import { suspendInactiveAccounts } from '../src/risk/day-reset-job'
import { createTestApp, type TestApp, type TestUser } from './support'

// The inactivity rule (decisions.md: 30 days without a trade): the day-reset job suspends the
// account, and through the trading platform closes what is open and cancels pending orders, keeps
// the suspension and emails the trader. An account that traded recently is left alone.

let app: TestApp

const T = () => app.clock.now().getTime()
const btc = (bid: number) =>
  app.simulated.pushTick({ symbol: 'BTCUSD', bid, ask: bid + 2_500, tMs: T() })
const rowOf = async (accountId: string) =>
  (await app.db.select().from(tradingAccounts).where(eq(tradingAccounts.id, accountId)))[0]!

beforeAll(async () => {
  app = await createTestApp()
  btc(6_500_000)
})
afterAll(async () => {
  await app?.close()
})

describe('suspension after 30 days without a trade', () => {
  let idle: TestUser
  let idleId: string
  let active: TestUser
  let activeId: string
  let balanceAfter = 0

  beforeAll(async () => {
    idle = await app.createUser()
    idleId = (await app.createTradingAccount(idle)).id
    // a position and a pending order left open, then nothing for 31 days
    const opened = await app.post(
      `/api/trading/accounts/${idleId}/orders`,
      { symbol: 'BTCUSD', type: 'buy', volume: '0.50' },
      { token: idle.token },
    )
    expect(opened.status).toBe(201)
    const placed = await app.post(
      `/api/trading/accounts/${idleId}/orders`,
      { symbol: 'BTCUSD', type: 'buy-limit', volume: '0.10', price: '50000.00' },
      { token: idle.token },
    )
    expect(placed.status).toBe(201)

    app.clock.advance({ days: 31 })
    active = await app.createUser()
    activeId = (await app.createTradingAccount(active)).id
    btc(6_600_000)
    await app.post(
      `/api/trading/accounts/${activeId}/orders`,
      { symbol: 'BTCUSD', type: 'buy', volume: '0.10' },
      { token: active.token },
    )
    idle = { ...idle, token: await app.tokenFor(idle) }

    expect(await suspendInactiveAccounts(app.ctx, T())).toBe(1)
    await app.simulated.flush()
  })

  it('suspends the idle account: trading off, positions closed at market, orders cancelled', async () => {
    const row = await rowOf(idleId)
    expect(row).toMatchObject({ status: 'suspended', isTradingEnabled: false })
    expect(row.endedAt).not.toBeNull()

    const state = (
      await app.get<AccountState>(`/api/trading/accounts/${idleId}`, { token: idle.token })
    ).body
    expect(state.positions).toEqual([])
    expect(state.orders).toEqual([])
    expect(state.account).toMatchObject({ status: 'suspended', isReadOnly: true })
    const history = await app.get<{
      trades: { reason: string; closePrice: number; profit: number; result: number }[]
    }>(`/api/trading/accounts/${idleId}/history`, { token: idle.token })
    // 0.5 x (66,000.00 - 65,025.00) = +$487.50 at the bid (and 31 nights of crypto swap)
    expect(history.body.trades).toMatchObject([
      { reason: 'inactivity', closePrice: 6_600_000, profit: 48_750 },
    ])
    expect(state.figures.balance).toBe(10_000_000 + history.body.trades[0]!.result)
    balanceAfter = state.figures.balance

    const refused = await app.post(
      `/api/trading/accounts/${idleId}/orders`,
      { symbol: 'BTCUSD', type: 'buy', volume: '0.01' },
      { token: idle.token },
    )
    expect(refused.status).toBe(409)
  })

  it('emails the trader what was closed', async () => {
    await app.waitForJobs()
    const mail = await app.mailbox.waitFor({ to: idle.user.email, subject: /was suspended/ })
    expect(mail.subject).toContain((await rowOf(idleId)).login!)
    expect(mail.text).toContain('for 30 days')
    expect(mail.text).toContain('1 open position was closed at market')
    expect(mail.text).toContain('1 pending order was cancelled')
    expect(mail.text).toContain(`The balance is now ${formatMoney(usd(balanceAfter))}.`)
  })

  it('leaves an account that traded within the period alone, and suspends nobody twice', async () => {
    expect(await rowOf(activeId)).toMatchObject({ status: 'active', isTradingEnabled: true })
    const state = (
      await app.get<AccountState>(`/api/trading/accounts/${activeId}`, { token: active.token })
    ).body
    expect(state.positions).toHaveLength(1)
    expect(await suspendInactiveAccounts(app.ctx, T())).toBe(0)
  })
})
