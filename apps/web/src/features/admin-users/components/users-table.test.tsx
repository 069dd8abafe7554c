import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { AdminUserRow } from '@tp/api'
import { confirmWithReason } from '@/testing/admin-reason'
import { json, makeUser, mockApi } from '@/testing/mock-api'
import { renderApp } from '@/testing/render-app'

const admin = makeUser({ id: 'admin-1', email: 'admin@example.com', role: 'admin' })

function usersPage(page: number, total: number, count: number) {
  const users: AdminUserRow[] = Array.from({ length: count }, (_, index) => {
    const number = (page - 1) * 20 + index + 1
    return {
      id: `u${number}`,
      email: `trader${number}@example.com`,
      name: `Trader ${number}`,
      role: 'trader',
      status: 'active',
      emailVerified: true,
      priceCents: 9_900 * number,
      fundCents: 1_000_000,
      createdAt: '2025-03-01T12:00:00.000Z',
    }
  })
  return { data: { users, page, pageSize: 20, total } }
}

describe('admin user accounts', () => {
  it('lists the users of the requested page and pages through them', async () => {
    const api = mockApi(
      {
        'GET /api/admin/users': (call) => {
          const page = Number(call.search.get('page'))
          return json(200, usersPage(page, 25, page === 1 ? 20 : 5))
        },
      },
      { user: admin },
    )
    const app = renderApp('/admin/useraccount', { user: admin })

    expect(await screen.findByText('trader1@example.com')).toBeInTheDocument()
    expect(screen.getByText('Page 1 of 2 · 25 users')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled()

    await app.user.click(screen.getByRole('button', { name: 'Next' }))

    expect(await screen.findByText('trader25@example.com')).toBeInTheDocument()
    const rows = within(screen.getByRole('table')).getAllByRole('row')
    expect(rows).toHaveLength(1 + 5)
    expect(within(rows[1]!).getAllByRole('cell')[0]).toHaveTextContent('21')
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled()
    expect(app.location()).toBe('/admin/useraccount?page=2')
    expect(api.callsTo('GET /api/admin/users').map((call) => call.search.get('pageSize'))).toEqual([
      '20',
      '20',
    ])
  })

  it('says so when nobody has signed up yet', async () => {
    mockApi({ 'GET /api/admin/users': () => json(200, usersPage(1, 0, 0)) }, { user: admin })
    renderApp('/admin/useraccount', { user: admin })

    expect(await screen.findByText('No users yet')).toBeInTheDocument()
    expect(screen.queryByRole('table')).not.toBeInTheDocument()
  })

  it('shows the reason when the list cannot be loaded', async () => {
    mockApi(
      {
        'GET /api/admin/users': () =>
          json(403, {
            code: 'ADMIN_ONLY',
            message: "You don't have permission to access this resources.",
          }),
      },
      { user: admin },
    )
    renderApp('/admin/useraccount', { user: admin })

    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        "You don't have permission to access this resources.",
      ),
    )
  })
  it('shows the spec columns with price and fund, and sorts by a header on the server', async () => {
    const api = mockApi(
      { 'GET /api/admin/users': () => json(200, usersPage(1, 2, 2)) },
      { user: admin },
    )
    const app = renderApp('/admin/useraccount', { user: admin })

    await screen.findByText('trader1@example.com')
    const headers = screen.getAllByRole('columnheader')
    expect(headers.map((header) => header.textContent)).toEqual([
      'No',
      'Name',
      'Price',
      'Fund',
      'Status',
      'Joined',
      'Action',
    ])
    const row = within(screen.getAllByRole('row')[1]!).getAllByRole('cell')
    expect(row[2]).toHaveTextContent('$99')
    expect(row[3]).toHaveTextContent('$10,000')

    await app.user.click(screen.getByRole('button', { name: 'Price' }))
    await waitFor(() =>
      expect(api.callsTo('GET /api/admin/users').at(-1)?.search.get('sort')).toBe('price'),
    )
    expect(api.callsTo('GET /api/admin/users').at(-1)?.search.get('dir')).toBe('desc')
    expect(screen.getByRole('columnheader', { name: 'Price' })).toHaveAttribute(
      'aria-sort',
      'descending',
    )
  })

  it('searches on the server once typing pauses, and filters by status', async () => {
    const api = mockApi(
      { 'GET /api/admin/users': () => json(200, usersPage(1, 1, 1)) },
      { user: admin },
    )
    const app = renderApp('/admin/useraccount', { user: admin })
    await screen.findByText('trader1@example.com')

    await app.user.type(screen.getByRole('searchbox', { name: 'Search' }), 'alice')
    await waitFor(() =>
      expect(api.callsTo('GET /api/admin/users').at(-1)?.search.get('search')).toBe('alice'),
    )
    await app.user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'disabled')
    await waitFor(() =>
      expect(api.callsTo('GET /api/admin/users').at(-1)?.search.get('status')).toBe('disabled'),
    )
    expect(app.location()).toBe('/admin/useraccount?q=alice&status=disabled')
  })

  it('disables a user only with a reason, and sends it', async () => {
    const api = mockApi(
      {
        'GET /api/admin/users': () => json(200, usersPage(1, 1, 1)),
        'POST /api/admin/users/u1/disable': () =>
          json(200, {
            user: { ...usersPage(1, 1, 1).data.users[0], status: 'disabled' },
            endedSessions: 1,
            accountIds: [],
          }),
      },
      { user: admin },
    )
    const app = renderApp('/admin/useraccount', { user: admin })
    await app.user.click(await screen.findByRole('button', { name: 'Disable Trader 1' }))
    const dialog = await screen.findByRole('alertdialog')
    await app.user.click(within(dialog).getByRole('button', { name: 'Disable' }))
    expect(
      await within(dialog).findByText('Give the reason in at least 3 characters.'),
    ).toBeInTheDocument()
    expect(api.callsTo('POST /api/admin/users/u1/disable')).toHaveLength(0)

    await app.user.type(within(dialog).getByRole('textbox'), 'Chargeback opened')
    await app.user.click(within(dialog).getByRole('button', { name: 'Disable' }))
    await waitFor(() => expect(api.callsTo('POST /api/admin/users/u1/disable')).toHaveLength(1))
    expect(api.callsTo('POST /api/admin/users/u1/disable')[0]!.body).toEqual({
      reason: 'Chargeback opened',
    })
  })

  it('edits a user only with a reason, and sends it with the change', async () => {
    const api = mockApi(
      {
        'GET /api/admin/users': () => json(200, usersPage(1, 1, 1)),
        'PATCH /api/admin/users/u1': () =>
          json(200, { user: { ...usersPage(1, 1, 1).data.users[0], name: 'Trader One' } }),
      },
      { user: admin },
    )
    const app = renderApp('/admin/useraccount', { user: admin })
    await app.user.click(await screen.findByRole('button', { name: 'Edit Trader 1' }))
    const dialog = await screen.findByRole('alertdialog')
    const name = within(dialog).getByRole('textbox', { name: 'Name' })
    await app.user.clear(name)
    await app.user.type(name, 'Trader One')
    await confirmWithReason(app.user, dialog, {
      confirm: 'Save',
      reasonLabel: 'Reason (audited)',
      reason: 'Name as on the passport',
      sent: () => api.callsTo('PATCH /api/admin/users/u1'),
    })
    await waitFor(() => expect(api.callsTo('PATCH /api/admin/users/u1')).toHaveLength(1))
    expect(api.callsTo('PATCH /api/admin/users/u1')[0]!.body).toMatchObject({
      name: 'Trader One',
      reason: 'Name as on the passport',
    })
  })
})
