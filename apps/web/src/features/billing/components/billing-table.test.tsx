import { screen, waitFor, within } from '@testing-library/react'
import axe from 'axe-core'
import { Settings } from 'luxon'
import { afterEach, describe, expect, it } from 'vitest'
import type { PaymentRecord } from '@tp/api'
import { json, makeUser, mockApi, type Handler } from '@/testing/mock-api'
import { renderApp } from '@/testing/render-app'

const trader = makeUser()

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

const payments: PaymentRecord[] = [
  {
    id: 'TP-100041',
    orderId: '0b8a3c4e-6f1d-4e2a-9b7c-1d2e3f4a5b6c',
    amount: 419.3,
    type: 'Crypto',
    accountId: null,
    date: '2025-06-01T08:15:00.000Z',
    status: 'Expired',
  },
  {
    id: 'TP-100042',
    orderId: '1c9b4d5f-7a2e-4f3b-8c8d-2e3f4a5b6c7d',
    amount: 1199.5,
    type: 'Card',
    accountId: '1001234',
    date: '2025-06-11T23:30:00.000Z',
    status: 'Completed',
  },
  {
    id: 'TP-100040',
    orderId: '2dac5e60-8b3f-4a4c-9d9e-3f4a5b6c7d8e',
    amount: 599,
    type: 'Card',
    accountId: '900001',
    date: '2025-05-20T12:00:00.000Z',
    status: 'Refunded',
  },
]

const defaultZone = Settings.defaultZone
afterEach(() => {
  Settings.defaultZone = defaultZone
})

function openPage(handler: Handler) {
  const api = mockApi({ 'POST /api/payment/get-balance': handler }, { user: trader })
  const app = renderApp('/user/billing', { user: trader })
  return { api, app }
}

describe('billing page', () => {
  it("lists the caller's payments newest first, in dollars and the browser's time zone", async () => {
    // the browser's time zone, as luxon reads it
    Settings.defaultZone = 'Asia/Tokyo'
    const { api } = openPage(() => json(200, { result: payments }))

    await screen.findByRole('cell', { name: 'TP-100042' })
    const table = screen.getByRole('table')
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['ID', 'Amount(USD)', 'Payment Type', 'Account ID', 'Date', 'Status'])

    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      )
    expect(rows).toEqual([
      ['TP-100042', '1,199.50', 'Card', '1001234', '2025-06-12 08:30', 'Completed'],
      ['TP-100041', '419.30', 'Crypto', '—', '2025-06-01 17:15', 'Expired'],
      ['TP-100040', '599.00', 'Card', '900001', '2025-05-20 21:00', 'Refunded'],
    ])

    // the caller is known from the token: no email in the body
    const [call] = api.callsTo('POST /api/payment/get-balance')
    expect(call!.body).toEqual({})
    expect(call!.headers.get('Authorization')).toBe('Bearer access-1')
  })

  it('has no serious accessibility violation', async () => {
    openPage(() => json(200, { result: payments }))
    await screen.findByRole('cell', { name: 'TP-100042' })
    expect(await seriousViolations()).toEqual([])
  })

  it('says so when there is no payment yet', async () => {
    openPage(() => json(200, { result: [] }))

    expect(await screen.findByText('No payments yet')).toBeInTheDocument()
    expect(screen.queryByRole('table')).not.toBeInTheDocument()
  })

  it('shows the reason when the payments cannot be loaded, and tries again', async () => {
    const { app, api } = openPage((_call, index) =>
      index === 0
        ? json(403, {
            code: 'EMAIL_MISMATCH',
            message: 'You can only act on your own account.',
          })
        : json(200, { result: payments }),
    )

    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('You can only act on your own account.'),
    )
    await app.user.click(screen.getByRole('button', { name: 'Try again' }))

    expect(await screen.findByRole('cell', { name: 'TP-100040' })).toBeInTheDocument()
    expect(api.callsTo('POST /api/payment/get-balance')).toHaveLength(2)
  })
})
