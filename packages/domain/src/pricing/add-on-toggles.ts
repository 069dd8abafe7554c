import type { AddOns } from '../plans'

/** The checkout's three add-on switches (spec 3 `addOns`), `both` standing for the pair. */
export interface AddOnToggles extends AddOns {
  both: boolean
}
export type AddOnToggleKey = keyof AddOnToggles

export const noAddOnToggles: Readonly<AddOnToggles> = Object.freeze({
  profitSplit100: false,
  fastPayout: false,
  both: false,
})

/**
 * Flips one switch and returns the new state (spec 4): 'both' on switches on the other two; both
 * single ones on switches 'both' on; 'both' off clears all; a single one off clears 'both'.
 */
export function setAddOnToggle(
  toggles: AddOnToggles,
  key: AddOnToggleKey,
  isOn: boolean,
): AddOnToggles {
  if (key === 'both') {
    return { profitSplit100: isOn, fastPayout: isOn, both: isOn }
  }
  const next = { ...toggles, [key]: isOn }
  return { ...next, both: next.profitSplit100 && next.fastPayout }
}

export function toggleAddOn(toggles: AddOnToggles, key: AddOnToggleKey): AddOnToggles {
  return setAddOnToggle(toggles, key, !toggles[key])
}

/** The add-ons priced and bought: `both` adds nothing the pair does not already say. */
export function addOnsFromToggles(toggles: AddOnToggles): AddOns {
  return { profitSplit100: toggles.profitSplit100, fastPayout: toggles.fastPayout }
}

export function togglesFromAddOns(addOns: AddOns): AddOnToggles {
  const { profitSplit100, fastPayout } = addOns
  return { profitSplit100, fastPayout, both: profitSplit100 && fastPayout }
}
