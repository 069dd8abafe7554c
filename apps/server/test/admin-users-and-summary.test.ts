import {
  adminReasonMessages,
  adminSummaryResponseSchema,
  adminUserActionResponseSchema,
  adminUserDetailResponseSchema,
  adminUsersListResponseSchema,
  errorBodySchema,
  messages,
  type AccountState,
} from '@tp/api'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import {
  auditLog,
  breaches,
  evaluationEvents,
  identityChecks,
  orders,
  payouts,
  tradingAccounts,
  users,
  type TradingAccountRow,
} from '../src/db/schema'
import { createTestApp, type TestApp, type TestUser } from './support'

// The admin dashboard's figures against data made by hand (docs/admin-metrics.md defines each),
// the users table (search, filters, sorting, paging), and what disabling a user does: sign-in
// refused, sessions ended at once, trading refused, the user told why; enabling undoes it.

let app: TestApp
let admin: TestUser
let alice: TestUser
let bob: TestUser
let carol: TestUser
let aliceAccount: TradingAccountRow
let bobPassed: TradingAccountRow
let bobFailed: TradingAccountRow

const NOW = new Date('2026-03-18T12:00:00.000Z')
const DAY_MS = 86_400_000

async function order(
  user: TestUser,
  values: {
    status: 'pending' | 'paid' | 'fulfilled' | 'refunded'
    total: number
    paidAt: Date | null
    method: 'card' | 'crypto'
    challengeType: 'twoPhase' | 'instantFund'
    sizeK: number
  },
) {
  await app.db.insert(orders).values({
    userId: user.user.id,
    platform: 'mt5',
    addOns: { profitSplit100: false, fastPayout: false },
    summary: {},
    rulebookVersion: 'test',
    ...values,
  })
}

async function trades(accountId: string, opens: number, closes: number) {
  const rows = [
    ...Array.from({ length: opens }, (_, i) => ({ kind: 'trade-open' as const, trade: i })),
    ...Array.from({ length: closes }, (_, i) => ({ kind: 'trade-close' as const, trade: i })),
  ]
  await app.db.insert(evaluationEvents).values(
    rows.map((row, i) => ({
      accountId,
      seq: 10_000 + i,
      kind: row.kind,
      tMs: NOW.getTime() - DAY_MS + i,
      tradeId: String(row.trade),
    })),
  )
}

beforeAll(async () => {
  app = await createTestApp()
  admin = await app.createUser({ role: 'admin', name: 'Ada Admin' })
  alice = await app.createUser({ name: 'Alice Anders', emailVerified: true })
  bob = await app.createUser({ name: 'Bob Brown' })
  carol = await app.createUser({ name: 'Carol Cole' })
  await app.db.update(users).set({ phone: '6045550199' }).where(eq(users.id, alice.user.id))
  await app.saveBilling(bob) // a phone on the billing profile
  await app.db.update(users).set({ status: 'disabled' }).where(eq(users.id, carol.user.id))

  aliceAccount = await app.createTradingAccount(alice, { sizeK: 10 })
  bobPassed = await app.createTradingAccount(bob, { sizeK: 25 })
  bobFailed = await app.createTradingAccount(bob, { sizeK: 5 })
  await app.db
    .update(tradingAccounts)
    .set({ status: 'passed' })
    .where(eq(tradingAccounts.id, bobPassed.id))
  await app.db
    .update(tradingAccounts)
    .set({ status: 'failed' })
    .where(eq(tradingAccounts.id, bobFailed.id))
  await app.db.insert(breaches).values({
    accountId: bobFailed.id,
    rule: 'maxLoss',
    tMs: NOW.getTime() - DAY_MS,
    balance: 450_000,
    equity: 449_000,
    floor: '4500',
    rulebookVersion: bobFailed.rulebookVersion,
    planKey: bobFailed.planKey,
    openPositions: [],
  })
  const payout = (status: 'paid' | 'requested', share: number, feeRefund: number) => ({
    userId: alice.user.id,
    accountId: aliceAccount.id,
    status,
    methodKind: 'crypto' as const,
    method: { label: 'USDT', details: {} },
    profitCents: share,
    splitPercent: 100,
    traderShareCents: share,
    feeRefundCents: feeRefund,
    withdrawnCents: share,
    evidence: {},
    requestedAt: NOW,
    updatedAt: NOW,
  })
  await app.db
    .insert(payouts)
    .values([payout('paid', 50_000, 9_900), payout('requested', 30_000, 0)])
  await app.db.insert(identityChecks).values({
    userId: alice.user.id,
    status: 'approved',
    legalName: 'Alice Anders',
    dateOfBirth: '1990-01-01',
    country: 'CA',
    documentKey: 'k1',
    documentContentType: 'image/png',
    selfieKey: 'k2',
    selfieContentType: 'image/png',
    submittedAt: NOW,
    reviewedAt: NOW,
  })
  await trades(aliceAccount.id, 3, 1)
  await trades(bobPassed.id, 2, 1)

  const base = { challengeType: 'twoPhase', sizeK: 10 } as const
  await order(alice, { ...base, status: 'fulfilled', total: 9_900, paidAt: NOW, method: 'card' })
  await order(alice, { ...base, status: 'refunded', total: 15_000, paidAt: NOW, method: 'card' })
  await order(bob, {
    challengeType: 'instantFund',
    sizeK: 25,
    status: 'paid',
    total: 20_000,
    paidAt: new Date(NOW.getTime() - DAY_MS),
    method: 'crypto',
  })
  await order(bob, { ...base, status: 'pending', total: 5_000, paidAt: null, method: 'card' })
  await order(carol, {
    ...base,
    status: 'fulfilled',
    total: 7_000,
    paidAt: new Date(NOW.getTime() - 400 * DAY_MS),
    method: 'card',
  })
})
afterAll(async () => {
  await app?.close()
})

describe('GET /api/admin/summary', () => {
  it('answers every card as docs/admin-metrics.md defines it', async () => {
    app.clock.set(NOW)
    const token = await app.tokenFor(admin)
    const response = await app.get('/api/admin/summary', { token })
    app.clock.reset()
    expect(response.status).toBe(200)
    const { data } = adminSummaryResponseSchema.parse(response.body)
    expect(aliceAccount.initialBalance).toBe(1_000_000)
    expect(data.summary).toEqual({
      totalUsers: 3, // traders: the admin is not one
      activeUsers: 1, // alice: enabled, with an active account
      emailUnverifiedUsers: 2, // bob, carol
      phoneUnverifiedUsers: 1, // carol: no phone on the user nor on a billing profile
      totalAccounts: 3,
      totalSales: 9_900 + 20_000 + 7_000, // paid and kept; refunded and pending left out
      totalFund: 1_000_000, // alice's active $10k account
      totalTrade: 5,
      completedTrade: 3, // alice's one close and every trade of bob's ended account
      openTrade: 2,
    })

    const { groupedByDay, groupedByMonth, groupedByYear } = data.groupedSoldData
    expect(groupedByDay).toHaveLength(30)
    expect(groupedByDay[0]).toEqual({ timeStamp: '2026-02-17', value: 0 })
    expect(groupedByDay.slice(-2)).toEqual([
      { timeStamp: '2026-03-17', value: 20_000 },
      { timeStamp: '2026-03-18', value: 9_900 },
    ])
    expect(groupedByDay.reduce((sum, point) => sum + point.value, 0)).toBe(29_900)
    expect(groupedByMonth).toHaveLength(12)
    expect(groupedByMonth[0]!.timeStamp).toBe('2025-04')
    expect(groupedByMonth.at(-1)).toEqual({ timeStamp: '2026-03', value: 29_900 })
    expect(groupedByYear).toEqual([
      { timeStamp: '2022', value: 0 },
      { timeStamp: '2023', value: 0 },
      { timeStamp: '2024', value: 0 },
      { timeStamp: '2025', value: 7_000 },
      { timeStamp: '2026', value: 29_900 },
    ])

    expect([...data.userList].sort((a, b) => a.userName.localeCompare(b.userName))).toEqual([
      { userName: 'Alice Anders', totalFee: 9_900, totalFund: 1_000_000, status: 'active' },
      { userName: 'Bob Brown', totalFee: 20_000, totalFund: 0, status: 'active' },
      { userName: 'Carol Cole', totalFee: 7_000, totalFund: 0, status: 'disabled' },
    ])

    // the plan and phase of bob's two ended accounts and alice's running one
    expect(aliceAccount.planKey).toBe(bobPassed.planKey)
    expect(data.insights.passRates).toEqual([
      { planKey: aliceAccount.planKey, stage: 'phase1', passed: 1, failed: 1, passRate: 0.5 },
    ])
    expect(data.insights.breachesByRule).toEqual([{ rule: 'maxLoss', count: 1 }])
    expect(data.insights.revenueByPlan).toEqual(
      [
        { challenge: 'twoPhase', sizeK: 10, orders: 2, cents: 16_900 },
        { challenge: 'instantFund', sizeK: 25, orders: 1, cents: 20_000 },
      ].sort((a, b) => a.challenge.localeCompare(b.challenge)),
    )
    // what the paid payout cost: the trader's share and the fee refunded
    expect(data.insights.payouts).toEqual({
      pendingCount: 1,
      pendingCents: 30_000,
      paidCount: 1,
      paidCents: 59_900,
      payoutsToRevenue: 59_900 / 36_900,
    })
    expect(data.insights.revenueByMethod).toEqual([
      { method: 'card', orders: 2, cents: 16_900 },
      { method: 'crypto', orders: 1, cents: 20_000 },
    ])
  })
})

describe('GET /api/admin/users', () => {
  const list = async (query: string) => {
    const response = await app.get(`/api/admin/users?${query}`, { token: admin.token })
    expect(response.status, query).toBe(200)
    return adminUsersListResponseSchema.parse(response.body).data
  }

  it('searches name and email, filters, sorts by price and pages in the database', async () => {
    const found = await list('search=ALICE')
    expect(found.users.map((u) => u.email)).toEqual([alice.user.email])
    expect(found.users[0]).toMatchObject({ priceCents: 9_900, fundCents: 1_000_000 })
    expect((await list(`search=${encodeURIComponent(bob.user.email)}`)).total).toBe(1)
    expect((await list('search=%25')).total).toBe(0) // a % is a character, not a wildcard
    expect((await list('status=disabled')).users.map((u) => u.id)).toEqual([carol.user.id])
    expect((await list('role=admin')).users.map((u) => u.id)).toEqual([admin.user.id])

    const byPrice = await list('role=trader&sort=price&dir=desc')
    expect(byPrice.users.map((u) => u.id)).toEqual([bob.user.id, alice.user.id, carol.user.id])
    const page2 = await list('role=trader&sort=name&dir=asc&page=2&pageSize=2')
    expect(page2).toMatchObject({ page: 2, pageSize: 2, total: 3 })
    expect(page2.users.map((u) => u.id)).toEqual([carol.user.id])
  })

  it('refuses a sort it does not know with a 422', async () => {
    const response = await app.get('/api/admin/users?sort=password', { token: admin.token })
    expect(response.status).toBe(422)
  })
})

describe('editing, disabling and enabling a user', () => {
  let dave: TestUser
  let account: TradingAccountRow
  const T = () => app.clock.now().getTime()
  const tick = (bid: number) =>
    app.simulated.pushTick({ symbol: 'BTCUSD', bid, ask: bid + 2_500, tMs: T() })
  const orderUrl = () => `/api/trading/accounts/${account.id}/orders`

  beforeAll(async () => {
    dave = await app.createUser({ name: 'Dave Dunn' })
    account = await app.createTradingAccount(dave, { sizeK: 10 })
    tick(6_500_000)
    const pending = await app.post(
      orderUrl(),
      { symbol: 'BTCUSD', type: 'buy-limit', volume: '0.10', price: '60000.00' },
      { token: dave.token },
    )
    expect(pending.status).toBe(201)
  })

  it('edits name, role and the email-verified flag, audited with before and after', async () => {
    const response = await app.request('PATCH', `/api/admin/users/${dave.user.id}`, {
      token: admin.token,
      body: { name: 'David Dunn', emailVerified: true, reason: 'Verified by phone call' },
    })
    expect(response.status).toBe(200)
    expect(response.body).toMatchObject({ user: { name: 'David Dunn', emailVerified: true } })
    const [entry] = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.update'), eq(auditLog.targetId, dave.user.id)))
    expect(entry).toMatchObject({
      actorUserId: admin.user.id,
      reason: 'Verified by phone call',
      details: {
        before: { name: 'Dave Dunn', emailVerified: false },
        after: { name: 'David Dunn', emailVerified: true },
      },
    })
    const empty = await app.request('PATCH', `/api/admin/users/${dave.user.id}`, {
      token: admin.token,
      body: { reason: 'Nothing to change' },
    })
    expect(empty.status).toBe(422)
    // an edit changes a trader's access or identity: it says why (decision 0055)
    const unexplained = await app.request('PATCH', `/api/admin/users/${dave.user.id}`, {
      token: admin.token,
      body: { name: 'Dave D.' },
    })
    expect(unexplained.status).toBe(422)
    expect(errorBodySchema.parse(unexplained.body).details).toContainEqual({
      path: 'reason',
      message: expect.any(String),
    })
    const tooShort = await app.request('PATCH', `/api/admin/users/${dave.user.id}`, {
      token: admin.token,
      body: { name: 'Dave D.', reason: ' ok ' },
    })
    expect(errorBodySchema.parse(tooShort.body).details).toContainEqual({
      path: 'reason',
      message: adminReasonMessages.tooShort,
    })
    const [unchanged] = await app.db.select().from(users).where(eq(users.id, dave.user.id))
    expect(unchanged!.name).toBe('David Dunn')
  })

  it('an admin cannot disable or demote themselves', async () => {
    const self = await app.post(
      `/api/admin/users/${admin.user.id}/disable`,
      { reason: 'testing myself' },
      { token: admin.token },
    )
    expect(self.status).toBe(403)
    expect(self.body).toMatchObject({ message: messages.admin.notYourself })
    const demote = await app.request('PATCH', `/api/admin/users/${admin.user.id}`, {
      token: admin.token,
      body: { role: 'trader', reason: 'Stepping down' },
    })
    expect(demote.status).toBe(403)
  })

  it('requires a reason to disable', async () => {
    const response = await app.post(
      `/api/admin/users/${dave.user.id}/disable`,
      { reason: ' ' },
      { token: admin.token },
    )
    expect(response.status).toBe(422)
  })

  it('disable: sessions end at once, sign-in is refused, trading stops, the user is told why', async () => {
    expect((await app.get('/api/auth/me', { token: dave.token })).status).toBe(200)
    const reason = 'Chargeback opened on your last order'
    const response = await app.post(
      `/api/admin/users/${dave.user.id}/disable`,
      { reason },
      { token: admin.token },
    )
    expect(response.status).toBe(200)
    const body = adminUserActionResponseSchema.parse(response.body)
    expect(body.user.status).toBe('disabled')
    expect(body.endedSessions).toBeGreaterThanOrEqual(1)
    expect(body.accountIds).toEqual([account.id])

    // the open session is refused with its very next request
    expect((await app.get('/api/auth/me', { token: dave.token })).status).toBe(401)
    // and a new sign-in is refused, saying why
    const login = await app.post('/api/auth/login', {
      email: dave.user.email,
      password: dave.password,
    })
    expect(login.status).toBe(403)
    expect(login.body).toMatchObject({
      code: 'ACCOUNT_DISABLED',
      message: messages.auth.accountDisabled,
    })
    // a session made any other way is refused too
    const forged = await app.tokenFor(dave)
    const trade = await app.post(
      orderUrl(),
      { symbol: 'BTCUSD', type: 'buy', volume: '0.10' },
      { token: forged },
    )
    expect(trade.status).toBe(403)

    // the account stopped trading: the firm's row and the platform itself refuse, pending cancelled
    const [row] = await app.db
      .select()
      .from(tradingAccounts)
      .where(eq(tradingAccounts.id, account.id))
    expect(row).toMatchObject({ status: 'active', isTradingEnabled: false })
    expect(await app.ctx.trading.platform.listOrders(account.externalId!)).toEqual([])
    const direct = await app.ctx.trading.platform.placeOrder(account.externalId!, {
      symbol: 'BTCUSD',
      type: 'buy',
      volume: 10,
      price: null,
      stopLoss: null,
      takeProfit: null,
    })
    expect(direct.ok).toBe(false)

    const mail = await app.mailbox.waitFor({ to: dave.user.email, subject: /disabled/ })
    expect(mail.text).toContain(`Reason: ${reason}`)
    const entries = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.disable'), eq(auditLog.targetId, dave.user.id)))
    expect(entries).toEqual([
      expect.objectContaining({
        actorUserId: admin.user.id,
        reason,
        details: expect.objectContaining({ accountIds: [account.id] }),
      }),
    ])

    // the detail page shows it all
    const detail = await app.get(`/api/admin/users/${dave.user.id}`, { token: admin.token })
    expect(detail.status).toBe(200)
    const { data } = adminUserDetailResponseSchema.parse(detail.body)
    expect(data.user.status).toBe('disabled')
    expect(data.accounts.map((a) => a.id)).toEqual([account.id])
    expect(data.payouts).toEqual([])
    expect(data.identityCheck).toBeNull()
    expect(data.audit.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['user.disable', 'user.update']),
    )
  })

  it('enable: sign-in works again and trading is back on the accounts it was turned off for', async () => {
    const reason = 'Chargeback withdrawn'
    const response = await app.post(
      `/api/admin/users/${dave.user.id}/enable`,
      { reason },
      { token: admin.token },
    )
    expect(response.status).toBe(200)
    expect(adminUserActionResponseSchema.parse(response.body)).toMatchObject({
      user: { status: 'active' },
      accountIds: [account.id],
    })
    const login = await app.post<{ token: string }>('/api/auth/login', {
      email: dave.user.email,
      password: dave.password,
    })
    expect(login.status).toBe(200)
    tick(6_500_000)
    const trade = await app.post<{ state: AccountState }>(
      orderUrl(),
      { symbol: 'BTCUSD', type: 'buy', volume: '0.10' },
      { token: login.body.token },
    )
    expect(trade.status).toBe(201)
    const mail = await app.mailbox.waitFor({ to: dave.user.email, subject: /enabled again/ })
    expect(mail.text).toContain(`Reason: ${reason}`)
  })

  it('a platform that fails to answer does not lose the action: audited with the account it missed, and enable restores it', async () => {
    const erin = await app.createUser({ name: 'Erin Easton' })
    const erinAccount = await app.createTradingAccount(erin, { sizeK: 10 })
    const platform = app.ctx.trading.platform
    const down = vi
      .spyOn(platform, 'setTradingEnabled')
      .mockRejectedValue(new Error('the MT5 server did not answer'))
    try {
      const disabled = await app.post(
        `/api/admin/users/${erin.user.id}/disable`,
        { reason: 'Identity documents forged' },
        { token: admin.token },
      )
      expect(disabled.status, disabled.text).toBe(200)
      expect(adminUserActionResponseSchema.parse(disabled.body).accountIds).toEqual([
        erinAccount.id,
      ])
      const [row] = await app.db
        .select()
        .from(tradingAccounts)
        .where(eq(tradingAccounts.id, erinAccount.id))
      expect(row!.isTradingEnabled).toBe(false)
      const [entry] = await app.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'user.disable'), eq(auditLog.targetId, erin.user.id)))
      expect(entry).toMatchObject({
        reason: 'Identity documents forged',
        details: { accountIds: [erinAccount.id], platformFailures: [erinAccount.id] },
      })
      await app.mailbox.waitFor({ to: erin.user.email, subject: /disabled/ })
    } finally {
      down.mockRestore()
    }
    // the platform answers again: enable finds the accounts in the disable's entry
    const enabled = await app.post(
      `/api/admin/users/${erin.user.id}/enable`,
      { reason: 'Documents verified again' },
      { token: admin.token },
    )
    expect(enabled.status, enabled.text).toBe(200)
    expect(adminUserActionResponseSchema.parse(enabled.body).accountIds).toEqual([erinAccount.id])
    const [after] = await app.db
      .select()
      .from(tradingAccounts)
      .where(eq(tradingAccounts.id, erinAccount.id))
    expect(after!.isTradingEnabled).toBe(true)
  })
})

describe('GET /api/admin/users/:userId', () => {
  it("shows the user's payouts and identity check", async () => {
    const response = await app.get(`/api/admin/users/${alice.user.id}`, { token: admin.token })
    expect(response.status).toBe(200)
    const { data } = adminUserDetailResponseSchema.parse(response.body)
    expect(data.payouts.map((p) => [p.status, p.amountCents]).sort()).toEqual([
      ['paid', 59_900],
      ['requested', 30_000],
    ])
    expect(data.identityCheck).toEqual({ status: 'approved', updatedAt: NOW.toISOString() })
    expect(data.orders.map((o) => o.totalCents).sort((a, b) => a - b)).toEqual([9_900, 15_000])
  })

  it('answers 404 for a user that does not exist', async () => {
    const response = await app.get('/api/admin/users/00000000-0000-4000-8000-000000000000', {
      token: admin.token,
    })
    expect(response.status).toBe(404)
  })
})

describe('access', () => {
  it('a trader gets 403 on every admin user and summary route, a visitor 401', async () => {
    const id = alice.user.id
    const routes: [string, string, unknown?][] = [
      ['GET', '/api/admin/summary'],
      ['GET', '/api/admin/users'],
      ['GET', `/api/admin/users/${id}`],
      ['PATCH', `/api/admin/users/${id}`, { name: 'x' }],
      ['POST', `/api/admin/users/${id}/disable`, { reason: 'because' }],
      ['POST', `/api/admin/users/${id}/enable`, { reason: 'because' }],
    ]
    for (const [method, url, body] of routes) {
      const asTrader = await app.request(method as 'GET', url, { token: bob.token, body })
      expect(asTrader.status, `${method} ${url}`).toBe(403)
      expect((await app.request(method as 'GET', url, { body })).status).toBe(401)
    }
    const [row] = await app.db.select().from(users).where(eq(users.id, id))
    expect(row!.status).toBe('active')
  })
})
