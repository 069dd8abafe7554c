import { useMutation } from '@tanstack/react-query'
import { z } from 'zod'
import { tradeResponseSchema, type closePositionSchema } from '@tp/api'
import {
  checkCloseVolume,
  formatVolume,
  parseVolume,
  tradingMessages,
  type Instrument,
} from '@tp/domain'
import { api } from '@/lib/api-client'
import { accountPath } from './query-keys'
import { useApplyTradeState } from './trade-mutation'

// POST /api/trading/accounts/:accountId/positions/:positionId/close {volume?} -> { state }
// Without a volume the whole position closes; with one, that part of it.

export type ClosePositionInput = z.infer<typeof closePositionSchema>

export const closeFieldsSchema = z.object({ volume: z.string() })
export type CloseValues = z.infer<typeof closeFieldsSchema>

/** The part of a position to close: lots in the instrument's steps, at most what it holds. */
export function partialCloseFormSchema(instrument: Instrument, positionVolume: number) {
  return closeFieldsSchema.transform((values, ctx): ClosePositionInput => {
    const volume = parseVolume(values.volume)
    if (volume === null) {
      ctx.addIssue({ code: 'custom', path: ['volume'], message: tradingMessages.volumeFormat })
      return z.NEVER
    }
    const issue = checkCloseVolume(instrument, positionVolume, volume)
    if (issue) {
      ctx.addIssue({ code: 'custom', path: ['volume'], message: issue.message })
      return z.NEVER
    }
    // the whole position: no volume, as the contract asks
    return volume === positionVolume ? {} : { volume: formatVolume(volume) }
  })
}

export function closePosition(accountId: string, positionId: string, body: ClosePositionInput) {
  return api.post(
    `${accountPath(accountId)}/positions/${encodeURIComponent(positionId)}/close`,
    body,
    tradeResponseSchema,
  )
}

export function useClosePosition(accountId: string) {
  const applyState = useApplyTradeState(accountId)
  return useMutation({
    mutationFn: ({ positionId, body }: { positionId: string; body: ClosePositionInput }) =>
      closePosition(accountId, positionId, body),
    onSuccess: ({ state }) => applyState(state, { hasClosedTrades: true }),
  })
}
