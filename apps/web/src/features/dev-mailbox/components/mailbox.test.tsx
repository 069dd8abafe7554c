import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { json, makeUser, mockApi, testConfig } from '@/testing/mock-api'
import { renderApp } from '@/testing/render-app'

const admin = makeUser({ id: 'admin-1', email: 'admin@example.com', role: 'admin' })

const resetMail = {
  id: 'mail-1',
  from: 'Tradepeak <no-reply@tradepeak.test>',
  to: ['trader@example.com'],
  subject: 'Reset your password',
  links: ['http://localhost:3000/reset-password?token=abc123', 'javascript:alert(1)'],
  receivedAt: '2025-03-01T12:00:00.000Z',
}

describe('dev mailbox', () => {
  it('lists captured mail and opens one with its links clickable', async () => {
    mockApi(
      {
        'GET /api/dev/mailbox': () => json(200, { data: [resetMail] }),
        'GET /api/dev/mailbox/mail-1': () =>
          json(200, {
            data: { ...resetMail, text: 'Open the link to choose a new password.', html: null },
          }),
      },
      { user: admin },
    )
    const app = renderApp('/admin/mailbox', { user: admin })

    await app.user.click(await screen.findByRole('link', { name: /Reset your password/ }))

    const link = await screen.findByRole('link', {
      name: 'http://localhost:3000/reset-password?token=abc123',
    })
    expect(link).toHaveAttribute('href', 'http://localhost:3000/reset-password?token=abc123')
    expect(screen.getByText('Open the link to choose a new password.')).toBeInTheDocument()
    // a captured mail is untrusted: script links are not made clickable
    expect(screen.queryByRole('link', { name: /javascript/ })).not.toBeInTheDocument()
    expect(app.location()).toBe('/admin/mailbox/mail-1')
  })

  it('shows an empty mailbox as such', async () => {
    mockApi({ 'GET /api/dev/mailbox': () => json(200, { data: [] }) }, { user: admin })
    renderApp('/admin/mailbox', { user: admin })

    expect(await screen.findByText('No mail yet')).toBeInTheDocument()
  })

  it('is not offered where the app does not capture mail', async () => {
    const api = mockApi(
      { 'GET /api/config': () => json(200, { ...testConfig, devMailbox: false }) },
      { user: admin },
    )
    renderApp('/admin/mailbox', { user: admin })

    expect(await screen.findByText('The mailbox is not available here')).toBeInTheDocument()
    expect(api.callsTo('GET /api/dev/mailbox')).toHaveLength(0)
  })
})
