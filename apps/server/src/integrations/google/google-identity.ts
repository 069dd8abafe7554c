import { z } from 'zod'
import type { Clock } from '../../lib/clock'

// Google sign-in with an access token obtained by the browser (Google Identity Services token
// flow). The server trusts nothing the browser says: it asks Google's tokeninfo endpoint who
// the token belongs to and for which app it was minted (contracts/integrations.md section 6).

export const GOOGLE_TOKENINFO_URL = 'https://oauth2.googleapis.com/tokeninfo'
export const GOOGLE_USERINFO_URL = 'https://www.googleapis.com/oauth2/v3/userinfo'
export const GOOGLE_SCRIPT_URL = 'https://accounts.google.com/gsi/client'

export type GoogleProfile = {
  /** Google's stable account id: users are keyed by it, never by email. */
  sub: string
  email: string
  name: string | null
  picture: string | null
}

export interface GoogleIdentity {
  /** Our OAuth client id; empty when Google sign-in is not configured. */
  readonly clientId: string
  /** The Google Identity Services script the browser loads. */
  readonly scriptUrl: string
  readonly isEnabled: boolean
  /** Resolves the account behind a browser-obtained access token, or throws GoogleTokenRejected. */
  verifyAccessToken(accessToken: string): Promise<GoogleProfile>
}

export class GoogleTokenRejected extends Error {
  constructor(readonly reason: string) {
    super(`Google access token rejected: ${reason}`)
    this.name = 'GoogleTokenRejected'
  }
}

// tokeninfo answers numbers and booleans as strings ("3599", "true")
const tokenInfoSchema = z.object({
  aud: z.string(),
  azp: z.string().optional(),
  sub: z.string().min(1),
  email: z.string().optional(),
  email_verified: z.union([z.string(), z.boolean()]).optional(),
  exp: z.coerce.number().int(),
  scope: z.string().optional(),
})

/**
 * The form of a bearer token (RFC 6750 b64token), which Google's access tokens ("ya29....") have.
 * Anything else is refused before a request is made: it is no token, and characters outside it
 * (a line break, a letter beyond Latin-1) cannot even be put in an Authorization header.
 */
const bearerTokenForm = /^[A-Za-z0-9\-._~+/]+=*$/

const userInfoSchema = z.object({
  sub: z.string(),
  name: z.string().optional(),
  picture: z.string().optional(),
})

export function createGoogleIdentity(options: {
  clientId: string
  tokenInfoUrl: string
  userInfoUrl: string
  scriptUrl: string
  clock: Clock
  timeoutMs?: number
}): GoogleIdentity {
  const { clientId, clock } = options
  const timeoutMs = options.timeoutMs ?? 5000

  async function fetchTokenInfo(accessToken: string) {
    // POST with a bearer header, as google-auth-library does: the token stays out of URLs and logs
    const response = await fetch(options.tokenInfoUrl, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${accessToken}`,
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      signal: AbortSignal.timeout(timeoutMs),
    })
    if (!response.ok) throw new GoogleTokenRejected(`tokeninfo answered ${response.status}`)
    const parsed = tokenInfoSchema.safeParse(await response.json())
    if (!parsed.success) throw new GoogleTokenRejected('tokeninfo answer has an unexpected shape')
    return parsed.data
  }

  async function fetchUserInfo(accessToken: string) {
    const response = await fetch(options.userInfoUrl, {
      headers: { Authorization: `Bearer ${accessToken}` },
      signal: AbortSignal.timeout(timeoutMs),
    })
    if (!response.ok) return null
    const parsed = userInfoSchema.safeParse(await response.json())
    return parsed.success ? parsed.data : null
  }

  return {
    clientId,
    scriptUrl: options.scriptUrl,
    isEnabled: clientId !== '',
    async verifyAccessToken(accessToken) {
      if (!clientId) throw new GoogleTokenRejected('Google sign-in is not configured')
      if (!bearerTokenForm.test(accessToken)) throw new GoogleTokenRejected('malformed token')
      const info = await fetchTokenInfo(accessToken)
      // a token minted for another app must not sign anyone in here (token substitution)
      if (info.aud !== clientId && info.azp !== clientId) {
        throw new GoogleTokenRejected('audience is not our client id')
      }
      if (info.exp * 1000 <= clock.now().getTime()) throw new GoogleTokenRejected('token expired')
      const isEmailVerified = info.email_verified === true || info.email_verified === 'true'
      if (!info.email || !isEmailVerified) throw new GoogleTokenRejected('email not verified')
      const profile = await fetchUserInfo(accessToken)
      const isSameAccount = profile?.sub === info.sub
      return {
        sub: info.sub,
        email: info.email.trim().toLowerCase(),
        name: isSameAccount ? (profile.name ?? null) : null,
        picture: isSameAccount ? (profile.picture ?? null) : null,
      }
    },
  }
}
