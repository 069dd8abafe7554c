import { desc, eq, sql } from 'drizzle-orm'
import type { AppContext } from '../../context'
import { identityChecks, payouts } from '../../db/schema'

// Payouts as the dashboard and a user's page show them (docs/admin-metrics.md): what a payout
// costs the firm is the trader's share plus the fee refunded plus any late bonus, USD cents;
// pending = requested and not yet paid or rejected.

export type PayoutTotals = {
  pendingCount: number
  pendingCents: number
  paidCount: number
  paidCents: number
}

const payoutCents = sql<number>`(${payouts.traderShareCents} + ${payouts.feeRefundCents} + ${payouts.lateBonusCents})`

export async function readPayoutTotals(ctx: AppContext): Promise<PayoutTotals> {
  const [row] = await ctx.db
    .select({
      pendingCount: sql<string>`count(*) filter (where ${payouts.status} not in ('paid', 'rejected'))`,
      pendingCents: sql<string>`coalesce(sum(${payoutCents}) filter (where ${payouts.status} not in ('paid', 'rejected')), 0)`,
      paidCount: sql<string>`count(*) filter (where ${payouts.status} = 'paid')`,
      paidCents: sql<string>`coalesce(sum(${payoutCents}) filter (where ${payouts.status} = 'paid'), 0)`,
    })
    .from(payouts)
  return {
    pendingCount: Number(row?.pendingCount ?? 0),
    pendingCents: Number(row?.pendingCents ?? 0),
    paidCount: Number(row?.paidCount ?? 0),
    paidCents: Number(row?.paidCents ?? 0),
  }
}

export type UserPayout = { id: string; status: string; amountCents: number; createdAt: string }

export async function readUserPayouts(
  ctx: AppContext,
  userId: string,
  limit: number,
): Promise<UserPayout[]> {
  const rows = await ctx.db
    .select({
      id: payouts.id,
      status: payouts.status,
      amountCents: payoutCents,
      requestedAt: payouts.requestedAt,
    })
    .from(payouts)
    .where(eq(payouts.userId, userId))
    .orderBy(desc(payouts.requestedAt))
    .limit(limit)
  return rows.map((row) => ({
    id: row.id,
    status: row.status,
    amountCents: Number(row.amountCents),
    createdAt: row.requestedAt.toISOString(),
  }))
}

/** The user's latest identity check submission, or null. */
export async function readIdentityCheck(
  ctx: AppContext,
  userId: string,
): Promise<{ status: string; updatedAt: string } | null> {
  const [row] = await ctx.db
    .select({
      status: identityChecks.status,
      submittedAt: identityChecks.submittedAt,
      reviewedAt: identityChecks.reviewedAt,
    })
    .from(identityChecks)
    .where(eq(identityChecks.userId, userId))
    .orderBy(desc(identityChecks.submittedAt))
    .limit(1)
  if (!row) return null
  return { status: row.status, updatedAt: (row.reviewedAt ?? row.submittedAt).toISOString() }
}
