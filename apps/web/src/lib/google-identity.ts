// A tiny client for Google Identity Services' token flow. The script address comes from
// GET /api/config, so development and tests load a local fake serving the same browser API
// (contracts/integrations.md section 6), which @react-oauth/google cannot be pointed at.

type TokenResponse = {
  access_token?: string
  error?: string
  error_description?: string
}

type TokenClientConfig = {
  client_id: string
  scope: string
  callback: (response: TokenResponse) => void
  error_callback?: (error: { type?: string; message?: string }) => void
}

type GoogleIdentity = {
  accounts: {
    oauth2: {
      initTokenClient: (config: TokenClientConfig) => { requestAccessToken: () => void }
    }
  }
}

declare global {
  interface Window {
    google?: GoogleIdentity
  }
}

export class GoogleSignInError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'GoogleSignInError'
  }
}

const loading = new Map<string, Promise<GoogleIdentity>>()

/** Loads the Google Identity script once per address. */
export function loadGoogleIdentity(scriptUrl: string): Promise<GoogleIdentity> {
  if (window.google?.accounts?.oauth2) return Promise.resolve(window.google)
  let pending = loading.get(scriptUrl)
  if (!pending) {
    pending = new Promise<GoogleIdentity>((resolve, reject) => {
      const script = document.createElement('script')
      script.src = scriptUrl
      script.async = true
      script.defer = true
      script.onload = () => {
        if (window.google?.accounts?.oauth2) resolve(window.google)
        else reject(new GoogleSignInError('Google Identity script loaded without its API'))
      }
      script.onerror = () => reject(new GoogleSignInError('Google Identity script failed to load'))
      document.head.appendChild(script)
    })
    // a failed load may succeed later (network back): do not cache the failure
    pending.catch(() => loading.delete(scriptUrl))
    loading.set(scriptUrl, pending)
  }
  return pending
}

/** Opens Google's consent popup and resolves with the access token it grants. */
export async function requestGoogleAccessToken(options: {
  clientId: string
  scriptUrl: string
}): Promise<string> {
  const google = await loadGoogleIdentity(options.scriptUrl)
  return new Promise<string>((resolve, reject) => {
    const client = google.accounts.oauth2.initTokenClient({
      client_id: options.clientId,
      scope: 'openid email profile',
      callback: (response) => {
        if (response.access_token) resolve(response.access_token)
        else reject(new GoogleSignInError(response.error_description ?? response.error ?? 'denied'))
      },
      // the popup was closed or blocked
      error_callback: (error) =>
        reject(new GoogleSignInError(error.message ?? error.type ?? 'popup')),
    })
    client.requestAccessToken()
  })
}
