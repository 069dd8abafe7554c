import { paypalFulfilmentResponseSchema, type PayPalFulfilment } from '@tp/api'
import { paypalPost } from './paypal-request'

// POST /api/payment/orders/:orderID/create (bearer) -> 200 { orderId, status, account } once the
// account exists, 202 { ..., account: null } while it is being created. Spec 7: up to 3 attempts
// when the answer is not OK; a 202 is OK (the dashboard shows the account when it comes).

export const FULFILMENT_ATTEMPTS = 3

export async function getPayPalFulfilment(
  paypalOrderId: string,
  options: { retryDelayMs?: number } = {},
): Promise<PayPalFulfilment> {
  const path = `/payment/orders/${encodeURIComponent(paypalOrderId)}/create`
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await paypalPost(path, {}, paypalFulfilmentResponseSchema)
    } catch (error) {
      if (attempt >= FULFILMENT_ATTEMPTS) throw error
      await new Promise((resolve) => setTimeout(resolve, options.retryDelayMs ?? 1000 * attempt))
    }
  }
}
