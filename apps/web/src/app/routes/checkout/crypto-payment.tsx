import { CryptoPayment } from '@/features/checkout/components/crypto-payment'

export default function CryptoPaymentRoute() {
  return <CryptoPayment />
}
