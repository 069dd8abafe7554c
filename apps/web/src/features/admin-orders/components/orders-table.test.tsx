import { screen, waitFor, within } from '@testing-library/react'
import axe from 'axe-core'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { adminOrdersResponseSchema, type OrderSummaryDto } from '@tp/api'
import { confirmWithReason } from '@/testing/admin-reason'
import { json, makeUser, mockApi, type Handler } from '@/testing/mock-api'
import { renderApp } from '@/testing/render-app'
import type { AdminOrderDto } from '../utils/types'

const admin = makeUser({ id: 'admin-1', email: 'admin@example.com', role: 'admin' })

// structure only (labels, roles, names): jsdom cannot judge colours
async function seriousViolations() {
  const results = await axe.run(document.body, {
    rules: { 'color-contrast': { enabled: false } },
    resultTypes: ['violations'],
  })
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' | ')}`)
}

const summary: OrderSummaryDto = {
  challenge: 'twoPhase',
  sizeK: 100,
  addOns: { profitSplit100: false, fastPayout: false },
  method: 'card',
  base: 59_900,
  addOnPercent: 0,
  addOnAmount: 0,
  subtotal: 59_900,
  couponDiscount: 0,
  cryptoDiscount: 0,
  discount: 0,
  total: 59_900,
  currency: 'USD',
  coupon: null,
  lines: [{ kind: 'total', label: 'Total', amount: 59_900, text: '$599.00' }],
}

function makeOrder(overrides: Partial<AdminOrderDto> = {}): AdminOrderDto {
  return {
    id: '0b8a3c4e-6f1d-4e2a-9b7c-1d2e3f4a5b6c',
    number: 'TP-100042',
    status: 'fulfilled',
    challenge: 'twoPhase',
    platform: 'mt5',
    sizeK: 100,
    addOns: { profitSplit100: false, fastPayout: false },
    method: 'card',
    couponCode: null,
    summary,
    total: 59_900,
    currency: 'USD',
    provider: 'paypal',
    providerReference: '5O190127TN364715T',
    createdAt: '2025-06-11T10:00:00.000Z',
    paidAt: '2025-06-11T10:02:00.000Z',
    accountId: '6f1c2a8e-3b4d-4c5e-8f70-9a1b2c3d4e5f',
    userEmail: 'tess@example.com',
    provisioningError: null,
    reviewReason: null,
    ...overrides,
  }
}

const fulfilled = makeOrder()
const failedSetup = makeOrder({
  id: '1c9b4d5f-7a2e-4f3b-8c8d-2e3f4a5b6c7d',
  number: 'TP-100043',
  status: 'paid',
  accountId: null,
  provisioningError: 'Trading server unreachable (timeout after 10 s).',
})
const underReview = makeOrder({
  id: '2dac5e60-8b3f-4a4c-9d9e-3f4a5b6c7d8e',
  number: 'TP-100044',
  status: 'under_review',
  challenge: 'instantFund',
  platform: 'mt4',
  sizeK: 1000,
  method: 'crypto',
  total: 419_300,
  provider: 'oxapay',
  accountId: null,
  paidAt: null,
  userEmail: 'late@example.com',
  reviewReason: 'Paid 12 minutes after the session expired.',
})
const allOrders = [underReview, failedSetup, fulfilled]

function ordersAnswer(orders: AdminOrderDto[]) {
  // a fixture that breaks the contract would fail here, not in the page
  return json(200, adminOrdersResponseSchema.parse({ orders }))
}

function openPage(
  handlers: Record<string, Handler> = {},
  orders: Handler = () => ordersAnswer(allOrders),
  url = '/admin/orders',
) {
  const api = mockApi({ 'GET /api/admin/orders': orders, ...handlers }, { user: admin })
  const app = renderApp(url, { user: admin })
  return { api, app }
}

async function rowOf(number: string) {
  const cell = await screen.findByRole('cell', { name: number })
  return cell.closest('tr')!
}

describe('admin orders: list', () => {
  it('shows every column of each order', async () => {
    openPage()

    const row = await rowOf('TP-100044')
    expect(
      within(screen.getByRole('table'))
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual([
      'Order',
      'User',
      'Challenge',
      'Method',
      'Total',
      'Status',
      'Created',
      'Paid',
      'Account ID',
      'Error / review reason',
      'Actions',
    ])
    const cells = within(row).getAllByRole('cell')
    expect(cells[1]).toHaveTextContent('late@example.com')
    expect(cells[2]).toHaveTextContent('Instant Funding · $1M · MT4')
    expect(cells[3]).toHaveTextContent('Crypto')
    expect(cells[4]).toHaveTextContent('$4,193.00')
    expect(cells[5]).toHaveTextContent('Under review')
    expect(cells[7]).toHaveTextContent('—')
    expect(cells[9]).toHaveTextContent('Paid 12 minutes after the session expired.')

    const done = within(await rowOf('TP-100042')).getAllByRole('cell')
    expect(done[2]).toHaveTextContent('Two Phase · $100K · MT5')
    expect(done[3]).toHaveTextContent('Card')
    expect(done[5]).toHaveTextContent('Completed')
    expect(done[8]).toHaveTextContent(fulfilled.accountId!)
    // a fulfilled order can only be refunded
    expect(
      within(await rowOf('TP-100042'))
        .queryAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Refund'])

    expect(within(await rowOf('TP-100043')).getAllByRole('cell')[9]).toHaveTextContent(
      'Trading server unreachable (timeout after 10 s).',
    )
  })

  it('filters by status, through the API and the URL', async () => {
    const { api, app } = openPage({}, (call) => {
      const status = call.search.get('status')
      return ordersAnswer(status ? allOrders.filter((order) => order.status === status) : allOrders)
    })
    await rowOf('TP-100042')

    await app.user.click(screen.getByRole('combobox', { name: 'Status' }))
    await app.user.click(await screen.findByRole('option', { name: 'Under review' }))

    await waitFor(() => expect(screen.queryByRole('cell', { name: 'TP-100042' })).toBeNull())
    expect(screen.getByRole('cell', { name: 'TP-100044' })).toBeInTheDocument()
    expect(app.location()).toBe('/admin/orders?status=under_review')
    expect(api.callsTo('GET /api/admin/orders').map((call) => call.search.get('status'))).toEqual([
      null,
      'under_review',
    ])
  })

  it('offers every status of the contract in the filter', async () => {
    const { app } = openPage()
    await rowOf('TP-100042')

    await app.user.click(screen.getByRole('combobox', { name: 'Status' }))
    const options = (await screen.findAllByRole('option')).map((option) => option.textContent)
    expect(options).toEqual([
      'All statuses',
      'Pending',
      'Paid',
      'Setting up',
      'Completed',
      'Failed',
      'Expired',
      'Refunded',
      'Under review',
    ])
  })

  it('says so when no order matches', async () => {
    openPage({}, () => ordersAnswer([]), '/admin/orders?status=refunded')

    expect(await screen.findByText('No refunded orders')).toBeInTheDocument()
    expect(screen.queryByRole('table')).not.toBeInTheDocument()
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveTextContent('Refunded')
  })

  it('says so when there is no order at all', async () => {
    openPage({}, () => ordersAnswer([]))
    expect(await screen.findByText('No orders yet')).toBeInTheDocument()
  })

  it('shows the reason when the orders cannot be loaded', async () => {
    openPage({}, () =>
      json(403, {
        code: 'ADMIN_ONLY',
        message: "You don't have permission to access this resources.",
      }),
    )
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        "You don't have permission to access this resources.",
      ),
    )
  })
})

describe('admin orders: actions', () => {
  const retryPath = `POST /api/admin/orders/${failedSetup.id}/retry`
  const reviewPath = `POST /api/admin/orders/${underReview.id}/review`

  it('retries the provisioning of a paid order after a confirmation with a reason, then reloads the list', async () => {
    const { api, app } = openPage({ [retryPath]: () => json(200, { ok: true }) })
    const row = await rowOf('TP-100043')

    await app.user.click(
      within(row).getByRole('button', { name: 'Retry provisioning of TP-100043' }),
    )
    const dialog = await screen.findByRole('alertdialog', {
      name: 'Retry provisioning of TP-100043?',
    })
    expect(dialog).toHaveTextContent('Trading server unreachable (timeout after 10 s).')
    expect(api.callsTo(retryPath)).toHaveLength(0)

    await confirmWithReason(app.user, dialog, {
      confirm: 'Retry provisioning',
      reasonLabel: 'Reason (audited)',
      reason: 'Trading server back since 10:05',
      sent: () => api.callsTo(retryPath),
    })

    expect(await screen.findByText('Provisioning of TP-100043 started again.')).toBeInTheDocument()
    expect(api.callsTo(retryPath)).toHaveLength(1)
    expect(api.callsTo(retryPath)[0]!.body).toEqual({ reason: 'Trading server back since 10:05' })
    await waitFor(() => expect(api.callsTo('GET /api/admin/orders')).toHaveLength(2))
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument()
  })

  it('has no serious accessibility violation, nor has its review dialog', async () => {
    const { app } = openPage()
    const row = await rowOf('TP-100044')
    expect(await seriousViolations()).toEqual([])

    await app.user.click(within(row).getByRole('button', { name: 'Reject TP-100044' }))
    await screen.findByRole('alertdialog', { name: 'Reject TP-100044?' })
    expect(await seriousViolations()).toEqual([])
  })

  it('offers a retry only for paid or failed orders that have a provisioning error', async () => {
    const failed = makeOrder({
      id: '3ebd6f71-9c4a-4b5d-8e0f-4a5b6c7d8e9f',
      number: 'TP-100045',
      status: 'failed',
      provisioningError: 'Rejected by the platform.',
    })
    const paidWithoutError = makeOrder({
      id: '4fce7082-ad5b-4c6e-9f10-5b6c7d8e9fa0',
      number: 'TP-100046',
      status: 'paid',
    })
    openPage({}, () => ordersAnswer([failed, paidWithoutError, underReview]))

    expect(
      within(await rowOf('TP-100045')).getByRole('button', { name: /Retry provisioning/ }),
    ).toBeInTheDocument()
    expect(
      within(await rowOf('TP-100046')).queryByRole('button', { name: /Retry/ }),
    ).not.toBeInTheDocument()
    expect(within(await rowOf('TP-100044')).queryByRole('button', { name: /Retry/ })).toBeNull()
  })

  it('approves an order under review with its reason', async () => {
    const { api, app } = openPage({ [reviewPath]: () => json(200, { ok: true }) })
    const row = await rowOf('TP-100044')

    await app.user.click(within(row).getByRole('button', { name: 'Approve TP-100044' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Approve TP-100044?' })
    expect(dialog).toHaveTextContent('Paid 12 minutes after the session expired.')
    await app.user.type(
      within(dialog).getByLabelText('Reason (kept with the order)'),
      '  Checked on chain  ',
    )
    await app.user.click(within(dialog).getByRole('button', { name: 'Approve' }))

    expect(await screen.findByText('Order TP-100044 approved.')).toBeInTheDocument()
    expect(api.callsTo(reviewPath).map((call) => call.body)).toEqual([
      { decision: 'fulfil', note: 'Checked on chain' },
    ])
    await waitFor(() => expect(api.callsTo('GET /api/admin/orders')).toHaveLength(2))
  })

  it('rejects an order under review only with a reason, and sends nothing when cancelled', async () => {
    const { api, app } = openPage({ [reviewPath]: () => json(200, { ok: true }) })
    const row = await rowOf('TP-100044')

    await app.user.click(within(row).getByRole('button', { name: 'Reject TP-100044' }))
    let dialog = await screen.findByRole('alertdialog', { name: 'Reject TP-100044?' })
    await app.user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument())
    expect(api.callsTo(reviewPath)).toHaveLength(0)

    await app.user.click(within(row).getByRole('button', { name: 'Reject TP-100044' }))
    dialog = await screen.findByRole('alertdialog', { name: 'Reject TP-100044?' })
    await confirmWithReason(app.user, dialog, {
      confirm: 'Reject',
      reasonLabel: 'Reason (kept with the order)',
      reason: 'Paid from a third party',
      sent: () => api.callsTo(reviewPath),
    })

    expect(await screen.findByText('Order TP-100044 rejected.')).toBeInTheDocument()
    expect(api.callsTo(reviewPath).map((call) => call.body)).toEqual([
      { decision: 'reject', note: 'Paid from a third party' },
    ])
    await waitFor(() => expect(api.callsTo('GET /api/admin/orders')).toHaveLength(2))
  })

  it("keeps the dialog open and toasts the server's reason when an action is refused", async () => {
    const { api, app } = openPage({
      [reviewPath]: () =>
        json(409, {
          code: 'ORDER_NOT_PAYABLE',
          message: 'Only an order under review can be decided.',
        }),
    })
    const row = await rowOf('TP-100044')

    await app.user.click(within(row).getByRole('button', { name: 'Approve TP-100044' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Approve TP-100044?' })
    await app.user.type(
      within(dialog).getByLabelText('Reason (kept with the order)'),
      'Checked on chain',
    )
    await app.user.click(within(dialog).getByRole('button', { name: 'Approve' }))

    expect(
      await screen.findByText('Only an order under review can be decided.'),
    ).toBeInTheDocument()
    expect(screen.getByRole('alertdialog')).toBeInTheDocument()
    expect(api.callsTo('GET /api/admin/orders')).toHaveLength(1)
  })
})

describe('admin orders: refunds', () => {
  const refundPath = (order: AdminOrderDto) => `POST /api/admin/orders/${order.id}/refund`

  it('offers a refund only for orders money came in for', async () => {
    openPage()
    expect(
      within(await rowOf('TP-100042')).getByRole('button', { name: 'Refund TP-100042' }),
    ).toBeInTheDocument()
    // under review: money arrived, late or short
    expect(
      within(await rowOf('TP-100044')).getByRole('button', { name: 'Refund TP-100044' }),
    ).toBeInTheDocument()
    const pending = makeOrder({
      id: '3ebd6f71-9c40-4b5d-8eaf-4a5b6c7d8e9f',
      number: 'TP-100045',
      status: 'pending',
      paidAt: null,
      accountId: null,
    })
    openPage({}, () => ordersAnswer([pending]))
    const row = await rowOf('TP-100045')
    expect(within(row).queryByRole('button', { name: /Refund/ })).not.toBeInTheDocument()
  })

  it('refunds a card order through PayPal after a confirmation, with a note to the buyer', async () => {
    const { api, app } = openPage({ [refundPath(fulfilled)]: () => json(200, { ok: true }) })
    const row = await rowOf('TP-100042')

    await app.user.click(within(row).getByRole('button', { name: 'Refund TP-100042' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Refund TP-100042?' })
    expect(dialog).toHaveTextContent('$599.00: The payment is refunded in full through PayPal now.')
    expect(dialog).toHaveTextContent('trading accounts it bought are closed')
    await app.user.type(within(dialog).getByLabelText('Note to the buyer'), 'Sorry!')
    await app.user.click(within(dialog).getByRole('button', { name: 'Refund' }))

    expect(await screen.findByText('Order TP-100042 refunded.')).toBeInTheDocument()
    expect(api.callsTo(refundPath(fulfilled)).map((call) => call.body)).toEqual([
      { note: 'Sorry!' },
    ])
    await waitFor(() => expect(api.callsTo('GET /api/admin/orders')).toHaveLength(2))
  })

  it('needs the refund transaction of a crypto order before sending anything', async () => {
    const { api, app } = openPage({ [refundPath(underReview)]: () => json(200, { ok: true }) })
    const row = await rowOf('TP-100044')

    await app.user.click(within(row).getByRole('button', { name: 'Refund TP-100044' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Refund TP-100044?' })
    expect(dialog).toHaveTextContent('OxaPay cannot send coins back')
    await confirmWithReason(app.user, dialog, {
      confirm: 'Refund',
      reasonLabel: 'Refund transaction',
      reason: 'tx 0xab12, 4193 USDT',
      sent: () => api.callsTo(refundPath(underReview)),
    })
    expect(await screen.findByText('Order TP-100044 refunded.')).toBeInTheDocument()
    expect(api.callsTo(refundPath(underReview)).map((call) => call.body)).toEqual([
      { note: 'tx 0xab12, 4193 USDT' },
    ])
  })
})

describe('admin orders on a phone', () => {
  beforeEach(() => {
    // a 360 px screen: the table's later columns (the errors, the actions) would sit off-screen
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query === '(max-width: 767px)',
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }))
  })
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  it('lists each order as a card with its figures, its reason and its actions', async () => {
    const { app } = openPage()

    const list = await screen.findByRole('list', { name: 'Orders, newest first' })
    expect(screen.queryByRole('table')).not.toBeInTheDocument()
    const cards = within(list).getAllByRole('listitem')
    expect(cards.map((card) => within(card).getByText(/^TP-/).textContent)).toEqual([
      'TP-100044',
      'TP-100043',
      'TP-100042',
    ])
    const late = cards[0]!
    expect(late).toHaveTextContent('late@example.com')
    expect(late).toHaveTextContent('Paid 12 minutes after the session expired.')
    expect(cards[1]).toHaveTextContent('Trading server unreachable (timeout after 10 s).')

    await app.user.click(within(late).getByRole('button', { name: 'Approve TP-100044' }))
    expect(await screen.findByRole('alertdialog', { name: /TP-100044/ })).toBeInTheDocument()
  })
})
