import { describe, expect, it } from 'vitest'
import { changeText, percentChange } from './metrics'

const series = (...values: number[]) =>
  values.map((value, index) => ({ timeStamp: `2026-03-${10 + index}`, value }))

describe('the sales change against the previous period', () => {
  it('is the last point against the one before, in percent with one decimal', () => {
    expect(percentChange(series(0, 20_000, 9_900))).toBe(-50.5)
    expect(percentChange(series(3_000, 4_000))).toBe(33.3)
    expect(changeText(series(3_000, 4_000), '1D')).toBe('+33.3% vs the previous day')
    expect(changeText(series(4_000, 4_000), '1M')).toBe('0.0% vs the previous month')
  })

  it('has no base when the previous period sold nothing', () => {
    expect(percentChange(series(5_000, 0, 7_000))).toBeNull()
    expect(percentChange(series(7_000))).toBeNull()
    expect(changeText(series(0, 7_000), '1Y')).toBe('No sales in the previous year to compare with')
  })
})
