import { Island } from '@/components/island'
import { PricingExplorer } from '@/features/checkout/components/pricing-explorer'

export default function PricingRoute() {
  return (
    <Island name="pricing">
      <PricingExplorer />
    </Island>
  )
}
