import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { messages, type BreachEvidence } from '@tp/api'
import { json, mockApi } from '@/testing/mock-api'
import { renderApp } from '@/testing/render-app'
import { makeAccount, makePosition, makeState, trader } from '../testing/fixtures'

// The dashboard's badge of a failed account names the rule it broke and opens the evidence the
// account state carries (GET /api/trading/accounts/:id).

const breach: BreachEvidence = {
  rule: 'dailyLoss',
  t: '2025-06-11T10:15:30.000Z',
  balance: 10_000_000,
  equity: 9_499_000,
  floor: 9_500_000,
  rulebookVersion: 'v1',
  planKey: 'twoPhase.phase1',
  openPositions: [makePosition({ profit: -50_100, currentPrice: 107_298 })],
}

describe('dashboard: a failed account', () => {
  it('says which rule failed and shows the breach evidence', async () => {
    const failed = { status: 'failed', isTradingEnabled: false, isReadOnly: true } as const
    const account = makeAccount(failed)
    const state = makeState({ account: failed, breach })
    mockApi(
      {
        'GET /api/trading/accounts': () => json(200, { accounts: [account] }),
        [`GET /api/trading/accounts/${account.id}`]: () => json(200, state),
      },
      { user: trader },
    )
    const app = renderApp('/user/dashboard', { user: trader })

    const badge = await screen.findByRole('button', { name: 'Failed: daily loss' })
    await app.user.click(badge)

    const dialog = await screen.findByRole('dialog', {
      name: `Breach evidence of account ${account.login}`,
    })
    expect(dialog).toHaveTextContent(messages.trading.breached('Daily Loss Limit'))
    const value = (term: string) =>
      within(dialog).getByText(term, { selector: 'dt' }).nextElementSibling?.textContent
    expect(value('Rule')).toBe('Daily Loss Limit')
    expect(value('Equity')).toBe('$94,990.00')
    expect(value('Floor')).toBe('$95,000.00')
    expect(
      within(dialog).getByRole('table', { name: 'Positions open at the breach' }),
    ).toHaveTextContent('EURUSD')
  })

  it('an account that failed without a breach keeps the plain badge', async () => {
    const failed = { status: 'failed', isTradingEnabled: false, isReadOnly: true } as const
    const account = makeAccount(failed)
    mockApi(
      {
        'GET /api/trading/accounts': () => json(200, { accounts: [account] }),
        [`GET /api/trading/accounts/${account.id}`]: () =>
          json(200, makeState({ account: failed })),
      },
      { user: trader },
    )
    renderApp('/user/dashboard', { user: trader })

    const card = await screen.findByRole('region', { name: 'Trading account credentials' })
    expect(await within(card).findByText('Failed')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /^Failed:/ })).not.toBeInTheDocument()
  })
})
