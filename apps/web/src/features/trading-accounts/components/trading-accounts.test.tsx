import { screen, waitFor, within } from '@testing-library/react'
import axe from 'axe-core'
import { describe, expect, it, vi } from 'vitest'
import { messages } from '@tp/api'
import { json, makeUser, mockApi, type Handler } from '@/testing/mock-api'
import { renderApp } from '@/testing/render-app'
import { credentialsHandlers, type AccountFixture } from '@/testing/trading-accounts'

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

function makeAccount(overrides: Partial<AccountFixture> = {}): AccountFixture {
  return {
    id: '6f1c2a8e-3b4d-4c5e-8f70-9a1b2c3d4e5f',
    login: '1001234',
    password: 'trade-pass-1',
    investorPassword: null,
    server: 'Tradepeak-Sim',
    platform: 'mt5',
    platformLabel: 'Simulated MT5',
    challenge: 'twoPhase',
    stage: 'phase2',
    planKey: 'twoPhase.phase2',
    rulebookVersion: 'v1',
    sizeK: 100,
    initialBalance: 10_000_000,
    leverage: 30,
    status: 'active',
    isTradingEnabled: true,
    isReadOnly: false,
    createdAt: '2025-06-10T09:00:00.000Z',
    endedAt: null,
    previousAccountId: '1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed',
    ...overrides,
  }
}

const active = makeAccount()
const credentialsOf = (account: AccountFixture) => ({
  accountId: account.id,
  login: account.login,
  server: account.server,
  password: account.password,
  investorPassword: account.investorPassword,
})
const passed = makeAccount({
  id: '1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed',
  login: '900001',
  password: 'old-pass-9',
  platform: 'mt4',
  platformLabel: 'Simulated MT4',
  stage: 'phase1',
  planKey: 'twoPhase.phase1',
  sizeK: 25,
  status: 'passed',
  isTradingEnabled: false,
  isReadOnly: true,
  createdAt: '2025-06-01T09:00:00.000Z',
  endedAt: '2025-06-10T08:59:00.000Z',
  previousAccountId: null,
})

function openPage(accounts: Handler | AccountFixture[], handlers: Record<string, Handler> = {}) {
  const api = mockApi(
    {
      'GET /api/trading/accounts':
        typeof accounts === 'function' ? accounts : () => json(200, { accounts }),
      ...credentialsHandlers(active, passed),
      ...handlers,
    },
    { user: trader },
  )
  const app = renderApp('/user/account', { user: trader })
  return { api, app }
}

async function rowOf(login: string) {
  const cell = await screen.findByRole('cell', { name: login })
  return cell.closest('tr')!
}

describe('trading accounts page', () => {
  it("lists the trader's accounts, newest first, with the spec 2.13 columns", async () => {
    openPage([passed, active])

    await screen.findByRole('cell', { name: '1001234' })
    const table = screen.getByRole('table')
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent)
    expect(headers).toEqual([
      'No',
      'Login',
      'Password',
      'Platform',
      'Server',
      'Account ID',
      'Stage',
      'Size',
      'Status',
      'Actions',
    ])

    const rows = within(table).getAllByRole('row').slice(1)
    expect(rows).toHaveLength(2)
    const first = within(rows[0]!).getAllByRole('cell')
    expect(first[0]).toHaveTextContent('1')
    expect(first[1]).toHaveTextContent('1001234')
    expect(first[3]).toHaveTextContent('Simulated MT5')
    expect(first[4]).toHaveTextContent('Tradepeak-Sim')
    expect(first[5]).toHaveTextContent(active.id)
    expect(first[6]).toHaveTextContent('Two Phase · Phase 2')
    expect(first[7]).toHaveTextContent('$100,000')
    expect(first[8]).toHaveTextContent('Active')

    const second = within(rows[1]!).getAllByRole('cell')
    expect(second[1]).toHaveTextContent('900001')
    expect(second[3]).toHaveTextContent('Simulated MT4')
    expect(second[7]).toHaveTextContent('$25,000')
    expect(second[8]).toHaveTextContent('Passed')

    // only an active account's password can be changed
    expect(
      within(rows[0]!).getByRole('button', { name: 'Change trading password of account 1001234' }),
    ).toBeInTheDocument()
    expect(within(rows[1]!).queryByRole('button', { name: /Change trading password/ })).toBeNull()
  })

  it("opens the checkout's chooser from 'Create an account', which leads to checkout", async () => {
    const { app } = openPage([active])
    await rowOf('1001234')

    await app.user.click(screen.getByRole('button', { name: 'Create an account' }))
    const dialog = await screen.findByRole('dialog', { name: 'Create an account' })
    await app.user.click(within(dialog).getByRole('button', { name: /^Create/ }))

    await waitFor(() => expect(app.location()).toBe('/get-funded'))
    expect(screen.queryByRole('dialog', { name: 'Create an account' })).not.toBeInTheDocument()
  })

  it('masks each password until shown, and copies it without showing it', async () => {
    const { app } = openPage([active])
    const row = await rowOf('1001234')

    expect(row).not.toHaveTextContent('trade-pass-1')
    expect(row).toHaveTextContent('••••••••')

    await app.user.click(
      within(row).getByRole('button', { name: 'Copy password of account 1001234' }),
    )
    expect(await screen.findByText('Password copied to the clipboard.')).toBeInTheDocument()
    expect(await navigator.clipboard.readText()).toBe('trade-pass-1')
    expect(row).not.toHaveTextContent('trade-pass-1')

    const show = within(row).getByRole('button', { name: 'Show password of account 1001234' })
    expect(show).toHaveAttribute('aria-pressed', 'false')
    await app.user.click(show)
    await waitFor(() => expect(row).toHaveTextContent('trade-pass-1'))
    expect(show).toHaveAttribute('aria-pressed', 'true')

    await app.user.click(show)
    expect(row).not.toHaveTextContent('trade-pass-1')
  })

  it('says when the password cannot be copied', async () => {
    const { app } = openPage([active])
    const row = await rowOf('1001234')
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'))

    await app.user.click(
      within(row).getByRole('button', { name: 'Copy password of account 1001234' }),
    )

    expect(
      await screen.findByText('Could not copy the password. Show it and copy it by hand.'),
    ).toBeInTheDocument()
  })

  it('invites a first purchase when there is no account yet', async () => {
    openPage([])

    expect(await screen.findByText('No trading accounts yet')).toBeInTheDocument()
    expect(screen.queryByRole('table')).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Create an account' })).toBeInTheDocument()
  })

  it('says when an account is still being set up', async () => {
    openPage([makeAccount({ status: 'provisioning', login: '1005555', password: '' })])

    expect(await screen.findByText(messages.trading.accountProvisioning)).toBeInTheDocument()
    const row = await rowOf('1005555')
    expect(row).toHaveTextContent('Setting up')
    expect(within(row).queryByRole('button', { name: /password/i })).toBeNull()
  })

  it('shows the reason when the accounts cannot be loaded, and tries again', async () => {
    const { app, api } = openPage((_call, index) =>
      index === 0
        ? json(404, { code: 'NOT_FOUND', message: 'The requested resource was not found.' })
        : json(200, { accounts: [active] }),
    )

    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('The requested resource was not found.'),
    )
    await app.user.click(screen.getByRole('button', { name: 'Try again' }))

    expect(await screen.findByRole('cell', { name: '1001234' })).toBeInTheDocument()
    expect(api.callsTo('GET /api/trading/accounts')).toHaveLength(2)
  })

  it('has no serious accessibility violation, nor has its dialog', async () => {
    const { app } = openPage([active, passed])
    const row = await rowOf('1001234')
    expect(await seriousViolations()).toEqual([])

    await app.user.click(
      within(row).getByRole('button', { name: 'Change trading password of account 1001234' }),
    )
    const dialog = await screen.findByRole('dialog', { name: 'Change trading password' })
    await app.user.click(within(dialog).getByRole('button', { name: 'Change password' }))
    await within(dialog).findByRole('alert')
    expect(await seriousViolations()).toEqual([])
  })
})

describe('change trading password', () => {
  async function openDialog(handlers: Record<string, Handler> = {}, accounts?: Handler) {
    const page = openPage(accounts ?? [active, passed], handlers)
    const row = await rowOf('1001234')
    await page.app.user.click(
      within(row).getByRole('button', { name: 'Change trading password of account 1001234' }),
    )
    const dialog = await screen.findByRole('dialog', { name: 'Change trading password' })
    return { ...page, dialog, input: within(dialog).getByLabelText('New trading password') }
  }

  it("checks the contract's password rules before sending anything", async () => {
    const { app, api, dialog, input } = await openDialog()
    const submit = within(dialog).getByRole('button', { name: 'Change password' })

    await app.user.click(submit)
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The trading password must be at least 8 characters long.',
    )
    expect(input).toHaveAttribute('aria-invalid', 'true')
    expect(input).toHaveAttribute('type', 'password')

    await app.user.type(input, 'onlyletters')
    await app.user.click(submit)
    expect(await within(dialog).findByText('Use letters and digits.')).toBeInTheDocument()

    await app.user.clear(input)
    await app.user.type(input, 'a1'.repeat(17))
    await app.user.click(submit)
    expect(
      await within(dialog).findByText('The trading password must be at most 32 characters long.'),
    ).toBeInTheDocument()

    expect(api.callsTo(`POST /api/trading/accounts/${active.id}/password`)).toHaveLength(0)
  })

  it('sends the new password, says so, closes and shows the account as the server has it', async () => {
    const changed = makeAccount({ password: 'NewPass123' })
    let serverPassword = active.password
    const { app, api } = openPage(
      (_call, index) => json(200, { accounts: index === 0 ? [active] : [changed] }),
      {
        [`POST /api/trading/accounts/${active.id}/password`]: () => {
          serverPassword = 'NewPass123'
          return json(200, { account: changed, message: messages.trading.passwordChanged })
        },
        [`GET /api/trading/accounts/${active.id}/credentials`]: () =>
          json(200, { ...credentialsOf(active), password: serverPassword }),
      },
    )
    // the password fetched before the change is forgotten by it
    await app.user.click(
      within(await rowOf('1001234')).getByRole('button', {
        name: 'Copy password of account 1001234',
      }),
    )
    expect(await navigator.clipboard.readText()).toBe('trade-pass-1')
    await app.user.click(
      within(await rowOf('1001234')).getByRole('button', {
        name: 'Change trading password of account 1001234',
      }),
    )
    const dialog = await screen.findByRole('dialog', { name: 'Change trading password' })
    const input = within(dialog).getByLabelText('New trading password')

    await app.user.type(input, 'NewPass123')
    await app.user.click(within(dialog).getByRole('button', { name: 'Change password' }))

    expect(await screen.findByText(messages.trading.passwordChanged)).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(api.callsTo(`POST /api/trading/accounts/${active.id}/password`)[0]!.body).toEqual({
      password: 'NewPass123',
    })
    await waitFor(() => expect(api.callsTo('GET /api/trading/accounts')).toHaveLength(2))

    const row = await rowOf('1001234')
    await app.user.click(
      within(row).getByRole('button', { name: 'Show password of account 1001234' }),
    )
    await waitFor(() => expect(row).toHaveTextContent('NewPass123'))
  })

  it("shows the server's refusal at the field, or for the whole form", async () => {
    let answer = json(422, {
      code: 'VALIDATION_FAILED',
      message: 'This password was used before.',
      details: [{ path: 'password', message: 'This password was used before.' }],
    })
    const { app, dialog, input } = await openDialog({
      [`POST /api/trading/accounts/${active.id}/password`]: () => answer,
    })

    await app.user.type(input, 'Reused123')
    await app.user.click(within(dialog).getByRole('button', { name: 'Change password' }))
    expect(await within(dialog).findByText('This password was used before.')).toBeInTheDocument()
    expect(input).toHaveAttribute('aria-invalid', 'true')

    answer = json(409, {
      code: 'ACCOUNT_NOT_TRADABLE',
      message: messages.trading.accountNotTradable,
    })
    await app.user.click(within(dialog).getByRole('button', { name: 'Change password' }))
    expect(await within(dialog).findByText(messages.trading.accountNotTradable)).toBeInTheDocument()
    expect(screen.getByRole('dialog')).toBeInTheDocument()
  })
})
