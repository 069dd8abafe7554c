import type { PayoutDto } from '@tp/api/payouts'
import { desc, eq } from 'drizzle-orm'
import type { AppContext } from '../../context'
import { payouts } from '../../db/schema'
import { assertAdminRead, type Caller } from '../access/authenticate'
import { toPayoutDtos } from './payout-records'

/** The caller's payouts, newest first, with their timelines. */
export async function listOwnPayouts(ctx: AppContext, caller: Caller): Promise<PayoutDto[]> {
  return listUserPayouts(ctx, caller, caller.userId)
}

/** A user's payouts, newest first (admin: the user detail page; a trader: their own). */
export async function listUserPayouts(
  ctx: AppContext,
  caller: Caller,
  userId: string,
): Promise<PayoutDto[]> {
  if (caller.userId !== userId) assertAdminRead(caller)
  const rows = await ctx.db
    .select()
    .from(payouts)
    .where(eq(payouts.userId, userId))
    .orderBy(desc(payouts.requestedAt))
    .limit(200)
  return toPayoutDtos(ctx.db, rows)
}
