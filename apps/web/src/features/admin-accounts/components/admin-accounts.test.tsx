import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import {
  adminAccountMessages,
  adminAccountRowSchema,
  adminReasonMessages,
  adminVerdictsResponseSchema,
  type AdminAccountRow,
} from '@tp/api'
import { platformKindLabels } from '@tp/api/trading-platform'
import { json, makeUser, mockApi, type Handler } from '@/testing/mock-api'
import { renderApp } from '@/testing/render-app'
import { accountId, makeState } from '@/testing/trading-accounts'

// The admin's trading accounts (decisions 0035, 0055, 0056): the table's platform server column
// and filter, the disable confirm on a platform that closes positions to enforce it, and the
// pass / fail / extend dialogs (the reason required in the shared schema's words, the request
// sent, the result shown). Every fixture is parsed with its contract's schema.

const admin = makeUser({ id: 'admin-1', email: 'admin@example.com', role: 'admin' })
const otherId = '0b6f3a44-7c1d-4e2a-9f5b-2d8c1e4a7b90'
const ownerId = '5d1e8f2a-9b3c-4d6e-8a7f-1c2b3d4e5f60'

function makeRow(overrides: Partial<AdminAccountRow> = {}): AdminAccountRow {
  return adminAccountRowSchema.parse({
    id: accountId,
    login: '1001234',
    platform: 'mt5',
    adapter: 'simulated',
    planKey: 'twoPhase.phase1',
    stage: 'phase1',
    sizeK: 100,
    status: 'active',
    isTradingEnabled: true,
    canDisableKeepPositions: true,
    leverage: 30,
    ownerId,
    ownerEmail: 'ada@example.com',
    ownerName: 'Ada Lovelace',
    balanceCents: 10_000_000,
    equityCents: 10_000_000,
    live: true,
    dailyLoss: null,
    maxLoss: null,
    createdAt: '2025-06-02T09:00:00.000Z',
    ...overrides,
  })
}

describe('admin trading accounts: the platform server', () => {
  it('shows each account’s platform server and filters the list by it on the server', async () => {
    const api = mockApi(
      {
        'GET /api/admin/trading-accounts': (call) => {
          const adapter = call.search.get('adapter')
          const rows = [
            makeRow(),
            makeRow({ id: otherId, login: '2002345', adapter: 'metaapi' }),
          ].filter((row) => !adapter || row.adapter === adapter)
          return json(200, { data: { accounts: rows, page: 1, pageSize: 20, total: rows.length } })
        },
      },
      { user: admin },
    )
    const app = renderApp('/admin/tradingaccounts', { user: admin })

    const table = await screen.findByRole('table')
    expect(within(table).getByRole('columnheader', { name: 'Platform server' })).toBeVisible()
    const rowOf = (login: string) =>
      within(table)
        .getByRole('link', { name: `Account ${login}` })
        .closest('tr')!
    await waitFor(() => expect(rowOf('2002345')).toHaveTextContent(platformKindLabels.metaapi))
    expect(rowOf('1001234')).toHaveTextContent(platformKindLabels.simulated)

    await app.user.selectOptions(
      screen.getByLabelText('Platform server'),
      platformKindLabels.metaapi,
    )

    await waitFor(() =>
      expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(1 + 1),
    )
    expect(screen.queryByRole('link', { name: 'Account 1001234' })).not.toBeInTheDocument()
    expect(app.location()).toBe('/admin/tradingaccounts?adapter=metaapi')
    expect(api.callsTo('GET /api/admin/trading-accounts').at(-1)!.search.get('adapter')).toBe(
      'metaapi',
    )
  })
})

/** The account page with its reads answered, and the given actions' handlers. */
function openAccount(row: AdminAccountRow, handlers: Record<string, Handler> = {}) {
  const base = `/api/trading/accounts/${accountId}`
  const api = mockApi(
    {
      [`GET ${base}`]: () => json(200, makeState()),
      [`GET /api/admin/trading-accounts/${accountId}`]: () => json(200, { data: row }),
      [`GET /api/admin/trading-accounts/${accountId}/verdicts`]: () =>
        json(
          200,
          adminVerdictsResponseSchema.parse({
            data: {
              live: { status: 'active', breach: null, passedAt: null },
              replayed: {
                status: 'active',
                breach: null,
                passedAt: null,
                objectives: {
                  profitTarget: { target: 8_000, value: 0, met: false },
                  minTradingDays: { required: 4, value: 0, met: false },
                  bestDay: { limitPercent: null, valuePercent: null, met: true },
                },
              },
              differences: [],
              override: null,
            },
          }),
        ),
      [`GET /api/admin/trading-accounts/${accountId}/ledger`]: () =>
        json(200, { data: { events: [], page: 1, pageSize: 20, total: 0 } }),
      [`GET ${base}/history`]: () => json(200, { trades: [], hasMore: false }),
      [`GET ${base}/deals`]: () => json(200, { deals: [], hasMore: false }),
      [`GET ${base}/news-violations`]: () => json(200, { data: { violations: [] } }),
      [`GET ${base}/policy-violations`]: () => json(200, { data: { violations: [] } }),
      ...handlers,
    },
    { user: admin },
  )
  const app = renderApp(`/admin/tradingaccounts/${accountId}`, { user: admin })
  return { api, app }
}

const actions = () => screen.findByRole('group', { name: 'Actions' })

describe('admin trading account: disable trading', () => {
  it('says the open positions will be closed on a platform that enforces it that way', async () => {
    const { app } = openAccount(makeRow({ adapter: 'metaapi', canDisableKeepPositions: false }))
    expect(await screen.findByText(platformKindLabels.metaapi)).toBeVisible()

    await app.user.click(within(await actions()).getByRole('button', { name: 'Disable trading' }))

    const dialog = await screen.findByRole('alertdialog', { name: 'Disable trading' })
    expect(dialog).toHaveTextContent(adminAccountMessages.disableClosesPositions)
    expect(dialog).not.toHaveTextContent('open positions stay')
  })

  it('says the positions stay where the platform refuses the orders itself', async () => {
    const { app } = openAccount(makeRow())
    await app.user.click(within(await actions()).getByRole('button', { name: 'Disable trading' }))

    const dialog = await screen.findByRole('alertdialog', { name: 'Disable trading' })
    expect(dialog).toHaveTextContent('open positions stay')
    expect(dialog).not.toHaveTextContent(adminAccountMessages.disableClosesPositions)
  })
})

describe('admin trading account: pass, fail and extend', () => {
  const cases = [
    {
      kind: 'pass',
      label: 'Pass manually',
      reason: 'Met the target on the broker side',
      answer: { status: 'passed', message: adminAccountMessages.passedManually },
    },
    {
      kind: 'fail',
      label: 'Fail manually',
      reason: 'Copy trading across accounts',
      answer: { status: 'failed', message: adminAccountMessages.failedManually },
    },
    {
      kind: 'extend',
      label: 'Extend inactivity window',
      reason: 'Trader in hospital, confirmed by support',
      answer: { status: 'active', message: adminAccountMessages.extended },
    },
  ] as const

  for (const { kind, label, reason, answer } of cases) {
    it(`${kind}: asks for the reason, sends it and shows the result`, async () => {
      const path = `POST /api/admin/trading-accounts/${accountId}/${kind}`
      const { api, app } = openAccount(makeRow(), {
        [path]: () => json(200, { accountId, leverage: 30, ...answer }),
      })
      await app.user.click(within(await actions()).getByRole('button', { name: label }))
      const dialog = await screen.findByRole('alertdialog', { name: label })

      await app.user.click(within(dialog).getByRole('button', { name: label }))
      expect(await within(dialog).findByText(adminReasonMessages.tooShort)).toBeVisible()
      await app.user.type(within(dialog).getByLabelText('Reason (sent to the trader)'), 'no')
      await app.user.click(within(dialog).getByRole('button', { name: label }))
      expect(within(dialog).getByText(adminReasonMessages.tooShort)).toBeVisible()
      expect(api.callsTo(path)).toHaveLength(0)

      await app.user.type(
        within(dialog).getByLabelText('Reason (sent to the trader)'),
        ` ${reason}  `,
      )
      await app.user.click(within(dialog).getByRole('button', { name: label }))

      expect(await screen.findByText(answer.message)).toBeVisible()
      expect(api.callsTo(path)).toHaveLength(1)
      expect(api.callsTo(path)[0]!.body).toEqual({ reason: `no ${reason}` })
      await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument())
    })
  }

  it('shows the server’s refusal and keeps the dialog open', async () => {
    const path = `POST /api/admin/trading-accounts/${accountId}/extend`
    const { app } = openAccount(makeRow(), {
      [path]: () =>
        json(409, { code: 'ACCOUNT_NOT_TRADABLE', message: adminAccountMessages.extendNotActive }),
    })
    await app.user.click(
      within(await actions()).getByRole('button', { name: 'Extend inactivity window' }),
    )
    const dialog = await screen.findByRole('alertdialog', { name: 'Extend inactivity window' })
    await app.user.type(
      within(dialog).getByLabelText('Reason (sent to the trader)'),
      'Back from leave',
    )
    await app.user.click(within(dialog).getByRole('button', { name: 'Extend inactivity window' }))

    expect(await screen.findByText(adminAccountMessages.extendNotActive)).toBeVisible()
    expect(screen.getByRole('alertdialog', { name: 'Extend inactivity window' })).toBeVisible()
  })
})
