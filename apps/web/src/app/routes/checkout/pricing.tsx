import { PricingExplorer } from '@/features/checkout/components/pricing-explorer'

export default function PricingRoute() {
  return <PricingExplorer />
}
