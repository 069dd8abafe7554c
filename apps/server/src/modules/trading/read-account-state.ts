import type { AccountState } from '@tp/api'
import { eq } from 'drizzle-orm'
import type { AppContext } from '../../context'
import { tradingAccounts } from '../../db/schema'
import { getAccountState } from '../accounts/account-state'

/**
 * The account's state after a trading operation, read again: the operation may have ended it
 * (a commission taking equity through a floor breaches on that very event).
 */
export async function readAccountState(ctx: AppContext, accountId: string): Promise<AccountState> {
  const [row] = await ctx.db.select().from(tradingAccounts).where(eq(tradingAccounts.id, accountId))
  if (!row) throw new Error(`trading account ${accountId} vanished`)
  return getAccountState(ctx, row)
}
