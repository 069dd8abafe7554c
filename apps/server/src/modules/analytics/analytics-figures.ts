import type { AppContext } from '../../context'
import type { TradingAccountRow } from '../../db/schema'

/** An amount of the domain's analytics (account currency, exact to the cent) in cents. */
export const toCents = (amount: number): number => Math.round(amount * 100)

/** Lots of the domain's analytics in hundredths of a lot (the API's volume unit). */
export const toVolumeUnits = (lots: number): number => Math.round(lots * 100)

/** The account's balance and equity now (cents): the platform's, or the size before it exists. */
export async function readAccountFigures(
  ctx: AppContext,
  row: TradingAccountRow,
): Promise<{ balance: number; equity: number }> {
  if (!row.externalId || row.status === 'provisioning') {
    return { balance: row.initialBalance, equity: row.initialBalance }
  }
  const info = await ctx.trading.platform.getAccountInfo(row.externalId)
  return { balance: info.balance, equity: info.equity }
}
