import type { AppContext } from '../../context'
import type { Caller } from '../access/authenticate'
import { loadAccountRefFor } from '../access/access-policy'
import {
  ClosedTradePages,
  freezePage,
  type ClosedTradePage,
  type ClosedTradeVersions,
} from './closed-trade-pages'
import { toClosedTradeDto } from './trading-dto'

/** each runtime's pages, by the source of its versions (the analytics cache) */
const pagesByVersions = new WeakMap<ClosedTradeVersions, ClosedTradePages>()

function pagesOf(ctx: AppContext): ClosedTradePages {
  const versions = ctx.trading.analytics
  let pages = pagesByVersions.get(versions)
  if (!pages) {
    pages = new ClosedTradePages(versions)
    pagesByVersions.set(versions, pages)
  }
  return pages
}

/**
 * Closed trades (closing deals), newest first, a page at a time: owner or admin. Access is
 * decided per request; the page itself is kept until the account's next closing deal (decision
 * 0040, closed-trade-pages.ts).
 */
export async function listClosedTrades(
  ctx: AppContext,
  caller: Caller,
  input: {
    accountId: string
    limit: number
    before?: string | undefined
    beforeId?: string | undefined
  },
): Promise<ClosedTradePage> {
  const row = await loadAccountRefFor(ctx, caller, input.accountId, 'read')
  if (!row.externalId) return { trades: [], hasMore: false }
  const pages = pagesOf(ctx)
  const key = `${input.limit}|${input.before ?? ''}|${input.before ? (input.beforeId ?? '') : ''}`
  const kept = pages.get(row.externalId, key)
  if (kept) return kept
  const version = pages.versionOf(row.externalId)
  const page = await ctx.trading.platform.listClosedTrades(row.externalId, {
    limit: input.limit,
    ...(input.before ? { beforeMs: Date.parse(input.before) } : {}),
    ...(input.before && input.beforeId ? { beforeId: input.beforeId } : {}),
  })
  const answer = freezePage(page.trades.map(toClosedTradeDto), page.hasMore)
  pages.store(row.externalId, key, answer, version)
  return answer
}
