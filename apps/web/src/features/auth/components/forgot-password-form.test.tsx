import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { messages } from '@tp/api'
import { json, mockApi } from '@/testing/mock-api'
import { renderApp } from '@/testing/render-app'

describe('forgot password', () => {
  it("sends the email and shows the server's answer", async () => {
    const api = mockApi({
      'POST /api/auth/forgot-password': () => json(200, { data: messages.auth.forgotPasswordSent }),
    })
    const app = renderApp('/forgot-password')
    await screen.findByRole('heading', { name: 'Forgot password' })

    await app.user.type(screen.getByLabelText('Email'), 'trader@example.com')
    await app.user.click(screen.getByRole('button', { name: 'Send reset link' }))

    expect(await screen.findAllByText(messages.auth.forgotPasswordSent)).not.toHaveLength(0)
    expect(api.callsTo('POST /api/auth/forgot-password')[0]!.body).toEqual({
      email: 'trader@example.com',
    })
  })

  it('asks for the email first', async () => {
    const api = mockApi({})
    const app = renderApp('/forgot-password')
    await screen.findByRole('heading', { name: 'Forgot password' })

    await app.user.click(screen.getByRole('button', { name: 'Send reset link' }))

    expect(await screen.findByText(messages.validation.emailRequired)).toBeInTheDocument()
    expect(api.callsTo('POST /api/auth/forgot-password')).toHaveLength(0)
  })
})
