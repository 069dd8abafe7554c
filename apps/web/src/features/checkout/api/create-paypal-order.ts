import { paypalCreateResponseSchema } from '@tp/api'
import { paypalPost } from './paypal-request'

// POST /api/payment/orders (bearer) {orderId} -> 201 { id: <PayPal order id>, orderId, total };
// failure 422/502 { code, message, details: [{ issue, description }], debug_id }

export function createPayPalOrder(orderId: string) {
  return paypalPost('/payment/orders', { orderId }, paypalCreateResponseSchema)
}
