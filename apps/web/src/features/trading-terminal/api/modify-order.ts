import { useMutation } from '@tanstack/react-query'
import { z } from 'zod'
import { tradeResponseSchema, type modifyOrderSchema } from '@tp/api'
import {
  checkPendingPrice,
  checkStops,
  formatPrice,
  parsePrice,
  sideOfOrder,
  tradingMessages,
  type Instrument,
  type PendingOrderType,
  type Quote,
} from '@tp/domain'
import { apiRequest } from '@/lib/api-client'
import { optionalPrice } from '../utils/price-input'
import { NO_QUOTE_MESSAGE } from './place-order'
import { accountPath } from './query-keys'
import { useApplyTradeState } from './trade-mutation'

// PATCH /api/trading/accounts/:accountId/orders/:orderId {price, stopLoss, takeProfit} -> { state }

export type ModifyOrderInput = z.infer<typeof modifyOrderSchema>

export const orderFieldsSchema = z.object({
  price: z.string(),
  stopLoss: z.string(),
  takeProfit: z.string(),
})
export type OrderFieldValues = z.infer<typeof orderFieldsSchema>
export const orderFields = ['price', 'stopLoss', 'takeProfit'] as const

/**
 * A pending order's new price (on the right side of the market, checkPendingPrice) and its stop
 * loss and take profit (around the order's price, checkStops), with the domain's messages.
 */
export function modifyOrderFormSchema(
  instrument: Instrument,
  type: PendingOrderType,
  getQuote: () => Quote | undefined,
) {
  return orderFieldsSchema.transform((values, ctx): ModifyOrderInput => {
    const priceFormat = tradingMessages.priceFormat(instrument.digits)
    const price =
      values.price.trim() === '' ? null : (parsePrice(instrument, values.price) ?? undefined)
    const stopLoss = optionalPrice(instrument, values.stopLoss)
    const takeProfit = optionalPrice(instrument, values.takeProfit)
    if (price === null) {
      ctx.addIssue({
        code: 'custom',
        path: ['price'],
        message: tradingMessages.pendingPriceRequired,
      })
    }
    if (price === undefined) ctx.addIssue({ code: 'custom', path: ['price'], message: priceFormat })
    if (stopLoss === undefined) {
      ctx.addIssue({ code: 'custom', path: ['stopLoss'], message: priceFormat })
    }
    if (takeProfit === undefined) {
      ctx.addIssue({ code: 'custom', path: ['takeProfit'], message: priceFormat })
    }
    if (
      price === null ||
      price === undefined ||
      stopLoss === undefined ||
      takeProfit === undefined
    ) {
      return z.NEVER
    }
    const quote = getQuote()
    if (!quote) {
      ctx.addIssue({ code: 'custom', path: ['price'], message: NO_QUOTE_MESSAGE })
      return z.NEVER
    }
    const issues = [
      checkPendingPrice(instrument, type, price, quote),
      ...checkStops(instrument, sideOfOrder(type), { stopLoss, takeProfit }, price),
    ].filter((issue) => issue !== null)
    for (const issue of issues) {
      ctx.addIssue({ code: 'custom', path: [issue.field], message: issue.message })
    }
    if (issues.length > 0) return z.NEVER
    return {
      price: formatPrice(instrument, price),
      stopLoss: stopLoss === null ? null : formatPrice(instrument, stopLoss),
      takeProfit: takeProfit === null ? null : formatPrice(instrument, takeProfit),
    }
  })
}

export function modifyOrder(accountId: string, orderId: string, body: ModifyOrderInput) {
  return apiRequest(`${accountPath(accountId)}/orders/${encodeURIComponent(orderId)}`, {
    method: 'PATCH',
    body,
    schema: tradeResponseSchema,
  })
}

export function useModifyOrder(accountId: string) {
  const applyState = useApplyTradeState(accountId)
  return useMutation({
    mutationFn: ({ orderId, body }: { orderId: string; body: ModifyOrderInput }) =>
      modifyOrder(accountId, orderId, body),
    onSuccess: ({ state }) => applyState(state),
  })
}
