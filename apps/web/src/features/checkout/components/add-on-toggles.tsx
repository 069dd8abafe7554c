import { useId } from 'react'
import {
  describeAddOnOffers,
  setAddOnToggle,
  type AddOnToggles as Toggles,
  type ChallengeType,
} from '@tp/domain'
import { Label } from '@/components/ui/label'
import { Switch } from '@/components/ui/switch'

type AddOnTogglesProps = {
  challenge: ChallengeType
  value: Toggles
  onChange: (next: Toggles) => void
}

/**
 * The add-on switches of spec 4, priced by spec 9.3: 'both' on switches on the other two, both
 * single ones on switch 'both' on, 'both' off clears all, a single one off clears 'both' (the
 * domain's rules; this only shows them).
 */
export function AddOnToggles({ challenge, value, onChange }: AddOnTogglesProps) {
  const id = useId()
  return (
    <fieldset className="grid min-w-0 gap-3">
      <legend className="mb-2 text-sm leading-none font-semibold">Add-ons</legend>
      {describeAddOnOffers(challenge).map((offer) => {
        const switchId = `${id}-${offer.key}`
        return (
          <div
            key={offer.key}
            className="flex items-start justify-between gap-4 rounded-lg border border-border bg-surface-2 p-3"
          >
            <div className="grid min-w-0 gap-1">
              <Label htmlFor={switchId} className="cursor-pointer">
                {offer.label}
              </Label>
              <p id={`${switchId}-detail`} className="text-xs text-muted-foreground">
                +{offer.surchargePercent}% of the fee. {offer.description}
              </p>
            </div>
            <Switch
              id={switchId}
              checked={value[offer.key]}
              onCheckedChange={(isOn) => onChange(setAddOnToggle(value, offer.key, isOn))}
              aria-describedby={`${switchId}-detail`}
            />
          </div>
        )
      })}
    </fieldset>
  )
}
