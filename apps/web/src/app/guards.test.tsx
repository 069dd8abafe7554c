import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { messages } from '@tp/api'
import { makeUser, mockApi } from '@/testing/mock-api'
import { renderApp } from '@/testing/render-app'

const trader = makeUser()
const admin = makeUser({
  id: 'admin-1',
  email: 'admin@example.com',
  role: 'admin',
  name: 'Ada Admin',
})

describe('route guards', () => {
  it('sends a visitor from the trader area to sign-in, remembering the page', async () => {
    mockApi({})
    const app = renderApp('/user/billing')

    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeInTheDocument()
    expect(app.location()).toBe('/login?redirectTo=%2Fuser%2Fbilling')
  })

  it('sends a visitor from the admin area and from profile settings to sign-in', async () => {
    mockApi({})
    const admin = renderApp('/admin/useraccount')
    await screen.findByRole('heading', { name: 'Sign In' })
    expect(admin.location()).toBe('/login?redirectTo=%2Fadmin%2Fuseraccount')
    admin.unmount()

    const profile = renderApp('/profilesetting')
    await screen.findByRole('heading', { name: 'Sign In' })
    expect(profile.location()).toBe('/login?redirectTo=%2Fprofilesetting')
  })

  it('turns a trader away from the admin area to the home page with a message', async () => {
    mockApi({}, { user: trader })
    const app = renderApp('/admin', { user: trader })

    expect(await screen.findByText(messages.auth.adminOnly)).toBeInTheDocument()
    // the home page's route module loads first (decision 0041)
    await waitFor(() => expect(app.location()).toBe('/'))
  })

  it('sends an admin from the trader area to the admin area', async () => {
    mockApi({}, { user: admin })
    const app = renderApp('/user/dashboard', { user: admin })

    expect(await screen.findByRole('heading', { name: 'Admin Dashboard' })).toBeInTheDocument()
    expect(app.location()).toBe('/admin/dashboard')
  })

  it('lets a trader into the trader area, opening the dashboard by default', async () => {
    mockApi({}, { user: trader })
    const app = renderApp('/user', { user: trader })

    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument()
    expect(app.location()).toBe('/user/dashboard')
  })

  it('sends any unknown path to the home page', async () => {
    mockApi({})
    const app = renderApp('/no/such/page')

    expect(await screen.findByRole('heading', { level: 1, name: /Tradepeak/ })).toBeInTheDocument()
    expect(app.location()).toBe('/')
  })

  it('follows the session: a trader whose session ends is sent to sign-in', async () => {
    mockApi({
      'GET /api/auth/me': () => new Response(null, { status: 401 }),
      'POST /api/auth/refresh': () => new Response(null, { status: 401 }),
    })
    const app = renderApp('/user/payouts', { user: trader })

    await waitFor(() => expect(app.location()).toBe('/login?redirectTo=%2Fuser%2Fpayouts'))
    expect(await screen.findByText(messages.auth.sessionExpired)).toBeInTheDocument()
  })
})
