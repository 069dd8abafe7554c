import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { AdminUserRow } from '@tp/api'
import type { AuditEntry } from '@tp/api/admin-audit'
import { json, makeUser, mockApi } from '@/testing/mock-api'
import { renderApp } from '@/testing/render-app'

const admin = makeUser({ id: 'admin-1', email: 'admin@example.com', role: 'admin' })
const support = makeUser({ id: 'support-1', email: 'support@example.com', role: 'support' })

const entry = (id: string, fields: Partial<AuditEntry> = {}): AuditEntry => ({
  id: `00000000-0000-4000-8000-00000000000${id}`,
  createdAt: '2026-03-01T12:00:00.000Z',
  actorId: 'admin-1',
  actorEmail: 'admin@example.com',
  actorRole: 'admin',
  action: 'user.disable',
  targetType: 'user',
  targetId: 'u1',
  reason: 'Chargeback under review',
  details: { accountIds: ['a1'] },
  ...fields,
})

describe('/admin/audit', () => {
  it('shows who did what and why, asks the server with the filters, and opens the details', async () => {
    const api = mockApi(
      {
        'GET /api/admin/audit': () =>
          json(200, {
            data: {
              entries: [
                entry('1'),
                entry('2', {
                  actorId: null,
                  actorEmail: null,
                  actorRole: null,
                  action: 'order.paid',
                  targetType: 'order',
                  targetId: 'o1',
                  reason: null,
                  details: { source: 'capture', totalCents: 9900 },
                }),
              ],
              page: 1,
              pageSize: 25,
              total: 2,
            },
          }),
      },
      { user: admin },
    )
    const app = renderApp('/admin/audit?kind=user&target=u1', { user: admin })

    expect(await screen.findByText('Chargeback under review')).toBeInTheDocument()
    expect(screen.getByText('Page 1 of 1 · 2 entries')).toBeInTheDocument()
    const rows = within(screen.getByRole('table')).getAllByRole('row')
    expect(within(rows[2]!).getByText('system')).toBeInTheDocument()
    const asked = api.callsTo('GET /api/admin/audit')[0]!.search
    expect(asked.get('kind')).toBe('user')
    expect(asked.get('target')).toBe('u1')
    expect(asked.get('dir')).toBe('desc')

    await app.user.click(within(rows[2]!).getByRole('button', { name: 'Details' }))
    expect(await screen.findByText(/"totalCents": 9900/)).toBeInTheDocument()

    // oldest first: the server sorts
    await app.user.click(screen.getByRole('button', { name: /When/ }))
    expect(app.location()).toContain('dir=asc')
  })

  it('says so when nothing matches', async () => {
    mockApi(
      {
        'GET /api/admin/audit': () =>
          json(200, { data: { entries: [], page: 1, pageSize: 25, total: 0 } }),
      },
      { user: admin },
    )
    renderApp('/admin/audit?q=nothing', { user: admin })
    expect(await screen.findByText('No entry matches')).toBeInTheDocument()
  })
})

describe('the support role in the admin area', () => {
  const users: AdminUserRow[] = [
    {
      id: 'u1',
      email: 'trader1@example.com',
      name: 'Trader One',
      role: 'trader',
      status: 'active',
      emailVerified: true,
      priceCents: 9_900,
      fundCents: 1_000_000,
      createdAt: '2025-03-01T12:00:00.000Z',
    },
  ]
  const usersApi = {
    'GET /api/admin/users': () => json(200, { data: { users, page: 1, pageSize: 20, total: 1 } }),
  }

  it('shows a support user the users table with no write control, and a CSV download', async () => {
    mockApi(usersApi, { user: support })
    renderApp('/admin/useraccount', { user: support })
    expect(await screen.findByText('trader1@example.com')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Edit/ })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Disable/ })).not.toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'View Trader One' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeInTheDocument()
  })

  it('gives an admin the actions', async () => {
    mockApi(usersApi, { user: admin })
    renderApp('/admin/useraccount', { user: admin })
    expect(await screen.findByRole('button', { name: 'Edit Trader One' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Disable Trader One' })).toBeInTheDocument()
  })
})
