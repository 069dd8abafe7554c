import {
  journalListResponseSchema,
  metaStatsAccountMetricsResponseSchema,
  saveJournalEntryResponseSchema,
} from '@tp/api'
import { computeAccountMetrics, type EvaluationInput, type Rulebook } from '@tp/domain'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { evaluationEvents, type TradingAccountRow } from '../src/db/schema'
import { createTestApp, type TestApp, type TestUser } from './support'

// The account metrics page's calls (issue 12 items 4-7): POST /api/metaStats/account-metrics
// computes @tp/domain's computeAccountMetrics over the account's evaluation ledger (the floors in
// force at each snapshot, the what-if under each catalogue plan), and the trade journal (notes and
// tags per trade) is stored per account, written by the owner alone, read by owner or admin.

// Monday 1 March 2027, 09:00 New York (EST): the account starts at 10,000.00
const NOW = Date.parse('2027-03-01T14:00:00Z')
const HOUR = 3_600_000

let app: TestApp
let trader: TestUser
let other: TestUser
let admin: TestUser
let account: TradingAccountRow

const call = (method: 'POST' | 'PUT', path: string, body: unknown, token: string) =>
  app.request(method, `/api/metaStats/${path}`, { body, token })

beforeAll(async () => {
  app = await createTestApp()
  app.clock.set(new Date(NOW))
  trader = await app.createUser({ email: 'metrics-trader@x.test' })
  other = await app.createUser({ email: 'metrics-other@x.test' })
  admin = await app.createUser({ role: 'admin' })
  account = await app.createTradingAccount(trader, { sizeK: 10 })
  // one trade on Monday (+150.00 profit, -7.00 commission), a snapshot on Tuesday
  const event = (seq: number, tMs: number, fields: Partial<typeof evaluationEvents.$inferInsert>) =>
    ({ accountId: account.id, seq, tMs, ...fields }) as typeof evaluationEvents.$inferInsert
  const trade = { tradeId: 'p-1', symbol: 'EURUSD', side: 'buy', volume: 100, openPrice: 108_000 }
  await app.db.insert(evaluationEvents).values([
    event(10_000, NOW + HOUR, { kind: 'trade-open', ...trade }),
    event(10_001, NOW + 1.5 * HOUR, { kind: 'snapshot', balance: 1_000_000, equity: 1_010_000 }),
    event(10_002, NOW + 2 * HOUR, {
      kind: 'trade-close',
      ...trade,
      closePrice: 108_150,
      profit: 15_000,
      commission: -700,
      swap: 0,
    }),
    event(10_003, NOW + 2 * HOUR, { kind: 'snapshot', balance: 1_014_300, equity: 1_014_300 }),
    event(10_004, NOW + 25 * HOUR, { kind: 'snapshot', balance: 1_014_300, equity: 1_014_300 }),
  ])
})
afterAll(async () => {
  await app?.close()
})

describe('POST /api/metaStats/account-metrics', () => {
  it("answers the domain's metrics of the evaluation ledger, floors as they moved", async () => {
    const response = await call('POST', 'account-metrics', { accountId: account.id }, trader.token)
    expect(response.status, response.text).toBe(200)
    const { data } = metaStatsAccountMetricsResponseSchema.parse(response.body)
    expect(data).toMatchObject({ accountId: account.id, currency: 'USD' })

    const exported = await app.request('GET', `/api/trading/accounts/${account.id}/engine-input`, {
      token: trader.token,
    })
    const input = exported.body as { rules: Rulebook; history: EvaluationInput['history'] }
    expect(data.metrics).toEqual(
      computeAccountMetrics({ rules: input.rules, history: input.history, sizeK: 10 }),
    )

    // hand-computed: 6% daily of 10,000 under the day's anchor, 12% trailing the day's closing
    // balance: Monday 9,400 / 8,800; Tuesday (anchor and high-water 10,143) 9,543 / 8,943
    const last = data.metrics.curve.points.slice(-3)
    expect(last.map((p) => [p.equity, p.dailyFloor, p.maxFloor])).toEqual([
      [1_010_000, 940_000, 880_000],
      [1_014_300, 940_000, 880_000],
      [1_014_300, 954_300, 894_300],
    ])
    expect(data.metrics.trades).toEqual([
      expect.objectContaining({ id: 'p-1', symbol: 'EURUSD', result: 14_300 }),
    ])
    expect(data.metrics.breakdowns.daily).toEqual([
      expect.objectContaining({ date: '2027-03-01', trades: 1, result: 14_300, tradeIndexes: [0] }),
    ])
    expect(data.metrics.metrics).toMatchObject({ trades: 1, sharpe: null, averageR: null })
    expect(data.metrics.whatIf!.map((v) => [v.planKey, v.status])).toEqual([
      ['twoPhase.phase1', 'active'],
      ['twoPhase.phase2', 'active'],
      ['twoPhase.funded', 'active'],
      ['instantFund.funded', 'active'],
    ])
  })

  it('another trader learns nothing; an admin reads it', async () => {
    const body = { accountId: account.id }
    expect((await call('POST', 'account-metrics', body, other.token)).status).toBe(404)
    expect((await call('POST', 'account-metrics', body, admin.token)).status).toBe(200)
    const bad = await call('POST', 'account-metrics', { accountId: 'nope' }, trader.token)
    expect(bad.status).toBe(422)
  })
})

describe('trade journal', () => {
  it('saves a note and tags (lower-cased, each once), lists them, removes an emptied entry', async () => {
    const saved = await call(
      'PUT',
      'journal',
      {
        accountId: account.id,
        tradeId: 'p-1',
        note: ' Waited for the retest ',
        tags: ['Breakout', 'breakout', 'london'],
      },
      trader.token,
    )
    expect(saved.status, saved.text).toBe(200)
    expect(saveJournalEntryResponseSchema.parse(saved.body).data.entry).toMatchObject({
      tradeId: 'p-1',
      note: 'Waited for the retest',
      tags: ['breakout', 'london'],
    })
    const listed = await call('POST', 'journal', { accountId: account.id }, admin.token)
    expect(listed.status).toBe(200)
    expect(journalListResponseSchema.parse(listed.body).data.entries).toEqual([
      expect.objectContaining({ tradeId: 'p-1', tags: ['breakout', 'london'] }),
    ])

    const emptied = await call(
      'PUT',
      'journal',
      { accountId: account.id, tradeId: 'p-1', note: '', tags: [] },
      trader.token,
    )
    expect(saveJournalEntryResponseSchema.parse(emptied.body).data.entry).toBeNull()
    const after = await call('POST', 'journal', { accountId: account.id }, trader.token)
    expect(journalListResponseSchema.parse(after.body).data.entries).toEqual([])
  })

  it('refuses a bad tag with a clear message, and writes by anyone but the owner', async () => {
    const body = { accountId: account.id, tradeId: 'p-1', note: 'x', tags: ['two words'] }
    const bad = await call('PUT', 'journal', body, trader.token)
    expect(bad.status).toBe(422)
    expect(bad.text).toContain('A tag is one word')
    const good = { ...body, tags: ['ok'] }
    expect((await call('PUT', 'journal', good, other.token)).status).toBe(404)
    expect((await call('PUT', 'journal', good, admin.token)).status).toBe(403)
    expect((await call('POST', 'journal', { accountId: account.id }, other.token)).status).toBe(404)
  })
})
