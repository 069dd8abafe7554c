import { expect, it } from 'vitest'
import { dayRow, judge, phaseOneRules, snap, trade } from '../support'

// Phase 1: daily loss 6% of the initial balance below max(balance, equity) at the 17:00 New York
// reset. A trader goes into the reset with a large floating profit: the new day's anchor is that
// equity, so giving the profit back overnight breaches, while the account is still above its
// starting balance.
it("fails an account that gives back an overnight floating profit below the new day's floor", () => {
  const verdict = judge(phaseOneRules, {
    snapshots: [
      snap('2026-03-03T14:00:00Z', 100000),
      snap('2026-03-03T21:55:00Z', 102000, 107000), // Tuesday 16:55 EST, long and winning
      snap('2026-03-04T02:00:00Z', 102000, 103000), // Tuesday 21:00 EST: already day "03-04"
      snap('2026-03-04T06:00:00Z', 102000, 101000), // 01:00 EST: the floor is 101000
    ],
    trades: [trade('1', '2026-03-03T15:00:00Z', null)],
  })

  expect(dayRow(verdict, '2026-03-04')).toMatchObject({ anchor: 107000, dailyFloor: 101000 })
  expect(verdict.status).toBe('failed')
  expect(verdict.breach).toEqual({
    rule: 'dailyLoss',
    t: '2026-03-04T06:00:00Z',
    equity: 101000,
    floor: 101000,
  })
})
