import type { DealDto } from '@tp/api'
import type { AppContext } from '../../context'
import type { Caller } from '../access/authenticate'
import { loadAccountFor } from '../access/access-policy'
import { toDealDto } from './trading-dto'

/** Every deal (opening, closing, balance) in [from, to), oldest first, by page: owner or admin. */
export async function listDeals(
  ctx: AppContext,
  caller: Caller,
  input: {
    accountId: string
    from?: string | undefined
    to?: string | undefined
    offset: number
    limit: number
  },
): Promise<{ deals: DealDto[]; hasMore: boolean }> {
  const row = await loadAccountFor(ctx, caller, input.accountId, 'read')
  if (!row.externalId) return { deals: [], hasMore: false }
  const page = await ctx.trading.platform.listDeals(row.externalId, {
    fromMs: input.from ? Date.parse(input.from) : 0,
    toMs: input.to ? Date.parse(input.to) : ctx.clock.now().getTime() + 1,
    offset: input.offset,
    limit: input.limit,
  })
  return { deals: page.deals.map(toDealDto), hasMore: page.hasMore }
}
