import { messages } from '@tp/api'
import { and, eq, inArray, isNotNull } from 'drizzle-orm'
import type { AppContext } from '../../context'
import { tradingAccounts } from '../../db/schema'

// A disabled user's accounts stop trading: the firm turns trading off on the platform (so no
// pending order fills and no terminal or expert advisor trades) and on the row (what the firm's
// own checks and the owner's terminal read), for every active account that was trading. Enabling
// the user turns it back on for exactly those accounts (kept in the disable's audit entry), not
// for one the risk desk had disabled on its own.

export async function stopUserTrading(ctx: AppContext, userId: string): Promise<string[]> {
  const rows = await ctx.db
    .select({ id: tradingAccounts.id, externalId: tradingAccounts.externalId })
    .from(tradingAccounts)
    .where(
      and(
        eq(tradingAccounts.userId, userId),
        eq(tradingAccounts.status, 'active'),
        eq(tradingAccounts.isTradingEnabled, true),
        isNotNull(tradingAccounts.externalId),
      ),
    )
  if (rows.length === 0) return []
  // the row first: the firm's checks refuse from this moment, whatever the platform answers
  await ctx.db
    .update(tradingAccounts)
    .set({ isTradingEnabled: false })
    .where(
      inArray(
        tradingAccounts.id,
        rows.map((row) => row.id),
      ),
    )
  const platform = ctx.trading.platform
  for (const row of rows) {
    await platform.setTradingEnabled(row.externalId!, false)
    await platform.cancelAllOrders(row.externalId!)
    ctx.trading.hub.accountEvent(row.id, 'trading-disabled', messages.admin.ownerDisabled)
  }
  return rows.map((row) => row.id)
}

export async function restartUserTrading(
  ctx: AppContext,
  accountIds: readonly string[],
): Promise<string[]> {
  if (accountIds.length === 0) return []
  const rows = await ctx.db
    .update(tradingAccounts)
    .set({ isTradingEnabled: true })
    .where(
      and(
        inArray(tradingAccounts.id, [...accountIds]),
        eq(tradingAccounts.status, 'active'),
        eq(tradingAccounts.isTradingEnabled, false),
        isNotNull(tradingAccounts.externalId),
      ),
    )
    .returning({ id: tradingAccounts.id, externalId: tradingAccounts.externalId })
  for (const row of rows) {
    await ctx.trading.platform.setTradingEnabled(row.externalId!, true)
    ctx.trading.hub.accountChanged(row.id)
  }
  return rows.map((row) => row.id)
}
