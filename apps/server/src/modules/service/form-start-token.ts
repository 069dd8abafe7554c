import { createHmac } from 'node:crypto'
import { messages, type FormTokenResponse } from '@tp/api'
import type { AppContext } from '../../context'
import { safeEqual } from '../../lib/crypto'
import { AppError } from '../../lib/errors'

// The form-start token of the public forms (decision 0026): the moment a form was shown, signed
// by the server, so a form sent sooner than FORM_MIN_FILL_SECONDS after it (a bot posting at
// once) is refused, and nobody can make a token up. Stateless: nothing is stored per form.

const PURPOSE = 'tp-form-start:v1'

function signature(ctx: AppContext, issuedAtMs: number): string {
  return createHmac('sha256', ctx.env.JWT_SECRET)
    .update(`${PURPOSE}:${issuedAtMs}`)
    .digest('base64url')
    .slice(0, 32)
}

export function issueFormToken(ctx: AppContext): FormTokenResponse {
  const issuedAtMs = ctx.clock.now().getTime()
  const minFillMs = Math.round(ctx.env.FORM_MIN_FILL_SECONDS * 1000)
  return {
    token: `${issuedAtMs.toString(36)}.${signature(ctx, issuedAtMs)}`,
    issuedAt: new Date(issuedAtMs).toISOString(),
    notBefore: new Date(issuedAtMs + minFillMs).toISOString(),
    expiresAt: new Date(issuedAtMs + ctx.env.FORM_TOKEN_TTL_HOURS * 3_600_000).toISOString(),
    minFillMs,
  }
}

const refused = (message: string) =>
  new AppError('VALIDATION_FAILED', { message, details: [{ path: 'formToken', message }] })

/**
 * Throws 422 unless the token was issued by this server, is not expired, and the minimum fill
 * time has passed since it was issued.
 */
export function assertFormFilledByPerson(ctx: AppContext, token: string): void {
  const [stamp, mac, ...rest] = token.split('.')
  const issuedAtMs = stamp && /^[0-9a-z]{1,12}$/.test(stamp) ? parseInt(stamp, 36) : NaN
  if (rest.length > 0 || !mac || !Number.isSafeInteger(issuedAtMs)) {
    throw refused(messages.service.formExpired)
  }
  if (!safeEqual(mac, signature(ctx, issuedAtMs))) throw refused(messages.service.formExpired)
  const now = ctx.clock.now().getTime()
  // a token from the future (clock changed) is as good as forged
  if (issuedAtMs > now + 60_000) throw refused(messages.service.formExpired)
  if (now - issuedAtMs > ctx.env.FORM_TOKEN_TTL_HOURS * 3_600_000) {
    throw refused(messages.service.formExpired)
  }
  if (now - issuedAtMs < ctx.env.FORM_MIN_FILL_SECONDS * 1000) {
    throw refused(messages.service.formTooFast)
  }
}
