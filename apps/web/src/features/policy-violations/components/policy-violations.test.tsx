import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { PolicyViolation } from '@tp/api/policy-violations'
import { json, makeUser, mockApi } from '@/testing/mock-api'
import { signInAs } from '@/testing/render-app'
import { PolicyViolations } from './policy-violations'

const trader = makeUser({ id: 'trader-1', email: 'trader@example.com' })
const accountId = '00000000-0000-4000-8000-000000000001'

const violation: PolicyViolation = {
  id: '00000000-0000-4000-8000-0000000000a1',
  accountId,
  rule: 'lot-cap',
  positionId: '5000007',
  symbol: 'EURUSD',
  side: 'sell',
  volume: 51,
  limitVolume: 50,
  tradeTime: '2026-12-02T17:00:00.000Z',
  action: 'closed',
  createdAt: '2026-12-02T17:00:01.000Z',
}

const show = (props: { hideWhenEmpty?: boolean } = {}) =>
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <PolicyViolations accountId={accountId} {...props} />
    </QueryClientProvider>,
  )

describe('PolicyViolations', () => {
  it('lists each violation with its evidence and what the firm did', async () => {
    signInAs(trader)
    mockApi(
      {
        [`GET /api/trading/accounts/${accountId}/policy-violations`]: () =>
          json(200, { data: { violations: [violation] } }),
      },
      { user: trader },
    )
    show()
    expect(
      await screen.findByRole('heading', { name: /Trading rule violations \(1\)/ }),
    ).toBeVisible()
    expect(screen.getByText(/Lot cap: EURUSD sell 51 lots \(at most 50\)/)).toBeVisible()
    expect(screen.getByText(/position 5000007 · Position closed by the firm/)).toBeVisible()
  })

  it('says so when there is none, and hides on the dashboard', async () => {
    signInAs(trader)
    const api = mockApi(
      {
        [`GET /api/trading/accounts/${accountId}/policy-violations`]: () =>
          json(200, { data: { violations: [] } }),
      },
      { user: trader },
    )
    const { unmount } = show()
    expect(await screen.findByText(/No position of this account broke/)).toBeVisible()
    unmount()
    const key = `GET /api/trading/accounts/${accountId}/policy-violations`
    const before = api.callsTo(key).length
    const { container } = show({ hideWhenEmpty: true })
    await waitFor(() => expect(api.callsTo(key).length).toBe(before + 1))
    // answered and rendered: still nothing on the dashboard
    await waitFor(() => expect(container).toBeEmptyDOMElement())
    expect(screen.queryByTestId('policy-violations')).toBeNull()
  })
})
