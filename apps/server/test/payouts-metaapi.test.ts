import type { PayoutDto } from '@tp/api/payouts'
import type { TradingAccountDto } from '@tp/api'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  certificates,
  challenges,
  payouts,
  tradingAccounts,
  type TradingAccountRow,
} from '../src/db/schema'
import type { MetaApiFake } from '../src/integrations/trading-platform/metaapi/fake/metaapi-fake'
import type { MetaApiPlatform } from '../src/integrations/trading-platform/metaapi/metaapi-platform'
import { judgeAccountPayout } from '../src/modules/payouts/judge-account-payout'
import { rollOverChallengeId } from '../src/modules/payouts/roll-over-funded-account'
import { settlePayout } from '../src/modules/payouts/settle-payout'
import { createTestApp, waitFor, type TestApp, type TestUser } from './support'
import { insertApprovedPayout } from './support/payouts'

// A payout on a MetaApi account (issue 15 item 5, decision 0054): MetaApi's client API cannot
// withdraw, so the paid payout rolls the funded account over: the paid account ends (closed,
// trading disabled, undeployed) and exactly one fresh funded account of the same size replaces it
// on MetaApi - also when the settle job runs twice at once and again afterwards - with its
// credentials mailed; the payout's certificate and email go out as for any payout. Real HTTP to
// the MetaApi fake.

let app: TestApp
let fake: MetaApiFake
let admin: TestUser
let trader: TestUser
let account: TradingAccountRow
let payoutId: string

const rowOf = async (id: string) =>
  (await app.db.select().from(tradingAccounts).where(eq(tradingAccounts.id, id)))[0]!
const successors = (id: string) =>
  app.db.select().from(tradingAccounts).where(eq(tradingAccounts.previousAccountId, id))

beforeAll(async () => {
  app = await createTestApp({ env: { TRADING_PLATFORM: 'metaapi' } })
  fake = (app.ctx.trading.router.adapter('metaapi') as MetaApiPlatform).fake!
  admin = await app.createUser({ role: 'admin' })
  trader = await app.createUser({ name: 'Grace Hopper' })
  account = await app.createTradingAccount(trader, { challenge: 'instantFund', sizeK: 100 })
  expect(account).toMatchObject({ adapter: 'metaapi', stage: 'funded', status: 'active' })
  fake.addClosedTrade(account.login!, {
    symbol: 'EURUSD',
    side: 'buy',
    volume: 1,
    openPrice: 1.08,
    closePrice: 1.1,
    profitCents: 200_000,
  })
  await waitFor(() => app.ctx.trading.risk.get(account.id)?.balanceNow === 10_200_000, {
    what: 'the profit polled into the risk monitor',
    timeoutMs: 15_000,
  })
  payoutId = await insertApprovedPayout(app, trader, account.id, { withdrawnCents: 200_000 })
}, 90_000)
afterAll(async () => {
  await app?.close()
})

describe('a payout on a MetaApi account', () => {
  it('is settled by a roll-over: the paid account ends, exactly one new funded account replaces it', async () => {
    expect(app.ctx.trading.platform.canApplyBalanceOperation?.(account.externalId!)).toBe(false)
    const since = app.clock.now()
    const paid = await app.post(
      `/api/admin/payouts/${payoutId}/mark-paid`,
      { reference: 'WIRE-META-1' },
      { token: admin.token },
    )
    expect(paid.status, paid.text).toBe(200)
    // the settle job runs, and twice more at once beside it: one roll-over
    const runs = await Promise.allSettled([
      settlePayout(app.ctx, payoutId),
      settlePayout(app.ctx, payoutId),
    ])
    for (const run of runs) {
      if (run.status === 'rejected') expect(String(run.reason)).toMatch(/being provisioned/)
    }
    const settled = await waitFor(
      async () => {
        const [row] = await app.db.select().from(payouts).where(eq(payouts.id, payoutId))
        return row?.ledgerSeq !== null ? row : undefined
      },
      { what: 'the payout settled', timeoutMs: 60_000 },
    )
    await settlePayout(app.ctx, payoutId)
    await app.waitForJobs()

    const replacements = await successors(account.id)
    expect(replacements).toHaveLength(1)
    const fresh = replacements[0]!
    expect(fresh).toMatchObject({
      userId: trader.user.id,
      challengeId: rollOverChallengeId(payoutId),
      stage: 'funded',
      planKey: 'instantFund.funded',
      sizeK: 100,
      adapter: 'metaapi',
      status: 'active',
      initialBalance: 10_000_000,
    })
    expect(fresh.login).not.toBe(account.login)
    expect(fake.broker(fresh.login!).balanceCents).toBe(10_000_000)
    expect(
      await app.db.select().from(challenges).where(eq(challenges.id, fresh.challengeId)),
    ).toHaveLength(1)
    expect(settled.balanceAfterCents).toBe(10_000_000)

    // the paid account: ended with the reason on the payout's timeline, then undeployed
    const old = await rowOf(account.id)
    expect(old).toMatchObject({ status: 'closed', isTradingEnabled: false })
    expect(old.endedAt).not.toBeNull()
    await app.ctx.trading.router.refreshWatched()
    await waitFor(() => fake.accounts.get(account.externalId!)!.state === 'UNDEPLOYED', {
      what: 'the paid account undeployed',
      timeoutMs: 20_000,
    })

    // one payout certificate, no second Instant Funding one for the replacement
    const issued = await app.db
      .select()
      .from(certificates)
      .where(and(eq(certificates.payoutId, payoutId), eq(certificates.kind, 'payout')))
    expect(issued).toHaveLength(1)
    expect(
      await app.db
        .select()
        .from(certificates)
        .where(and(eq(certificates.accountId, fresh.id), eq(certificates.kind, 'instantFunding'))),
    ).toHaveLength(0)

    // the emails: the payout (once, naming both accounts) and the new account's credentials
    const email = await app.mailbox.waitFor(
      { to: trader.user.email, subject: /payout of .* is paid/ },
      { since },
    )
    expect(email.text).toContain(`account ${account.login} is closed`)
    expect(email.text).toContain(fresh.login!)
    expect(
      await app.mailbox.list({ to: trader.user.email, subject: /payout of .* is paid/ }),
    ).toHaveLength(1)
    const credentials = await app.mailbox.waitFor(
      { to: trader.user.email, subject: /account is ready/ },
      { since },
    )
    expect(credentials.text).toContain(fresh.login!)

    // the trader sees both accounts, the old one read-only, and the roll-over on the timeline
    const listed = await app.get<{ accounts: TradingAccountDto[] }>('/api/trading/accounts', {
      token: trader.token,
    })
    expect(listed.status).toBe(200)
    const byId = new Map(listed.body.accounts.map((a) => [a.id, a]))
    expect(byId.get(account.id)).toMatchObject({ status: 'closed', isReadOnly: true })
    expect(byId.get(fresh.id)).toMatchObject({
      status: 'active',
      previousAccountId: account.id,
    })
    const history = await app.get<{ payouts: PayoutDto[] }>('/api/payouts', {
      token: trader.token,
    })
    const shown = history.body.payouts.find((p) => p.id === payoutId)!
    expect(shown.status).toBe('paid')
    expect(shown.timeline.map((e) => e.status)).toEqual(['approved', 'paid', 'rolled_over'])
    expect(shown.timeline.at(-1)!.note).toContain(fresh.login!)

    // the replacement's next payout counts from this one: no second fee refund, 5 days again
    const judged = await judgeAccountPayout(app.ctx, fresh)
    expect(judged.eligibility.isFirstPayout).toBe(false)
    expect(judged.periodBaseCents).toBe(10_000_000)
  })
  it('resumes a roll-over that died halfway (the platform refused the new account): still exactly one', async () => {
    const other = await app.createTradingAccount(trader, { challenge: 'instantFund', sizeK: 50 })
    fake.addClosedTrade(other.login!, {
      symbol: 'GBPUSD',
      side: 'sell',
      volume: 1,
      openPrice: 1.27,
      closePrice: 1.26,
      profitCents: 100_000,
    })
    await waitFor(() => app.ctx.trading.risk.get(other.id)?.balanceNow === 5_100_000, {
      what: 'the profit polled into the risk monitor',
      timeoutMs: 15_000,
    })
    const id = await insertApprovedPayout(app, trader, other.id, { withdrawnCents: 100_000 })
    // paid as the provider's read-back would mark it, the settle job run here by hand
    await app.db
      .update(payouts)
      .set({ status: 'paid', paidAt: app.clock.now() })
      .where(eq(payouts.id, id))
    fake.injectFault({
      status: 401,
      count: 1,
      method: 'POST',
      path: '/users/current/provisioning-profiles',
    })
    await expect(settlePayout(app.ctx, id)).rejects.toThrow()
    // died halfway: the paid account ended, its replacement claimed but not on the platform yet
    expect(await rowOf(other.id)).toMatchObject({ status: 'closed' })
    const claimed = await successors(other.id)
    expect(claimed).toHaveLength(1)
    expect(claimed[0]).toMatchObject({ status: 'provisioning', externalId: null })
    const [unsettled] = await app.db.select().from(payouts).where(eq(payouts.id, id))
    expect(unsettled!.ledgerSeq).toBeNull()

    await settlePayout(app.ctx, id)
    await settlePayout(app.ctx, id)
    const replaced = await successors(other.id)
    expect(replaced).toHaveLength(1)
    expect(replaced[0]).toMatchObject({ id: claimed[0]!.id, status: 'active', sizeK: 50 })
    expect(fake.broker(replaced[0]!.login!).balanceCents).toBe(5_000_000)
    const [settled] = await app.db.select().from(payouts).where(eq(payouts.id, id))
    expect(settled!.ledgerSeq).not.toBeNull()
    expect(
      await app.db
        .select()
        .from(certificates)
        .where(and(eq(certificates.payoutId, id), eq(certificates.kind, 'payout'))),
    ).toHaveLength(1)
  })
})
