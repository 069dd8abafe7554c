import { and, desc, eq, inArray, isNotNull, isNull, or } from 'drizzle-orm'
import type { AppContext } from '../../context'
import { payouts, tradingAccounts, users } from '../../db/schema'
import { assertAdminRead, type Caller } from '../access/authenticate'
import { judgeAccountPayout } from './judge-account-payout'
import { latestIdentityCheck, openStatuses, toPayoutDtos } from './payout-records'

/**
 * The admin payout queue: open requests (or all), each with the trader's identity status and the
 * eligibility evidence recomputed by the server now (the open request itself aside), and payouts
 * whose late bonus is owed by itself (lateBonusOwedCents > 0) until an admin pays it.
 */
export async function listPayoutQueue(
  ctx: AppContext,
  caller: Caller,
  options: { status: 'open' | 'all' },
) {
  assertAdminRead(caller)
  const rows = await ctx.db
    .select()
    .from(payouts)
    .where(
      options.status === 'open'
        ? or(
            inArray(payouts.status, [...openStatuses]),
            // a late bonus owed after the money left stays in the queue until it is paid
            and(isNotNull(payouts.lateBonusOwedAt), isNull(payouts.lateBonusPaidAt)),
          )
        : undefined,
    )
    .orderBy(desc(payouts.requestedAt))
    .limit(200)
  const dtos = await toPayoutDtos(ctx.db, rows)
  return Promise.all(
    rows.map(async (row, i) => {
      const [user] = await ctx.db
        .select({ email: users.email })
        .from(users)
        .where(eq(users.id, row.userId))
      const identity = await latestIdentityCheck(ctx.db, row.userId)
      const [account] = await ctx.db
        .select()
        .from(tradingAccounts)
        .where(eq(tradingAccounts.id, row.accountId))
      let evidence: { key: string; met: boolean; message: string }[] = []
      if (account && row.status !== 'paid' && row.status !== 'rejected') {
        const { eligibility } = await judgeAccountPayout(ctx, account)
        evidence = eligibility.conditions.filter((c) => c.key !== 'noOpenRequest')
      } else {
        evidence = (row.evidence.conditions as typeof evidence | undefined) ?? []
      }
      return {
        ...dtos[i]!,
        userId: row.userId,
        email: user?.email ?? '',
        identityStatus: identity?.status ?? ('none' as const),
        evidence,
        isEligibleNow: evidence.every((c) => c.met),
      }
    }),
  )
}
