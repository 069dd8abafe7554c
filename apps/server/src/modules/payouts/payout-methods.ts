import {
  payoutMessages,
  payoutMethodLabel,
  type PayoutMethod,
  type PayoutMethodDetails,
} from '@tp/api/payouts'
import { and, asc, eq, isNull } from 'drizzle-orm'
import type { AppContext } from '../../context'
import { payoutMethods, type PayoutMethodRow } from '../../db/schema'
import { AppError } from '../../lib/errors'
import type { Caller } from '../access/authenticate'

// The payout methods saved in the caller's profile (crypto address or bank wire). A removed
// method is kept (requests made with it show it) but no longer listed.

const toDto = (row: PayoutMethodRow): PayoutMethod => ({
  id: row.id,
  kind: row.kind,
  label: row.label,
  details: row.details,
  createdAt: row.createdAt.toISOString(),
})

export async function listPayoutMethods(ctx: AppContext, caller: Caller): Promise<PayoutMethod[]> {
  const rows = await ctx.db
    .select()
    .from(payoutMethods)
    .where(and(eq(payoutMethods.userId, caller.userId), isNull(payoutMethods.deletedAt)))
    .orderBy(asc(payoutMethods.createdAt))
  return rows.map(toDto)
}

export async function savePayoutMethod(
  ctx: AppContext,
  caller: Caller,
  details: PayoutMethodDetails,
): Promise<PayoutMethod> {
  const { kind, ...rest } = details
  const [row] = await ctx.db
    .insert(payoutMethods)
    .values({
      userId: caller.userId,
      kind,
      label: payoutMethodLabel(details),
      details: rest as Record<string, string>,
      createdAt: ctx.clock.now(),
    })
    .returning()
  return toDto(row!)
}

export async function deletePayoutMethod(
  ctx: AppContext,
  caller: Caller,
  methodId: string,
): Promise<void> {
  const removed = await ctx.db
    .update(payoutMethods)
    .set({ deletedAt: ctx.clock.now() })
    .where(
      and(
        eq(payoutMethods.id, methodId),
        eq(payoutMethods.userId, caller.userId),
        isNull(payoutMethods.deletedAt),
      ),
    )
    .returning({ id: payoutMethods.id })
  if (removed.length === 0)
    throw new AppError('NOT_FOUND', { message: payoutMessages.noSuchMethod })
}

/** A live method of the caller's; 404 otherwise. */
export async function loadOwnPayoutMethod(
  ctx: AppContext,
  caller: Caller,
  methodId: string,
): Promise<PayoutMethodRow> {
  const [row] = await ctx.db
    .select()
    .from(payoutMethods)
    .where(
      and(
        eq(payoutMethods.id, methodId),
        eq(payoutMethods.userId, caller.userId),
        isNull(payoutMethods.deletedAt),
      ),
    )
  if (!row) throw new AppError('NOT_FOUND', { message: payoutMessages.noSuchMethod })
  return row
}
