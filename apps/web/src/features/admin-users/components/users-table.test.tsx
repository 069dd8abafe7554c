import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { AdminUser } from '@tp/api'
import { json, makeUser, mockApi } from '@/testing/mock-api'
import { renderApp } from '@/testing/render-app'

const admin = makeUser({ id: 'admin-1', email: 'admin@example.com', role: 'admin' })

function usersPage(page: number, total: number, count: number) {
  const users: AdminUser[] = Array.from({ length: count }, (_, index) => {
    const number = (page - 1) * 20 + index + 1
    return {
      id: `u${number}`,
      email: `trader${number}@example.com`,
      name: `Trader ${number}`,
      role: 'trader',
      status: 'active',
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

    expect(await screen.findByRole('cell', { name: 'trader1@example.com' })).toBeInTheDocument()
    expect(screen.getByText('Page 1 of 2 · 25 users')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled()

    await app.user.click(screen.getByRole('button', { name: 'Next' }))

    expect(await screen.findByRole('cell', { name: 'trader25@example.com' })).toBeInTheDocument()
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
})
