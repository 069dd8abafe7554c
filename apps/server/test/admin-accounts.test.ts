import {
  adminAccountMessages,
  type AccountState,
  type AdminAccountActionResponse,
  type AdminAccountResponse,
  type AdminAccountsResponse,
  type AdminLedgerResponse,
  type AdminVerdictsResponse,
} from '@tp/api'
import { getPlanPolicy, type PlanKey } from '@tp/domain'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog, tradingAccounts } from '../src/db/schema'
import { suspendInactiveAccounts } from '../src/risk/day-reset-job'
import { createTestApp, waitFor, type TestApp, type TestUser } from './support'

// The admin's trading accounts (issue 14 items 4 and 5, decision 0035): the list, the ledger and
// the replayed verdict (also of a breached account), and the manual actions (pass, fail, leverage,
// reset refused), each with a reason, audited and emailed; traders are refused every route; the
// platform server each account lives on, filtered by, and whether disabling it closes its
// positions (decision 0056). BTCUSD trades at any hour.

let app: TestApp
let trader: TestUser
let admin: TestUser
let passId: string
let failId: string

const T = () => app.clock.now().getTime()
const btc = (bid: number) =>
  app.simulated.pushTick({ symbol: 'BTCUSD', bid, ask: bid + 2_500, tMs: T() })
const adminUrl = (id: string, path = '') => `/api/admin/trading-accounts/${id}${path}`
const auditRows = (action: string, id: string) =>
  app.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetId, id)))
const rowOf = async (id: string) =>
  (await app.db.select().from(tradingAccounts).where(eq(tradingAccounts.id, id)))[0]!

beforeAll(async () => {
  app = await createTestApp()
  trader = await app.createUser({ name: 'Desk Trader' })
  admin = await app.createUser({ role: 'admin' })
  btc(6_500_000)
  passId = (await app.createTradingAccount(trader, { sizeK: 100 })).id
  failId = (await app.createTradingAccount(trader, { sizeK: 10, platform: 'mt4' })).id
  const opened = await app.post(
    `/api/trading/accounts/${failId}/orders`,
    { symbol: 'BTCUSD', type: 'buy', volume: '0.10' },
    { token: trader.token },
  )
  expect(opened.status).toBe(201)
  btc(6_490_000)
})
afterAll(async () => {
  await app?.close()
})

describe('the admin trading accounts routes refuse traders', () => {
  it('answers 403 to a trader on every new route', async () => {
    const reason = { reason: 'no business here' }
    const calls = [
      app.get('/api/admin/trading-accounts', { token: trader.token }),
      app.get(adminUrl(passId, '/ledger'), { token: trader.token }),
      app.get(adminUrl(passId, '/verdicts'), { token: trader.token }),
      app.post(adminUrl(passId, '/pass'), reason, { token: trader.token }),
      app.post(adminUrl(passId, '/fail'), reason, { token: trader.token }),
      app.post(adminUrl(passId, '/reset'), reason, { token: trader.token }),
      app.post(adminUrl(passId, '/extend'), reason, { token: trader.token }),
      app.post(adminUrl(passId, '/leverage'), { ...reason, leverage: 10 }, { token: trader.token }),
    ]
    for (const response of await Promise.all(calls)) expect(response.status).toBe(403)
    expect((await rowOf(passId)).status).toBe('active')
  })
})

describe('the accounts list', () => {
  it('searches by login and owner, filters by status, plan and platform, with live figures', async () => {
    const failRow = await rowOf(failId)
    const byLogin = await app.get<AdminAccountsResponse>(
      `/api/admin/trading-accounts?search=${failRow.login}`,
      { token: admin.token },
    )
    expect(byLogin.status).toBe(200)
    expect(byLogin.body.data.accounts.map((a) => a.id)).toEqual([failId])
    const account = byLogin.body.data.accounts[0]!
    expect(account).toMatchObject({
      platform: 'mt4',
      status: 'active',
      ownerEmail: trader.user.email,
      live: true,
    })
    // a 10k account, 6% daily and 12% max of the initial balance
    expect(account.dailyLoss?.allowanceCents).toBe(60_000)
    expect(account.maxLoss?.allowanceCents).toBe(120_000)
    expect(account.maxLoss!.distanceCents).toBe(account.equityCents - account.maxLoss!.floorCents)
    expect(account.equityCents).toBeLessThan(account.balanceCents)

    const byOwner = await app.get<AdminAccountsResponse>(
      '/api/admin/trading-accounts?search=desk%20trader&platform=mt5',
      { token: admin.token },
    )
    expect(byOwner.body.data.accounts.map((a) => a.id)).toEqual([passId])
    const byPlan = await app.get<AdminAccountsResponse>(
      `/api/admin/trading-accounts?plan=${failRow.planKey}&status=failed`,
      { token: admin.token },
    )
    expect(byPlan.body.data).toMatchObject({ accounts: [], total: 0 })
    const bad = await app.get('/api/admin/trading-accounts?status=nope', { token: admin.token })
    expect(bad.status).toBe(422)
  })
})

describe('the account page reads', () => {
  it('pages the ledger and replays the verdict with the engine, equal to the live one', async () => {
    const ledger = await app.get<AdminLedgerResponse>(adminUrl(failId, '/ledger?pageSize=1'), {
      token: admin.token,
    })
    expect(ledger.status).toBe(200)
    expect(ledger.body.data.events).toHaveLength(1)
    expect(ledger.body.data.total).toBeGreaterThanOrEqual(2)
    const older = await app.get<AdminLedgerResponse>(
      adminUrl(failId, '/ledger?pageSize=1&page=2'),
      {
        token: admin.token,
      },
    )
    // newest first: the second page holds the event before the first page's
    expect(older.body.data.events[0]!.seq).toBeLessThan(ledger.body.data.events[0]!.seq)
    const verdicts = await app.get<AdminVerdictsResponse>(adminUrl(failId, '/verdicts'), {
      token: admin.token,
    })
    expect(verdicts.body.data).toMatchObject({
      live: { status: 'active', breach: null },
      replayed: { status: 'active', breach: null },
      differences: [],
      override: null,
    })
  })
})

describe('the manual actions', () => {
  it('requires a reason on every action', async () => {
    for (const path of ['/pass', '/fail', '/reset', '/extend', '/leverage']) {
      const response = await app.post(
        adminUrl(passId, path),
        { leverage: 10 },
        {
          token: admin.token,
        },
      )
      expect(response.status).toBe(422)
    }
  })

  it('refuses a reset, naming decisions.md', async () => {
    const response = await app.post(
      adminUrl(passId, '/reset'),
      { reason: 'second chance' },
      {
        token: admin.token,
      },
    )
    expect(response.status).toBe(409)
    expect(response.body).toMatchObject({ message: adminAccountMessages.resetRefused })
  })

  it("changes leverage within the plan's maximum, audited and emailed; refuses above it", async () => {
    const row = await rowOf(passId)
    const max = getPlanPolicy(row.planKey as PlanKey, row.rulebookVersion).leverage.max
    const above = await app.post(
      adminUrl(passId, '/leverage'),
      { reason: 'more room', leverage: max + 1 },
      { token: admin.token },
    )
    expect(above.status).toBe(422)
    expect((await rowOf(passId)).leverage).toBe(row.leverage)

    // also while the risk desk has trading off (the platform takes it only while on)
    const disabled = await app.post(
      `/api/admin/trading-accounts/${passId}/disable-trading`,
      { reason: 'under review' },
      { token: admin.token },
    )
    expect(disabled.status).toBe(200)
    const reason = 'Lower risk while under review'
    const changed = await app.post<AdminAccountActionResponse>(
      adminUrl(passId, '/leverage'),
      { reason, leverage: 10 },
      { token: admin.token },
    )
    expect(changed.status).toBe(200)
    expect(changed.body).toMatchObject({
      leverage: 10,
      message: adminAccountMessages.leverageChanged(10),
    })
    expect(await rowOf(passId)).toMatchObject({ leverage: 10, isTradingEnabled: false })
    const state = await app.get<AccountState>(`/api/trading/accounts/${passId}`, {
      token: trader.token,
    })
    expect(state.body.account.leverage).toBe(10)
    const [audit] = await auditRows('account.leverage', passId)
    expect(audit).toMatchObject({
      actorUserId: admin.user.id,
      reason,
      details: expect.objectContaining({ from: row.leverage, to: 10 }),
    })
    await app.waitForJobs()
    const mail = await app.mailbox.waitFor({ to: trader.user.email, subject: /leverage changed/ })
    expect(mail.text).toContain(`Reason: ${reason}`)
  })

  it('fails an account by hand: positions closed, trading off, no evidence, engine verdict beside it', async () => {
    const reason = 'Copy trading across accounts'
    const failed = await app.post<AdminAccountActionResponse>(
      adminUrl(failId, '/fail'),
      { reason },
      {
        token: admin.token,
      },
    )
    expect(failed.status).toBe(200)
    expect(failed.body).toMatchObject({
      status: 'failed',
      message: adminAccountMessages.failedManually,
    })
    const row = await rowOf(failId)
    expect(row).toMatchObject({ status: 'failed', isTradingEnabled: false })
    const state = await app.get<AccountState>(`/api/trading/accounts/${failId}`, {
      token: trader.token,
    })
    expect(state.body.positions).toEqual([])
    expect(state.body.breach).toBeNull()
    const audits = await auditRows('account.manual-fail', failId)
    expect(audits).toHaveLength(1)
    expect(audits[0]).toMatchObject({
      reason,
      details: expect.objectContaining({ engineStatus: 'active' }),
    })
    const verdicts = await app.get<AdminVerdictsResponse>(adminUrl(failId, '/verdicts'), {
      token: admin.token,
    })
    expect(verdicts.body.data).toMatchObject({
      live: { status: 'failed', breach: null },
      replayed: { status: 'active' },
      override: { action: 'fail', reason, engineStatus: 'active' },
    })
    expect(verdicts.body.data.differences).toEqual(['status: live failed, engine active'])
    await app.waitForJobs()
    const mail = await app.mailbox.waitFor({ to: trader.user.email, subject: /was failed/ })
    expect(mail.text).toContain(`Reason: ${reason}`)
    const again = await app.post<AdminAccountActionResponse>(
      adminUrl(failId, '/pass'),
      { reason },
      {
        token: admin.token,
      },
    )
    expect(again.body).toMatchObject({
      status: 'failed',
      message: adminAccountMessages.alreadyDecided,
    })
  })

  it('passes an account by hand through the lifecycle: the next stage is provisioned once, even clicked twice', async () => {
    const reason = 'Met the target on the broker side'
    const [first, second] = await Promise.all([
      app.post<AdminAccountActionResponse>(
        adminUrl(passId, '/pass'),
        { reason },
        { token: admin.token },
      ),
      app.post<AdminAccountActionResponse>(
        adminUrl(passId, '/pass'),
        { reason },
        { token: admin.token },
      ),
    ])
    expect([first.status, second.status]).toEqual([200, 200])
    expect([first.body.message, second.body.message].sort()).toEqual(
      [adminAccountMessages.alreadyDecided, adminAccountMessages.passedManually].sort(),
    )
    const third = await app.post<AdminAccountActionResponse>(
      adminUrl(passId, '/pass'),
      { reason },
      {
        token: admin.token,
      },
    )
    expect(third.body.message).toBe(adminAccountMessages.alreadyDecided)
    expect((await rowOf(passId)).status).toBe('passed')
    await app.waitForJobs()
    const next = await app.db
      .select()
      .from(tradingAccounts)
      .where(eq(tradingAccounts.previousAccountId, passId))
    expect(next).toHaveLength(1)
    expect(next[0]!.stage).toBe('phase2')
    const audits = await auditRows('account.manual-pass', passId)
    expect(audits).toHaveLength(1)
    expect(audits[0]!.details).toMatchObject({ engineStatus: 'active' })
    const mail = await app.mailbox.waitFor({ to: trader.user.email, subject: /was passed/ })
    expect(mail.text).toContain(`Reason: ${reason}`)
  })

  it("extends an active account's inactivity window: the sweep counts the 30 days from the extension", async () => {
    const id = (await app.createTradingAccount(trader, { sizeK: 10 })).id
    await app.db
      .update(tradingAccounts)
      .set({ startedAt: new Date(T() - 40 * 86_400_000) })
      .where(eq(tradingAccounts.id, id))
    const reason = 'Trader in hospital, confirmed by support'
    const extended = await app.post<AdminAccountActionResponse>(
      adminUrl(id, '/extend'),
      { reason },
      {
        token: admin.token,
      },
    )
    expect(extended.status).toBe(200)
    expect(extended.body.message).toBe(adminAccountMessages.extended)
    const [audit] = await auditRows('account.extend', id)
    expect(audit).toMatchObject({
      reason,
      details: expect.objectContaining({ inactivityDays: 30 }),
    })
    await suspendInactiveAccounts(app.ctx, T())
    expect((await rowOf(id)).status).toBe('active')
    await app.waitForJobs()
    const mail = await app.mailbox.waitFor({ to: trader.user.email, subject: /inactivity window/ })
    expect(mail.text).toContain(`Reason: ${reason}`)

    await suspendInactiveAccounts(app.ctx, T() + 31 * 86_400_000)
    expect((await rowOf(id)).status).toBe('suspended')
    const again = await app.post(adminUrl(id, '/extend'), { reason }, { token: admin.token })
    expect(again.status).toBe(409)
    expect(again.body).toMatchObject({ message: adminAccountMessages.extendNotActive })
  })
})

describe('the replayed verdict of a breached account', () => {
  it('names the same rule and breach time as the stored breach', async () => {
    btc(6_500_000)
    const id = (await app.createTradingAccount(trader, { sizeK: 100 })).id
    const opened = await app.post(
      `/api/trading/accounts/${id}/orders`,
      { symbol: 'BTCUSD', type: 'buy', volume: '1.00' },
      { token: trader.token },
    )
    expect(opened.status).toBe(201)
    btc(6_200_000) // equity 96,975: inside both floors
    btc(5_900_000) // (59,000 - 65,025) x 1 = -6,025: through the daily floor of 94,000
    await waitFor(async () => (await rowOf(id)).status === 'failed', { what: 'the breach' })
    const state = await app.get<AccountState>(`/api/trading/accounts/${id}`, {
      token: trader.token,
    })
    const stored = state.body.breach!
    expect(stored.rule).toBe('dailyLoss')

    const verdicts = await app.get<AdminVerdictsResponse>(adminUrl(id, '/verdicts'), {
      token: admin.token,
    })
    expect(verdicts.status).toBe(200)
    const { live, replayed, differences, override } = verdicts.body.data
    expect(live).toMatchObject({ status: 'failed', breach: { rule: stored.rule } })
    expect(replayed.status).toBe('failed')
    expect(replayed.breach?.rule).toBe(stored.rule)
    expect(Date.parse(replayed.breach!.t)).toBe(Date.parse(stored.t))
    expect(Date.parse(live.breach!.t)).toBe(Date.parse(stored.t))
    expect(differences).toEqual([])
    expect(override).toBeNull()
  })
})

describe('the platform server of an account', () => {
  it('shows and filters by the adapter an account lives on, and whether disabling it closes positions', async () => {
    const id = (await app.createTradingAccount(trader, { sizeK: 10 })).id
    // the row bound to MetaApi (its fake runs beside the simulated server outside production)
    await app.db
      .update(tradingAccounts)
      .set({ adapter: 'metaapi' })
      .where(eq(tradingAccounts.id, id))

    const onMetaApi = await app.get<AdminAccountsResponse>(
      '/api/admin/trading-accounts?adapter=metaapi',
      { token: admin.token },
    )
    expect(onMetaApi.status).toBe(200)
    expect(onMetaApi.body.data).toMatchObject({ total: 1 })
    expect(onMetaApi.body.data.accounts).toEqual([
      expect.objectContaining({ id, adapter: 'metaapi', canDisableKeepPositions: false }),
    ])

    const onSimulated = await app.get<AdminAccountsResponse>(
      '/api/admin/trading-accounts?adapter=simulated&pageSize=100',
      { token: admin.token },
    )
    const simulatedIds = onSimulated.body.data.accounts.map((a) => a.id)
    expect(simulatedIds).toContain(failId)
    expect(simulatedIds).not.toContain(id)
    expect(onSimulated.body.data.total).toBe(simulatedIds.length)
    for (const account of onSimulated.body.data.accounts) {
      expect(account).toMatchObject({ adapter: 'simulated', canDisableKeepPositions: true })
    }
    const none = await app.get<AdminAccountsResponse>(
      '/api/admin/trading-accounts?adapter=mt5-webapi',
      { token: admin.token },
    )
    expect(none.body.data).toMatchObject({ accounts: [], total: 0 })
    const bad = await app.get('/api/admin/trading-accounts?adapter=nope', { token: admin.token })
    expect(bad.status).toBe(422)

    // the account's page reads the same row: the disable confirm says its positions will close
    const one = await app.get<AdminAccountResponse>(adminUrl(id), { token: admin.token })
    expect(one.status).toBe(200)
    expect(one.body.data).toMatchObject({
      id,
      adapter: 'metaapi',
      canDisableKeepPositions: false,
    })
    const simulated = await app.get<AdminAccountResponse>(adminUrl(failId), {
      token: admin.token,
    })
    expect(simulated.body.data).toMatchObject({
      adapter: 'simulated',
      canDisableKeepPositions: true,
    })
    const missing = await app.get(adminUrl('00000000-0000-4000-8000-000000000000'), {
      token: admin.token,
    })
    expect(missing.status).toBe(404)
    const refused = await app.get(adminUrl(id), { token: trader.token })
    expect(refused.status).toBe(403)

    // the accounts CSV: the platform server its last column, filtered as the list
    const csv = await app.get('/api/admin/exports/trading-accounts.csv?adapter=metaapi', {
      token: admin.token,
    })
    expect(csv.status).toBe(200)
    const [header, ...lines] = csv.text.trim().split(/\r?\n/)
    expect(header!.split(',').at(-1)).toBe('platform_server')
    expect(lines).toHaveLength(1)
    expect(lines[0]!.startsWith(`${id},`)).toBe(true)
    expect(lines[0]!.split(',').at(-1)).toBe('metaapi')
  })
})
