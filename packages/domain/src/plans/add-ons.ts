import { z } from 'zod'

/** The add-ons a buyer can pick (spec 9.3). Their prices live in pricing/price-rules.ts. */
export const addOnKeys = ['profitSplit100', 'fastPayout'] as const
export type AddOnKey = (typeof addOnKeys)[number]
export const addOnKeySchema = z.enum(addOnKeys)

export interface AddOns {
  profitSplit100: boolean
  fastPayout: boolean
}

export const noAddOns: Readonly<AddOns> = Object.freeze({
  profitSplit100: false,
  fastPayout: false,
})

export const addOnsSchema = z.object({
  profitSplit100: z.boolean().default(false),
  fastPayout: z.boolean().default(false),
})

export const addOnLabels: Readonly<Record<AddOnKey, string>> = {
  profitSplit100: '100% Profit Split',
  fastPayout: 'Fast Payout',
}

/** `addOns=profitSplit100,fastPayout` style lists to the flags (duplicates are harmless). */
export function addOnsFromKeys(keys: Iterable<AddOnKey>): AddOns {
  const selected = new Set(keys)
  return { profitSplit100: selected.has('profitSplit100'), fastPayout: selected.has('fastPayout') }
}

export function selectedAddOnKeys(addOns: AddOns): AddOnKey[] {
  return addOnKeys.filter((key) => addOns[key])
}
