import { Island } from '@/components/island'
import { PricingExplorer } from '@/features/checkout/components/pricing-explorer'
import { buildPricingTable } from '@/features/checkout/utils/pricing-table'

// the plans' fees and rules, worded by @tp/domain where the page renders: at build time for the
// prerendered page, whose island gets them as props (decision 0029)
const table = buildPricingTable()

export default function PricingRoute() {
  return (
    <Island name="pricing" props={{ table }}>
      <PricingExplorer table={table} />
    </Island>
  )
}
