import { describe, expect, it } from 'vitest'
import { IncrementalEvaluator, evaluate } from '../../src'
import { phaseOneRules, rulebook, snap, trade } from './support'

const at = (iso: string) => Date.parse(iso)
const HOUR = 3_600_000

// Monday 2026-03-02, 09:00 in New York: the day "2026-03-02" runs from Sunday 17:00 EST
// (2026-03-01T22:00Z) to Monday 17:00 EST (2026-03-02T22:00Z).
function phaseOneAccount() {
  return IncrementalEvaluator.start(phaseOneRules, at('2026-03-02T14:00:00Z'), 100000, 100000)
}

describe('incremental evaluator: live readings', () => {
  it('shows the floors in force, the distance to each and the time to the next reset', () => {
    const account = phaseOneAccount()
    account.snapshot(at('2026-03-02T15:00:00Z'), 100000, 99000.5)

    expect(account.status).toBe('active')
    expect(account.currentDay).toEqual({
      date: '2026-03-02',
      startMs: at('2026-03-01T22:00:00Z'),
      endMs: at('2026-03-02T22:00:00Z'),
      anchor: 100000,
      isPaused: false,
    })
    expect(account.dailyFloor).toBe(94000)
    expect(account.maxFloor).toBe(88000)
    expect(account.distanceToDailyFloor).toBe(5000.5)
    expect(account.distanceToMaxFloor).toBe(11000.5)
    expect(account.msToNextReset(at('2026-03-02T15:00:00Z'))).toBe(7 * HOUR)
    // a countdown asked about a later day still answers from the calendar
    expect(account.msToNextReset(at('2026-03-03T21:00:00Z'))).toBe(HOUR)
  })

  it("shows each objective's progress as trades open and close", () => {
    const account = IncrementalEvaluator.start(
      { ...phaseOneRules, bestDayPercent: 40 },
      at('2026-03-02T14:00:00Z'),
      100000,
      100000,
    )
    account.tradeOpened('1', at('2026-03-02T14:05:00Z'))
    account.tradeClosed('1', at('2026-03-02T15:00:00Z'), 1200.25)
    account.snapshot(at('2026-03-02T15:00:00Z'), 101200.25, 101200.25)

    expect(account.objectives()).toEqual({
      profitTarget: { target: 110000, value: 101200.25, met: false },
      minTradingDays: { required: 5, value: 1, met: false },
      bestDay: { limitPercent: 40, valuePercent: 100, met: false },
    })
  })

  it("puts the new day's floors in force when the reset job advances the clock", () => {
    const account = phaseOneAccount()
    account.snapshot(at('2026-03-02T21:00:00Z'), 103000, 103500)
    account.advanceTo(at('2026-03-02T22:00:00Z')) // Monday 17:00 EST

    expect(account.currentDay).toMatchObject({ date: '2026-03-03', anchor: 103500 })
    expect(account.dailyFloor).toBe(97500) // max(balance, equity) at the reset - 6% of initial
    expect(account.maxFloor).toBe(91000) // closing balance 103000 - 12% of initial
    expect(account.msToNextReset(at('2026-03-02T22:00:00Z'))).toBe(24 * HOUR)

    // a snapshot taken at the reset instant itself is the day's anchor
    account.snapshot(at('2026-03-02T22:00:00Z'), 103000, 102000)
    expect(account.currentDay.anchor).toBe(103000)
    expect(account.dailyFloor).toBe(97000)
  })

  it("gives the verdict's last day rows on their own", () => {
    const account = phaseOneAccount()
    expect(account.recentDays(2)).toEqual(account.verdict().days.slice(-2))
    account.snapshot(at('2026-03-02T21:00:00Z'), 103000, 103500)
    account.advanceTo(at('2026-03-02T22:00:00Z'))
    account.snapshot(at('2026-03-03T15:00:00Z'), 103000, 102000)
    account.advanceTo(at('2026-03-03T22:00:00Z'))
    expect(account.verdict().days).toHaveLength(3)
    expect(account.recentDays(2)).toEqual(account.verdict().days.slice(-2))
    expect(account.recentDays(1)).toEqual(account.verdict().days.slice(-1))
    expect(account.recentDays(5)).toEqual(account.verdict().days)
    expect(account.recentDays(0)).toEqual([])
  })

  it('marks the day paused when a "pause" daily floor is touched, and keeps going', () => {
    const account = IncrementalEvaluator.start(
      rulebook({ dailyLoss: { percent: 5, of: 'initial', anchor: 'balance', action: 'pause' } }),
      at('2026-03-02T14:00:00Z'),
      100000,
      100000,
    )
    account.snapshot(at('2026-03-02T15:00:00Z'), 100000, 95000)
    expect(account.currentDay.isPaused).toBe(true)
    expect(account.status).toBe('active')
    account.snapshot(at('2026-03-03T15:00:00Z'), 100000, 99000)
    expect(account.currentDay).toMatchObject({ date: '2026-03-03', isPaused: false })
  })

  it('keeps the verdict final: events after a breach change nothing', () => {
    const account = phaseOneAccount()
    account.snapshot(at('2026-03-02T15:00:00Z'), 100000, 94000)
    const verdict = account.verdict()
    account.snapshot(at('2026-03-02T16:00:00Z'), 100000, 120000)
    account.tradeOpened('late', at('2026-03-02T16:30:00Z'))
    expect(account.verdict()).toEqual(verdict)
    expect(account.breach).toEqual({
      rule: 'dailyLoss',
      t: '2026-03-02T15:00:00Z',
      equity: 94000,
      floor: 94000,
    })
  })
})

describe('incremental evaluator: resuming from saved state', () => {
  const rules = { ...phaseOneRules, minTradingDays: 3, bestDayPercent: 60 }
  const history = {
    snapshots: [
      snap('2026-03-02T14:00:00Z', 100000),
      snap('2026-03-02T16:00:00Z', 100000, 101000),
      snap('2026-03-02T18:00:00Z', 104000),
      snap('2026-03-03T15:00:00Z', 104000, 103000),
      snap('2026-03-03T18:00:00Z', 107000),
      snap('2026-03-06T15:00:00Z', 107000, 108000),
      snap('2026-03-09T15:00:00Z', 110000),
      snap('2026-03-09T16:00:00Z', 111000),
    ],
    trades: [
      trade('1', '2026-03-02T15:00:00Z', '2026-03-02T18:00:00Z', 4000),
      trade('2', '2026-03-03T14:00:00Z', '2026-03-03T18:00:00Z', 3000),
      trade('3', '2026-03-06T14:00:00Z', '2026-03-09T15:00:00Z', 3000),
    ],
  }
  type Step = (e: IncrementalEvaluator) => void

  /** The history's events in time order (trades before a snapshot at the same instant). */
  const events: Step[] = [
    (e) => e.tradeOpened('1', at('2026-03-02T15:00:00Z')),
    (e) => e.snapshot(at('2026-03-02T16:00:00Z'), 100000, 101000),
    (e) => e.tradeClosed('1', at('2026-03-02T18:00:00Z'), 4000),
    (e) => e.snapshot(at('2026-03-02T18:00:00Z'), 104000, 104000),
    (e) => e.tradeOpened('2', at('2026-03-03T14:00:00Z')),
    (e) => e.snapshot(at('2026-03-03T15:00:00Z'), 104000, 103000),
    (e) => e.tradeClosed('2', at('2026-03-03T18:00:00Z'), 3000),
    (e) => e.snapshot(at('2026-03-03T18:00:00Z'), 107000, 107000),
    (e) => e.tradeOpened('3', at('2026-03-06T14:00:00Z')),
    (e) => e.snapshot(at('2026-03-06T15:00:00Z'), 107000, 108000),
    (e) => e.tradeClosed('3', at('2026-03-09T15:00:00Z'), 3000),
    (e) => e.snapshot(at('2026-03-09T15:00:00Z'), 110000, 110000),
    (e) => e.snapshot(at('2026-03-09T16:00:00Z'), 111000, 111000),
  ]
  const start = () => IncrementalEvaluator.start(rules, at('2026-03-02T14:00:00Z'), 100000, 100000)

  it('gives the batch verdict when fed the history event by event', () => {
    const account = start()
    events.forEach((apply) => apply(account))
    expect(account.verdict()).toEqual(evaluate(rules, history))
    expect(account.status).toBe('passed')
  })

  it('resumes from plain JSON after any event and ends exactly where an uninterrupted run ends', () => {
    const uninterrupted = start()
    events.forEach((apply) => apply(uninterrupted))

    for (let cut = 0; cut <= events.length; cut++) {
      const before = start()
      events.slice(0, cut).forEach((apply) => apply(before))
      const saved = JSON.parse(JSON.stringify(before.toState())) as unknown
      const resumed = IncrementalEvaluator.restore(saved)
      events.slice(cut).forEach((apply) => apply(resumed))

      expect(resumed.verdict()).toEqual(uninterrupted.verdict())
      expect(resumed.toState()).toEqual(uninterrupted.toState())
    }
  })

  it('refuses a state that is not one', () => {
    const state = { ...start().toState(), balance: 'lots' }
    expect(() => IncrementalEvaluator.restore(state)).toThrow()
    expect(() => IncrementalEvaluator.restore({ version: 2 })).toThrow()
  })
})

describe('incremental evaluator: trades after the last snapshot', () => {
  // trade 1 opens Monday and is still open at Tuesday's only snapshot (15:00); after it, trade 2
  // opens and closes, then trade 1 closes: flat, on target, two trading days, but no snapshot
  function liveAccount() {
    const account = IncrementalEvaluator.start(
      rulebook({
        profitTarget: { percent: 1, basis: 'balance', requireFlat: true },
        minTradingDays: 2,
      }),
      at('2026-03-02T14:00:00Z'),
      100000,
      100000,
    )
    account.tradeOpened('1', at('2026-03-02T14:30:00Z'))
    account.snapshot(at('2026-03-03T15:00:00Z'), 101000, 101000)
    account.tradeOpened('2', at('2026-03-03T15:30:00Z'))
    account.tradeClosed('2', at('2026-03-03T15:45:00Z'), -50)
    account.tradeClosed('1', at('2026-03-03T16:00:00Z'), 250)
    return account
  }

  it('shows them in the live objectives, but prints the verdict as judged at the last snapshot', () => {
    const account = liveAccount()

    expect(account.objectives()).toMatchObject({
      profitTarget: { value: 101000, met: true },
      minTradingDays: { value: 2, met: true },
    })
    const verdict = account.verdict()
    // only a snapshot judges: the account has not passed
    expect(verdict).toMatchObject({ status: 'active', passedAt: null })
    expect(verdict.objectives).toMatchObject({
      profitTarget: { value: 101000, met: false }, // trade 1 was open at 15:00
      minTradingDays: { value: 1, met: false },
      bestDay: { valuePercent: 100 },
    })
    expect(verdict.days.at(-1)).toMatchObject({ closedProfit: 200, traded: true })
  })

  it('keeps the judged objectives across toState / restore, and reads states saved without them', () => {
    const account = liveAccount()
    const saved = JSON.parse(JSON.stringify(account.toState())) as Record<string, unknown>
    expect(IncrementalEvaluator.restore(saved).verdict()).toEqual(account.verdict())

    const { judgedTradingDayCount: _count, isJudgedFlat: _flat, ...older } = saved
    expect(IncrementalEvaluator.restore(older).verdict().objectives).toEqual(account.objectives())
  })
})

describe('incremental evaluator: refused events', () => {
  it('refuses events out of time order', () => {
    const account = phaseOneAccount()
    account.snapshot(at('2026-03-02T15:00:00Z'), 100000, 100000)
    expect(() => account.snapshot(at('2026-03-02T15:00:00Z'), 100000, 100000)).toThrow(RangeError)
    expect(() => account.tradeOpened('1', at('2026-03-02T14:30:00Z'))).toThrow(/time order/)
    expect(() => account.advanceTo(at('2026-03-02T14:30:00Z'))).toThrow(/time order/)
  })

  it("refuses a trade at or before the account's start", () => {
    expect(() => phaseOneAccount().tradeOpened('1', at('2026-03-02T14:00:00Z'))).toThrow(/start/)
  })

  it('refuses amounts that are not exact, naming them', () => {
    const account = phaseOneAccount()
    expect(() => account.snapshot(at('2026-03-02T15:00:00Z'), 100000, 0.1 + 0.2)).toThrow(
      'equity 0.30000000000000004 is not an exact amount',
    )
    expect(() => account.snapshot(at('2026-03-02T15:00:00Z'), Number.NaN, 1)).toThrow(/balance/)
  })

  it('refuses closing a trade that is not open, and opening one twice', () => {
    const account = phaseOneAccount()
    expect(() => account.tradeClosed('9', at('2026-03-02T15:00:00Z'), 10)).toThrow(/not open/)
    account.tradeOpened('1', at('2026-03-02T15:00:00Z'))
    expect(() => account.tradeOpened('1', at('2026-03-02T15:00:00Z'))).toThrow(/already open/)
  })
})
