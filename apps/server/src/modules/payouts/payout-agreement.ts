import { FUNDED_TRADER_AGREEMENT_VERSION } from '@tp/api/payouts'
import { and, eq } from 'drizzle-orm'
import type { AppContext } from '../../context'
import type { Executor } from '../../db/client'
import { payoutAgreements } from '../../db/schema'
import type { Caller } from '../access/authenticate'

// The funded-trader agreement (click-through): the version accepted and when.

export async function readAgreement(db: Executor, userId: string) {
  const [row] = await db
    .select()
    .from(payoutAgreements)
    .where(
      and(
        eq(payoutAgreements.userId, userId),
        eq(payoutAgreements.version, FUNDED_TRADER_AGREEMENT_VERSION),
      ),
    )
  return {
    version: FUNDED_TRADER_AGREEMENT_VERSION,
    acceptedAt: row?.acceptedAt.toISOString() ?? null,
  }
}

export async function acceptAgreement(ctx: AppContext, caller: Caller) {
  await ctx.db
    .insert(payoutAgreements)
    .values({
      userId: caller.userId,
      version: FUNDED_TRADER_AGREEMENT_VERSION,
      acceptedAt: ctx.clock.now(),
    })
    .onConflictDoNothing()
  return readAgreement(ctx.db, caller.userId)
}

export async function readAgreementFor(ctx: AppContext, caller: Caller) {
  return readAgreement(ctx.db, caller.userId)
}
