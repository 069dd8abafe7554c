import { act, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { messages, storageKeys } from '@tp/api'
import { PROVISIONING_POLL_MS } from '@/lib/trading-accounts'
import { json, mockApi, type Handler } from '@/testing/mock-api'
import { renderApp } from '@/testing/render-app'
import {
  accountId,
  credentialsHandlers,
  type AccountFixture,
  makeAccount,
  nextAccountId,
  otherAccountId,
} from '@/testing/trading-accounts'
import { trader } from '../testing/fixtures'

const accountsHandler =
  (...lists: AccountFixture[][]): Handler =>
  (_call, index) =>
    json(200, { accounts: lists[Math.min(index, lists.length - 1)] })

function openDashboard(handler: Handler, handlers: Record<string, Handler> = {}) {
  const api = mockApi({ 'GET /api/trading/accounts': handler, ...handlers }, { user: trader })
  const app = renderApp('/user/dashboard', { user: trader })
  return { api, app }
}

const card = () => screen.getByRole('region', { name: 'Trading account credentials' })
const credential = (label: string) =>
  within(card()).getByText(label, { selector: 'dt' }).nextElementSibling!

afterEach(() => {
  vi.useRealTimers()
})

describe('trader dashboard (spec 2.12)', () => {
  it('welcomes the trader and shows the current account credentials', async () => {
    const { app, api } = openDashboard(
      accountsHandler([makeAccount()]),
      credentialsHandlers(makeAccount()),
    )

    expect(
      await screen.findByRole('heading', { name: 'Welcome to start challenge!' }),
    ).toBeInTheDocument()
    await screen.findByRole('region', { name: 'Trading account credentials' })
    expect(credential('Login')).toHaveTextContent('1001234')
    expect(credential('Server')).toHaveTextContent('Tradepeak-Sim')
    expect(credential('Platform')).toHaveTextContent('Simulated MT5')
    expect(credential('Stage')).toHaveTextContent('Phase 1')
    expect(credential('Account size')).toHaveTextContent('$100K')
    expect(within(card()).getByText('Active')).toBeInTheDocument()

    // the password is hidden until asked for, and only then fetched
    expect(credential('Password')).not.toHaveTextContent('trade-pass-1')
    expect(api.callsTo(`GET /api/trading/accounts/${accountId}/credentials`)).toHaveLength(0)
    const show = screen.getByRole('button', { name: 'Show password of account 1001234' })
    await app.user.click(show)
    await waitFor(() => expect(credential('Password')).toHaveTextContent('trade-pass-1'))
    expect(show).toHaveAttribute('aria-pressed', 'true')
    expect(screen.queryByRole('button', { name: 'Next Account' })).not.toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Open trading terminal' })).toHaveAttribute(
      'href',
      '/user/tradingtool',
    )
  })

  it('Next Account cycles through the accounts and wraps to the first after the last', async () => {
    const { app } = openDashboard(
      accountsHandler([
        makeAccount({ id: accountId, login: '1001' }),
        makeAccount({
          id: nextAccountId,
          login: '1002',
          stage: 'phase2',
          planKey: 'twoPhase.phase2',
        }),
        makeAccount({ id: otherAccountId, login: '1003', status: 'failed', isReadOnly: true }),
      ]),
    )
    await screen.findByRole('region', { name: 'Trading account credentials' })
    const next = () => app.user.click(screen.getByRole('button', { name: 'Next Account' }))

    expect(credential('Login')).toHaveTextContent('1001')
    expect(screen.getByText(/Account 1 of 3/)).toBeInTheDocument()
    await next()
    expect(credential('Login')).toHaveTextContent('1002')
    expect(credential('Stage')).toHaveTextContent('Phase 2')
    await next()
    expect(credential('Login')).toHaveTextContent('1003')
    expect(within(card()).getByText('Failed')).toBeInTheDocument()
    await next()
    expect(credential('Login')).toHaveTextContent('1001')
    expect(screen.getByText(/Account 1 of 3/)).toBeInTheDocument()
  })

  it('an account being set up says so, and the card refreshes every 3 s until it is active', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const provisioning = makeAccount({ status: 'provisioning', login: '', password: '' })
    const { api } = openDashboard(accountsHandler([provisioning], [provisioning], [makeAccount()]))

    expect(await screen.findByText(messages.trading.accountProvisioning)).toBeInTheDocument()
    expect(api.callsTo('GET /api/trading/accounts')).toHaveLength(1)

    await act(() => vi.advanceTimersByTimeAsync(PROVISIONING_POLL_MS))
    await waitFor(() => expect(api.callsTo('GET /api/trading/accounts')).toHaveLength(2))
    expect(screen.getByText(messages.trading.accountProvisioning)).toBeInTheDocument()

    await act(() => vi.advanceTimersByTimeAsync(PROVISIONING_POLL_MS))
    await waitFor(() => expect(credential('Login')).toHaveTextContent('1001234'))
    expect(screen.queryByText(messages.trading.accountProvisioning)).not.toBeInTheDocument()

    // active: no more asking
    await act(() => vi.advanceTimersByTimeAsync(3 * PROVISIONING_POLL_MS))
    expect(api.callsTo('GET /api/trading/accounts')).toHaveLength(3)
  })

  it('without an account: an empty state, and Create an account opens the create-account modal', async () => {
    const { app } = openDashboard(accountsHandler([]))

    expect(await screen.findByText('You have no trading account yet')).toBeInTheDocument()
    await app.user.click(screen.getByRole('button', { name: 'Create an account' }))

    const dialog = await screen.findByRole('dialog', { name: 'Create an account' })
    await app.user.click(within(dialog).getByRole('radio', { name: 'Instant Funding' }))
    await app.user.click(within(dialog).getByRole('radio', { name: '$50K' }))
    await app.user.click(within(dialog).getByRole('button', { name: 'Create' }))

    await waitFor(() => expect(app.location()).toBe('/get-funded'))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(window.localStorage.getItem(storageKeys.challenge)).toBe('instantFund')
    expect(window.localStorage.getItem(storageKeys.balance)).toBe('50000')
    expect(window.localStorage.getItem(storageKeys.fee)).toBe('599')
  })

  it('shows the accounts error with a retry', async () => {
    const { app } = openDashboard((_call, index) =>
      index === 0
        ? json(404, { code: 'NOT_FOUND', message: 'Try once more.' })
        : json(200, { accounts: [makeAccount()] }),
    )

    expect(await screen.findByText('Try once more.')).toBeInTheDocument()
    await app.user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(
      await screen.findByRole('region', { name: 'Trading account credentials' }),
    ).toBeInTheDocument()
  })
})
