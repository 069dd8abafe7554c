import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { evaluate, verdictSchema } from '@tp/domain'

// Runs the real command line: `npm run --silent engine -- evaluate ...` (the contract's form)
// once, and the same entry point through tsx for the rest (no npm start-up each time).
const root = resolve(import.meta.dirname, '../../..')
const tsx = join(root, 'node_modules/.bin/tsx')

interface Run {
  code: number | null
  stdout: string
  stderr: string
}

function run(command: string, args: string[], stdin?: string): Promise<Run> {
  return new Promise((done, fail) => {
    const child = spawn(command, args, { cwd: root, stdio: 'pipe' })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    child.on('error', fail)
    child.on('close', (code) => done({ code, stdout, stderr }))
    child.stdin.end(stdin ?? '')
  })
}
const engine = (args: string[], stdin?: string) =>
  run(tsx, ['apps/cli/src/main.ts', 'evaluate', ...args], stdin)

const rules = {
  initialBalance: 100000,
  dayReset: { timeZone: 'America/New_York', time: '17:00' },
  profitTarget: { percent: 10, basis: 'balance', requireFlat: true },
  dailyLoss: { percent: 6, of: 'initial', anchor: 'balance', action: 'breach' },
  maxLoss: { percent: 12, mode: 'trailing-eod-balance', lockAtInitial: true },
  minTradingDays: 5,
  tradingDay: 'opened',
  bestDayPercent: null,
}
const history = {
  snapshots: [
    { t: '2026-03-02T09:00:00Z', balance: 100000, equity: 100000 },
    { t: '2026-03-02T11:30:00Z', balance: 100000, equity: 99120.5 },
    { t: '2026-03-02T12:00:00Z', balance: 100253, equity: 100253 },
    { t: '2026-03-03T15:00:00Z', balance: 100253, equity: 93900 },
  ],
  trades: [
    {
      id: '1',
      symbol: 'EURUSD',
      side: 'buy',
      volume: 1.0,
      openTime: '2026-03-02T09:05:00Z',
      closeTime: '2026-03-02T12:00:00Z',
      openPrice: 1.0835,
      closePrice: 1.0861,
      profit: 260,
      commission: -7,
      swap: 0,
    },
  ],
}

let dir: string
let inputFile: string
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'tp-evaluate-'))
  inputFile = join(dir, 'account.json')
  writeFileSync(inputFile, JSON.stringify({ rules, history }))
})
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const write = (name: string, content: string) => {
  const file = join(dir, name)
  writeFileSync(file, content)
  return file
}

describe('engine evaluate', () => {
  it('prints the verdict of a file as JSON and exits 0 (npm run --silent engine -- evaluate FILE)', async () => {
    const result = await run('npm', ['run', '--silent', 'engine', '--', 'evaluate', inputFile])

    expect(result.stderr).toBe('')
    expect(result.code).toBe(0)
    const printed = JSON.parse(result.stdout) as Record<string, unknown>
    // the contract's document, in its order
    expect(Object.keys(printed)).toEqual(['status', 'breach', 'passedAt', 'days', 'objectives'])
    const verdict = verdictSchema.parse(printed)
    expect(verdict).toEqual(evaluate(rules as never, history as never))
    // 93900 on Tuesday is below the 94253 daily floor (anchor 100253 - 6% of 100000)
    expect(verdict.status).toBe('failed')
    expect(verdict.breach).toEqual({
      rule: 'dailyLoss',
      t: '2026-03-03T15:00:00Z',
      equity: 93900,
      floor: 94253,
    })
    expect(verdict.days[0]).toEqual({
      date: '2026-03-02',
      anchor: 100000,
      dailyFloor: 94000,
      maxFloor: 88000,
      minEquity: 99120.5,
      closedProfit: 253,
      traded: true,
      paused: false,
    })
  })

  it('reads the same JSON from standard input with "-"', async () => {
    const fromFile = await engine([inputFile])
    const fromStdin = await engine(['-'], JSON.stringify({ rules, history }))
    expect(fromStdin).toEqual({ code: 0, stdout: fromFile.stdout, stderr: '' })
  })

  it('names an invalid rule mode by its field path and exits 2 with nothing on stdout', async () => {
    const bad = { rules: { ...rules, maxLoss: { ...rules.maxLoss, mode: 'trailing' } }, history }
    const result = await engine(['-'], JSON.stringify(bad))
    expect(result).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'rules.maxLoss.mode: must be one of static, trailing-eod-balance, trailing-balance, trailing-equity\n',
    })
  })

  it('names snapshots out of time order', async () => {
    const snapshots = [...history.snapshots]
    snapshots.push({ ...snapshots[1]! })
    const result = await engine(
      ['-'],
      JSON.stringify({ rules, history: { ...history, snapshots } }),
    )
    expect(result).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'history.snapshots[4].t: snapshots must be in time order (each one after the previous)\n',
    })
  })

  it('points at the line and column of invalid JSON', async () => {
    const file = write('broken.json', '{\n  "rules": {},\n  "history": \n}\n')
    const result = await engine([file])
    expect(result).toEqual({
      code: 2,
      stdout: '',
      stderr: `${file}: invalid JSON at line 4, column 1: value expected\n`,
    })
  })

  it('says so when the file is missing', async () => {
    const missing = join(dir, 'missing.json')
    expect(await engine([missing])).toEqual({
      code: 2,
      stdout: '',
      stderr: `cannot read ${missing}: no such file\n`,
    })
  })

  it('refuses JSON that is not an object, and a wrong number of arguments', async () => {
    expect(await engine(['-'], '[1, 2]')).toEqual({
      code: 2,
      stdout: '',
      stderr: 'standard input: must be a JSON object {"rules": ..., "history": ...}\n',
    })
    for (const args of [[], [inputFile, inputFile]]) {
      const result = await engine(args)
      expect(result.code).toBe(2)
      expect(result.stdout).toBe('')
      expect(result.stderr).toMatch(/^usage: engine evaluate FILE.json \| -/)
    }
  })

  it('never prints a stack trace, even for input that is JSON of the wrong shape throughout', async () => {
    const result = await engine(['-'], JSON.stringify({ rules: 'x', history: { snapshots: 'y' } }))
    expect(result.code).toBe(2)
    expect(result.stdout).toBe('')
    expect(result.stderr).toBe('rules: must be an object\nhistory.snapshots: must be a list\n')
  })
})
