import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { messages } from '@tp/api'
import { json, mockApi } from '@/testing/mock-api'
import { renderApp } from '@/testing/render-app'

async function submitReset(app: ReturnType<typeof renderApp>, password: string, confirm: string) {
  await screen.findByRole('heading', { name: 'Reset password' })
  if (password) await app.user.type(screen.getByLabelText('New Password'), password)
  if (confirm) await app.user.type(screen.getByLabelText('Confirm Password'), confirm)
  await app.user.click(screen.getByRole('button', { name: 'Reset password' }))
}

describe('reset password', () => {
  it("says 'Invalid token' when the link carries no token, and sends nothing", async () => {
    const api = mockApi({})
    const app = renderApp('/reset-password')

    await submitReset(app, 'a-new-password', 'a-new-password')

    expect(screen.getByRole('alert')).toHaveTextContent(messages.auth.invalidToken)
    expect(api.callsTo('POST /api/auth/reset-password')).toHaveLength(0)
  })

  it('refuses passwords that do not match', async () => {
    const api = mockApi({})
    const app = renderApp('/reset-password?token=abc123')

    await submitReset(app, 'a-new-password', 'another-password')

    expect(await screen.findByText(messages.validation.resetPasswordMismatch)).toBeInTheDocument()
    expect(api.callsTo('POST /api/auth/reset-password')).toHaveLength(0)
  })

  it('refuses a password under 8 characters', async () => {
    const api = mockApi({})
    const app = renderApp('/reset-password?token=abc123')

    await submitReset(app, 'short', 'short')

    expect(await screen.findByText(messages.validation.resetPasswordTooShort)).toBeInTheDocument()
    expect(api.callsTo('POST /api/auth/reset-password')).toHaveLength(0)
  })

  it("sends the link's token with the new password, shows the answer and opens sign-in", async () => {
    const api = mockApi({
      'POST /api/auth/reset-password': () => json(200, { message: messages.auth.resetSuccess }),
    })
    const app = renderApp('/reset-password?token=abc123')

    await submitReset(app, 'a-new-password', 'a-new-password')

    expect(await screen.findByText(messages.auth.resetSuccess)).toBeInTheDocument()
    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeInTheDocument()
    expect(app.location()).toBe('/login')
    expect(api.callsTo('POST /api/auth/reset-password')[0]!.body).toEqual({
      token: 'abc123',
      password: 'a-new-password',
    })
  })

  it('explains a used or expired link', async () => {
    mockApi({
      'POST /api/auth/reset-password': () =>
        json(400, { code: 'RESET_TOKEN_INVALID', message: messages.auth.resetTokenInvalid }),
    })
    const app = renderApp('/reset-password?token=spent')

    await submitReset(app, 'a-new-password', 'a-new-password')

    expect(await screen.findByRole('alert')).toHaveTextContent(messages.auth.resetTokenInvalid)
    expect(app.location()).toBe('/reset-password?token=spent')
  })
})
