import { messages, type TradingAccountDto } from '@tp/api'
import { checkFirmLeverage, tradingMessages } from '@tp/domain'
import { eq } from 'drizzle-orm'
import type { AppContext } from '../../context'
import { tradingAccounts } from '../../db/schema'
import { AppError } from '../../lib/errors'
import type { Caller } from '../access/authenticate'
import { loadAccountFor } from '../access/access-policy'
import { toTradingAccountDto } from '../accounts/account-dto'
import { policyOf } from './firm-checks'
import { assertTradable, tradingRejected, valueOf } from './trading-errors'

/**
 * The owner changes the account's leverage: 1:1 up to the plan's maximum (the firm's rule,
 * checked here), while nothing is open (the platform's). The row keeps the value shown.
 */
export async function changeLeverage(
  ctx: AppContext,
  caller: Caller,
  input: { accountId: string; leverage: number },
): Promise<{ account: TradingAccountDto; message: string }> {
  const row = await loadAccountFor(ctx, caller, input.accountId, 'trade')
  const externalId = assertTradable(row)
  const issue = checkFirmLeverage(input.leverage, policyOf(row))
  if (issue) throw tradingRejected([issue])
  valueOf(await ctx.trading.platform.setLeverage(externalId, input.leverage))
  const [updated] = await ctx.db
    .update(tradingAccounts)
    .set({ leverage: input.leverage })
    .where(eq(tradingAccounts.id, row.id))
    .returning()
  if (!updated) throw new AppError('NOT_FOUND', { message: messages.trading.accountNotFound })
  ctx.logger.info(
    { accountId: row.id, leverage: input.leverage },
    'trading account leverage changed',
  )
  return {
    account: toTradingAccountDto(ctx, updated),
    message: tradingMessages.leverageChanged(input.leverage),
  }
}
