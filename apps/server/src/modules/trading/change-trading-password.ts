import { messages, type TradingAccountDto } from '@tp/api'
import { eq } from 'drizzle-orm'
import type { AppContext } from '../../context'
import { tradingAccounts } from '../../db/schema'
import { AppError } from '../../lib/errors'
import type { Caller } from '../access/authenticate'
import { loadAccountFor } from '../access/access-policy'
import { toTradingAccountDto } from '../accounts/account-dto'

/** The owner changes the trading account's main password on the platform; the app keeps it sealed. */
export async function changeTradingPassword(
  ctx: AppContext,
  caller: Caller,
  input: { accountId: string; password: string },
): Promise<{ account: TradingAccountDto; message: string }> {
  const row = await loadAccountFor(ctx, caller, input.accountId, 'trade')
  if (!row.externalId || row.status === 'provisioning') throw new AppError('ACCOUNT_NOT_TRADABLE')
  await ctx.trading.platform.changePassword(row.externalId, input.password, 'main')
  const [updated] = await ctx.db
    .update(tradingAccounts)
    .set({ passwordCipher: ctx.secrets.seal(input.password) })
    .where(eq(tradingAccounts.id, row.id))
    .returning()
  if (!updated) throw new AppError('NOT_FOUND', { message: messages.trading.accountNotFound })
  return {
    account: toTradingAccountDto(ctx, updated),
    message: messages.trading.passwordChanged,
  }
}
