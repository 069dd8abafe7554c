import { JSDOM } from 'jsdom'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FAKE_GOOGLE_CLIENT_ID } from '../src/config/env'
import {
  fakeGoogleAccounts,
  startGoogleFake,
  type GoogleFake,
} from '../src/integrations/google/fake/google-fake'

// The fake's /gsi/client in a DOM: the web app calls it exactly like Google's script
// (google.accounts.oauth2.initTokenClient(...).requestAccessToken()).

type TokenResponse = { access_token: string; token_type: string; expires_in: number }
type GoogleWindow = {
  google: {
    accounts: {
      oauth2: {
        initTokenClient(config: {
          client_id: string
          scope: string
          callback: (response: TokenResponse) => void
          error_callback?: (error: { type: string }) => void
        }): { requestAccessToken(): void }
      }
    }
  }
}

let fake: GoogleFake
let script: string
beforeAll(async () => {
  fake = await startGoogleFake({ clientId: FAKE_GOOGLE_CLIENT_ID })
  script = await (await fetch(fake.scriptUrl)).text()
})
afterAll(async () => {
  await fake?.close()
})

function loadPage() {
  const dom = new JSDOM(
    '<!doctype html><html><body><button id="google">Continue with Google</button></body></html>',
    {
      url: 'http://localhost:3000/login',
      runScripts: 'outside-only',
    },
  )
  // jsdom has no network: lend it Node's, as a browser would have its own
  Object.assign(dom.window, { fetch, URLSearchParams })
  dom.window.eval(script)
  const window = dom.window as unknown as GoogleWindow & typeof dom.window
  const opened = dom.window.document.getElementById('google') as HTMLButtonElement
  opened.focus()
  const outcome = new Promise<{ token?: TokenResponse; error?: { type: string } }>((resolve) => {
    window.google.accounts.oauth2
      .initTokenClient({
        client_id: FAKE_GOOGLE_CLIENT_ID,
        scope: 'openid email profile',
        callback: (token) => resolve({ token }),
        error_callback: (error) => resolve({ error }),
      })
      .requestAccessToken()
  })
  return { document: dom.window.document, window, outcome, opened }
}

async function tokenInfo(accessToken: string) {
  const response = await fetch(`${fake.tokenInfoUrl}?access_token=${accessToken}`)
  return (await response.json()) as { email: string; aud: string }
}

describe('the fake Google account chooser', () => {
  it('opens an accessible modal dialog listing the demo accounts, focused', () => {
    const { document } = loadPage()
    const dialog = document.querySelector('[role="dialog"]')!
    expect(dialog.getAttribute('aria-modal')).toBe('true')
    const title = document.getElementById(dialog.getAttribute('aria-labelledby')!)
    expect(title?.textContent).toBe('Choose an account')
    const names = [...dialog.querySelectorAll('li button')].map((b) => b.textContent)
    expect(names).toEqual(fakeGoogleAccounts.map((a) => `${a.name}${a.email}`))
    expect(document.activeElement).toBe(dialog.querySelector('li button'))
    const input = dialog.querySelector('input[type="email"]')!
    expect(document.querySelector(`label[for="${input.id}"]`)?.textContent).toBe(
      'Use another account',
    )
  })

  it('hands the callback a Bearer token for the picked account, minted for our client id', async () => {
    const { document, outcome } = loadPage()
    ;(document.querySelector('li button') as HTMLButtonElement).click()
    const { token } = await outcome
    expect(token).toMatchObject({ token_type: 'Bearer', expires_in: 3599 })
    expect(await tokenInfo(token!.access_token)).toMatchObject({
      email: fakeGoogleAccounts[0]!.email,
      aud: FAKE_GOOGLE_CLIENT_ID,
    })
    expect(document.querySelector('[role="dialog"]')).toBeNull()
  })

  it('signs in another account typed into "Use another account"', async () => {
    const { document, window, outcome } = loadPage()
    const input = document.querySelector('input[type="email"]') as HTMLInputElement
    input.value = 'someone.else@example.com'
    document.querySelector('form')!.dispatchEvent(new window.Event('submit', { cancelable: true }))
    const { token } = await outcome
    expect((await tokenInfo(token!.access_token)).email).toBe('someone.else@example.com')
  })

  it('reports a closed popup on Escape and gives the focus back', async () => {
    const { document, window, outcome, opened } = loadPage()
    document.dispatchEvent(new window.KeyboardEvent('keydown', { key: 'Escape' }))
    expect(await outcome).toEqual({
      error: { type: 'popup_closed', message: 'Popup window closed' },
    })
    expect(document.querySelector('[role="dialog"]')).toBeNull()
    expect(document.activeElement).toBe(opened)
  })
})
