import { judgeLateBonus, type IdentityFixPeriod } from '@tp/domain/payouts'
import { and, asc, eq, isNull, notInArray, or, sql } from 'drizzle-orm'
import type { AppContext } from '../../context'
import { identityChecks, payouts } from '../../db/schema'
import { defineJob } from '../../jobs/job-runner'
import { z } from 'zod'
import { recordPayoutEvent } from './payout-records'

// The landing page's promise: a payout not paid within 24 hours of the request (the time the
// trader spent fixing a rejected identity check not counted) earns a $1,000 late bonus line,
// added once by this job (every 5 minutes) and shown to the trader and the admins. One that falls
// due after the money left (the crypto sending or sent, the payout paid) is not lost: it is marked
// owed in the same update, shown in the admin queue as to be paid, and paid by itself once
// (mark-late-bonus-paid.ts).

/** The periods from each rejection of the user's identity check to the next submission. */
export async function identityFixesOf(
  ctx: AppContext,
  userId: string,
): Promise<IdentityFixPeriod[]> {
  const checks = await ctx.db
    .select()
    .from(identityChecks)
    .where(eq(identityChecks.userId, userId))
    .orderBy(asc(identityChecks.submittedAt))
  return checks.flatMap((check, i) =>
    check.status === 'rejected' && check.reviewedAt
      ? [
          {
            rejectedAtMs: check.reviewedAt.getTime(),
            resubmittedAtMs: checks[i + 1]?.submittedAt.getTime() ?? null,
          },
        ]
      : [],
  )
}

export async function addLateBonuses(ctx: AppContext): Promise<number> {
  const nowMs = ctx.clock.now().getTime()
  const candidates = await ctx.db
    .select()
    .from(payouts)
    .where(
      and(
        eq(payouts.lateBonusCents, 0),
        notInArray(payouts.status, ['rejected']),
        or(
          isNull(payouts.paidAt),
          sql`${payouts.paidAt} > ${payouts.requestedAt} + interval '24 hours'`,
        ),
        sql`${payouts.requestedAt} < ${new Date(nowMs - 24 * 3_600_000)}`,
      ),
    )
  let added = 0
  for (const payout of candidates) {
    const judgement = judgeLateBonus({
      requestedAtMs: payout.requestedAt.getTime(),
      paidAtMs: payout.paidAt?.getTime() ?? null,
      nowMs,
      identityFixes: await identityFixesOf(ctx, payout.userId),
    })
    if (!judgement.isDue) continue
    const now = ctx.clock.now()
    await ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .update(payouts)
        .set({
          lateBonusCents: judgement.bonusCents,
          // judged on the status this update sees: the send job's claim is its own update
          lateBonusOwedAt: sql`case when ${payouts.status} in ('sending', 'sent', 'paid') then ${now.toISOString()}::timestamptz else null end`,
          updatedAt: now,
        })
        .where(and(eq(payouts.id, payout.id), eq(payouts.lateBonusCents, 0)))
        .returning({ id: payouts.id, lateBonusOwedAt: payouts.lateBonusOwedAt })
      if (!row) return
      added++
      await recordPayoutEvent(ctx, tx, payout.id, 'late_bonus', {
        note: row.lateBonusOwedAt
          ? 'Not paid within 24 hours: $1,000 late bonus owed, paid separately'
          : 'Not paid within 24 hours: $1,000 late bonus added',
      })
    })
  }
  return added
}

export const lateBonusJob = defineJob({
  name: 'payouts.late-bonus',
  schema: z.object({}).passthrough(),
  cron: '*/5 * * * *',
  handle: async (ctx) => {
    await addLateBonuses(ctx)
  },
})
