import { asc, eq, sql } from 'drizzle-orm'
import type { AppContext } from '../../context'
import { preparedPerDatabase } from '../../db/prepared'
import { tradingAccounts, type TradingAccountRow } from '../../db/schema'

// A trading account is reached through the access policy (modules/access/access-policy.ts,
// loadAccountFor); this lists a user's own.

/** A user's accounts, newest challenge stage first within creation order. */
export async function listAccountsOf(
  ctx: AppContext,
  userId: string,
): Promise<TradingAccountRow[]> {
  return accountsOfUser(ctx.db).execute({ userId })
}

const accountsOfUser = preparedPerDatabase((db) =>
  db
    .select()
    .from(tradingAccounts)
    .where(eq(tradingAccounts.userId, sql.placeholder('userId')))
    .orderBy(asc(tradingAccounts.createdAt))
    .prepare('tp_accounts_of_user'),
)
