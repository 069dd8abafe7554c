import { act, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  DEMO_INTERVAL_MS,
  DEMO_WINDOW,
  firstDemoWindow,
  profitStepCents,
  DEMO_SEED,
} from '../utils/simulated-performance'
import { PerformanceDemo } from './performance-demo'

/** The points the chart draws, oldest first: [index, profit in cents]. */
function drawnPoints(container: HTMLElement): [number, number][] {
  return [...container.querySelectorAll('circle[data-point]')].map((circle) => [
    Number(circle.getAttribute('data-point')),
    Number(circle.getAttribute('data-profit-cents')),
  ])
}

describe('live-performance demo chart (spec 2.3)', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('draws the same seeded 24 points on every first render, labelled as a simulation', () => {
    const first = render(<PerformanceDemo />)
    const firstPoints = drawnPoints(first.container)
    first.unmount()
    const second = render(<PerformanceDemo />)

    expect(firstPoints).toHaveLength(DEMO_WINDOW)
    expect(drawnPoints(second.container)).toEqual(firstPoints)
    expect(firstPoints.map(([index]) => index)).toEqual([...Array(DEMO_WINDOW).keys()])
    expect(screen.getByText('Simulation')).toBeInTheDocument()
    expect(
      screen.getByRole('img', { name: /^Simulated profit over the last 24 points/ }),
    ).toBeVisible()
  })

  it('adds a point every 5 seconds and keeps the last 24', () => {
    const { container } = render(<PerformanceDemo />)
    const before = drawnPoints(container)

    act(() => vi.advanceTimersByTime(DEMO_INTERVAL_MS - 1))
    expect(drawnPoints(container)).toEqual(before)

    act(() => vi.advanceTimersByTime(1))
    const after = drawnPoints(container)
    expect(after).toHaveLength(DEMO_WINDOW)
    expect(after.slice(0, -1)).toEqual(before.slice(1))
    const [lastIndex, lastProfit] = before.at(-1)!
    expect(after.at(-1)).toEqual([
      lastIndex + 1,
      lastProfit + profitStepCents(DEMO_SEED, lastIndex + 1),
    ])

    act(() => vi.advanceTimersByTime(DEMO_INTERVAL_MS * 30))
    const later = drawnPoints(container)
    expect(later).toHaveLength(DEMO_WINDOW)
    expect(later.map(([index]) => index)).toEqual(
      Array.from({ length: DEMO_WINDOW }, (_, i) => 31 + i),
    )
  })

  it('moves by whole dollars between -$420 and +$580 a point', () => {
    const points = firstDemoWindow(DEMO_SEED, 500)
    for (let i = 1; i < points.length; i++) {
      const step = points[i]!.profitCents - points[i - 1]!.profitCents
      expect(Math.abs(step % 100)).toBe(0)
      expect(step).toBeGreaterThanOrEqual(-42_000)
      expect(step).toBeLessThanOrEqual(58_000)
    }
  })
})
