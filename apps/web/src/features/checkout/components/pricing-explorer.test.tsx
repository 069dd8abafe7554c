import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { storageKeys } from '@tp/api'
import {
  describePlanRules,
  formatMoney,
  noAddOns,
  quoteOrder,
  toPriceQuote,
  usdFromDollars,
} from '@tp/domain'
import { mockApi } from '@/testing/mock-api'
import { renderApp } from '@/testing/render-app'

/** The price the server quotes for a card payment without add-ons (GET /api/pricing/quote). */
const quoted = (challenge: 'twoPhase' | 'instantFund', sizeK: 5 | 100) =>
  formatMoney(
    usdFromDollars(
      toPriceQuote(
        quoteOrder({ challenge, sizeK, addOns: noAddOns, method: 'card', now: new Date() }),
      ).total,
    ),
  )

/** The price as the page reads it out: "Price: $59.00". */
const price = () =>
  /Price: (\$[\d,]+\.\d{2})/.exec(screen.getByRole('status').textContent ?? '')?.[1]

describe('pricing explorer (spec 2.5)', () => {
  it('shows the fee the server would quote for the chosen challenge and size, and each stage rules, asking the server nothing', async () => {
    const api = mockApi({})
    const app = renderApp('/pricing')

    await waitFor(() => expect(price()).toBe('$59.00'))
    expect(price()).toBe(quoted('twoPhase', 5))

    fireEvent.change(screen.getByRole('slider', { name: 'Account size' }), {
      target: { value: '4' },
    })
    await waitFor(() => expect(price()).toBe('$599.00'))
    expect(price()).toBe(quoted('twoPhase', 100))
    expect(screen.getByRole('slider', { name: 'Account size' })).toHaveAttribute(
      'aria-valuetext',
      '$100K',
    )

    await app.user.click(screen.getByRole('tab', { name: 'Phase 2' }))
    const phase2 = describePlanRules('twoPhase.phase2', 100)
    const panel = screen.getByRole('tabpanel')
    for (const rule of phase2) {
      expect(within(panel).getByText(rule.detail)).toBeInTheDocument()
      expect(within(panel).getAllByText(rule.value).length).toBeGreaterThan(0)
    }

    await app.user.click(screen.getByRole('radio', { name: 'Instant Funding' }))
    await waitFor(() => expect(price()).toBe(quoted('instantFund', 100)))
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Funded'])
    expect(api.callsTo('GET /api/pricing/quote')).toHaveLength(0)
  })

  it('Start Challenge stores the explored plan like the chooser', async () => {
    mockApi({})
    const app = renderApp('/pricing')
    await waitFor(() => expect(price()).toBe('$59.00'))

    await app.user.click(screen.getByRole('radio', { name: 'MetaTrader 5' }))
    await app.user.click(screen.getByRole('button', { name: 'Start Challenge' }))

    await waitFor(() => expect(app.location()).toBe('/login'))
    expect(window.localStorage.getItem(storageKeys.platform)).toBe('mt5')
    expect(window.localStorage.getItem(storageKeys.balance)).toBe('5000')
  })
})
