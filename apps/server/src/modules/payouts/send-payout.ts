import { findCryptoCurrency, findCryptoNetwork } from '@tp/api'
import Decimal from 'decimal.js'
import { and, eq } from 'drizzle-orm'
import { z } from 'zod'
import type { AppContext } from '../../context'
import { payouts } from '../../db/schema'
import { isOxaPayError } from '../../integrations/oxapay/oxapay'
import { defineJob } from '../../jobs/job-runner'
import { paidWithPayoutCents, recordPayoutEvent } from './payout-records'

// Sending an approved crypto payout through OxaPay, exactly once. OxaPay has no idempotency key,
// so the job first claims the payout ('approved' -> 'sending', one winner); a retry that finds it
// 'sending' (the process died while sending, or the answer was lost) looks the payout up at
// OxaPay by its description (our payout id) and adopts it instead of sending again.

/** The USD amount in the coin, rounded down to 8 decimals (never more than owed). */
export function coinAmount(totalCents: number, usdPrice: string): string {
  const price = new Decimal(usdPrice)
  if (!price.isFinite() || price.lte(0)) throw new Error(`no USD price for the coin: ${usdPrice}`)
  return new Decimal(totalCents)
    .div(100)
    .div(price)
    .toDecimalPlaces(8, Decimal.ROUND_DOWN)
    .toFixed()
}

export async function sendPayout(ctx: AppContext, payoutId: string): Promise<void> {
  let [payout] = await ctx.db.select().from(payouts).where(eq(payouts.id, payoutId))
  if (!payout || payout.methodKind !== 'crypto') return
  if (payout.status === 'approved') {
    // the claimed row is what is sent: a late bonus added before the claim is in it, one added
    // after it is owed by itself (late-bonus-job.ts)
    ;[payout] = await ctx.db
      .update(payouts)
      .set({ status: 'sending', updatedAt: ctx.clock.now() })
      .where(and(eq(payouts.id, payoutId), eq(payouts.status, 'approved')))
      .returning()
    if (!payout) return
    await recordPayoutEvent(ctx, ctx.db, payoutId, 'sending', {
      cause: 'Approved crypto payout claimed for sending through OxaPay',
    })
  } else if (payout.status === 'sending') {
    // an earlier attempt may have reached OxaPay: never send twice
    const sent = await ctx.payments.oxapay.listPayouts({ size: 200 })
    const found = sent.find((p) => p.description === payoutId)
    if (found) {
      await markSent(ctx, payoutId, found.trackId, found.rawStatus)
      return
    }
  } else {
    return
  }

  const details = payout.method.details
  const currency = findCryptoCurrency(details.currency ?? '')
  const network = currency && findCryptoNetwork(currency, details.network)
  if (!currency || !network) throw new Error(`payout ${payoutId}: unknown currency or network`)
  const prices = await ctx.payments.oxapay.usdPrices()
  const totalCents = paidWithPayoutCents(payout)
  const amount = coinAmount(totalCents, prices[currency.symbol] ?? '0')
  try {
    const created = await ctx.payments.oxapay.createPayout({
      address: details.address ?? '',
      currency: currency.symbol,
      network: network.code,
      amount,
      ...(details.memo ? { memo: details.memo } : {}),
      description: payoutId,
      callbackUrl: `${ctx.payments.callbackBaseUrl}/api/payouts/oxapay/callback`,
    })
    await markSent(ctx, payoutId, created.trackId, created.rawStatus)
  } catch (error) {
    if (isOxaPayError(error)) {
      ctx.logger.error(
        { err: error, payoutId, kind: error.kind },
        'payout: OxaPay refused or failed',
      )
    }
    throw error
  }
}

async function markSent(ctx: AppContext, payoutId: string, trackId: string, rawStatus: string) {
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(payouts)
      .set({
        status: 'sent',
        providerTrackId: trackId,
        providerStatus: rawStatus.toLowerCase(),
        updatedAt: ctx.clock.now(),
      })
      .where(and(eq(payouts.id, payoutId), eq(payouts.status, 'sending')))
      .returning({ id: payouts.id })
    if (row) {
      await recordPayoutEvent(ctx, tx, payoutId, 'sent', {
        note: `OxaPay ${trackId}`,
        cause: `OxaPay payout status ${rawStatus}`,
      })
    }
  })
}

export const sendPayoutJob = defineJob({
  name: 'payouts.send',
  schema: z.object({ payoutId: z.uuid() }),
  retryLimit: 10,
  retryDelaySeconds: 30,
  handle: (ctx, { payoutId }) => sendPayout(ctx, payoutId),
})
