import {
  accountSizesK,
  challengeTypeByIndex,
  defaultSelectionIndexes,
  orderSelectionSchema,
  tradingPlatformByIndex,
  validateSelection,
  type AccountSizeK,
  type ChallengeType,
  type OrderSelection,
  type SelectionIndexes,
  type SelectionResult,
  type TradingPlatform,
} from '@tp/domain'

/** A selection as the pages hold it: any step may still be open (null). */
export type DraftSelection = {
  challenge: ChallengeType | null
  platform: TradingPlatform | null
  sizeK: AccountSizeK | null
}

const indexOf = <T>(table: Record<number, T>, value: T | null): number | undefined => {
  if (value === null) return undefined
  const entry = Object.entries(table).find(([, candidate]) => candidate === value)
  return entry ? Number(entry[0]) : undefined
}

/** The chooser's raw values of spec 4 (challenge 1|2, platform 1|2, size index 0-6). */
export function toSelectionIndexes(selection: DraftSelection): Partial<SelectionIndexes> {
  const sizeIndex = selection.sizeK === null ? -1 : accountSizesK.indexOf(selection.sizeK)
  return {
    challengeIndex: indexOf<ChallengeType>(challengeTypeByIndex, selection.challenge),
    platformIndex: indexOf<TradingPlatform>(tradingPlatformByIndex, selection.platform),
    sizeIndex: sizeIndex < 0 ? undefined : sizeIndex,
  }
}

/** Spec 5's selection checks, in its order, with its messages (the domain's). */
export function checkSelection(selection: DraftSelection): SelectionResult {
  return validateSelection(toSelectionIndexes(selection))
}

/** Spec 4 defaults: Two Phase, MT4, the smallest size. */
export const defaultSelection: OrderSelection = orderSelectionSchema.parse(defaultSelectionIndexes)

export function isCompleteSelection(selection: DraftSelection): selection is OrderSelection {
  return selection.challenge !== null && selection.platform !== null && selection.sizeK !== null
}
