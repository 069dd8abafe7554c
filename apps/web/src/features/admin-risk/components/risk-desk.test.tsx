import { act, screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { AdminRiskResponse, RiskBreachRow, RiskNearestRow } from '@tp/api'
import type { StreamHandlers } from '@/lib/stream-client'
import { json, makeUser, mockApi } from '@/testing/mock-api'
import { renderApp } from '@/testing/render-app'

// /admin/risk: the first state from GET /api/admin/risk, then the stream's risk-desk pushes: a
// ranking replaces the list, a breach joins the top of the breaches and leaves the ranking.

const opened: StreamHandlers[] = []
const sent: unknown[] = []
vi.mock('@/lib/stream-client', () => ({
  openStream: (handlers: StreamHandlers) => {
    opened.push(handlers)
    return { send: (message: unknown) => sent.push(message), close: vi.fn() }
  },
}))

const admin = makeUser({ id: 'admin-1', email: 'admin@example.com', role: 'admin', name: 'Ada' })
const owner = {
  ownerId: '22222222-2222-4222-8222-222222222222',
  ownerEmail: 'trader@example.com',
  ownerName: 'Tess Trader',
}

function nearestRow(n: number, equityCents: number, leftPercent: number): RiskNearestRow {
  return {
    accountId: `00000000-0000-4000-8000-00000000000${n}`,
    login: `70000${n}`,
    platform: 'mt5',
    planKey: 'twoPhase.phase1',
    stage: 'phase1',
    sizeK: 100,
    ...owner,
    balanceCents: 10_000_000,
    equityCents,
    dailyLoss: {
      floorCents: 9_400_000,
      distanceCents: equityCents - 9_400_000,
      allowanceCents: 600_000,
      leftPercent,
    },
    maxLoss: {
      floorCents: 8_800_000,
      distanceCents: equityCents - 8_800_000,
      allowanceCents: 1_200_000,
      leftPercent: 75,
    },
    nearest: 'dailyLoss',
    leftPercent,
  }
}

function breachOf(row: RiskNearestRow): RiskBreachRow {
  const { accountId, login, platform, planKey, stage, sizeK, ownerId, ownerEmail, ownerName } = row
  return {
    ...{ accountId, login, platform, planKey, stage, sizeK, ownerId, ownerEmail, ownerName },
    rule: 'dailyLoss',
    t: new Date().toISOString(),
    balanceCents: 10_000_000,
    equityCents: 9_390_000,
    floorCents: 9_400_000,
    openPositions: 1,
  }
}

const first = nearestRow(1, 9_700_000, 50)
const second = nearestRow(2, 9_850_000, 75)

function view(data: Partial<AdminRiskResponse['data']> = {}): AdminRiskResponse {
  return {
    data: {
      nearest: { at: new Date().toISOString(), monitored: 2, accounts: [first, second] },
      since: new Date(Date.now() - 86_400_000).toISOString(),
      breaches: [],
      ...data,
    },
  }
}

const region = (name: string) => screen.getByRole('region', { name })

beforeEach(() => {
  opened.length = 0
  sent.length = 0
})

describe('the live risk view', () => {
  it('shows the ranking and breaches, subscribes, and merges what the stream pushes', async () => {
    mockApi({ 'GET /api/admin/risk': () => json(200, view()) }, { user: admin })
    renderApp('/admin/risk', { user: admin })

    const firstLink = await screen.findByRole(
      'link',
      { name: 'Account 700001' },
      { timeout: 5_000 },
    )
    const nearest = region('Nearest to breach')
    const rows = within(nearest).getAllByRole('row')
    expect(rows[1]).toHaveTextContent('$97,000.00')
    expect(rows[1]).toHaveTextContent('$3,000.00 (50%)')
    expect(rows[2]).toHaveTextContent('$4,500.00 (75%)')
    expect(firstLink).toHaveAttribute('href', `/admin/tradingaccounts/${first.accountId}`)
    expect(
      within(region('Breaches of the last 24 hours')).getByText('No breach in the last 24 hours'),
    ).toBeInTheDocument()

    const handlers = opened.at(-1)!
    act(() => {
      handlers.onStatus?.('live')
      handlers.onReady({ send: (message) => sent.push(message) }, false)
    })
    expect(sent).toContainEqual({ type: 'risk-desk', isWatching: true })
    expect(screen.getByRole('status')).toHaveTextContent('Live')

    // a new ranking: the second account is now the nearer
    const moved = nearestRow(2, 9_460_000, 10)
    act(() =>
      handlers.onMessage(
        {
          type: 'risk-nearest',
          nearest: { at: new Date().toISOString(), monitored: 2, accounts: [moved, first] },
        },
        { send: vi.fn() },
      ),
    )
    // query data changes reach the page on the next notify tick
    await waitFor(() =>
      expect(within(region('Nearest to breach')).getAllByRole('row')[1]).toHaveTextContent(
        '700002',
      ),
    )
    const reordered = within(region('Nearest to breach')).getAllByRole('row')
    expect(reordered[1]).toHaveTextContent('$600.00 (10%)')
    expect(reordered[1]).toHaveTextContent('near')

    // it breaches: joins the breaches, leaves the ranking
    act(() =>
      handlers.onMessage({ type: 'risk-breach', breach: breachOf(moved) }, { send: vi.fn() }),
    )
    const breaches = region('Breaches of the last 24 hours')
    await waitFor(() => expect(within(breaches).getAllByRole('row')[1]).toHaveTextContent('700002'))
    const breachRow = within(breaches).getAllByRole('row')[1]!
    expect(breachRow).toHaveTextContent('700002')
    expect(breachRow).toHaveTextContent('Daily Loss Limit')
    expect(breachRow).toHaveTextContent('$93,900.00')
    expect(breachRow).toHaveTextContent('$94,000.00')
    expect(
      within(region('Nearest to breach')).queryByRole('link', { name: 'Account 700002' }),
    ).not.toBeInTheDocument()
  })

  it('says when there is nothing to watch', async () => {
    mockApi(
      {
        'GET /api/admin/risk': () =>
          json(
            200,
            view({ nearest: { at: new Date().toISOString(), monitored: 0, accounts: [] } }),
          ),
      },
      { user: admin },
    )
    renderApp('/admin/risk', { user: admin })
    expect(await screen.findByText('No active account to watch')).toBeInTheDocument()
    expect(screen.getByText('No breach in the last 24 hours')).toBeInTheDocument()
  })

  it('offers to try again when the view cannot be loaded', async () => {
    let calls = 0
    mockApi(
      {
        'GET /api/admin/risk': () => {
          calls += 1
          return calls === 1
            ? json(403, { code: 'ADMIN_ONLY', message: 'Only an admin can do this.' })
            : json(200, view())
        },
      },
      { user: admin },
    )
    const app = renderApp('/admin/risk', { user: admin })
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Only an admin can do this.'),
    )
    await app.user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('link', { name: 'Account 700001' })).toBeInTheDocument()
  })
})
