import type { paymentHistoryStatuses } from '@tp/api'
import { eq } from 'drizzle-orm'
import type { AppContext } from '../../context'
import { orders, type OrderRow, type PaymentRow } from '../../db/schema'
import { loadCryptoPaymentFor } from '../access/access-policy'
import type { Caller } from '../access/authenticate'
import { reconcileOxaPay } from './crypto-checkout'

// Spec 7's payment/get-history: the status of a crypto payment the caller may read. The poll is
// news too: whichever of callback, poll or sweep comes first confirms the payment.

type HistoryStatus = (typeof paymentHistoryStatuses)[number]

function historyStatus(order: OrderRow, payment: PaymentRow): HistoryStatus {
  if (['paid', 'provisioning', 'fulfilled'].includes(order.status)) return 'Paid'
  if (order.status === 'under_review') return 'Under review'
  if (order.status === 'refunded') return 'Refunded'
  if (order.status === 'failed') return 'Failed'
  switch (payment.status) {
    case 'paying':
      return 'Confirming'
    case 'paid':
    case 'manual_accept':
      return 'Confirming'
    case 'expired':
      return 'Expired'
    case 'underpaid':
      return 'Underpaid'
    case 'failed':
      return 'Failed'
    default:
      return 'Waiting'
  }
}

export async function getPaymentHistory(ctx: AppContext, caller: Caller, trackId: string) {
  const found = await loadCryptoPaymentFor(ctx, caller, trackId)
  let payment = found.payment
  try {
    payment = (await reconcileOxaPay(ctx, trackId, 'poll')) ?? payment
  } catch (error) {
    ctx.logger.warn({ err: error, trackId }, 'OxaPay: status not read')
  }
  const [order] = await ctx.db.select().from(orders).where(eq(orders.id, found.order.id))
  return {
    result: {
      trackId,
      status: historyStatus(order!, payment),
      orderId: order!.id,
      accountId: order!.accountId,
    },
  }
}
