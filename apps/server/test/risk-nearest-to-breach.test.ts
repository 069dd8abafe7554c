import { getRulebook, IncrementalEvaluator, type RulebookInput } from '@tp/domain'
import { describe, expect, it } from 'vitest'
import { rankNearestToBreach, type RankedAccount } from '../src/risk/nearest-to-breach'

// The live risk view's ranking (decision 0038) over hand-made evaluator states: the share of each
// loss rule's allowance left, the nearer rule's deciding, nearest first, closed accounts left out,
// the selection bounded by its limit and deterministic on ties.

const START = Date.parse('2026-03-02T14:00:00Z')
const phaseOne = getRulebook('twoPhase.phase1', 'v1', 100)

function account(
  accountId: string,
  equity: number,
  options: { rules?: RulebookInput; isClosed?: boolean; balance?: number } = {},
): RankedAccount {
  const balance = options.balance ?? 100_000
  const evaluator = IncrementalEvaluator.start(options.rules ?? phaseOne, START, 100_000, 100_000)
  evaluator.snapshot(START + 60_000, balance, equity)
  return {
    accountId,
    isClosed: options.isClosed ?? false,
    balanceNow: Math.round(balance * 100),
    equityNow: Math.round(equity * 100),
    evaluator,
  }
}

describe('nearest to breach', () => {
  // phase 1, 100k: daily floor 94,000 (6,000 allowance of the anchor), max floor 88,000 (12,000)
  const a = account('a', 97_000) // daily 50%, max 75%
  const b = account('b', 99_000) // daily 83.33%, max 91.67%
  // max loss only, 10% static: floor 90,000, allowance 10,000 -> 60%
  const c = account('c', 96_000, {
    rules: {
      ...phaseOne,
      dailyLoss: null,
      maxLoss: { percent: 10, mode: 'static', lockAtInitial: false },
    },
  })
  const closed = account('closed', 94_100, { isClosed: true })
  const noRules = account('free', 90_000, {
    rules: { ...phaseOne, dailyLoss: null, maxLoss: null },
  })

  it('ranks by the smallest share of an allowance left, with each floor and distance', () => {
    const ranking = rankNearestToBreach([b, closed, c, noRules, a], 10)
    expect(ranking.monitored).toBe(4)
    expect(ranking.accounts.map((row) => [row.accountId, row.nearest, row.leftPercent])).toEqual([
      ['a', 'dailyLoss', 50],
      ['c', 'maxLoss', 60],
      ['b', 'dailyLoss', 83.33],
    ])
    expect(ranking.accounts[0]).toEqual({
      accountId: 'a',
      balanceCents: 10_000_000,
      equityCents: 9_700_000,
      dailyLoss: {
        floorCents: 9_400_000,
        distanceCents: 300_000,
        allowanceCents: 600_000,
        leftPercent: 50,
      },
      maxLoss: {
        floorCents: 8_800_000,
        distanceCents: 900_000,
        allowanceCents: 1_200_000,
        leftPercent: 75,
      },
      nearest: 'dailyLoss',
      leftPercent: 50,
    })
    expect(ranking.accounts[1]!.dailyLoss).toBeNull()
    expect(ranking.accounts[2]!.maxLoss).toMatchObject({
      distanceCents: 1_100_000,
      leftPercent: 91.67,
    })
  })

  it('keeps only the limit nearest, whatever the order they come in', () => {
    const all = [b, closed, c, noRules, a]
    for (const order of [all, [...all].reverse()]) {
      expect(rankNearestToBreach(order, 2).accounts.map((row) => row.accountId)).toEqual(['a', 'c'])
    }
    expect(rankNearestToBreach(all, 0)).toEqual({ monitored: 4, accounts: [] })
  })

  it('orders ties by account id, and equity at or below a floor first (0% or less left)', () => {
    const twins = ['t3', 't1', 't2'].map((id) => account(id, 98_000))
    const atFloor = account('at-floor', 97_000)
    atFloor.evaluator.snapshot(START + 120_000, 100_000, 94_500)
    // the platform's latest equity, not yet fed to the evaluator: below the daily floor
    const below = { ...atFloor, accountId: 'below', equityNow: 9_390_000 }
    const ranking = rankNearestToBreach([...twins, below], 3)
    expect(ranking.accounts.map((row) => [row.accountId, row.leftPercent])).toEqual([
      ['below', -1.67],
      ['t1', 66.67],
      ['t2', 66.67],
    ])
  })

  it("reads the daily allowance of the day's anchor when the rule is of the anchor", () => {
    // phase 1's daily loss is 6% of the initial balance below the anchor (allowance 6,000)
    const ofInitial = account('initial', 110_000, { balance: 110_000 })
    ofInitial.evaluator.snapshot(Date.parse('2026-03-03T15:00:00Z'), 110_000, 107_000)
    expect(
      rankNearestToBreach([{ ...ofInitial, equityNow: 10_700_000 }], 1).accounts[0]!.dailyLoss,
    ).toEqual({
      floorCents: 10_400_000,
      distanceCents: 300_000,
      allowanceCents: 600_000,
      leftPercent: 50,
    })
    // 6% of the anchor: a day that starts at 110,000 has a 6,600 allowance
    const grown = account('grown', 110_000, {
      balance: 110_000,
      rules: { ...phaseOne, dailyLoss: { ...phaseOne.dailyLoss!, of: 'anchor' } },
    })
    grown.evaluator.snapshot(Date.parse('2026-03-03T15:00:00Z'), 110_000, 107_000)
    const ranked = rankNearestToBreach([{ ...grown, equityNow: 10_700_000 }], 1).accounts[0]!
    expect(ranked.dailyLoss).toEqual({
      floorCents: 10_340_000,
      distanceCents: 360_000,
      allowanceCents: 660_000,
      leftPercent: 54.55,
    })
  })
})
