import { useMutation } from '@tanstack/react-query'
import { z } from 'zod'
import { tradeResponseSchema, type modifyPositionSchema } from '@tp/api'
import {
  checkStops,
  closingPrice,
  formatPrice,
  tradingMessages,
  type Instrument,
  type Quote,
  type Side,
} from '@tp/domain'
import { apiRequest } from '@/lib/api-client'
import { optionalPrice } from '../utils/price-input'
import { NO_QUOTE_MESSAGE } from './place-order'
import { accountPath } from './query-keys'
import { useApplyTradeState } from './trade-mutation'

// PATCH /api/trading/accounts/:accountId/positions/:positionId {stopLoss, takeProfit}
//   (null removes a level) -> { state }

export type ModifyPositionInput = z.infer<typeof modifyPositionSchema>

export const stopsFieldsSchema = z.object({ stopLoss: z.string(), takeProfit: z.string() })
export type StopsValues = z.infer<typeof stopsFieldsSchema>
export const stopsFields = ['stopLoss', 'takeProfit'] as const

/**
 * A position's new stop loss and take profit: empty removes a level; each must be on its side
 * of, and at least the stops level from, the price the position would close at now (checkStops).
 */
export function modifyPositionFormSchema(
  instrument: Instrument,
  side: Side,
  getQuote: () => Quote | undefined,
) {
  return stopsFieldsSchema.transform((values, ctx): ModifyPositionInput => {
    const priceFormat = tradingMessages.priceFormat(instrument.digits)
    const stopLoss = optionalPrice(instrument, values.stopLoss)
    const takeProfit = optionalPrice(instrument, values.takeProfit)
    if (stopLoss === undefined) {
      ctx.addIssue({ code: 'custom', path: ['stopLoss'], message: priceFormat })
    }
    if (takeProfit === undefined) {
      ctx.addIssue({ code: 'custom', path: ['takeProfit'], message: priceFormat })
    }
    if (stopLoss === undefined || takeProfit === undefined) return z.NEVER
    const quote = getQuote()
    if (!quote) {
      ctx.addIssue({ code: 'custom', path: ['stopLoss'], message: NO_QUOTE_MESSAGE })
      return z.NEVER
    }
    const issues = checkStops(instrument, side, { stopLoss, takeProfit }, closingPrice(side, quote))
    for (const issue of issues) {
      ctx.addIssue({ code: 'custom', path: [issue.field], message: issue.message })
    }
    if (issues.length > 0) return z.NEVER
    return {
      stopLoss: stopLoss === null ? null : formatPrice(instrument, stopLoss),
      takeProfit: takeProfit === null ? null : formatPrice(instrument, takeProfit),
    }
  })
}

export function modifyPosition(accountId: string, positionId: string, body: ModifyPositionInput) {
  return apiRequest(`${accountPath(accountId)}/positions/${encodeURIComponent(positionId)}`, {
    method: 'PATCH',
    body,
    schema: tradeResponseSchema,
  })
}

export function useModifyPosition(accountId: string) {
  const applyState = useApplyTradeState(accountId)
  return useMutation({
    mutationFn: ({ positionId, body }: { positionId: string; body: ModifyPositionInput }) =>
      modifyPosition(accountId, positionId, body),
    onSuccess: ({ state }) => applyState(state),
  })
}
