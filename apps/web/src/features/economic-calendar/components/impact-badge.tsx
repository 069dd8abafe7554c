import { economicImpactLabels, type EconomicImpact } from '@tp/domain/calendar'
import { Badge } from '@/components/ui/badge'

const variantOf = { high: 'loss', medium: 'warning', low: 'neutral' } as const

export function ImpactBadge({ impact }: { impact: EconomicImpact }) {
  return (
    <Badge variant={variantOf[impact]} aria-label={`${economicImpactLabels[impact]} impact`}>
      {economicImpactLabels[impact]}
    </Badge>
  )
}
