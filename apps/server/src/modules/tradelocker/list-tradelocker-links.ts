import type { LinkedAccount, TradeLockerLink } from '@tp/api/tradelocker'
import { desc, eq, getTableColumns } from 'drizzle-orm'
import type { AppContext } from '../../context'
import { tradeLockerAccounts, tradeLockerLinks } from '../../db/schema'
import type { Caller } from '../access/authenticate'
import { toLinkedAccount, toTradeLockerLink } from './tradelocker-links'

/** The caller's own TradeLocker links with their imported accounts (no tokens, no trades). */
export async function listTradeLockerLinks(
  ctx: AppContext,
  caller: Caller,
): Promise<TradeLockerLink[]> {
  const links = await ctx.db
    .select()
    .from(tradeLockerLinks)
    .where(eq(tradeLockerLinks.userId, caller.userId))
    .orderBy(desc(tradeLockerLinks.createdAt))
  const { trades: _trades, openFills: _open, ...columns } = getTableColumns(tradeLockerAccounts)
  const accounts = await ctx.db
    .select(columns)
    .from(tradeLockerAccounts)
    .where(eq(tradeLockerAccounts.userId, caller.userId))
    .orderBy(tradeLockerAccounts.createdAt)
  const rows = accounts.map((row) => ({ ...row, trades: [], openFills: [] }))
  return links.map((link) => toTradeLockerLink(link, rows))
}

/** The caller's linked accounts, as the analytics account switcher lists them. */
export async function listLinkedAccounts(
  ctx: AppContext,
  caller: Caller,
): Promise<LinkedAccount[]> {
  const links = await listTradeLockerLinks(ctx, caller)
  return links.flatMap((link) => link.accounts)
}

export { toLinkedAccount }
