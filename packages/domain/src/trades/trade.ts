import { z } from 'zod'

/**
 * The one normalized trade model (contracts/evaluation-engine.md "trades"). Statement import,
 * the trading platforms and the analytics all speak it. Times are ISO-8601 UTC strings;
 * amounts are JSON numbers in account currency (exact to the cent in practice; the engine turns
 * them into exact decimals before doing arithmetic).
 */
export const tradeSchema = z.object({
  id: z.string().min(1),
  symbol: z.string().min(1),
  side: z.enum(['buy', 'sell']),
  volume: z.number().nonnegative(),
  openTime: z.iso.datetime({ offset: true }),
  /** null while the trade is open */
  closeTime: z.iso.datetime({ offset: true }).nullable(),
  openPrice: z.number(),
  closePrice: z.number().nullable(),
  profit: z.number(),
  commission: z.number().default(0),
  swap: z.number().default(0),
})
export type Trade = z.output<typeof tradeSchema>
export type TradeInput = z.input<typeof tradeSchema>

export type ClosedTrade = Trade & { closeTime: string; closePrice: number }

export const isClosed = (t: Trade): t is ClosedTrade => t.closeTime !== null
