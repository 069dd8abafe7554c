import { expect, it } from 'vitest'
import { judge, phaseOneRules, snap, trade } from '../support'

// Phase 1 (10% target, 6% daily loss): the trader is 500 short of the target when one position
// swings the equity through the day's floor. The account fails there; reaching the target
// later in the history changes nothing.
it('fails a breach on the way to the target even though the target is reached afterwards', () => {
  const days = ['03', '04', '05', '06']
  const verdict = judge(phaseOneRules, {
    snapshots: [
      snap('2026-03-02T14:00:00Z', 100000),
      ...days.map((d, i) => snap(`2026-03-${d}T18:00:00Z`, 102000 + i * 2500)), // 109500 on the 6th
      snap('2026-03-09T15:00:00Z', 109500, 103200), // floor: 109500 - 6000 = 103500
      snap('2026-03-09T18:00:00Z', 110500),
    ],
    trades: [
      ...days.map((d, i) => trade(String(i), `2026-03-${d}T15:00:00Z`, `2026-03-${d}T17:00:00Z`)),
      trade('last', '2026-03-09T14:30:00Z', '2026-03-09T18:00:00Z', 1000),
    ],
  })

  expect(verdict.status).toBe('failed')
  expect(verdict.passedAt).toBeNull()
  expect(verdict.breach).toEqual({
    rule: 'dailyLoss',
    t: '2026-03-09T15:00:00Z',
    equity: 103200,
    floor: 103500,
  })
  expect(verdict.objectives.profitTarget).toEqual({ target: 110000, value: 109500, met: false })
  expect(verdict.objectives.minTradingDays).toEqual({ required: 5, value: 5, met: true })
  expect(verdict.days.at(-1)!.date).toBe('2026-03-09')
})
