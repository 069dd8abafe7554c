import type { PaymentMethod } from '@tp/domain'
import { paths } from '@/config/paths'

// The payment screens take the order to pay in their query: /paypal?order=<id>, /oxapay?order=<id>.

export const ORDER_QUERY_PARAM = 'order'

export function paymentHref(method: PaymentMethod, orderId: string): string {
  const path =
    method === 'card'
      ? paths.checkout.cardPayment.getHref()
      : paths.checkout.cryptoPayment.getHref()
  return `${path}?${new URLSearchParams({ [ORDER_QUERY_PARAM]: orderId })}`
}
