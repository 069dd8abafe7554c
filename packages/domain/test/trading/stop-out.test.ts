import { describe, expect, it } from 'vitest'
import { planStopOut } from '../../src/trading'
import { book, policy, position } from './support'

describe('stop-out', () => {
  const quotes = book({
    EURUSD: ['1.04350', '1.04352'],
    GBPUSD: ['1.23500', '1.23504'],
    XAUUSD: ['2340.00', '2340.20'],
  })
  const gold = position('XAUUSD', 'buy', '0.1', '2350.00', 0, 'gold')
  const cable = position('GBPUSD', 'buy', '1', '1.27000', 0, 'cable')
  const euro = position('EURUSD', 'buy', '1', '1.08350', 0, 'euro')
  // $10,000 with three longs after a fall:
  //   EURUSD (1.04350 - 1.08350) x 100,000 = -4,000.00, margin 3,611.67
  //   GBPUSD (1.23500 - 1.27000) x 100,000 = -3,500.00, margin 4,233.33
  //   XAUUSD (2340.00 - 2350.00) x 10 oz   =   -100.00, margin 1,175.00
  // equity 2,400.00 / margin 9,020.00 = 26.61%
  const account = { balance: 1_000_000, leverage: 30, positions: [gold, cable, euro] }

  it('closes the largest loser first and stops once the level is back above 50%', () => {
    const plan = planStopOut(account, quotes, policy)
    // 1. EURUSD: balance 10,000 - 4,000 - 3.50 commission = 5,996.50;
    //    equity 5,996.50 - 3,500 - 100 = 2,396.50 / 5,408.33 = 44.31%: still stopped out
    // 2. GBPUSD: balance 5,996.50 - 3,500 - 3.50 = 2,493.00; equity 2,393.00 / 1,175.00 = 203.66%
    expect(plan.closes.map((close) => [close.positionId, close.balanceChange])).toEqual([
      ['euro', -400_350],
      ['cable', -350_350],
    ])
    expect(plan.account.positions.map((open) => open.id)).toEqual(['gold'])
    expect(plan.account.balance).toBe(249_300)
    expect(plan.figures.equity).toBe(239_300)
    expect(plan.figures.marginLevelPercent).toBe(203.66)
    expect(plan.figures.isStopOut).toBe(false)
  })

  it('closes the position at market: a buy at the bid', () => {
    const [first] = planStopOut(account, quotes, policy).closes
    expect(first?.closePrice).toBe(104_350)
    expect(first?.profit).toBe(-400_000)
  })

  it("counts swap as part of a position's loss", () => {
    // gold's -100.00 plus -4,000.00 of swap makes it the largest loser
    const swapHeavyGold = { ...gold, swap: -400_000 }
    const plan = planStopOut(
      { ...account, positions: [swapHeavyGold, cable, euro] },
      quotes,
      policy,
    )
    expect(plan.closes[0]?.positionId).toBe('gold')
    expect(plan.closes[0]?.balanceChange).toBe(-10_000 - 400_000 - 35) // profit, swap, 0.1 lot commission
  })

  it('closes nothing above the stop-out level, even during a margin call', () => {
    // $16,000: equity 8,400.00 / 9,020.00 = 93.13%; $14,500: 6,900 / 9,020 = 76.50%
    expect(planStopOut({ ...account, balance: 1_600_000 }, quotes, policy).closes).toEqual([])
    const marginCall = planStopOut({ ...account, balance: 1_450_000 }, quotes, policy)
    expect(marginCall.figures.isMarginCall).toBe(true)
    expect(marginCall.closes).toEqual([])
  })

  it('goes on past a hedged leg, whose close releases no margin', () => {
    // 2 lots long at 1.08350 (margin 7,223.33) hedged by 1 lot short at 1.08000 (no margin)
    // market at 1.08600/1.08602: long +500.00, short -602.00; $3,600: equity 3,498.00 = 48.43%
    const long = position('EURUSD', 'buy', '2', '1.08350', 0, 'long')
    const short = position('EURUSD', 'sell', '1', '1.08000', 0, 'short')
    const hedged = { balance: 360_000, leverage: 30, positions: [long, short] }
    const plan = planStopOut(hedged, book({ EURUSD: ['1.08600', '1.08602'] }), policy)
    // closing the short leaves the margin at 7,223.33 and equity at 3,494.50 (48.38%): go on
    expect(plan.closes.map((close) => close.positionId)).toEqual(['short', 'long'])
    expect(plan.account.positions).toEqual([])
    expect(plan.account.balance).toBe(360_000 - 60_200 - 350 + 50_000 - 700)
  })
})
