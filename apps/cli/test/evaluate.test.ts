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

function run(command: string, args: string[], stdin?: string, cwd = root): Promise<Run> {
  return new Promise((done, fail) => {
    const child = spawn(command, args, { cwd, stdio: 'pipe' })
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

  it('reads a relative FILE from the directory npm was run in, not the repository root', async () => {
    // npm runs the script from the repository root; the file is relative to where it was typed
    const args = ['--prefix', root, 'run', '--silent', 'engine', '--', 'evaluate', 'account.json']
    const result = await run('npm', args, undefined, dir)
    expect(result.stderr).toBe('')
    expect(result.code).toBe(0)
    expect(JSON.parse(result.stdout)).toEqual(evaluate(rules as never, history as never))
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

// contracts/evaluation-engine.md: its rulebook and history examples, verbatim, and its verdict
// example, which the example history reaches once it goes on to a pass.
describe('engine evaluate on the examples of the contract', () => {
  const exampleHistory = { ...history, snapshots: history.snapshots.slice(0, 2) }
  const exampleDay = {
    date: '2026-03-02',
    anchor: 100000,
    dailyFloor: 94000,
    maxFloor: 88000,
    minEquity: 99120.5,
    closedProfit: 253,
    traded: true,
    paused: false,
  }
  const snap = (t: string, balance: number, equity = balance) => ({ t, balance, equity })
  const closedTrade = (id: string, openTime: string, closeTime: string, profit: number) => ({
    ...history.trades[0]!,
    id,
    openTime,
    closeTime,
    profit,
    commission: 0,
  })

  /** every object's keys, depth first, in printed order */
  const keysOf = (value: unknown): string[] =>
    value === null || typeof value !== 'object'
      ? []
      : Array.isArray(value)
        ? value.flatMap(keysOf)
        : Object.entries(value).flatMap(([key, child]) => [key, ...keysOf(child)])

  it("prints the contract's example row exactly for its verbatim example (npm run engine)", async () => {
    // the contract's rulebook and history, as written there (comments dropped)
    const file = write(
      'contract-example.json',
      `{
  "rules": {
    "initialBalance": 100000,
    "dayReset": { "timeZone": "America/New_York", "time": "17:00" },
    "profitTarget": { "percent": 10, "basis": "balance", "requireFlat": true },
    "dailyLoss": { "percent": 6, "of": "initial", "anchor": "balance", "action": "breach" },
    "maxLoss": { "percent": 12, "mode": "trailing-eod-balance", "lockAtInitial": true },
    "minTradingDays": 5,
    "tradingDay": "opened",
    "bestDayPercent": null
  },
  "history": {
    "snapshots": [
      { "t": "2026-03-02T09:00:00Z", "balance": 100000, "equity": 100000 },
      { "t": "2026-03-02T11:30:00Z", "balance": 100000, "equity": 99120.5 }
    ],
    "trades": [
      { "id": "1", "symbol": "EURUSD", "side": "buy", "volume": 1.0,
        "openTime": "2026-03-02T09:05:00Z", "closeTime": "2026-03-02T12:00:00Z",
        "openPrice": 1.0835, "closePrice": 1.0861,
        "profit": 260, "commission": -7, "swap": 0 }
    ]
  }
}
`,
    )
    const result = await run('npm', ['run', '--silent', 'engine', '--', 'evaluate', file])
    expect(result.stderr).toBe('')
    expect(result.code).toBe(0)
    const verdict = verdictSchema.parse(JSON.parse(result.stdout))
    // the contract's row, every field: the 12:00 close (after the 11:30 snapshot, within the
    // day) is in the row of an evaluation still active (docs/decisions/0002-engine-numbers.md)
    expect(verdict.days).toEqual([
      {
        date: '2026-03-02',
        anchor: 100000,
        dailyFloor: 94000,
        maxFloor: 88000,
        minEquity: 99120.5,
        closedProfit: 253,
        traded: true,
        paused: false,
      },
    ])
    expect(verdict.status).toBe('active')
  })

  it('prints the example history verbatim as one active day in the contract shape', async () => {
    expect(exampleHistory.snapshots.at(-1)!.t).toBe('2026-03-02T11:30:00Z')
    const result = await engine(['-'], JSON.stringify({ rules, history: exampleHistory }))
    expect(result.stderr).toBe('')
    expect(result.code).toBe(0)
    const printed = JSON.parse(result.stdout) as unknown
    // the trade closes at 12:00, after the last snapshot but within its day: the row shows the
    // day whole; the objectives are judged at the last snapshot, the best day from the rows
    expect(printed).toEqual({
      status: 'active',
      breach: null,
      passedAt: null,
      days: [exampleDay],
      objectives: {
        profitTarget: { target: 110000, value: 100000, met: false },
        minTradingDays: { required: 5, value: 1, met: false },
        bestDay: { limitPercent: null, valuePercent: 100, met: true },
      },
    })
    expect(keysOf(printed)).toEqual(
      keysOf({
        status: 0,
        breach: 0,
        passedAt: 0,
        days: [exampleDay],
        objectives: {
          profitTarget: { target: 0, value: 0, met: 0 },
          minTradingDays: { required: 0, value: 0, met: 0 },
          bestDay: { limitPercent: 0, valuePercent: 0, met: 0 },
        },
      }),
    )
  })

  it('prints the example verdict once the example history goes on to its pass', async () => {
    const passing = {
      snapshots: [
        ...exampleHistory.snapshots,
        snap('2026-03-02T12:00:00Z', 100253),
        snap('2026-03-03T16:00:00Z', 103451),
        snap('2026-03-04T16:00:00Z', 105951),
        snap('2026-03-05T16:00:00Z', 108250),
        snap('2026-03-06T20:00:00Z', 108250, 109000),
        snap('2026-03-09T15:00:00Z', 110250),
        snap('2026-03-09T16:00:00Z', 90000), // after the pass: ignored
      ],
      trades: [
        ...exampleHistory.trades,
        {
          ...closedTrade('2', '2026-03-03T14:00:00Z', '2026-03-03T16:00:00Z', 3200),
          commission: -2,
        },
        closedTrade('3', '2026-03-04T14:00:00Z', '2026-03-04T16:00:00Z', 2500),
        closedTrade('4', '2026-03-05T14:00:00Z', '2026-03-05T16:00:00Z', 2299),
        closedTrade('5', '2026-03-06T14:00:00Z', '2026-03-09T15:00:00Z', 2000),
      ],
    }
    const result = await engine(['-'], JSON.stringify({ rules, history: passing }))
    expect(result.code).toBe(0)
    const verdict = verdictSchema.parse(JSON.parse(result.stdout))

    expect(verdict).toMatchObject({
      status: 'passed',
      breach: null,
      passedAt: '2026-03-09T15:00:00Z',
      objectives: {
        profitTarget: { target: 110000, value: 110250, met: true },
        minTradingDays: { required: 5, value: 5, met: true },
        bestDay: { limitPercent: null, valuePercent: 31.2, met: true },
      },
    })
    expect(verdict.days[0]).toEqual(exampleDay)
    expect(verdict.days.map((d) => d.date)).toEqual([
      '2026-03-02',
      '2026-03-03',
      '2026-03-04',
      '2026-03-05',
      '2026-03-06',
      '2026-03-07',
      '2026-03-08',
      '2026-03-09',
    ])
  })
})
