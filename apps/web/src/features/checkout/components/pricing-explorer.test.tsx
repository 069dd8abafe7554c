import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { pricingQuoteQuerySchema, storageKeys } from '@tp/api'
import { describePlanRules, quoteOrder, toPriceQuote } from '@tp/domain'
import { json, mockApi, type Handler } from '@/testing/mock-api'
import { renderApp } from '@/testing/render-app'

/** GET /api/pricing/quote priced with the domain, as the server does. */
const quoteHandler: Handler = (call) => {
  const query = pricingQuoteQuerySchema.parse(Object.fromEntries(call.search))
  return json(
    200,
    toPriceQuote(
      quoteOrder({
        challenge: query.challenge,
        sizeK: query.size,
        addOns: query.addOns,
        method: query.method,
        now: new Date(),
      }),
    ),
  )
}

/** The price as the page reads it out: "Price: $59.00". */
const price = () =>
  /Price: (\$[\d,]+\.\d{2})/.exec(screen.getByRole('status').textContent ?? '')?.[1]

describe('pricing explorer (spec 2.5)', () => {
  it('prices the chosen challenge and size with the quote endpoint, and shows each stage rules', async () => {
    const api = mockApi({ 'GET /api/pricing/quote': quoteHandler })
    const app = renderApp('/pricing')

    await waitFor(() => expect(price()).toBe('$59.00'))
    expect(Object.fromEntries(api.callsTo('GET /api/pricing/quote')[0]!.search)).toEqual({
      challenge: 'twoPhase',
      size: '5',
      method: 'card',
    })

    fireEvent.change(screen.getByRole('slider', { name: 'Account size' }), {
      target: { value: '4' },
    })
    await waitFor(() => expect(price()).toBe('$599.00'))
    expect(screen.getByRole('slider', { name: 'Account size' })).toHaveAttribute(
      'aria-valuetext',
      '$100K',
    )

    await app.user.click(screen.getByRole('tab', { name: 'Phase 2' }))
    const phase2 = describePlanRules('twoPhase.phase2', 100)
    const panel = screen.getByRole('tabpanel')
    for (const rule of phase2) expect(within(panel).getByText(rule.detail)).toBeInTheDocument()

    await app.user.click(screen.getByRole('radio', { name: 'Instant Funding' }))
    await waitFor(() => expect(price()).toBe('$1,999.00'))
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Funded'])
  })

  it('Start Challenge stores the explored plan like the chooser', async () => {
    mockApi({ 'GET /api/pricing/quote': quoteHandler })
    const app = renderApp('/pricing')
    await waitFor(() => expect(price()).toBe('$59.00'))

    await app.user.click(screen.getByRole('radio', { name: 'MetaTrader 5' }))
    await app.user.click(screen.getByRole('button', { name: 'Start Challenge' }))

    await waitFor(() => expect(app.location()).toBe('/login'))
    expect(window.localStorage.getItem(storageKeys.platform)).toBe('mt5')
    expect(window.localStorage.getItem(storageKeys.balance)).toBe('5000')
  })

  it('shows a failed quote with a retry', async () => {
    mockApi({
      'GET /api/pricing/quote': (call, index) =>
        index === 0
          ? json(400, { code: 'VALIDATION', message: 'Unknown size.' })
          : quoteHandler(call, index),
    })
    const app = renderApp('/pricing')

    expect(await screen.findByText('Unknown size.')).toBeInTheDocument()
    await app.user.click(screen.getByRole('button', { name: 'Try again' }))
    await waitFor(() => expect(price()).toBe('$59.00'))
  })
})
