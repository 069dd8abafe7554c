import { paypalCaptureResponseSchema } from '@tp/api'
import { paypalPost } from './paypal-request'

// POST /api/payment/orders/:orderID/capture -> 200 PayPal's capture (payer.name, captures) plus
// { orderId }; a declined card -> 422 with details[0].issue INSTRUMENT_DECLINED

export function capturePayPalOrder(paypalOrderId: string) {
  return paypalPost(
    `/payment/orders/${encodeURIComponent(paypalOrderId)}/capture`,
    {},
    paypalCaptureResponseSchema,
  )
}
