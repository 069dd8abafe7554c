import { act, render, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { messages, type LossMeter } from '@tp/api'
import { makeMeters } from '../testing/fixtures'
import { RulePanel } from './rule-panel'

const daily = messages.trading.ruleLabels.dailyLoss
const max = messages.trading.ruleLabels.maxLoss

function meterSection(label: string) {
  return screen.getByRole('heading', { name: label }).closest('section')!
}

function figure(section: HTMLElement, label: string) {
  const term = within(section).getByText(label, { selector: 'dt' })
  return term.nextElementSibling?.textContent
}

function lossMeter(overrides: Partial<LossMeter>): LossMeter {
  return {
    floor: 9_500_000,
    distance: 250_000,
    allowance: 500_000,
    usedPercent: 50,
    warning: 50,
    ...overrides,
  }
}

beforeEach(() => {
  vi.useFakeTimers()
  // 18:45:51 UTC = 20:45:51 in Berlin; the reset at 21:00 UTC is 23:00 in Berlin
  vi.setSystemTime(new Date('2025-06-11T18:45:51.000Z'))
})

afterEach(() => {
  vi.useRealTimers()
})

describe('RulePanel', () => {
  it('shows both floors, the distance to each, the target progress and trading days', () => {
    render(
      <RulePanel
        timeZone="Europe/Berlin"
        meters={makeMeters({
          dailyLoss: lossMeter({
            floor: 9_612_345,
            distance: 187_655,
            usedPercent: 37.53,
            warning: 0,
          }),
          maxLoss: {
            floor: 9_000_000,
            distance: 800_000,
            allowance: 1_000_000,
            usedPercent: 20,
            warning: 0,
          },
          profitTarget: {
            target: 10_800_000,
            value: 10_361_600,
            progressPercent: 45.2,
            basis: 'equity',
            requireFlat: true,
            met: false,
          },
          tradingDays: { required: 4, value: 2, met: false },
        })}
      />,
    )

    const dailySection = meterSection(daily)
    expect(figure(dailySection, 'Floor')).toBe('$96,123.45')
    expect(figure(dailySection, 'Distance to floor')).toBe('$1,876.55')
    expect(figure(dailySection, 'Used')).toBe('37.53%')
    expect(within(dailySection).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '37.53')

    const maxSection = meterSection(max)
    expect(figure(maxSection, 'Floor')).toBe('$90,000.00')
    expect(figure(maxSection, 'Distance to floor')).toBe('$8,000.00')

    const target = meterSection('Profit target')
    expect(figure(target, 'Target (equity)')).toBe('$108,000.00')
    expect(figure(target, 'Current equity')).toBe('$103,616.00')
    expect(figure(target, 'Progress')).toBe('45.20%')
    expect(
      within(target).getByRole('progressbar', { name: 'Profit target progress' }),
    ).toHaveAttribute('aria-valuenow', '45.2')

    expect(screen.getByText('2 of 4')).toBeInTheDocument()
    expect(screen.getByText('Not met yet')).toBeInTheDocument()
  })

  it("counts down to the daily reset in the trader's time zone", () => {
    render(<RulePanel timeZone="Europe/Berlin" meters={makeMeters()} />)

    expect(screen.getByText('Daily reset 23:00 Europe/Berlin, in 02:14:09')).toBeInTheDocument()

    act(() => vi.advanceTimersByTime(1_000))
    expect(screen.getByText('Daily reset 23:00 Europe/Berlin, in 02:14:08')).toBeInTheDocument()
  })

  it('names the same reset in another zone', () => {
    render(<RulePanel timeZone="Asia/Tokyo" meters={makeMeters()} />)
    // 21:00 UTC is 06:00 the next morning in Tokyo
    expect(screen.getByText('Daily reset 06:00 Asia/Tokyo, in 02:14:09')).toBeInTheDocument()
  })

  it.each([
    [0, null],
    [50, '50% of the allowed loss used'],
    [80, '80% of the allowed loss used'],
    [95, '95% of the allowed loss used'],
    [100, 'Limit reached'],
  ] as const)('shows the %i%% warning state', (level, text) => {
    render(
      <RulePanel
        timeZone="UTC"
        meters={makeMeters({ dailyLoss: lossMeter({ warning: level, usedPercent: level }) })}
      />,
    )
    const section = meterSection(daily)
    expect(section).toHaveAttribute('data-warning', String(level))
    if (text === null) {
      expect(within(section).queryByRole('status')).not.toBeInTheDocument()
    } else {
      expect(within(section).getByRole('status')).toHaveTextContent(text)
    }
    // the other meter is untouched
    expect(meterSection(max)).toHaveAttribute('data-warning', '0')
  })

  it('leaves out the rules a stage does not have', () => {
    render(
      <RulePanel
        timeZone="UTC"
        meters={makeMeters({
          profitTarget: null,
          dailyLoss: null,
          tradingDays: { required: 0, value: 3, met: true },
        })}
      />,
    )
    expect(screen.queryByRole('heading', { name: daily })).not.toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'Profit target' })).not.toBeInTheDocument()
    expect(screen.getByText('3 (no minimum)')).toBeInTheDocument()
  })
})

describe('RulePanel of an account that ended', () => {
  it('shows the balance and equity it ended with, not the daily reset', () => {
    render(
      <RulePanel
        timeZone="Europe/Berlin"
        meters={makeMeters({ status: 'failed' })}
        final={{ balance: 9_367_500, equity: 9_367_500 }}
      />,
    )

    const panel = screen.getByRole('region', { name: 'Rules' })
    expect(figure(panel, 'Final balance')).toBe('$93,675.00')
    expect(figure(panel, 'Final equity')).toBe('$93,675.00')
    expect(within(panel).queryByText(/Daily reset/)).not.toBeInTheDocument()
  })
})
