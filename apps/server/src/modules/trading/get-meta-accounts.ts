import type { TradingAccountDto } from '@tp/api'
import type { AppContext } from '../../context'
import type { Caller } from '../access/authenticate'
import { toTradingAccountDto } from '../accounts/account-dto'
import { listAccountsOf } from '../accounts/find-account'
import { resolveTargetUser } from '../users/resolve-target-user'

/**
 * Trading accounts of a user (spec 7): the caller's, or any user's for an admin; never with
 * their passwords (the owner fetches those on demand from the credentials route).
 */
export async function getMetaAccounts(
  ctx: AppContext,
  caller: Caller,
  input: { email?: string | undefined },
): Promise<{
  data: {
    accounts: (TradingAccountDto & { accountId: string })[]
  }
}> {
  // the caller's own accounts are read beside the user (one round trip's time); an admin naming
  // another user has that user's read after
  const [{ target }, ownRows] = await Promise.all([
    resolveTargetUser(ctx, caller, input.email),
    listAccountsOf(ctx, caller.userId),
  ])
  const rows = target.id === caller.userId ? ownRows : await listAccountsOf(ctx, target.id)
  return {
    data: {
      accounts: rows.map((row) => ({
        ...toTradingAccountDto(ctx, row),
        accountId: row.id,
      })),
    },
  }
}
