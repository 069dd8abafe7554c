import type { TradingAccountDto } from '@tp/api'
import type { AppContext } from '../../context'
import type { Caller } from '../access/authenticate'
import { toOwnedTradingAccountDto, toTradingAccountDto } from '../accounts/account-dto'
import { listAccountsOf } from '../accounts/find-account'
import { resolveTargetUser } from '../users/resolve-target-user'

/**
 * Trading accounts of a user (spec 7): the caller's (with their passwords), or any user's for an
 * admin (without: an admin does not read a trader's trading passwords).
 */
export async function getMetaAccounts(
  ctx: AppContext,
  caller: Caller,
  input: { email?: string | undefined },
): Promise<{
  data: {
    accounts: (TradingAccountDto & {
      accountId: string
      password?: string
      investorPassword?: string | null
    })[]
  }
}> {
  const { target } = await resolveTargetUser(ctx, caller, input.email)
  const rows = await listAccountsOf(ctx, target.id)
  return {
    data: {
      accounts: rows.map((row) => ({
        ...(row.userId === caller.userId
          ? toOwnedTradingAccountDto(ctx, row)
          : toTradingAccountDto(ctx, row)),
        accountId: row.id,
      })),
    },
  }
}
