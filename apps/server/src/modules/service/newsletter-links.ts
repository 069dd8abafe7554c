import { createHmac } from 'node:crypto'
import type { AppContext } from '../../context'
import { safeEqual } from '../../lib/crypto'

// The newsletter's links (decision 0026). Confirm: a random token stored as a digest (the row).
// Unsubscribe: the subscriber's id signed by the server, so the link in every email works for
// good, needs no lookup table, and cannot be made up for somebody else.

const PURPOSE = 'tp-newsletter-unsubscribe:v1'

function signature(ctx: AppContext, subscriberId: string): string {
  return createHmac('sha256', ctx.env.JWT_SECRET)
    .update(`${PURPOSE}:${subscriberId}`)
    .digest('base64url')
    .slice(0, 32)
}

export function unsubscribeToken(ctx: AppContext, subscriberId: string): string {
  return `${subscriberId}.${signature(ctx, subscriberId)}`
}

/** The subscriber id of a genuine unsubscribe token, else null. */
export function subscriberIdOf(ctx: AppContext, token: string): string | null {
  const [id, mac, ...rest] = token.split('.')
  if (rest.length > 0 || !id || !mac) return null
  if (!/^[0-9a-f-]{36}$/.test(id)) return null
  return safeEqual(mac, signature(ctx, id)) ? id : null
}

export const newsletterConfirmUrl = (ctx: AppContext, token: string) =>
  `${ctx.env.APP_URL}/newsletter/confirm?token=${encodeURIComponent(token)}`

export const newsletterUnsubscribeUrl = (ctx: AppContext, subscriberId: string) =>
  `${ctx.env.APP_URL}/newsletter/unsubscribe?token=${encodeURIComponent(unsubscribeToken(ctx, subscriberId))}`
