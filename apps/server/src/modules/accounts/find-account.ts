import { asc, eq } from 'drizzle-orm'
import type { AppContext } from '../../context'
import { tradingAccounts, type TradingAccountRow } from '../../db/schema'
import type { Caller } from '../access/authenticate'
import { AppError } from '../../lib/errors'

/** The caller's account (an admin may read any); 404 otherwise, never "exists but not yours". */
export async function findAccountFor(
  ctx: AppContext,
  caller: Caller,
  accountId: string,
): Promise<TradingAccountRow> {
  const [row] = await ctx.db.select().from(tradingAccounts).where(eq(tradingAccounts.id, accountId))
  if (!row || (row.userId !== caller.userId && caller.role !== 'admin')) {
    throw new AppError('NOT_FOUND', { message: 'No such trading account.' })
  }
  return row
}

/** A user's accounts, newest challenge stage first within creation order. */
export async function listAccountsOf(
  ctx: AppContext,
  userId: string,
): Promise<TradingAccountRow[]> {
  return ctx.db
    .select()
    .from(tradingAccounts)
    .where(eq(tradingAccounts.userId, userId))
    .orderBy(asc(tradingAccounts.createdAt))
}
