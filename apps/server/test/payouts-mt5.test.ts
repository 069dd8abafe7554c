import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  certificates,
  evaluationEvents,
  payouts,
  tradingAccounts,
  type TradingAccountRow,
} from '../src/db/schema'
import type { Mt5Fake } from '../src/integrations/trading-platform/mt5-webapi/fake/mt5-fake'
import type { Mt5WebApiPlatform } from '../src/integrations/trading-platform/mt5-webapi/mt5-webapi-platform'
import { Mt5DealAction } from '../src/integrations/trading-platform/mt5-webapi/mt5-wire'
import { settlePayout } from '../src/modules/payouts/settle-payout'
import { createTestApp, waitFor, type TestApp, type TestUser } from './support'
import { insertApprovedPayout } from './support/payouts'

// A payout on an account on the firm's MT5 server (issue 15 item 5, decision 0054): the MT5 Web
// API books balance operations (/api/trade/balance), so the paid payout withdraws the profit on
// the server - once, however often the settle job runs - and the floors re-base on the balance
// after it; no roll-over. Real HTTP to the MT5 Web API fake.

let app: TestApp
let fake: Mt5Fake
let admin: TestUser
let trader: TestUser
let account: TradingAccountRow
let payoutId: string

beforeAll(async () => {
  app = await createTestApp({ env: { TRADING_PLATFORM: 'mt5-webapi' } })
  fake = (app.ctx.trading.router.adapter('mt5-webapi') as Mt5WebApiPlatform).fake!
  admin = await app.createUser({ role: 'admin' })
  trader = await app.createUser({ name: 'Katherine Johnson' })
  account = await app.createTradingAccount(trader, { challenge: 'instantFund', sizeK: 100 })
  expect(account).toMatchObject({ adapter: 'mt5-webapi', stage: 'funded', status: 'active' })
  const position = fake.openPosition(account.login!, { symbol: 'EURUSD', side: 'buy', lots: 1 })
  fake.setPositionProfit(position.ticket, 200_000)
  fake.closePosition(position.ticket)
  await waitFor(() => app.ctx.trading.risk.get(account.id)?.balanceNow === 10_200_000, {
    what: 'the profit polled into the risk monitor',
    timeoutMs: 15_000,
  })
  payoutId = await insertApprovedPayout(app, trader, account.id, { withdrawnCents: 200_000 })
}, 90_000)
afterAll(async () => {
  await app?.close()
})

describe('a payout on an MT5 Web API account', () => {
  it('books the withdrawal on the MT5 server once and re-bases the floors', async () => {
    expect(app.ctx.trading.platform.canApplyBalanceOperation?.(account.externalId!)).toBe(true)
    const login = Number(account.login)
    expect(fake.user(login).balance).toBe(10_200_000)
    const paid = await app.post(
      `/api/admin/payouts/${payoutId}/mark-paid`,
      { reference: 'WIRE-MT5-1' },
      { token: admin.token },
    )
    expect(paid.status, paid.text).toBe(200)
    const settled = await waitFor(
      async () => {
        const [row] = await app.db.select().from(payouts).where(eq(payouts.id, payoutId))
        return row?.ledgerSeq !== null ? row : undefined
      },
      { what: 'the payout settled', timeoutMs: 30_000 },
    )
    // run again: the withdrawal is not booked twice, nothing else moves
    await settlePayout(app.ctx, payoutId)
    await app.waitForJobs()

    // the server's balance dropped by the withdrawn profit, through one balance deal
    expect(fake.user(login).balance).toBe(10_000_000)
    const withdrawals = fake.deals.filter(
      (deal) => deal.login === login && deal.action === Mt5DealAction.BALANCE && deal.profit < 0,
    )
    expect(withdrawals.map((deal) => deal.profit)).toEqual([-200_000])
    expect(settled.balanceAfterCents).toBe(10_000_000)

    // the floors re-based: a period-start snapshot at the new balance, the evaluator started there
    const [start] = await app.db
      .select()
      .from(evaluationEvents)
      .where(
        and(
          eq(evaluationEvents.accountId, account.id),
          eq(evaluationEvents.seq, settled.ledgerSeq!),
        ),
      )
    expect(start).toMatchObject({ kind: 'snapshot', balance: 10_000_000 })
    const live = app.ctx.trading.risk.get(account.id)!
    expect(live.evaluator.rules.initialBalance).toBe(100_000)
    // 12% of the re-based $100,000
    expect(live.evaluator.maxFloor).toBe(88_000)
    // no roll-over on a platform that books the withdrawal; the account trades on
    const [row] = await app.db
      .select()
      .from(tradingAccounts)
      .where(eq(tradingAccounts.id, account.id))
    expect(row).toMatchObject({ status: 'active' })
    expect(
      await app.db
        .select()
        .from(tradingAccounts)
        .where(eq(tradingAccounts.previousAccountId, account.id)),
    ).toHaveLength(0)
    expect(
      await app.db
        .select()
        .from(certificates)
        .where(and(eq(certificates.payoutId, payoutId), eq(certificates.kind, 'payout'))),
    ).toHaveLength(1)
    const email = await app.mailbox.waitFor({
      to: trader.user.email,
      subject: /payout of .* is paid/,
    })
    expect(email.text).toContain('re-based on its balance after the payout')
  })
})
