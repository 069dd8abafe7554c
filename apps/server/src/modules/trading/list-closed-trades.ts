import type { ClosedTradeDto } from '@tp/api'
import type { AppContext } from '../../context'
import type { Caller } from '../access/authenticate'
import { loadAccountRefFor } from '../access/access-policy'
import { toClosedTradeDto } from './trading-dto'

/** Closed trades (closing deals), newest first, a page at a time: owner or admin. */
export async function listClosedTrades(
  ctx: AppContext,
  caller: Caller,
  input: {
    accountId: string
    limit: number
    before?: string | undefined
    beforeId?: string | undefined
  },
): Promise<{ trades: ClosedTradeDto[]; hasMore: boolean }> {
  const row = await loadAccountRefFor(ctx, caller, input.accountId, 'read')
  if (!row.externalId) return { trades: [], hasMore: false }
  const page = await ctx.trading.platform.listClosedTrades(row.externalId, {
    limit: input.limit,
    ...(input.before ? { beforeMs: Date.parse(input.before) } : {}),
    ...(input.before && input.beforeId ? { beforeId: input.beforeId } : {}),
  })
  return { trades: page.trades.map(toClosedTradeDto), hasMore: page.hasMore }
}
