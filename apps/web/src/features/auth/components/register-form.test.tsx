import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { messages } from '@tp/api'
import { json, makeUser, mockApi } from '@/testing/mock-api'
import { renderApp } from '@/testing/render-app'

async function fillSignUp(app: ReturnType<typeof renderApp>, values: Record<string, string>) {
  await screen.findByRole('heading', { name: 'Sign Up' })
  for (const [label, value] of Object.entries(values)) {
    await app.user.type(screen.getByLabelText(label), value)
  }
  await app.user.click(screen.getByRole('button', { name: 'Sign Up' }))
}

describe('sign-up', () => {
  it('refuses a password under 8 characters with the spec message and sends nothing', async () => {
    const api = mockApi({})
    const app = renderApp('/signup')

    await fillSignUp(app, {
      Email: 'new@example.com',
      Password: 'short7!',
      'Confirm Password': 'short7!',
    })

    expect(await screen.findByText(messages.validation.passwordTooShort)).toBeInTheDocument()
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
      expect.stringContaining(messages.validation.passwordTooShort),
    )
    expect(api.callsTo('POST /api/auth/register')).toHaveLength(0)
  })

  it('refuses mismatched passwords with the spec message and sends nothing', async () => {
    const api = mockApi({})
    const app = renderApp('/signup')

    await fillSignUp(app, {
      Email: 'new@example.com',
      Password: 'long-enough-1',
      'Confirm Password': 'long-enough-2',
    })

    expect(await screen.findByText(messages.validation.passwordMismatch)).toBeInTheDocument()
    expect(api.callsTo('POST /api/auth/register')).toHaveLength(0)
  })

  it('registers, says so, and sends the new trader to sign in', async () => {
    const api = mockApi({
      'POST /api/auth/register': () =>
        json(201, { token: 't', refreshToken: 'r', user: makeUser({ email: 'new@example.com' }) }),
    })
    const app = renderApp('/signup')

    await fillSignUp(app, {
      Email: ' New@Example.com ',
      Password: 'long-enough-1',
      'Confirm Password': 'long-enough-1',
    })

    expect(await screen.findByText(messages.auth.registerSuccess)).toBeInTheDocument()
    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeInTheDocument()
    expect(app.location()).toBe('/login')
    expect(api.callsTo('POST /api/auth/register')[0]!.body).toEqual({
      email: 'new@example.com',
      password: 'long-enough-1',
    })
    // signing up does not sign in (spec 4)
    expect(window.localStorage.getItem('token')).toBeNull()
  })

  it('explains an address that already has an account', async () => {
    mockApi({
      'POST /api/auth/register': () =>
        json(409, { code: 'EMAIL_TAKEN', message: messages.auth.registerExists }),
    })
    const app = renderApp('/signup')

    await fillSignUp(app, {
      Email: 'taken@example.com',
      Password: 'long-enough-1',
      'Confirm Password': 'long-enough-1',
    })

    expect(await screen.findByText(messages.auth.registerExists)).toBeInTheDocument()
    expect(app.location()).toBe('/signup')
  })

  it('words a refused email or password as spec 8 does', async () => {
    mockApi({
      'POST /api/auth/register': () =>
        json(422, { code: 'VALIDATION_FAILED', message: messages.validation.invalidRequest }),
    })
    const app = renderApp('/signup')

    await fillSignUp(app, {
      Email: 'odd@example.com',
      Password: 'long-enough-1',
      'Confirm Password': 'long-enough-1',
    })

    expect(await screen.findByText(messages.auth.registerInvalid)).toBeInTheDocument()
  })

  it('says a password is too common when the server finds it among breached ones', async () => {
    mockApi({
      'POST /api/auth/register': () =>
        json(422, {
          code: 'VALIDATION_FAILED',
          message: messages.validation.passwordBreached,
          details: [{ path: 'password', message: messages.validation.passwordBreached }],
        }),
    })
    const app = renderApp('/signup')

    await fillSignUp(app, {
      Email: 'common@example.com',
      Password: 'password1',
      'Confirm Password': 'password1',
    })

    expect(await screen.findAllByText(messages.validation.passwordBreached)).not.toHaveLength(0)
    expect(screen.queryByText(messages.auth.registerInvalid)).toBeNull()
  })

  it('refuses a password of only spaces before asking the server', async () => {
    const api = mockApi({})
    const app = renderApp('/signup')

    await fillSignUp(app, {
      Email: 'blank@example.com',
      Password: '         ',
      'Confirm Password': '         ',
    })

    expect(await screen.findByText(messages.validation.passwordBlank)).toBeInTheDocument()
    expect(api.callsTo('POST /api/auth/register')).toHaveLength(0)
  })
})
