import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { messages, storageKeys } from '@tp/api'
import { json, makeUser, mockApi } from '@/testing/mock-api'
import { renderApp } from '@/testing/render-app'

type TokenClientConfig = {
  client_id: string
  scope: string
  callback: (response: { access_token?: string; error?: string }) => void
}

/** Google's browser API as the fake script defines it, answering with a fixed grant. */
function stubGoogle(answer: { access_token?: string; error?: string }) {
  const initTokenClient = vi.fn((config: TokenClientConfig) => ({
    requestAccessToken: () => config.callback(answer),
  }))
  vi.stubGlobal('google', { accounts: { oauth2: { initTokenClient } } })
  return initTokenClient
}

describe('Google sign-in', () => {
  it("asks Google for a token with our client id and signs in with our server's session", async () => {
    const trader = makeUser({ email: 'gina@example.com' })
    const initTokenClient = stubGoogle({ access_token: 'google-token-1' })
    const api = mockApi(
      {
        'POST /api/auth/google': () =>
          json(200, { token: 'access-g', refreshToken: 'refresh-g', user: trader }),
      },
      { user: trader },
    )
    const app = renderApp('/login')

    const button = await screen.findByRole('button', { name: 'Continue with Google' })
    await waitFor(() => expect(button).toBeEnabled())
    await app.user.click(button)

    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument()
    expect(initTokenClient).toHaveBeenCalledWith(
      expect.objectContaining({ client_id: 'test-client-id', scope: 'openid email profile' }),
    )
    expect(api.callsTo('POST /api/auth/google')[0]!.body).toEqual({
      access_token: 'google-token-1',
    })
    expect(window.localStorage.getItem(storageKeys.token)).toBe('access-g')
  })

  it('reports a grant Google refused without calling our server', async () => {
    stubGoogle({ error: 'access_denied' })
    const api = mockApi({})
    const app = renderApp('/signup')

    const button = await screen.findByRole('button', { name: 'Continue with Google' })
    await waitFor(() => expect(button).toBeEnabled())
    await app.user.click(button)

    expect(await screen.findByText(messages.auth.googleFailed)).toBeInTheDocument()
    expect(api.callsTo('POST /api/auth/google')).toHaveLength(0)
  })

  it('reports a token our server refused', async () => {
    stubGoogle({ access_token: 'token-for-another-app' })
    mockApi({
      'POST /api/auth/google': () =>
        json(401, { code: 'GOOGLE_AUTH_FAILED', message: messages.auth.googleFailed }),
    })
    const app = renderApp('/login')

    const button = await screen.findByRole('button', { name: 'Continue with Google' })
    await waitFor(() => expect(button).toBeEnabled())
    await app.user.click(button)

    expect(await screen.findByText(messages.auth.googleError)).toBeInTheDocument()
    expect(app.location()).toBe('/login')
  })
})
