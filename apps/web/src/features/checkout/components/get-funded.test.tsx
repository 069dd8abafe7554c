import { act, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { checkoutMessages, messages, storageKeys } from '@tp/api'
import { orderMessages } from '@tp/domain'
import { json } from '@/testing/mock-api'
import { renderApp } from '@/testing/render-app'
import {
  checkoutApi,
  makeOrder,
  makeSummary,
  orderId,
  savedBilling,
  trader,
} from '../testing/fixtures'

/** A selection stored as the chooser leaves it (spec 3 keys). */
function storeSelection(values: Partial<Record<'platform' | 'challenge' | 'balance', string>>) {
  for (const [key, value] of Object.entries(values)) window.localStorage.setItem(key, value)
}

async function openDetails(app: ReturnType<typeof renderApp>) {
  await app.user.click(await screen.findByRole('tab', { name: 'Detail & Payment' }))
  return screen.findByRole('form', { name: 'Billing information' })
}

const summaryLines = () =>
  within(screen.getByRole('list', { name: 'Order lines' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent)

const lastCall = (api: ReturnType<typeof checkoutApi>, key: string) => api.callsTo(key).at(-1)!

describe('get-funded: tabs (spec 2.6)', () => {
  it('moves to Detail & Payment with Continue and shows the server summary', async () => {
    checkoutApi({}, { billing: savedBilling })
    storeSelection({ platform: 'mt4', challenge: 'twoPhase', balance: '100000' })
    const app = renderApp('/get-funded', { user: trader })

    expect(await screen.findByRole('radio', { name: '$100K' })).toBeChecked()
    await app.user.click(screen.getByRole('button', { name: 'Continue' }))

    expect(screen.getByRole('tab', { name: 'Detail & Payment' })).toHaveAttribute(
      'aria-selected',
      'true',
    )
    const expected = makeSummary({ challenge: 'twoPhase', sizeK: 100 })
    await waitFor(() =>
      expect(summaryLines()).toEqual(expected.lines.map((line) => `${line.label}${line.text}`)),
    )
  })

  it('sends a visitor to sign in before the details', async () => {
    checkoutApi({}, { user: null })
    const app = renderApp('/get-funded')

    await app.user.click(await screen.findByRole('button', { name: 'Continue' }))

    expect(await screen.findByText(messages.auth.loginFirstToTrade)).toBeInTheDocument()
    expect(app.location()).toBe('/login?redirectTo=%2Fget-funded')
  })
})

describe('get-funded: add-ons (spec 4)', () => {
  it('follows the both/single toggle rules and prices what is on', async () => {
    const api = checkoutApi({}, { billing: savedBilling })
    storeSelection({ platform: 'mt4', challenge: 'twoPhase', balance: '10000' })
    const app = renderApp('/get-funded', { user: trader })
    await openDetails(app)
    const profitSplit = screen.getByRole('switch', { name: '100% Profit Split' })
    const fastPayout = screen.getByRole('switch', { name: 'Fast Payout' })
    const both = screen.getByRole('switch', { name: 'Both Add-ons' })

    // 'both' on switches on the other two
    await app.user.click(both)
    expect(profitSplit).toBeChecked()
    expect(fastPayout).toBeChecked()
    await waitFor(() =>
      expect(lastCall(api, 'GET /api/pricing/summary').search.get('addOns')).toBe(
        'profitSplit100,fastPayout',
      ),
    )

    // a single one off clears 'both'
    await app.user.click(fastPayout)
    expect(both).not.toBeChecked()
    expect(profitSplit).toBeChecked()
    await waitFor(() =>
      expect(lastCall(api, 'GET /api/pricing/summary').search.get('addOns')).toBe('profitSplit100'),
    )

    // both single ones on switch 'both' on
    await app.user.click(fastPayout)
    expect(both).toBeChecked()

    // 'both' off clears all
    await app.user.click(both)
    expect(profitSplit).not.toBeChecked()
    expect(fastPayout).not.toBeChecked()
    // priced again without add-ons (that summary is already known: no new request)
    const plain = makeSummary({ challenge: 'twoPhase', sizeK: 10 })
    await waitFor(() =>
      expect(summaryLines()).toEqual(plain.lines.map((line) => `${line.label}${line.text}`)),
    )
    expect(JSON.parse(window.localStorage.getItem(storageKeys.addOns)!)).toEqual({
      profitSplit100: false,
      fastPayout: false,
      both: false,
    })
  })
})

describe('get-funded: Place Order checks spec 5 in order', () => {
  it('terms, account size, platform, challenge, then billing, each with its message', async () => {
    const api = checkoutApi()
    const app = renderApp('/get-funded', { user: trader })
    await openDetails(app)
    const placeOrder = () => app.user.click(screen.getByRole('button', { name: 'Place Order' }))

    await placeOrder()
    expect(await screen.findAllByText(checkoutMessages.termsRequired)).not.toHaveLength(0)
    expect(
      screen.getByRole('checkbox', { name: 'I agree to the terms and conditions' }),
    ).toHaveAttribute('aria-invalid', 'true')

    await app.user.click(
      screen.getByRole('checkbox', { name: 'I agree to the terms and conditions' }),
    )
    await placeOrder()
    expect(await screen.findByText(orderMessages.selection.accountSize)).toBeInTheDocument()
    // the selection tab opens to fix it
    expect(screen.getByRole('tab', { name: 'Select Account' })).toHaveAttribute(
      'aria-selected',
      'true',
    )

    await app.user.click(screen.getByRole('radio', { name: '$5K' }))
    await openDetails(app)
    await placeOrder()
    expect(await screen.findByText(orderMessages.selection.platform)).toBeInTheDocument()

    await app.user.click(screen.getByRole('radio', { name: 'MetaTrader 5' }))
    await openDetails(app)
    await placeOrder()
    expect(await screen.findByText(orderMessages.selection.challenge)).toBeInTheDocument()

    await app.user.click(screen.getByRole('radio', { name: 'Two Phase' }))
    await openDetails(app)
    await placeOrder()
    expect(await screen.findByText(checkoutMessages.billingRequired)).toBeInTheDocument()
    expect(screen.getByLabelText('First Name')).toHaveAttribute('aria-invalid', 'true')

    expect(api.callsTo('POST /api/profile/put')).toHaveLength(0)
    expect(api.callsTo('POST /api/orders')).toHaveLength(0)
  })
})

describe('get-funded: billing profile (spec 2.6, 4, 8)', () => {
  const fill = async (app: ReturnType<typeof renderApp>) => {
    const values: Record<string, string> = {
      'First Name': 'Tess',
      'Last Name': 'Trader',
      'Company Name': 'Tess Trading',
      Country: 'Canada',
      'Apartment / Street Address': '12 Harbour St',
      'Town / City': 'Vancouver',
      'State / Province': 'BC',
      'Postal Code': 'V6B 1A1',
      Phone: '6045550123',
    }
    for (const [label, value] of Object.entries(values)) {
      await app.user.type(screen.getByLabelText(label), value)
    }
  }

  it('shows a saved profile locked, every field disabled and the email read-only', async () => {
    checkoutApi({}, { billing: savedBilling })
    const app = renderApp('/get-funded', { user: trader })
    await openDetails(app)

    expect(screen.getByLabelText('Email')).toHaveValue(trader.email)
    expect(screen.getByLabelText('Email')).toHaveAttribute('readonly')
    expect(screen.getByLabelText('First Name')).toHaveValue('Tess')
    expect(screen.getByLabelText('First Name')).toBeDisabled()
    expect(screen.getByLabelText('Phone')).toBeDisabled()
    expect(screen.getByText(messages.profile.billingLocked)).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Save Billing Info' })).not.toBeInTheDocument()
  })

  it('saves a complete profile with the account email, then locks it', async () => {
    const api = checkoutApi({
      'POST /api/profile/put': (call) =>
        json(200, {
          data: {
            updatedProfile: { ...(call.body as object), lockedAt: '2025-06-11T12:00:00.000Z' },
            user: { email: trader.email, phone: '6045550123' },
          },
        }),
    })
    const app = renderApp('/get-funded', { user: trader })
    await openDetails(app)

    expect(screen.getByLabelText('Email')).toHaveValue(trader.email)
    await fill(app)
    await app.user.click(screen.getByRole('button', { name: 'Save Billing Info' }))

    expect(await screen.findByText(messages.profile.billingSaved)).toBeInTheDocument()
    expect(api.callsTo('POST /api/profile/put')[0]!.body).toEqual({
      email: trader.email,
      firstName: 'Tess',
      lastName: 'Trader',
      companyName: 'Tess Trading',
      country: 'Canada',
      apartment: '12 Harbour St',
      town: 'Vancouver',
      state: 'BC',
      postalCode: 'V6B 1A1',
      phone: '6045550123',
    })
    expect(await screen.findByText(messages.profile.billingLocked)).toBeInTheDocument()
    expect(screen.getByLabelText('First Name')).toBeDisabled()
  })

  it("shows the server's message when saving fails, else the spec 8 text", async () => {
    checkoutApi({
      'POST /api/profile/put': (_call, index) =>
        index === 0
          ? json(409, { code: 'BILLING_LOCKED', message: 'Already saved elsewhere.' })
          : json(500, {}),
    })
    const app = renderApp('/get-funded', { user: trader })
    await openDetails(app)
    await fill(app)

    await app.user.click(screen.getByRole('button', { name: 'Save Billing Info' }))
    expect(await screen.findByText('Already saved elsewhere.')).toBeInTheDocument()

    await app.user.click(screen.getByRole('button', { name: 'Save Billing Info' }))
    expect(await screen.findByText(messages.profile.billingFailed)).toBeInTheDocument()
    expect(screen.getByLabelText('First Name')).toBeEnabled()
  })
})

describe('get-funded: coupon (decisions.md)', () => {
  it('applies a known code through the summary, and reports a refused one', async () => {
    const api = checkoutApi({}, { billing: savedBilling })
    storeSelection({ platform: 'mt4', challenge: 'twoPhase', balance: '100000' })
    const app = renderApp('/get-funded', { user: trader })
    await openDetails(app)

    await app.user.type(screen.getByLabelText('Coupon code'), 'save10')
    await app.user.click(screen.getByRole('button', { name: 'Apply' }))

    expect(await screen.findByText('Coupon SAVE10 applied: 10% off')).toBeInTheDocument()
    expect(lastCall(api, 'GET /api/pricing/summary').search.get('coupon')).toBe('SAVE10')
    const withCoupon = makeSummary({ challenge: 'twoPhase', sizeK: 100, coupon: 'SAVE10' })
    await waitFor(() =>
      expect(summaryLines()).toEqual(withCoupon.lines.map((line) => `${line.label}${line.text}`)),
    )

    await app.user.click(screen.getByRole('button', { name: 'Remove' }))
    await app.user.type(screen.getByLabelText('Coupon code'), 'BOGUS')
    await app.user.click(screen.getByRole('button', { name: 'Apply' }))

    expect(await screen.findByText(orderMessages.coupon.unknown)).toBeInTheDocument()
    const without = makeSummary({ challenge: 'twoPhase', sizeK: 100 })
    await waitFor(() =>
      expect(summaryLines()).toEqual(without.lines.map((line) => `${line.label}${line.text}`)),
    )
  })

  it('checks the code format before asking the server', async () => {
    const api = checkoutApi({}, { billing: savedBilling })
    storeSelection({ platform: 'mt4', challenge: 'twoPhase', balance: '5000' })
    const app = renderApp('/get-funded', { user: trader })
    await openDetails(app)
    await waitFor(() => expect(api.callsTo('GET /api/pricing/summary')).toHaveLength(1))

    await app.user.type(screen.getByLabelText('Coupon code'), 'a!')
    await app.user.click(screen.getByRole('button', { name: 'Apply' }))

    expect(await screen.findByText('A coupon code has at least 3 characters.')).toBeInTheDocument()
    expect(api.callsTo('GET /api/pricing/summary')).toHaveLength(1)
  })
})

describe('get-funded: the order', () => {
  it('creates the order from the selection only (no price) and opens the crypto screen', async () => {
    const api = checkoutApi(
      {
        'POST /api/orders': () =>
          json(201, {
            order: makeOrder({ method: 'crypto', couponCode: 'SAVE10' }),
          }),
      },
      { billing: savedBilling },
    )
    storeSelection({ platform: 'mt5', challenge: 'twoPhase', balance: '100000' })
    const app = renderApp('/get-funded', { user: trader })
    await openDetails(app)

    await app.user.click(screen.getByRole('switch', { name: 'Fast Payout' }))
    await app.user.click(screen.getByRole('radio', { name: 'Crypto' }))
    await app.user.type(screen.getByLabelText('Coupon code'), 'SAVE10')
    await app.user.click(screen.getByRole('button', { name: 'Apply' }))
    await screen.findByText('Coupon SAVE10 applied: 10% off')
    await app.user.click(
      screen.getByRole('checkbox', { name: 'I agree to the terms and conditions' }),
    )
    await app.user.click(screen.getByRole('button', { name: 'Place Order' }))

    await waitFor(() => expect(app.location()).toBe(`/oxapay?order=${orderId}`))
    expect(api.callsTo('POST /api/orders')).toHaveLength(1)
    expect(api.callsTo('POST /api/orders')[0]!.body).toEqual({
      challenge: 'twoPhase',
      platform: 'mt5',
      sizeK: 100,
      addOns: { profitSplit100: false, fastPayout: true },
      method: 'crypto',
      coupon: 'SAVE10',
      termsAccepted: true,
    })
    expect(api.callsTo('POST /api/profile/put')).toHaveLength(0)
  })

  it('the add-ons go with the order: the next order starts with them off', async () => {
    checkoutApi(
      { 'POST /api/orders': () => json(201, { order: makeOrder() }) },
      { billing: savedBilling },
    )
    storeSelection({ platform: 'mt5', challenge: 'twoPhase', balance: '100000' })
    const app = renderApp('/get-funded', { user: trader })
    await openDetails(app)
    await app.user.click(screen.getByRole('switch', { name: 'Both Add-ons' }))
    await app.user.click(
      screen.getByRole('checkbox', { name: 'I agree to the terms and conditions' }),
    )
    await app.user.click(screen.getByRole('button', { name: 'Place Order' }))
    await waitFor(() => expect(app.location()).toBe(`/paypal?order=${orderId}`))

    // a new order: Get Funded again, the selection kept, the add-ons off
    await act(() => app.router.navigate('/get-funded'))
    expect(await screen.findByRole('radio', { name: '$100K' })).toBeChecked()
    await openDetails(app)
    for (const name of ['100% Profit Split', 'Fast Payout', 'Both Add-ons']) {
      expect(screen.getByRole('switch', { name })).not.toBeChecked()
    }
  })

  it('saves a filled, unsaved billing profile first, then opens the card screen', async () => {
    const api = checkoutApi({
      'POST /api/profile/put': (call) =>
        json(200, {
          data: {
            updatedProfile: { ...(call.body as object), lockedAt: '2025-06-11T12:00:00.000Z' },
            user: { email: trader.email, phone: null },
          },
        }),
      'POST /api/orders': () => json(201, { order: makeOrder() }),
    })
    storeSelection({ platform: 'mt5', challenge: 'twoPhase', balance: '100000' })
    const app = renderApp('/get-funded', { user: trader })
    await openDetails(app)
    for (const label of [
      'First Name',
      'Last Name',
      'Company Name',
      'Country',
      'Apartment / Street Address',
      'Town / City',
      'State / Province',
      'Postal Code',
      'Phone',
    ]) {
      await app.user.type(screen.getByLabelText(label), 'x1')
    }
    await app.user.click(
      screen.getByRole('checkbox', { name: 'I agree to the terms and conditions' }),
    )
    await app.user.click(screen.getByRole('button', { name: 'Place Order' }))

    await waitFor(() => expect(app.location()).toBe(`/paypal?order=${orderId}`))
    expect(api.callsTo('POST /api/profile/put')).toHaveLength(1)
    const body = api.callsTo('POST /api/orders')[0]!.body as Record<string, unknown>
    expect(body.method).toBe('card')
    expect(body).not.toHaveProperty('amount')
    expect(body).not.toHaveProperty('coupon')
  })

  it("shows the server's refusal and stays", async () => {
    checkoutApi(
      {
        'POST /api/orders': () =>
          json(422, { code: 'VALIDATION', message: 'This plan cannot be bought right now.' }),
      },
      { billing: savedBilling },
    )
    storeSelection({ platform: 'mt4', challenge: 'instantFund', balance: '5000' })
    const app = renderApp('/get-funded', { user: trader })
    await openDetails(app)
    await app.user.click(
      screen.getByRole('checkbox', { name: 'I agree to the terms and conditions' }),
    )
    await app.user.click(screen.getByRole('button', { name: 'Place Order' }))

    expect(await screen.findByText('This plan cannot be bought right now.')).toBeInTheDocument()
    expect(app.location()).toBe('/get-funded')
  })
})
