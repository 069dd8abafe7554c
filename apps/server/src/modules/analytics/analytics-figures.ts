import type { AppContext } from '../../context'
import type { TradingAccountRow } from '../../db/schema'

/** An amount of the domain's analytics (account currency, exact to the cent) in cents. */
export const toCents = (amount: number): number => Math.round(amount * 100)

/** Lots of the domain's analytics in hundredths of a lot (the API's volume unit). */
export const toVolumeUnits = (lots: number): number => Math.round(lots * 100)

/**
 * The account's balance and equity now (cents): the platform's, or the size before it exists. An
 * account has its platform id from the moment it leaves provisioning (the same update), so a ref
 * without a status tells as much.
 */
export async function readAccountFigures(
  ctx: AppContext,
  row: Pick<TradingAccountRow, 'externalId' | 'initialBalance'> &
    Partial<Pick<TradingAccountRow, 'status'>>,
): Promise<{ balance: number; equity: number }> {
  if (!row.externalId || row.status === 'provisioning') {
    return { balance: row.initialBalance, equity: row.initialBalance }
  }
  const info = await ctx.trading.platform.getAccountInfo(row.externalId)
  return { balance: info.balance, equity: info.equity }
}
