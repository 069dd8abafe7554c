import { execFile } from 'node:child_process'
import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import type { AccountState, TradingAccountDto, TradingCredentials } from '@tp/api'
import { createDayCalendar, evaluate, type Verdict } from '@tp/domain'
import { and, asc, eq, gt } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { accountDays, evaluationEvents, simDeals, tradingAccounts } from '../src/db/schema'
import { loadLedgerTails, RiskMonitor } from '../src/risk/risk-monitor'
import { createTestApp, waitFor, type TestApp, type TestUser } from './support'

// Live risk on the simulated server: a breach fails the account on the breaching tick with its
// evidence, a pass provisions the next stage, day resets store each day's anchor and floors, and
// the stored ledger replays through `npm run engine -- evaluate` to the very same verdict.

const run = promisify(execFile)
const repoRoot = path.resolve(import.meta.dirname, '../../..')

let app: TestApp
let admin: TestUser

const T = () => app.clock.now().getTime()
const points = (price: string) => Math.round(Number(price) * 100)
const btc = (bid: string) =>
  app.simulated.pushTick({ symbol: 'BTCUSD', bid: points(bid), ask: points(bid) + 2_500, tMs: T() })

const stateOf = async (user: TestUser, accountId: string) =>
  (await app.get<AccountState>(`/api/trading/accounts/${accountId}`, { token: user.token })).body
const rowOf = async (accountId: string) =>
  (await app.db.select().from(tradingAccounts).where(eq(tradingAccounts.id, accountId)))[0]!

/** The account's ledger replayed by the command-line engine, as a support agent would. */
async function replayWithCli(user: TestUser, accountId: string): Promise<Verdict> {
  const input = await app.get(`/api/trading/accounts/${accountId}/engine-input`, {
    token: user.token,
  })
  expect(input.status).toBe(200)
  const dir = await mkdtemp(path.join(tmpdir(), 'tp-replay-'))
  const file = path.join(dir, 'history.json')
  await writeFile(file, input.text)
  const { stdout } = await run('npm', ['run', '--silent', 'engine', '--', 'evaluate', file], {
    cwd: repoRoot,
  })
  return JSON.parse(stdout) as Verdict
}

beforeAll(async () => {
  app = await createTestApp()
  admin = await app.createUser({ role: 'admin' })
  btc('65000.00')
})
afterAll(async () => {
  await app?.close()
})

describe('a hard breach', () => {
  let trader: TestUser
  let accountId: string

  beforeAll(async () => {
    trader = await app.createUser()
    btc('65000.00')
    accountId = (await app.createTradingAccount(trader)).id
    await app.post(
      `/api/trading/accounts/${accountId}/orders`,
      { symbol: 'BTCUSD', type: 'buy', volume: '1.00' },
      { token: trader.token },
    )
    await app.post(
      `/api/trading/accounts/${accountId}/orders`,
      { symbol: 'BTCUSD', type: 'buy-limit', volume: '0.10', price: '50000.00' },
      { token: trader.token },
    )
    btc('62000.00') // equity 96,975: inside both floors
    expect((await rowOf(accountId)).status).toBe('active')
    btc('59000.00') // (59000 - 65025) x 1 = -6,025: equity 93,975 <= daily floor 94,000
  })

  it('fails the account at once: trading disabled, orders cancelled, positions closed at market', async () => {
    const row = await waitFor(async () => {
      const current = await rowOf(accountId)
      return current.status === 'failed' && current
    })
    expect(row.isTradingEnabled).toBe(false)
    await app.simulated.flush()
    const deals = await app.db
      .select()
      .from(simDeals)
      .where(and(eq(simDeals.accountId, row.externalId!), eq(simDeals.entry, 'out')))
    expect(deals.map((deal) => [deal.reason, deal.price, deal.profit])).toEqual([
      ['breach', 5_900_000, -602_500],
    ])
    const state = await stateOf(trader, accountId)
    expect(state.positions).toEqual([])
    expect(state.orders).toEqual([])
    expect(state.account).toMatchObject({
      status: 'failed',
      isReadOnly: true,
      isTradingEnabled: false,
    })

    const refused = await app.post(
      `/api/trading/accounts/${accountId}/orders`,
      { symbol: 'BTCUSD', type: 'buy', volume: '0.01' },
      { token: trader.token },
    )
    expect(refused.status).toBe(409)
  })

  it('keeps and shows the evidence: snapshot, floor, rule, rulebook version, positions open then', async () => {
    const { breach, meters } = await stateOf(trader, accountId)
    expect(breach).toMatchObject({
      rule: 'dailyLoss',
      equity: 9_397_500,
      floor: 9_400_000,
      balance: 10_000_000,
      rulebookVersion: 'v1',
      planKey: 'twoPhase.phase1',
    })
    expect(breach!.openPositions).toMatchObject([
      {
        symbol: 'BTCUSD',
        side: 'buy',
        volume: 100,
        openPrice: 6_502_500,
        currentPrice: 5_900_000,
        profit: -602_500,
      },
    ])
    expect(meters.status).toBe('failed')
  })

  it('emails the trader the breach', async () => {
    const mail = await app.mailbox.waitFor({
      to: trader.user.email,
      subject: /breached the Daily Loss Limit/,
    })
    expect(mail.text).toContain('your equity was $93,975.00')
    expect(mail.text).toContain('floor of $94,000.00')
  })

  it('replays through `npm run engine -- evaluate` to the same verdict', async () => {
    const verdict = await replayWithCli(trader, accountId)
    expect(verdict.status).toBe('failed')
    const { breach } = await stateOf(trader, accountId)
    expect(verdict.breach).toEqual({
      rule: 'dailyLoss',
      t: breach!.t,
      equity: 93_975,
      floor: 94_000,
    })
  })
})

describe('one price gap through the daily-loss floor and the stop-out level at once', () => {
  let trader: TestUser
  let accountId: string

  const eurusd = (price: string) =>
    app.post(
      `/api/dev/scenarios/accounts/${accountId}/price-path`,
      { mode: 'instant', path: { symbol: 'EURUSD', waypoints: [{ offsetMs: 0, price }] } },
      { token: admin.token },
    )

  beforeAll(async () => {
    trader = await app.createUser()
    accountId = (await app.createTradingAccount(trader, { sizeK: 10 })).id
    // this account's own EURUSD (a script is its market, at any hour): bid 1.10000, ask 1.10002
    expect((await eurusd('1.10000')).status).toBe(200)
    const opened = await app.post(
      `/api/trading/accounts/${accountId}/orders`,
      { symbol: 'EURUSD', type: 'buy', volume: '2.50' },
      { token: trader.token },
    )
    expect(opened.status).toBe(201)
    // 2.5 lots x 100,000 x 1.10002 / 30 = $9,166.83 of margin; balance 10,000 - $8.75 commission
    // one tick to 1.07500: floating (1.07500 - 1.10002) x 250,000 = -$6,255.00, equity $3,736.25:
    // below the daily floor ($9,400) and at a margin level of 40.76% (stop-out at 50%)
    expect((await eurusd('1.07500')).status).toBe(200)
  })

  it('keeps the equity of the breaching tick and the positions open then as evidence', async () => {
    await waitFor(async () => (await rowOf(accountId)).status === 'failed')
    const { breach, positions, figures } = await stateOf(trader, accountId)
    expect(breach).toMatchObject({
      rule: 'dailyLoss',
      balance: 999_125,
      equity: 373_625,
      floor: 940_000,
    })
    expect(breach!.openPositions).toMatchObject([
      {
        symbol: 'EURUSD',
        side: 'buy',
        volume: 250,
        openPrice: 110_002,
        currentPrice: 107_500,
        profit: -625_500,
      },
    ])
    // the breach closed the position at that tick (before the stop-out had to), at 1.07500
    expect(positions).toEqual([])
    expect(figures.balance).toBe(372_750)
    const row = await rowOf(accountId)
    await app.simulated.flush()
    const deals = await app.db
      .select()
      .from(simDeals)
      .where(and(eq(simDeals.accountId, row.externalId!), eq(simDeals.entry, 'out')))
    expect(deals.map((deal) => [deal.reason, deal.price, deal.profit])).toEqual([
      ['breach', 107_500, -625_500],
    ])
  })

  it('replays through `npm run engine -- evaluate` to the same breach', async () => {
    const verdict = await replayWithCli(trader, accountId)
    const { breach } = await stateOf(trader, accountId)
    expect(verdict.status).toBe('failed')
    expect(verdict.breach).toEqual({
      rule: 'dailyLoss',
      t: breach!.t,
      equity: 3_736.25,
      floor: 9_400,
    })
  })
})

describe('passing phase 1', () => {
  let trader: TestUser
  let accountId: string

  beforeAll(async () => {
    trader = await app.createUser()
    // five past trading days, +$1,900 each: $9,500 of the $10,000 target
    const created = await app.post<{ account: TradingAccountDto }>(
      '/api/dev/scenarios/accounts',
      {
        email: trader.user.email,
        startDaysAgo: 7,
        trades: [6, 5, 4, 3, 2].map((daysAgo) => ({
          symbol: 'BTCUSD',
          side: 'buy',
          volume: '1.00',
          openPrice: '65000.00',
          closePrice: '66900.00',
          openDaysAgo: daysAgo,
          durationMinutes: 90,
        })),
      },
      { token: admin.token },
    )
    expect(created.status).toBe(201)
    accountId = created.body.account.id
  })

  it('books the past days through the live evaluator: five trading days, not passed yet', async () => {
    const { meters, figures } = await stateOf(trader, accountId)
    expect(figures.balance).toBe(10_950_000)
    expect(meters.tradingDays).toEqual({ required: 5, value: 5, met: true })
    expect(meters.profitTarget).toMatchObject({
      target: 11_000_000,
      value: 10_950_000,
      met: false,
      progressPercent: 95,
    })
    expect(meters.status).toBe('active')
  })

  it('passes when a closed trade takes the balance to the target, and provisions phase 2', async () => {
    btc('65000.00')
    const opened = await app.post<{ position: { id: string } }>(
      `/api/trading/accounts/${accountId}/orders`,
      { symbol: 'BTCUSD', type: 'buy', volume: '1.00' },
      { token: trader.token },
    )
    // the scenario driver moves this account's BTCUSD alone: +$600 from the ask
    const path = await app.post(
      `/api/dev/scenarios/accounts/${accountId}/price-path`,
      {
        mode: 'instant',
        path: {
          symbol: 'BTCUSD',
          waypoints: [
            { offsetMs: 0, price: '65100.00' },
            { offsetMs: 5_000, price: '65625.00' },
          ],
        },
      },
      { token: admin.token },
    )
    expect(path.status).toBe(200)
    expect((await rowOf(accountId)).status).toBe('active') // an open trade: not flat yet
    await app.post(
      `/api/trading/accounts/${accountId}/positions/${opened.body.position.id}/close`,
      {},
      { token: trader.token },
    )

    const passed = await waitFor(async () => {
      const row = await rowOf(accountId)
      return row.status === 'passed' && row
    })
    expect(passed.isTradingEnabled).toBe(false)
    const next = await waitFor(async () => {
      const [row] = await app.db
        .select()
        .from(tradingAccounts)
        .where(eq(tradingAccounts.previousAccountId, accountId))
      return row?.status === 'active' && row
    })
    expect(next).toMatchObject({
      stage: 'phase2',
      planKey: 'twoPhase.phase2',
      initialBalance: 10_000_000,
    })
    expect(next.login).not.toBe(passed.login)

    const old = await stateOf(trader, accountId)
    expect(old.account.isReadOnly).toBe(true)
    expect(old.nextAccountId).toBe(next.id)
    expect(old.meters).toMatchObject({
      status: 'passed',
      profitTarget: { met: true, value: 11_010_000 },
    })

    const fresh = await stateOf(trader, next.id)
    const credentialsOf = async (id: string) =>
      (
        await app.get<TradingCredentials>(`/api/trading/accounts/${id}/credentials`, {
          token: trader.token,
        })
      ).body
    expect((await credentialsOf(next.id)).password).not.toBe(
      (await credentialsOf(accountId)).password,
    )
    expect(fresh.account).not.toHaveProperty('password')
    expect(fresh.meters.profitTarget).toMatchObject({ target: 10_500_000, value: 10_000_000 })
    await app.waitForJobs()
    const mail = await app.mailbox.waitFor({
      to: trader.user.email,
      subject: /Phase 2 account is ready/,
    })
    expect(mail.text).toContain(`Login: ${next.login}`)
    await app.mailbox.waitFor({ to: trader.user.email, subject: /you passed Phase 1/ })
  })

  it('replays the passed account to the same pass', async () => {
    const verdict = await replayWithCli(trader, accountId)
    const { meters } = await stateOf(trader, accountId)
    expect(verdict.status).toBe('passed')
    expect(verdict.passedAt).toBe(meters.passedAt)
    expect(verdict.objectives.minTradingDays.value).toBe(6)
  })
})

describe('day resets and restarts', () => {
  let trader: TestUser
  let accountId: string

  beforeAll(async () => {
    trader = await app.createUser()
    btc('65000.00')
    accountId = (await app.createTradingAccount(trader)).id
    await app.post(
      `/api/trading/accounts/${accountId}/orders`,
      { symbol: 'BTCUSD', type: 'buy', volume: '0.50' },
      { token: trader.token },
    )
    btc('67000.00') // floating +(67000 - 65025) x 0.5 = +$987.50
  })

  it('stores the new day with its anchor (the higher of balance and equity) and floors', async () => {
    const calendar = createDayCalendar({ timeZone: 'America/New_York', time: '17:00' })
    const resetMs = calendar.nextResetAfter(T())
    app.clock.set(new Date(resetMs + 1_000))
    app.ctx.trading.risk.crossResets(T())
    await app.ctx.trading.risk.flush()
    trader = { ...trader, token: await app.tokenFor(trader) }
    const days = await app.db
      .select()
      .from(accountDays)
      .where(eq(accountDays.accountId, accountId))
      .orderBy(asc(accountDays.date))
    const today = days.at(-1)!
    expect(today.date).toBe(calendar.dayAt(resetMs).date)
    expect(Number(today.anchor)).toBe(100_987.5)
    expect(Number(today.dailyFloor)).toBe(94_987.5)
    expect(Number(today.maxFloor)).toBe(88_000)
    const { meters } = await stateOf(trader, accountId)
    expect(meters.day).toBe(today.date)
    expect(meters.dailyLoss!.floor).toBe(9_498_750)
    expect(Date.parse(meters.nextResetAt)).toBe(calendar.nextResetAfter(resetMs))
  })

  it('rebuilds the same evaluator after a restart from the checkpoint and the ledger', async () => {
    btc('66000.00')
    await app.ctx.trading.risk.flush()
    const live = app.ctx.trading.risk.get(accountId)!.evaluator.verdict()
    const restarted = new RiskMonitor({
      db: app.db,
      platform: app.ctx.trading.platform,
      logger: app.ctx.logger,
      now: () => T(),
      hooks: { onBreach: () => {}, onPass: () => {}, onMetersChanged: () => {} },
    })
    await restarted.start()
    try {
      expect(restarted.get(accountId)!.evaluator.verdict()).toEqual(live)
      const input = await app.get<{ rules: never; history: never }>(
        `/api/trading/accounts/${accountId}/engine-input`,
        { token: trader.token },
      )
      expect(input.status).toBe(200)
      const batch = evaluate(input.body.rules, input.body.history)
      expect(batch).toEqual(live)
    } finally {
      await restarted.stop()
    }
  })

  it('starts from ledgers read in bulk to the same evaluators as read one account at a time', async () => {
    btc('66500.00')
    await app.ctx.trading.risk.flush()
    const monitor = () =>
      new RiskMonitor({
        db: app.db,
        platform: app.ctx.trading.platform,
        logger: app.ctx.logger,
        now: () => T(),
        hooks: { onBreach: () => {}, onPass: () => {}, onMetersChanged: () => {} },
      })
    const active = await app.db
      .select()
      .from(tradingAccounts)
      .where(eq(tradingAccounts.status, 'active'))
    expect(active.some((row) => row.evaluatorState !== null)).toBe(true)
    // the bulk read gives each account exactly the rows after its checkpoint, in seq order
    const tails = await loadLedgerTails(app.db, active)
    for (const row of active) {
      const one = await app.db
        .select()
        .from(evaluationEvents)
        .where(
          and(
            eq(evaluationEvents.accountId, row.id),
            gt(evaluationEvents.seq, row.evaluatorState ? row.evaluatorSeq : 0),
          ),
        )
        .orderBy(asc(evaluationEvents.seq))
      expect(tails.get(row.id) ?? []).toEqual(one)
    }
    const bulk = monitor()
    const single = monitor()
    await bulk.start()
    try {
      for (const row of active) await single.ensureTracked(row)
      for (const row of active) {
        const a = bulk.get(row.id)!
        const b = single.get(row.id)!
        expect(a.evaluator.toState()).toEqual(b.evaluator.toState())
        expect({ ...a, evaluator: null, slot: 0 }).toEqual({ ...b, evaluator: null, slot: 0 })
      }
    } finally {
      await bulk.stop()
      await single.stop()
    }
  })
})
