import { screen } from '@testing-library/react'
import axe from 'axe-core'
import { describe, expect, it } from 'vitest'
import { checkoutMessages } from '@tp/api'
import { makeAccount } from '@/testing/trading-accounts'
import { json } from '@/testing/mock-api'
import { renderApp } from '@/testing/render-app'
import { checkoutApi, makeOrder, orderId, trader } from '../testing/fixtures'

// Structure checks (labels, roles, names) of the checkout pages in jsdom; colour contrast is left
// to the browser journeys.
async function seriousViolations() {
  const results = await axe.run(document.body, {
    rules: { 'color-contrast': { enabled: false } },
    resultTypes: ['violations'],
  })
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' | ')}`)
}

describe('checkout accessibility (axe)', () => {
  it('/get-funded, both steps and its errors', async () => {
    checkoutApi()
    window.localStorage.setItem('platform', 'mt4')
    window.localStorage.setItem('challenge', 'twoPhase')
    window.localStorage.setItem('balance', '10000')
    const app = renderApp('/get-funded', { user: trader })
    await screen.findByRole('radio', { name: '$10K' })
    expect(await seriousViolations()).toEqual([])

    await app.user.click(screen.getByRole('button', { name: 'Continue' }))
    await screen.findByRole('list', { name: 'Order lines' })
    await app.user.click(
      screen.getByRole('checkbox', { name: 'I agree to the terms and conditions' }),
    )
    await app.user.click(screen.getByRole('button', { name: 'Place Order' }))
    await screen.findByText(checkoutMessages.billingRequired)
    expect(await seriousViolations()).toEqual([])
  })

  it('/oxapay, both steps', async () => {
    checkoutApi(
      {
        'POST /api/payment/white-label/create': () =>
          json(201, {
            result: {
              orderId,
              trackId: 'T-1',
              payAmount: '0.0061',
              payCurrency: 'BTC',
              amount: 420,
              currency: 'USD',
              network: 'Bitcoin',
              address: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh',
              memo: null,
              QRCode: null,
              expiresAt: new Date(Date.now() + 30 * 60_000).toISOString(),
            },
          }),
        'GET /api/payment/get-history': () =>
          json(200, { result: { trackId: 'T-1', status: 'Waiting', orderId, accountId: null } }),
      },
      { orders: [makeOrder({ method: 'crypto' })] },
    )
    const app = renderApp(`/oxapay?order=${orderId}`, { user: trader })
    await app.user.click(await screen.findByRole('button', { name: 'Proceed to payment' }))
    await screen.findByRole('button', { name: 'Copy address' })
    expect(await seriousViolations()).toEqual([])
  })

  it('/pricing and the dashboard with its create-account modal', async () => {
    checkoutApi({
      'GET /api/pricing/quote': () =>
        json(200, { base: 59, addOns: 0, discount: 0, total: 59, currency: 'USD' }),
      'GET /api/trading/accounts': () =>
        json(200, { accounts: [makeAccount(), makeAccount({ id: crypto.randomUUID() })] }),
    })
    const pricing = renderApp('/pricing')
    await screen.findByText(/One-time fee/)
    expect(await seriousViolations()).toEqual([])
    pricing.unmount()

    const app = renderApp('/user/dashboard', { user: trader })
    await screen.findByRole('region', { name: 'Trading account credentials' })
    expect(await seriousViolations()).toEqual([])
    await app.user.click(screen.getByRole('button', { name: 'Create an account' }))
    await screen.findByRole('dialog', { name: 'Create an account' })
    expect(await seriousViolations()).toEqual([])
  })
})
