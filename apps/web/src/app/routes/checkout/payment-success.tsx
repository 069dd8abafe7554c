import { PaymentSuccess } from '@/features/checkout/components/payment-success'

export default function PaymentSuccessRoute() {
  return <PaymentSuccess />
}
