import { eq } from 'drizzle-orm'
import type { AppContext } from '../../context'
import { tradeLockerLinks } from '../../db/schema'
import { loadTradeLockerLinkFor } from '../access/access-policy'
import type { Caller } from '../access/authenticate'

/** Unlinks one of the caller's TradeLocker logins: its tokens and imported accounts are deleted. */
export async function unlinkTradeLocker(
  ctx: AppContext,
  caller: Caller,
  linkId: string,
): Promise<void> {
  const link = await loadTradeLockerLinkFor(ctx, caller, linkId, 'manage')
  await ctx.db.delete(tradeLockerLinks).where(eq(tradeLockerLinks.id, link.id))
}
