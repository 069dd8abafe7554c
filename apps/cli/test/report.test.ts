// `engine report FILE` run for real, as a separate process from the repository root
// (contracts/statement-report.md): JSON on stdout and exit 0, or a message on stderr, nothing on
// stdout and exit 2.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { importStatement } from '@tp/domain/statement'

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url))
const fixtures = fileURLToPath(
  new URL('../../../../shared/fixtures/mt-statements/', import.meta.url),
)
const MT4 = `${fixtures}mt4-detailed-statement.htm`
const MT5 = `${fixtures}mt5-history-report-bg.html`

function engine(...args: string[]) {
  const run = spawnSync('npx', ['tsx', 'apps/cli/src/main.ts', ...args], {
    cwd: repoRoot,
    encoding: 'utf8',
  })
  return { code: run.status, stdout: run.stdout, stderr: run.stderr }
}

describe('engine report', () => {
  it('prints the MT4 statement report as JSON and exits 0', () => {
    const run = engine('report', MT4)
    expect(run.code).toBe(0)
    expect(run.stderr).not.toMatch(/error|usage/i) // npx may print its own notices there
    const report = JSON.parse(run.stdout)
    expect(report).toMatchObject({
      platform: 'MT4',
      account: { login: '8165516', currency: 'USD' },
      summary: { totalNetProfit: 45.74, grossLoss: -36.2, maximalDrawdown: 19.06, totalTrades: 10 },
    })
    expect(report.trades).toHaveLength(10)
    // the whole report, every summary figure and trade, exactly as the library imports it
    expect(report).toEqual(importStatement(new Uint8Array(readFileSync(MT4))))
  })

  it("reads the file's bytes as the terminal wrote them: an MT5 report in UTF-16LE with a BOM", () => {
    const dir = mkdtempSync(join(tmpdir(), 'tp-report-'))
    try {
      const file = join(dir, 'ReportHistory.html')
      const text = readFileSync(MT5, 'utf8')
      writeFileSync(file, Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]))
      const run = engine('report', file)
      expect(run.code).toBe(0)
      const report = JSON.parse(run.stdout)
      expect(Object.keys(report)).toEqual(['platform', 'account', 'summary', 'trades'])
      expect(report).toEqual(importStatement(new Uint8Array(readFileSync(MT5))))
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('prints the same report for a file whose summary section was cut off to the end', () => {
    const dir = mkdtempSync(join(tmpdir(), 'tp-report-'))
    try {
      for (const [path, marker] of [
        [MT4, '<b>Summary:</b>'],
        [MT5, 'Баланс:</td>'],
      ] as const) {
        const text = readFileSync(path, 'utf8')
        const cut = text.slice(0, text.lastIndexOf('<tr', text.indexOf(marker)))
        expect(cut).not.toMatch(/Summary:|Резултати|<\/html>/)
        const file = join(dir, 'no-summary.htm')
        writeFileSync(file, Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(cut, 'utf16le')]))
        const run = engine('report', file)
        expect(run.code).toBe(0)
        expect(JSON.parse(run.stdout)).toEqual(importStatement(new Uint8Array(readFileSync(path))))
      }
    } finally {
      rmSync(dir, { recursive: true, force: true })
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
      account: { login: '5014131788', currency: 'USD' },
      summary: { totalNetProfit: -3.3, profitTrades: 5, maxConsecutiveLosses: 6 },
    })
    expect(report.trades).toHaveLength(18)
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
