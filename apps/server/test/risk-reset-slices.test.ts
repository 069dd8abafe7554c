import { getRulebook } from '@tp/domain'
import { describe, expect, it } from 'vitest'
import type { Database } from '../src/db/client'
import type { TradingAccountRow } from '../src/db/schema'
import type { TradingPlatform } from '../src/integrations/trading-platform/trading-platform'
import type { Logger } from '../src/lib/logger'
import { RiskMonitor } from '../src/risk/risk-monitor'

// The timer's crossing of a day reset in slices (decision 0050): every due account crosses, as
// the one-pass crossing does, with turns of the event loop between slices. No database: the
// monitor's writes go to a stub that records the statements.

// Monday 2026-03-02, 09:00 New York; the day ends at 17:00 New York (22:00Z)
const START = Date.parse('2026-03-02T14:00:00Z')
const AFTER_RESET = Date.parse('2026-03-02T22:00:01Z')
const ACCOUNTS = 40

function monitor() {
  const statements: unknown[] = []
  const db = { execute: async (statement: unknown) => void statements.push(statement) }
  const noop = () => {}
  const logger = { error: noop, warn: noop, info: noop, debug: noop } as unknown as Logger
  const risk = new RiskMonitor({
    db: db as unknown as Database,
    platform: {} as TradingPlatform,
    logger,
    now: () => START,
    hooks: { onBreach: noop, onPass: noop, onMetersChanged: noop },
    rulesOf: () => getRulebook('twoPhase.phase1', 'v1', 100),
  })
  return { risk, statements }
}

async function trackAll(risk: RiskMonitor) {
  for (let i = 0; i < ACCOUNTS; i++) {
    const row = {
      id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      externalId: `ext-${i}`,
      userId: 'user',
      planKey: 'twoPhase.phase1',
      rulebookVersion: 'v1',
      sizeK: 100,
      initialBalance: 10_000_000,
    } as TradingAccountRow
    await risk.track(row, START)
  }
}

describe('risk monitor: crossing a day reset in slices', () => {
  it('crosses every due account, yielding to the event loop between slices', async () => {
    const { risk } = monitor()
    await trackAll(risk)
    let turns = 0
    let isCrossing = true
    const countTurns = () => {
      if (!isCrossing) return
      turns++
      setImmediate(countTurns)
    }
    setImmediate(countTurns)
    // a zero-length slice: a turn of the event loop after every few accounts
    const crossed = await risk.crossResetsInSlices(AFTER_RESET, 0)
    isCrossing = false
    expect(crossed).toBe(ACCOUNTS)
    expect(turns).toBeGreaterThan(1)
    for (const account of risk.accounts()) {
      expect(account.evaluator.currentDay.date).toBe('2026-03-03')
      expect(account.recordedMs).toBe(Date.parse('2026-03-02T22:00:00Z'))
    }
    // nothing left to cross, whichever way
    expect(risk.crossResets(AFTER_RESET)).toBe(0)
    expect(await risk.crossResetsInSlices(AFTER_RESET, 0)).toBe(0)
  })

  it('records the same ledger rows as crossing in one pass', async () => {
    const sliced = monitor()
    const whole = monitor()
    await trackAll(sliced.risk)
    await trackAll(whole.risk)
    await sliced.risk.crossResetsInSlices(AFTER_RESET, 0)
    whole.risk.crossResets(AFTER_RESET)
    const pending = (risk: RiskMonitor) =>
      [...risk.accounts()].map((account) => ({
        seq: account.seq,
        taken: risk.takePending(account.accountId),
      }))
    const fromSlices = pending(sliced.risk)
    expect(fromSlices).toEqual(pending(whole.risk))
    // the reset snapshot and the two day rows of each account
    expect(fromSlices.every(({ taken }) => taken.rows.length === 1)).toBe(true)
    expect(fromSlices.every(({ taken }) => taken.days.length === 2)).toBe(true)
  })
})
