import { GetFunded } from '@/features/checkout/components/get-funded'

export default function GetFundedRoute() {
  return <GetFunded />
}
