import type { z } from 'zod'
import { errorBodySchema, messages, paypalErrorSchema, paypalRestartIssues } from '@tp/api'
import { API_BASE, ApiError, getErrorMessage, refreshAccessToken } from '@/lib/api-client'
import { getSession } from '@/lib/session'

// The card payment calls answer PayPal's refusals in PayPal's shape ({code, message, details:
// [{issue, description}], debug_id}), whose `details` the shared client's error schema cannot
// read: it would drop the issue that tells a declined card (INSTRUMENT_DECLINED) from other
// failures. So these calls read their error bodies themselves (the app's own refusals, such as a
// missing billing profile, come in the app's error body); token and refresh as in lib/api-client.

export type PayPalErrorBody = z.infer<typeof paypalErrorSchema>

export class PayPalApiError extends ApiError {
  readonly paypal: PayPalErrorBody | null

  constructor(status: number | null, paypal: PayPalErrorBody | null) {
    super(status, paypal ? { code: paypal.code, message: paypal.message } : null)
    this.name = 'PayPalApiError'
    this.paypal = paypal
  }

  /** The first issue PayPal named, e.g. INSTRUMENT_DECLINED. */
  get issue(): string | undefined {
    return this.paypal?.details?.[0]?.issue
  }
}

async function send(path: string, body: unknown, token: string | undefined) {
  const headers = new Headers({ Accept: 'application/json', 'Content-Type': 'application/json' })
  if (token) headers.set('Authorization', `Bearer ${token}`)
  try {
    return await fetch(`${API_BASE}${path}`, {
      method: 'POST',
      headers,
      body: JSON.stringify(body ?? {}),
      credentials: 'same-origin',
    })
  } catch {
    throw new PayPalApiError(null, null)
  }
}

export async function paypalPost<T>(path: string, body: unknown, schema: z.ZodType<T>): Promise<T> {
  const token = getSession()?.token
  let response = await send(path, body, token)
  if (response.status === 401 && token) {
    const latest = getSession()?.token
    const fresh = latest && latest !== token ? latest : await refreshAccessToken()
    if (!fresh) {
      throw new PayPalApiError(401, {
        code: 'SESSION_EXPIRED',
        message: messages.auth.sessionExpired,
      })
    }
    response = await send(path, body, fresh)
  }
  let json: unknown = null
  try {
    json = await response.json()
  } catch {
    json = null
  }
  if (!response.ok) {
    const parsed = paypalErrorSchema.safeParse(json)
    if (parsed.success) throw new PayPalApiError(response.status, parsed.data)
    const appError = errorBodySchema.safeParse(json)
    throw new PayPalApiError(
      response.status,
      appError.success ? { code: appError.data.code, message: appError.data.message } : null,
    )
  }
  const parsed = schema.safeParse(json)
  if (!parsed.success) {
    console.error(`Unexpected response from POST ${path}`, parsed.error.issues)
    throw new PayPalApiError(response.status, {
      code: 'INVALID_RESPONSE',
      message: messages.http.other,
    })
  }
  return parsed.data
}

/**
 * Whether the funding source was refused (a declined card, or PayPal asking for another one):
 * the buyer picks another in the same checkout.
 */
export function mustChooseAnotherFunding(error: unknown): boolean {
  return (
    error instanceof PayPalApiError &&
    (paypalRestartIssues as readonly (string | undefined)[]).includes(error.issue)
  )
}

/**
 * The detail appended to spec 8's card messages: PayPal's issue, description and debug id when
 * it gave them (as PayPal's own integration samples show them), else the server's message.
 */
export function paypalErrorDetail(error: unknown): string {
  if (error instanceof PayPalApiError) {
    const detail = error.paypal?.details?.[0]
    if (detail) {
      const debugId = error.paypal?.debug_id ? ` (${error.paypal.debug_id})` : ''
      return `${detail.issue} ${detail.description}${debugId}`
    }
  }
  if (error instanceof ApiError) return getErrorMessage(error)
  if (error instanceof Error && error.message) return error.message
  return messages.http.other
}
