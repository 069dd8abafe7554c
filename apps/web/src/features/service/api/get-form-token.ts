import { formTokenResponseSchema, type FormTokenResponse } from '@tp/api/service'
import { api } from '@/lib/api-client'

// GET /api/service/form-token -> { token, issuedAt, notBefore, expiresAt, minFillMs }
// The form-start token of the public forms (decision 0026): shown with the form, sent with it.

export type FormStart = FormTokenResponse & {
  /** when (this browser's clock) the minimum fill time has passed */
  readyAt: number
  /** when (this browser's clock) the server stops accepting the token */
  staleAt: number
}

export const formTokenQueryKey = ['service', 'form-token'] as const

export async function getFormToken(signal?: AbortSignal): Promise<FormStart> {
  const response = await api.get('/service/form-token', formTokenResponseSchema, {
    signal,
    authenticated: false,
  })
  const receivedAt = Date.now()
  const lifetimeMs = Date.parse(response.expiresAt) - Date.parse(response.issuedAt)
  return {
    ...response,
    // measured on this clock from the moment the answer arrived (never earlier than the server's)
    readyAt: receivedAt + response.minFillMs,
    // a minute of margin before the server's expiry
    staleAt: receivedAt + Math.max(0, lifetimeMs - 60_000),
  }
}
