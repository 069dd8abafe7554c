import type { IncomingHttpHeaders } from 'node:http'
import { eq } from 'drizzle-orm'
import { z } from 'zod'
import type { AppContext } from '../../context'
import { payouts, providerNotifications } from '../../db/schema'
import { defineJob } from '../../jobs/job-runner'
import { markPayoutPaid } from './settle-payout'

// OxaPay's payout callbacks: verified like the payment callbacks (HMAC-SHA512 of the raw body,
// with the payout key), remembered so a duplicate is recognised, then only a read-back of the
// payout from OxaPay is queued: OxaPay's own record decides, never the notice.

export async function receivePayoutCallback(
  ctx: AppContext,
  notice: { headers: IncomingHttpHeaders; rawBody: Buffer },
): Promise<boolean> {
  const verification = ctx.payments.oxapay.verifyCallback(notice)
  if (!verification.ok) {
    ctx.logger.warn({ reason: verification.reason }, 'OxaPay payout callback refused')
    return false
  }
  const callback = verification.callback
  if (callback.kind !== 'payout') return true
  const key = `payout:${callback.trackId}:${callback.rawStatus.toLowerCase()}`
  const inserted = await ctx.db
    .insert(providerNotifications)
    .values({ provider: 'oxapay', key, reference: callback.trackId })
    .onConflictDoNothing()
    .returning({ key: providerNotifications.key })
  if (inserted.length > 0) {
    await ctx.jobs.enqueue(reconcilePayoutJob, { trackId: callback.trackId })
  }
  return true
}

/** Reads the payout back from OxaPay; a confirmed one is paid (once). */
export async function reconcilePayout(ctx: AppContext, trackId: string): Promise<void> {
  const [payout] = await ctx.db.select().from(payouts).where(eq(payouts.providerTrackId, trackId))
  if (!payout) {
    ctx.logger.warn({ trackId }, 'payout callback for an unknown track id')
    return
  }
  const remote = await ctx.payments.oxapay.getPayout(trackId)
  await ctx.db
    .update(payouts)
    .set({ providerStatus: remote.rawStatus.toLowerCase(), updatedAt: ctx.clock.now() })
    .where(eq(payouts.id, payout.id))
  if (remote.status === 'confirmed') {
    await markPayoutPaid(ctx, payout.id, ['sent'], {
      providerStatus: 'confirmed',
      cause: `OxaPay payout status ${remote.rawStatus}`,
    })
  } else if (
    remote.status === 'rejected' ||
    remote.status === 'canceled' ||
    remote.status === 'failed'
  ) {
    ctx.logger.error(
      { trackId, payoutId: payout.id, status: remote.rawStatus },
      'payout failed at OxaPay',
    )
  }
}

export const reconcilePayoutJob = defineJob({
  name: 'payouts.reconcile',
  schema: z.object({ trackId: z.string().min(1) }),
  retryLimit: 8,
  retryDelaySeconds: 30,
  handle: (ctx, { trackId }) => reconcilePayout(ctx, trackId),
})
