import { statementImportMessages } from '@tp/api/statement-import'
import {
  listStatementImportsResponseSchema,
  saveStatementImportResponseSchema,
  statementImportMetricsResponseSchema,
  statementImportReportResponseSchema,
} from '@tp/api/statement-import-schemas'
import { computeStatementMetrics } from '@tp/domain/analytics'
import { importStatement } from '@tp/domain/statement'
import {
  mt4DetailedStatement,
  mt5TradeHistoryReport,
  randomMt4History,
  randomMt5History,
} from '@tp/domain/statement/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, multipartBody, type TestApp } from './support'

// Saved statement imports (issue 12 item 8): the server imports the sent bytes again with the
// CLI's importer and keeps the report as a read-only "imported" account of the owner's analytics.

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t?.close()
})

function save(token: string | undefined, file: { filename: string; content: Buffer }) {
  const { payload, contentType } = multipartBody({
    files: [{ field: 'file', contentType: 'text/html', ...file }],
  })
  return t.request('POST', '/api/statement-imports', {
    ...(token ? { token } : {}),
    payload,
    headers: { 'content-type': contentType },
  })
}

describe('statement imports', () => {
  it('saves an MT4 statement as an imported account with the importer’s own report', async () => {
    const trader = await t.createUser()
    const { bytes } = mt4DetailedStatement(randomMt4History({ trades: 40, seed: 7 }), {
      language: 'ru',
    })
    const expected = importStatement(bytes)

    const saved = await save(trader.token, {
      filename: 'Statement.htm',
      content: Buffer.from(bytes),
    })
    expect(saved.status).toBe(200)
    const { data: account } = saveStatementImportResponseSchema.parse(saved.body)
    expect(account).toMatchObject({
      kind: 'imported',
      isTradable: false,
      name: 'Statement.htm',
      platform: 'MT4',
      login: expected.account.login,
      currency: expected.account.currency,
      totalTrades: expected.trades.length,
      totalNetProfit: expected.summary.totalNetProfit,
    })

    const list = await t.get('/api/statement-imports', { token: trader.token })
    expect(listStatementImportsResponseSchema.parse(list.body).data.map((a) => a.id)).toEqual([
      account.id,
    ])

    const report = await t.get(`/api/statement-imports/${account.id}`, { token: trader.token })
    expect(report.status).toBe(200)
    const { data } = statementImportReportResponseSchema.parse(report.body)
    expect(data.summary).toEqual(expected.summary)
    expect(data.trades).toEqual(expected.trades)

    // on the metrics page: the domain's analytics of the trades, each plan judged at the size
    const metrics = await t.get(`/api/statement-imports/${account.id}/metrics?sizeK=10`, {
      token: trader.token,
    })
    expect(metrics.status).toBe(200)
    const shown = statementImportMetricsResponseSchema.parse(metrics.body).data.metrics
    expect(shown).toEqual(
      JSON.parse(JSON.stringify(computeStatementMetrics(expected.trades, 10))) as unknown,
    )
    expect(shown.whatIf?.length).toBeGreaterThan(0)
    const badSize = await t.get(`/api/statement-imports/${account.id}/metrics?sizeK=7`, {
      token: trader.token,
    })
    expect(badSize.status).toBe(422)
  })

  it('saves an MT5 report (UTF-16) the same way', async () => {
    const trader = await t.createUser()
    const { bytes, printed } = mt5TradeHistoryReport(randomMt5History({ trades: 25, seed: 3 }))
    const saved = await save(trader.token, {
      filename: 'ReportHistory.html',
      content: Buffer.from(bytes),
    })
    expect(saved.status).toBe(200)
    const { data } = saveStatementImportResponseSchema.parse(saved.body)
    expect(data).toMatchObject({ platform: 'MT5', totalNetProfit: printed.totalNetProfit })
  })

  it('refuses an unreadable file with the importer’s reason, and saves nothing', async () => {
    const trader = await t.createUser()
    const notAStatement = await save(trader.token, {
      filename: 'notes.html',
      content: Buffer.from('<html><body><p>hello</p></body></html>'),
    })
    expect(notAStatement.status).toBe(422)
    expect(notAStatement.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: statementImportMessages.unreadable['not-a-statement'],
    })

    const { bytes } = mt4DetailedStatement(randomMt4History({ trades: 30, seed: 9 }))
    const cut = Buffer.from(bytes.subarray(0, Math.floor(bytes.length / 2)))
    const truncated = await save(trader.token, { filename: 'cut.htm', content: cut })
    expect(truncated.status).toBe(422)
    expect(truncated.body).toMatchObject({ message: statementImportMessages.unreadable.truncated })

    const empty = await save(trader.token, { filename: 'empty.htm', content: Buffer.alloc(0) })
    expect(empty.status).toBe(422)

    const json = await t.post('/api/statement-imports', { file: 'x' }, { token: trader.token })
    expect(json.status).toBe(415)

    const list = await t.get('/api/statement-imports', { token: trader.token })
    expect(listStatementImportsResponseSchema.parse(list.body).data).toEqual([])
  })

  it('is the owner’s: others are told it does not exist, an admin may read, only the owner deletes', async () => {
    const owner = await t.createUser()
    const other = await t.createUser()
    const admin = await t.createUser({ role: 'admin' })
    const { bytes } = mt4DetailedStatement(randomMt4History({ trades: 5, seed: 1 }))
    const saved = await save(owner.token, { filename: 's.htm', content: Buffer.from(bytes) })
    const { id } = saveStatementImportResponseSchema.parse(saved.body).data
    const url = `/api/statement-imports/${id}`

    expect((await save(undefined, { filename: 's.htm', content: Buffer.from(bytes) })).status).toBe(
      401,
    )
    expect((await t.get(url)).status).toBe(401)
    expect((await t.get(url, { token: other.token })).status).toBe(404)
    expect((await t.get('/api/statement-imports', { token: other.token })).body).toEqual({
      data: [],
    })
    expect((await t.get(url, { token: admin.token })).status).toBe(200)
    expect((await t.request('DELETE', url, { token: other.token })).status).toBe(404)
    expect((await t.request('DELETE', url, { token: admin.token })).status).toBe(404)
    expect((await t.request('DELETE', url, { token: owner.token })).status).toBe(204)
    expect((await t.get(url, { token: owner.token })).status).toBe(404)
    expect((await t.get('/api/statement-imports/not-a-uuid', { token: owner.token })).status).toBe(
      422,
    )
  })
})
