import { messages } from '@tp/api'
import { and, eq, inArray, isNotNull } from 'drizzle-orm'
import type { AppContext } from '../../context'
import { tradingAccounts } from '../../db/schema'

// A disabled user's accounts stop trading: the firm turns trading off on the platform (so no
// pending order fills and no terminal or expert advisor trades) and on the row (what the firm's
// own checks and the owner's terminal read), for every active account that was trading. Enabling
// the user turns it back on for exactly those accounts (kept in the disable's audit entry), not
// for one the risk desk had disabled on its own.
//
// A platform that fails to answer (a remote MetaTrader server down) does not undo or stop the
// admin's action: the row already refuses trading, the failure is logged and handed back, so the
// action is still audited (with the accounts whose platform did not take it) and the user mailed.

export type UserTradingChange = {
  /** the accounts whose trading the change turned off (or on) */
  accountIds: string[]
  /** of those, the ones whose platform refused or failed the call (the row holds the change) */
  platformFailures: string[]
}

async function onPlatform(
  ctx: AppContext,
  accountId: string,
  failures: string[],
  call: () => Promise<unknown>,
) {
  try {
    await call()
  } catch (error) {
    failures.push(accountId)
    ctx.logger.error({ err: error, accountId }, 'the platform did not take a user trading change')
  }
}

export async function stopUserTrading(ctx: AppContext, userId: string): Promise<UserTradingChange> {
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
  if (rows.length === 0) return { accountIds: [], platformFailures: [] }
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
  const platformFailures: string[] = []
  for (const row of rows) {
    await onPlatform(ctx, row.id, platformFailures, async () => {
      await platform.setTradingEnabled(row.externalId!, false)
      await platform.cancelAllOrders(row.externalId!)
    })
    ctx.trading.hub.accountEvent(row.id, 'trading-disabled', messages.admin.ownerDisabled)
  }
  return { accountIds: rows.map((row) => row.id), platformFailures }
}

export async function restartUserTrading(
  ctx: AppContext,
  accountIds: readonly string[],
): Promise<UserTradingChange> {
  if (accountIds.length === 0) return { accountIds: [], platformFailures: [] }
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
  const platformFailures: string[] = []
  for (const row of rows) {
    await onPlatform(ctx, row.id, platformFailures, () =>
      ctx.trading.platform.setTradingEnabled(row.externalId!, true),
    )
    ctx.trading.hub.accountChanged(row.id)
  }
  return { accountIds: rows.map((row) => row.id), platformFailures }
}
