import { z } from 'zod'
import {
  accountSizesK,
  challengeTypeByIndex,
  tradingPlatformByIndex,
  type AccountSizeK,
  type ChallengeType,
  type TradingPlatform,
} from '../plans'
import { orderMessages } from './messages'

/** The chooser's raw values (spec 4): challenge 1|2, platform 1|2, size index 0-6. */
export interface SelectionIndexes {
  challengeIndex: number
  platformIndex: number
  sizeIndex: number
}

/** Spec 4: Two Phase, MT4, the smallest size. */
export const defaultSelectionIndexes: Readonly<SelectionIndexes> = Object.freeze({
  challengeIndex: 1,
  platformIndex: 1,
  sizeIndex: 0,
})

export interface OrderSelection {
  challenge: ChallengeType
  platform: TradingPlatform
  sizeK: AccountSizeK
}

const sizeIndexes = accountSizesK.map((_, index) => index) as [number, ...number[]]

/** Field order is the order spec 5 checks them in, so the first issue is the one to show. */
export const orderSelectionSchema = z
  .object({
    sizeIndex: z.literal(sizeIndexes, { error: orderMessages.selection.accountSize }),
    platformIndex: z.literal([1, 2], { error: orderMessages.selection.platform }),
    challengeIndex: z.literal([1, 2], { error: orderMessages.selection.challenge }),
  })
  .transform((indexes): OrderSelection => ({
    challenge: challengeTypeByIndex[indexes.challengeIndex],
    platform: tradingPlatformByIndex[indexes.platformIndex],
    sizeK: accountSizesK[indexes.sizeIndex] as AccountSizeK,
  }))

export type SelectionField = keyof SelectionIndexes

export type SelectionResult =
  | { ok: true; selection: OrderSelection }
  | {
      ok: false
      /** the first problem in spec 5 order: what the single toast shows */
      message: string
      errors: Array<{ field: SelectionField; message: string }>
    }

export function validateSelection(
  input: Partial<Record<SelectionField, unknown>>,
): SelectionResult {
  const parsed = orderSelectionSchema.safeParse(input)
  if (parsed.success) return { ok: true, selection: parsed.data }
  const fieldOrder: SelectionField[] = ['sizeIndex', 'platformIndex', 'challengeIndex']
  const errors = fieldOrder.flatMap((field) => {
    const issue = parsed.error.issues.find((candidate) => candidate.path[0] === field)
    return issue ? [{ field, message: issue.message }] : []
  })
  return { ok: false, message: errors[0]?.message ?? orderMessages.selection.accountSize, errors }
}
