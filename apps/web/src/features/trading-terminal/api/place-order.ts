import { useMutation } from '@tanstack/react-query'
import { z } from 'zod'
import { placeOrderResponseSchema, type PlaceOrderInput } from '@tp/api'
import {
  formatPrice,
  formatVolume,
  parseVolume,
  sideSchema,
  tradingMessages,
  validateOrder,
  type Instrument,
  type OrderContext,
  type OrderRequest,
  type OrderType,
  type Side,
} from '@tp/domain'
import { api } from '@/lib/api-client'
import { optionalPrice } from '../utils/price-input'
import { accountPath } from './query-keys'
import { useApplyTradeState } from './trade-mutation'

// POST /api/trading/accounts/:accountId/orders {symbol, type, volume, price?, stopLoss, takeProfit}
//   -> { position, order, state }; 422 TRADING_REJECTED with details[].path = the field

export const orderKinds = ['market', 'limit', 'stop'] as const
export type OrderKind = (typeof orderKinds)[number]

export function orderTypeOf(side: Side, kind: OrderKind): OrderType {
  return kind === 'market' ? side : `${side}-${kind}`
}

/** The ticket's fields as typed; prices and volume stay text until checked. */
export const ticketFieldsSchema = z.object({
  symbol: z.string(),
  side: sideSchema,
  kind: z.enum(orderKinds),
  volume: z.string(),
  price: z.string(),
  stopLoss: z.string(),
  takeProfit: z.string(),
})
export type TicketValues = z.infer<typeof ticketFieldsSchema>
export type TicketField = 'volume' | 'price' | 'stopLoss' | 'takeProfit'
export const ticketFields: readonly TicketField[] = ['volume', 'price', 'stopLoss', 'takeProfit']

/** Web-only copy: a symbol without a quote yet cannot be checked or priced. */
export const NO_QUOTE_MESSAGE = 'Waiting for a price for this symbol.'

export type CheckedOrder = { input: PlaceOrderInput; order: OrderRequest }

/**
 * The ticket as the domain sees it: the text parsed exactly (a format error names its field),
 * then validateOrder at this quote and instant, with its own messages. Market hours go to the
 * symbol field.
 */
export function orderTicketSchema(instrument: Instrument, getContext: () => OrderContext | null) {
  return ticketFieldsSchema.transform((values, ctx): CheckedOrder => {
    const isPending = values.kind !== 'market'
    const priceFormat = tradingMessages.priceFormat(instrument.digits)
    const volume = parseVolume(values.volume)
    if (volume === null) {
      ctx.addIssue({ code: 'custom', path: ['volume'], message: tradingMessages.volumeFormat })
    }
    const price = isPending ? optionalPrice(instrument, values.price) : null
    if (price === undefined) ctx.addIssue({ code: 'custom', path: ['price'], message: priceFormat })
    const stopLoss = optionalPrice(instrument, values.stopLoss)
    if (stopLoss === undefined) {
      ctx.addIssue({ code: 'custom', path: ['stopLoss'], message: priceFormat })
    }
    const takeProfit = optionalPrice(instrument, values.takeProfit)
    if (takeProfit === undefined) {
      ctx.addIssue({ code: 'custom', path: ['takeProfit'], message: priceFormat })
    }
    if (
      volume === null ||
      price === undefined ||
      stopLoss === undefined ||
      takeProfit === undefined
    ) {
      return z.NEVER
    }

    const order: OrderRequest = {
      type: orderTypeOf(values.side, values.kind),
      volume,
      price,
      stopLoss,
      takeProfit,
    }
    const context = getContext()
    if (context === null) {
      ctx.addIssue({ code: 'custom', path: ['symbol'], message: NO_QUOTE_MESSAGE })
      return z.NEVER
    }
    const issues = validateOrder(instrument, order, context)
    const seen = new Set<string>()
    for (const issue of issues) {
      // market hours (and anything else not about one input) are shown at the symbol
      const field = (ticketFields as readonly string[]).includes(issue.field)
        ? issue.field
        : 'symbol'
      if (seen.has(field)) continue
      seen.add(field)
      ctx.addIssue({ code: 'custom', path: [field], message: issue.message })
    }
    if (issues.length > 0) return z.NEVER

    const input: PlaceOrderInput = {
      symbol: instrument.symbol,
      type: order.type,
      volume: formatVolume(volume),
      stopLoss: stopLoss === null ? null : formatPrice(instrument, stopLoss),
      takeProfit: takeProfit === null ? null : formatPrice(instrument, takeProfit),
    }
    if (price !== null) input.price = formatPrice(instrument, price)
    return { input, order }
  })
}

export function placeOrder(accountId: string, input: PlaceOrderInput) {
  return api.post(`${accountPath(accountId)}/orders`, input, placeOrderResponseSchema)
}

export function usePlaceOrder(accountId: string) {
  const applyState = useApplyTradeState(accountId)
  return useMutation({
    mutationFn: (input: PlaceOrderInput) => placeOrder(accountId, input),
    onSuccess: ({ state }) => applyState(state),
  })
}
