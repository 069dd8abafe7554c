import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { messages, storageKeys } from '@tp/api'
import { json, makeUser, mockApi, noResponse } from '@/testing/mock-api'
import { renderApp } from '@/testing/render-app'

const trader = makeUser()
const admin = makeUser({ id: 'admin-1', email: 'admin@example.com', role: 'admin' })
const sessionOf = (user = trader) => ({ token: 'access-9', refreshToken: 'refresh-9', user })

async function signIn(app: ReturnType<typeof renderApp>, email: string, password: string) {
  await screen.findByRole('heading', { name: 'Sign In' })
  await app.user.type(screen.getByLabelText('Email'), email)
  await app.user.type(screen.getByLabelText('Password'), password)
  await app.user.click(screen.getByRole('button', { name: 'Sign In' }))
}

describe('sign-in', () => {
  it("stores the session and opens the trader's dashboard", async () => {
    const api = mockApi({ 'POST /api/auth/login': () => json(200, sessionOf()) }, { user: trader })
    const app = renderApp('/login')

    await signIn(app, 'trader@example.com', 'correct-horse')

    expect(await screen.findByText(messages.auth.loginSuccess)).toBeInTheDocument()
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument()
    expect(app.location()).toBe('/user/dashboard')
    expect(window.localStorage.getItem(storageKeys.token)).toBe('access-9')
    expect(window.localStorage.getItem(storageKeys.refreshToken)).toBe('refresh-9')
    expect(JSON.parse(window.localStorage.getItem(storageKeys.user)!)).toMatchObject({
      email: 'trader@example.com',
    })
    expect(api.callsTo('POST /api/auth/login')[0]!.body).toEqual({
      email: 'trader@example.com',
      password: 'correct-horse',
    })
  })

  it('returns to the page the visitor was sent away from', async () => {
    mockApi({ 'POST /api/auth/login': () => json(200, sessionOf()) }, { user: trader })
    const app = renderApp('/user/billing')

    await signIn(app, 'trader@example.com', 'correct-horse')

    expect(await screen.findByRole('heading', { name: 'Billing' })).toBeInTheDocument()
    expect(app.location()).toBe('/user/billing')
  })

  it('continues to checkout when a plan was picked before signing in', async () => {
    window.localStorage.setItem(storageKeys.balance, '50000')
    window.localStorage.setItem(storageKeys.platform, 'mt5')
    window.localStorage.setItem(storageKeys.fee, '379')
    mockApi({ 'POST /api/auth/login': () => json(200, sessionOf()) }, { user: trader })
    const app = renderApp('/login')

    await signIn(app, 'trader@example.com', 'correct-horse')

    expect(await screen.findByRole('heading', { name: 'Get Funded' })).toBeInTheDocument()
    expect(app.location()).toBe('/get-funded')
  })

  it("opens an admin's dashboard for an admin", async () => {
    mockApi({ 'POST /api/auth/login': () => json(200, sessionOf(admin)) }, { user: admin })
    const app = renderApp('/login')

    await signIn(app, 'admin@example.com', 'correct-horse')

    expect(await screen.findByRole('heading', { name: 'Admin Dashboard' })).toBeInTheDocument()
    expect(app.location()).toBe('/admin/dashboard')
  })

  it("shows the server's message for a wrong password and stays signed out", async () => {
    mockApi({
      'POST /api/auth/login': () =>
        json(401, {
          code: 'INVALID_CREDENTIALS',
          message: 'Invalid email or password. Please try again.',
        }),
    })
    const app = renderApp('/login')

    await signIn(app, 'trader@example.com', 'wrong-password')

    expect(await screen.findByText(messages.auth.invalidCredentials)).toBeInTheDocument()
    expect(app.location()).toBe('/login')
    expect(window.localStorage.getItem(storageKeys.token)).toBeNull()
  })

  it('falls back to the text of the status when the server gives no message', async () => {
    mockApi({ 'POST /api/auth/login': () => new Response('oops', { status: 500 }) })
    const app = renderApp('/login')

    await signIn(app, 'trader@example.com', 'any-password')

    expect(await screen.findByText(messages.http[500])).toBeInTheDocument()
  })

  it('says when the server cannot be reached', async () => {
    mockApi({ 'POST /api/auth/login': noResponse })
    const app = renderApp('/login')

    await signIn(app, 'trader@example.com', 'any-password')

    expect(await screen.findByText(messages.http.noResponse)).toBeInTheDocument()
  })

  it('asks for the email and the password before calling the server', async () => {
    const api = mockApi({})
    const app = renderApp('/login')
    await screen.findByRole('heading', { name: 'Sign In' })

    await app.user.click(screen.getByRole('button', { name: 'Sign In' }))

    expect(await screen.findByText(messages.validation.emailRequired)).toBeInTheDocument()
    expect(screen.getByText(messages.validation.required)).toBeInTheDocument()
    expect(api.callsTo('POST /api/auth/login')).toHaveLength(0)
  })
})

describe('sign-in by keyboard', () => {
  it('reaches every field and button with Tab and signs in with Enter', async () => {
    const api = mockApi({ 'POST /api/auth/login': () => json(200, sessionOf()) }, { user: trader })
    const app = renderApp('/login')
    const google = await screen.findByRole('button', { name: /continue with google/i })
    await waitFor(() => expect(google).toBeEnabled())

    const email = screen.getByLabelText('Email')
    const reached: Element[] = []
    for (let i = 0; i < 12 && !reached.includes(google); i += 1) {
      await app.user.tab()
      if (document.activeElement) reached.push(document.activeElement)
    }
    for (const control of [
      email,
      screen.getByLabelText('Password'),
      screen.getByRole('link', { name: 'Forgot password?' }),
      screen.getByRole('button', { name: 'Sign In' }),
      google,
    ]) {
      expect(reached).toContain(control)
    }

    email.focus()
    await app.user.keyboard('trader@example.com')
    await app.user.tab()
    await app.user.keyboard('correct-horse{Enter}')

    await waitFor(() => expect(app.location()).toBe('/user/dashboard'))
    expect(api.callsTo('POST /api/auth/login')[0]!.body).toEqual({
      email: 'trader@example.com',
      password: 'correct-horse',
    })
  })
})
