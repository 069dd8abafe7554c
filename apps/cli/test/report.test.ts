// `engine report FILE` run for real, as a separate process from the repository root
// (contracts/statement-report.md): JSON on stdout and exit 0, or a message on stderr, nothing on
// stdout and exit 2.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { importStatement } from '@tp/domain/statement'
import {
  CONFORMANCE_SUITE,
  hasRealExports,
  MT4_EXPORT,
  MT5_EXPORT,
} from '@tp/domain/statement/real-exports'
import {
  mt4DetailedStatement,
  mt5TradeHistoryReport,
  randomMt4History,
  randomMt5History,
} from '@tp/domain/statement/testing'

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url))

function engine(...args: string[]) {
  const run = spawnSync('npx', ['tsx', 'apps/cli/src/main.ts', ...args], {
    cwd: repoRoot,
    encoding: 'utf8',
  })
  return { code: run.status, stdout: run.stdout, stderr: run.stderr }
}

// Files as the terminals write them (@tp/domain/statement/testing): an MT4 statement in
// windows-1252, an MT5 report in UTF-16LE with a byte-order mark.
const dir = mkdtempSync(join(tmpdir(), 'tp-report-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
const mt4 = mt4DetailedStatement(randomMt4History({ trades: 40, seed: 7 }))
const mt5 = mt5TradeHistoryReport(randomMt5History({ trades: 30, seed: 8 }))
const MT4 = join(dir, 'DetailedStatement.htm')
const MT5 = join(dir, 'ReportHistory.html')
writeFileSync(MT4, mt4.bytes)
writeFileSync(MT5, mt5.bytes)

describe('engine report', () => {
  it('prints the MT4 statement report as JSON and exits 0', () => {
    const run = engine('report', MT4)
    expect(run.code).toBe(0)
    expect(run.stderr).not.toMatch(/error|usage/i) // npx may print its own notices there
    const report = JSON.parse(run.stdout)
    expect(report).toMatchObject({
      platform: 'MT4',
      account: { login: '7700123', currency: 'USD' },
      summary: { totalTrades: 40, totalNetProfit: mt4.printed.totalNetProfit },
    })
    expect(report.trades).toHaveLength(40)
    // the whole report, every summary figure and trade, exactly as the library imports it
    expect(report).toEqual(importStatement(mt4.bytes))
  })

  it("reads the file's bytes as the terminal wrote them: an MT5 report in UTF-16LE with a BOM", () => {
    expect([...readFileSync(MT5).subarray(0, 2)]).toEqual([0xff, 0xfe])
    const run = engine('report', MT5)
    expect(run.code).toBe(0)
    const report = JSON.parse(run.stdout)
    expect(Object.keys(report)).toEqual(['platform', 'account', 'summary', 'trades'])
    expect(report.summary).toEqual(mt5.printed)
    expect(report).toEqual(importStatement(mt5.bytes))
  })

  it('prints the same report for a file whose summary section was cut off to the end', () => {
    for (const [file, marker] of [
      [mt4, '<b>Summary:</b>'],
      [mt5, 'Balance:</td>'],
    ] as const) {
      const cut = file.html.slice(0, file.html.lastIndexOf('<tr', file.html.indexOf(marker)))
      expect(cut).not.toMatch(/Summary:|Results|<\/html>/)
      const path = join(dir, 'no-summary.htm')
      writeFileSync(path, Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(cut, 'utf16le')]))
      const run = engine('report', path)
      expect(run.code).toBe(0)
      expect(JSON.parse(run.stdout)).toEqual(importStatement(file.bytes))
    }
  })

  it('prints the MT5 history report as JSON and exits 0 (through the npm script)', () => {
    const run = spawnSync('npm', ['run', '--silent', 'engine', '--', 'report', MT5], {
      cwd: repoRoot,
      encoding: 'utf8',
    })
    expect(run.status).toBe(0)
    const report = JSON.parse(run.stdout)
    expect(report).toMatchObject({
      platform: 'MT5',
      account: { login: '5100200300', currency: 'USD' },
      summary: { totalTrades: mt5.printed.totalTrades },
    })
    expect(report.trades).toHaveLength(30)
  })

  it('names a missing file on stderr, prints nothing on stdout and exits 2', () => {
    const run = engine('report', 'no-such-statement.htm')
    expect(run).toMatchObject({ code: 2, stdout: '' })
    expect(run.stderr).toMatch(/cannot read no-such-statement\.htm: no such file/)
    expect(run.stderr).not.toMatch(/\n\s+at /) // no stack trace
  })

  it('refuses a file that is not a statement with exit 2 and nothing on stdout', () => {
    const notAStatement = `${repoRoot}package.json`
    expect(readFileSync(notAStatement, 'utf8')).toContain('"workspaces"')
    const run = engine('report', notAStatement)
    expect(run).toMatchObject({ code: 2, stdout: '' })
    expect(run.stderr).toMatch(/cannot import .*package\.json: no HTML table found/)
  })

  it('prints the usage with exit 2 when FILE is missing', () => {
    const run = engine('report')
    expect(run).toMatchObject({ code: 2, stdout: '' })
    expect(run.stderr).toMatch(/usage: engine report FILE/)
  })
})

describe.skipIf(!hasRealExports)(CONFORMANCE_SUITE, () => {
  it('prints the real MT4 statement as the contract example and exits 0', () => {
    const run = engine('report', MT4_EXPORT)
    expect(run.code).toBe(0)
    const report = JSON.parse(run.stdout)
    expect(report).toMatchObject({
      platform: 'MT4',
      account: { login: '8165516', currency: 'USD' },
      summary: { totalNetProfit: 45.74, grossLoss: -36.2, maximalDrawdown: 19.06, totalTrades: 10 },
    })
    expect(report).toEqual(importStatement(new Uint8Array(readFileSync(MT4_EXPORT))))
  })

  it('prints the real MT5 report, in the UTF-16LE the terminal writes, and exits 0', () => {
    const path = join(dir, 'ReportHistory-5014131788.html')
    const text = readFileSync(MT5_EXPORT, 'utf8')
    writeFileSync(path, Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]))
    const run = engine('report', path)
    expect(run.code).toBe(0)
    const report = JSON.parse(run.stdout)
    expect(report).toMatchObject({
      platform: 'MT5',
      account: { login: '5014131788', currency: 'USD' },
      summary: { totalNetProfit: -3.3, profitFactor: 0.58, maxConsecutiveLosses: 6 },
    })
    expect(report.trades).toHaveLength(18)
  })
})
