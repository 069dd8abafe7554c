import type { IncomingHttpHeaders } from 'node:http'
import type { AppContext } from '../../context'
import { providerNotifications } from '../../db/schema'
import { AppError } from '../../lib/errors'
import { CAPTURE_REFERENCE, reconcilePaymentJob } from './reconcile-payment'

// The providers' notifications: raw bytes (signatures cover them), verified before anything in
// them is believed, remembered so duplicates are recognised, then only a read-back from the
// provider is queued (the provider's own record decides, never the notice).

type Notice = { headers: IncomingHttpHeaders; rawBody: Buffer }

/** Whether this notice is new (a duplicate is acknowledged and otherwise ignored). */
async function remember(
  ctx: AppContext,
  provider: 'paypal' | 'oxapay',
  key: string,
  reference: string | null,
): Promise<boolean> {
  const inserted = await ctx.db
    .insert(providerNotifications)
    .values({ provider, key, reference })
    .onConflictDoNothing()
    .returning({ key: providerNotifications.key })
  return inserted.length > 0
}

/** PayPal's webhook; refused (400) unless PayPal verifies its signature. */
export async function receivePayPalWebhook(ctx: AppContext, notice: Notice): Promise<void> {
  const paypal = ctx.payments.paypal
  if (!paypal) throw new AppError('PAYMENT_UNAVAILABLE')
  const verification = await paypal.verifyWebhook(notice)
  if (!verification.isVerified) {
    ctx.logger.warn({ reason: verification.reason }, 'PayPal webhook refused')
    throw new AppError('WEBHOOK_REJECTED')
  }
  const { event } = verification
  // a notice names its order, or a capture (a refund's, or a capture PayPal sent without its
  // related order) whose order is read back from PayPal
  const captureId = event.refund?.captureId ?? event.capture?.id ?? null
  const reference =
    event.orderId ?? (captureId === null ? null : `${CAPTURE_REFERENCE}${captureId}`)
  const isNew = await remember(ctx, 'paypal', event.id, reference)
  if (isNew && reference) {
    await ctx.jobs.enqueue(reconcilePaymentJob, {
      provider: 'paypal',
      reference,
      source: 'webhook',
    })
  }
}

/** OxaPay's callback; false when its HMAC does not verify (nothing in it is read then). */
export async function receiveOxaPayCallback(ctx: AppContext, notice: Notice): Promise<boolean> {
  const verification = ctx.payments.oxapay.verifyCallback(notice)
  if (!verification.ok) {
    ctx.logger.warn({ reason: verification.reason }, 'OxaPay callback refused')
    return false
  }
  const callback = verification.callback
  if (callback.kind === 'payment') {
    const key = `${callback.trackId}:${callback.rawStatus.toLowerCase()}`
    if (await remember(ctx, 'oxapay', key, callback.trackId)) {
      await ctx.jobs.enqueue(reconcilePaymentJob, {
        provider: 'oxapay',
        reference: callback.trackId,
        source: 'callback',
      })
    }
  }
  return true
}
