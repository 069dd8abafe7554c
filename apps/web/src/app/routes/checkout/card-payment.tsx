import { CardPayment } from '@/features/checkout/components/card-payment'

export default function CardPaymentRoute() {
  return <CardPayment />
}
