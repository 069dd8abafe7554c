import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { adminIdentityCheckSchema, adminPayoutSchema } from '@tp/api/payouts'
import type { z } from 'zod'
import { confirmWithReason } from '@/testing/admin-reason'
import { json, makeUser, mockApi } from '@/testing/mock-api'
import { renderApp } from '@/testing/render-app'

// /admin/payouts: each decision on a payout or an identity check carries its reason, checked in
// the browser with the server's own schema and words (decision 0055).

const admin = makeUser({ id: 'admin-1', email: 'admin@example.com', role: 'admin' })

const check: z.input<typeof adminIdentityCheckSchema> = {
  id: '0c4f3a2e-5d6b-4c7a-8e9f-1a2b3c4d5e6f',
  userId: '1d5e4b3f-6e7c-4d8b-9fa0-2b3c4d5e6f70',
  email: 'ada@example.com',
  status: 'pending',
  legalName: 'Ada Lovelace',
  dateOfBirth: '1990-12-10',
  country: 'GB',
  rejectionReason: null,
  submittedAt: '2026-11-27T10:00:00.000Z',
  reviewedAt: null,
  documentUrl: '/api/admin/identity-checks/0c4f3a2e-5d6b-4c7a-8e9f-1a2b3c4d5e6f/files/document',
  selfieUrl: '/api/admin/identity-checks/0c4f3a2e-5d6b-4c7a-8e9f-1a2b3c4d5e6f/files/selfie',
}

const payout: z.input<typeof adminPayoutSchema> = {
  id: '2e6f5c40-7f8d-4e9c-a0b1-3c4d5e6f7081',
  accountId: '3f7061d5-808e-4fad-b1c2-4d5e6f708192',
  accountLogin: '7001234',
  status: 'under_review',
  methodKind: 'crypto',
  methodLabel: 'USDT (TRC20) TJRa…Tv8',
  profitCents: 200_000,
  splitPercent: 90,
  traderShareCents: 180_000,
  feeRefundCents: 9_900,
  lateBonusCents: 0,
  lateBonusOwedCents: 0,
  totalCents: 189_900,
  requestedAt: '2026-11-27T10:00:00.000Z',
  paidAt: null,
  rejectionReason: null,
  reference: null,
  timeline: [],
  userId: check.userId,
  email: 'ada@example.com',
  identityStatus: 'approved',
  evidence: [{ key: 'tradingDays', met: true, message: '5 trading days' }],
  isEligibleNow: true,
}

function openPage() {
  // the identity images (fetched with the token) are not served here: they show "Could not load"
  const api = mockApi(
    {
      'GET /api/admin/identity-checks': () => json(200, { checks: [check] }),
      'GET /api/admin/payouts': () => json(200, { payouts: [payout] }),
      [`POST /api/admin/identity-checks/${check.id}/review`]: () =>
        json(200, { ...check, status: 'rejected' }),
      [`POST /api/admin/payouts/${payout.id}/review`]: () => json(200, { ok: true }),
    },
    { user: admin },
  )
  const app = renderApp('/admin/payouts', { user: admin })
  return { api, app }
}

describe('admin payouts: decisions with their reason', () => {
  it('approves a payout only once the reason is given, and sends it', async () => {
    const { api, app } = openPage()
    const card = await screen.findByTestId('admin-payout')
    const path = `POST /api/admin/payouts/${payout.id}/review`

    await confirmWithReason(app.user, card, {
      confirm: 'Approve payout',
      reasonLabel: 'Reason for the decision',
      reason: 'Evidence checked, wallet verified',
      sent: () => api.callsTo(path),
    })
    await waitFor(() => expect(api.callsTo(path)).toHaveLength(1))
    expect(api.callsTo(path)[0]!.body).toEqual({
      decision: 'approve',
      reason: 'Evidence checked, wallet verified',
    })
  })

  it('rejects an identity check with the reason the trader is told', async () => {
    const { api, app } = openPage()
    const review = await screen.findByTestId('identity-review')
    const path = `POST /api/admin/identity-checks/${check.id}/review`

    await app.user.type(within(review).getByLabelText('Reason for the decision'), 'no')
    await confirmWithReason(app.user, review, {
      confirm: 'Reject',
      reasonLabel: 'Reason for the decision',
      reason: 'The selfie does not show the document',
      sent: () => api.callsTo(path),
    })
    await waitFor(() => expect(api.callsTo(path)).toHaveLength(1))
    expect(api.callsTo(path)[0]!.body).toEqual({
      decision: 'reject',
      reason: 'The selfie does not show the document',
    })
  })
})
