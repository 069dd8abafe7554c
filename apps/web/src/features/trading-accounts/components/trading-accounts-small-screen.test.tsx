import { screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { json, makeUser, mockApi } from '@/testing/mock-api'
import { renderApp } from '@/testing/render-app'
import type { AccountFixture } from '@/testing/trading-accounts'

// A phone (360 px): the Trading Accounts table would hide its later columns, the Server among
// them, behind a sideways scroll; the page lists the accounts as cards instead.

const trader = makeUser()

const account: AccountFixture = {
  id: '6f1c2a8e-3b4d-4c5e-8f70-9a1b2c3d4e5f',
  login: '1001234',
  password: 'trade-pass-1',
  investorPassword: null,
  server: 'TradepeakSim-MT5',
  platform: 'mt5',
  platformLabel: 'Simulated MT5',
  challenge: 'twoPhase',
  stage: 'phase1',
  planKey: 'twoPhase.phase1',
  rulebookVersion: 'v1',
  sizeK: 100,
  initialBalance: 10_000_000,
  leverage: 30,
  status: 'active',
  isTradingEnabled: true,
  isReadOnly: false,
  createdAt: '2025-06-10T09:00:00.000Z',
  endedAt: null,
  previousAccountId: null,
}

function phoneScreen(matches: (query: string) => boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: matches(query),
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }))
}

beforeEach(() => {
  phoneScreen((query) => query === '(max-width: 767px)')
})

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('trading accounts on a phone', () => {
  it('shows every account as a card with its login, password, platform and server', async () => {
    mockApi(
      { 'GET /api/trading/accounts': () => json(200, { accounts: [account] }) },
      { user: trader },
    )
    renderApp('/user/account', { user: trader })

    const list = await screen.findByRole('list', { name: 'Your trading accounts, newest first' })
    const card = within(list).getAllByRole('listitem')[0]!
    expect(card).toHaveTextContent('1001234')
    expect(within(card).getByText('Server')).toBeInTheDocument()
    expect(within(card).getByText('TradepeakSim-MT5')).toBeInTheDocument()
    expect(within(card).getByText('Platform')).toBeInTheDocument()
    expect(
      within(card).getByRole('button', { name: 'Show password of account 1001234' }),
    ).toBeInTheDocument()
    expect(
      within(card).getByRole('button', { name: 'Change trading password of account 1001234' }),
    ).toBeInTheDocument()
    expect(screen.queryByRole('table')).not.toBeInTheDocument()
  })
})
