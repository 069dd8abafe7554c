import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { checkoutMessages } from '@tp/api'
import { json, mockApi, noResponse, type Handler } from '@/testing/mock-api'
import { renderApp } from '@/testing/render-app'
import { orderId, trader } from '../testing/fixtures'

const statusHandler =
  (status: string): Handler =>
  () =>
    json(200, { result: { trackId: 'T-1', status, orderId, accountId: null } })

describe('payment-success (spec 2.9)', () => {
  it('Paid: a success toast and the dashboard', async () => {
    const api = mockApi(
      {
        'GET /api/payment/get-history': statusHandler('Paid'),
        'GET /api/trading/accounts': () => json(200, { accounts: [] }),
      },
      { user: trader },
    )
    const app = renderApp('/payment-success?trackId=T-1', { user: trader })

    expect(await screen.findByText(checkoutMessages.successPaid)).toBeInTheDocument()
    await waitFor(() => expect(app.location()).toBe('/user/dashboard'))
    expect(api.callsTo('GET /api/payment/get-history')).toHaveLength(1)
    expect(api.callsTo('GET /api/payment/get-history')[0]!.search.get('trackId')).toBe('T-1')
  })

  it('any other status: still confirming, and home', async () => {
    mockApi({ 'GET /api/payment/get-history': statusHandler('Confirming') })
    const app = renderApp('/payment-success?trackId=T-1')

    expect(await screen.findByText(checkoutMessages.successConfirming)).toBeInTheDocument()
    await waitFor(() => expect(app.location()).toBe('/'))
  })

  it('no trackId: there is a problem, and home, without asking anything', async () => {
    const api = mockApi({})
    const app = renderApp('/payment-success')

    expect(await screen.findByText(checkoutMessages.successMissing)).toBeInTheDocument()
    await waitFor(() => expect(app.location()).toBe('/'))
    expect(api.callsTo('GET /api/payment/get-history')).toHaveLength(0)
  })

  it.each([
    ['the server fails', () => json(500, { code: 'INTERNAL', message: 'Server error.' })],
    ['no response arrives', noResponse],
  ])('when %s: Something wrong!', async (_case, handler) => {
    mockApi({ 'GET /api/payment/get-history': handler as Handler })
    const app = renderApp('/payment-success?trackId=T-1')

    expect(await screen.findAllByText(checkoutMessages.somethingWrong)).not.toHaveLength(0)
    expect(app.location()).toBe('/payment-success?trackId=T-1')
  })
})
