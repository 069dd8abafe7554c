import type { PayoutDto } from '@tp/api/payouts'
import { and, asc, desc, eq, inArray, notInArray } from 'drizzle-orm'
import type { AppContext } from '../../context'
import type { Executor } from '../../db/client'
import { recordAudit } from '../access/access-policy'
import {
  identityChecks,
  payoutEvents,
  payouts,
  tradingAccounts,
  type IdentityCheckRow,
  type PayoutRow,
} from '../../db/schema'

// Reads shared by the payout use-cases: a payout's timeline, the DTO, the open request of an
// account, the last paid payout (the period start), the user's latest identity check.

/**
 * What the payout itself pays (sent through OxaPay, wired, on its certificate): the trader's share,
 * the fee refund, and the late bonus unless it fell due after the money left (then it is owed and
 * paid by itself, see mark-late-bonus-paid.ts).
 */
export function paidWithPayoutCents(
  row: Pick<
    PayoutRow,
    'traderShareCents' | 'feeRefundCents' | 'lateBonusCents' | 'lateBonusOwedAt'
  >,
): number {
  return row.traderShareCents + row.feeRefundCents + (row.lateBonusOwedAt ? 0 : row.lateBonusCents)
}

export const openStatuses = ['requested', 'under_review', 'approved', 'sending', 'sent'] as const

/**
 * Appends a step to a payout's timeline. A step the system made is audited too, with its cause as
 * the reason (`cause`, else the timeline's note): the provider's status, the job's judgement.
 */
export async function recordPayoutEvent(
  ctx: AppContext,
  db: Executor,
  payoutId: string,
  status: string,
  options: {
    note?: string | null
    actorUserId?: string | null
    at?: Date
    /** why the system made this step (the audit entry's reason; not shown on the timeline) */
    cause?: string
  } = {},
): Promise<void> {
  await db.insert(payoutEvents).values({
    payoutId,
    status,
    note: options.note ?? null,
    actorUserId: options.actorUserId ?? null,
    at: options.at ?? ctx.clock.now(),
  })
  // a money event the system made (sending, sent, paid by the provider's callback, a late bonus):
  // in the audit log too (decision 0036); a person's move is audited by its own use-case, with
  // the person and the reason
  if (!options.actorUserId) {
    await recordAudit(
      ctx,
      {
        actor: null,
        action: `payout.${status}`,
        targetType: 'payout',
        targetId: payoutId,
        reason: options.cause ?? options.note ?? null,
        details: { source: 'system', ...(options.note ? { note: options.note } : {}) },
      },
      db,
    )
  }
}

export async function findOpenPayout(
  db: Executor,
  accountId: string,
): Promise<PayoutRow | undefined> {
  const [row] = await db
    .select()
    .from(payouts)
    .where(and(eq(payouts.accountId, accountId), notInArray(payouts.status, ['paid', 'rejected'])))
    .limit(1)
  return row
}

export async function findLastPaidPayout(
  db: Executor,
  accountId: string,
): Promise<PayoutRow | undefined> {
  const [row] = await db
    .select()
    .from(payouts)
    .where(and(eq(payouts.accountId, accountId), eq(payouts.status, 'paid')))
    .orderBy(desc(payouts.paidAt))
    .limit(1)
  return row
}

/**
 * The last paid payout of the account, else of the funded accounts it replaced (a payout's
 * roll-over, decision 0054: the replacement's payout interval and its "first payout" - the fee
 * refund - count from the line's last payout).
 */
export async function findLastPaidPayoutOfLine(
  db: Executor,
  account: { id: string; previousAccountId: string | null },
): Promise<PayoutRow | undefined> {
  let current: { id: string; previousAccountId: string | null } | undefined = account
  for (let depth = 0; current && depth < 1000; depth++) {
    const paid = await findLastPaidPayout(db, current.id)
    if (paid) return paid
    if (!current.previousAccountId) return undefined
    ;[current] = await db
      .select({ id: tradingAccounts.id, previousAccountId: tradingAccounts.previousAccountId })
      .from(tradingAccounts)
      .where(
        and(eq(tradingAccounts.id, current.previousAccountId), eq(tradingAccounts.stage, 'funded')),
      )
  }
  return undefined
}

export async function latestIdentityCheck(
  db: Executor,
  userId: string,
): Promise<IdentityCheckRow | undefined> {
  const [row] = await db
    .select()
    .from(identityChecks)
    .where(eq(identityChecks.userId, userId))
    .orderBy(desc(identityChecks.submittedAt))
    .limit(1)
  return row
}

/** Payouts with their timelines and account logins, as the API shows them. */
export async function toPayoutDtos(db: Executor, rows: PayoutRow[]): Promise<PayoutDto[]> {
  if (rows.length === 0) return []
  const ids = rows.map((row) => row.id)
  const events = await db
    .select()
    .from(payoutEvents)
    .where(inArray(payoutEvents.payoutId, ids))
    .orderBy(asc(payoutEvents.at))
  const accounts = await db
    .select({ id: tradingAccounts.id, login: tradingAccounts.login })
    .from(tradingAccounts)
    .where(inArray(tradingAccounts.id, [...new Set(rows.map((row) => row.accountId))]))
  const loginOf = new Map(accounts.map((a) => [a.id, a.login]))
  return rows.map((row) => ({
    id: row.id,
    accountId: row.accountId,
    accountLogin: loginOf.get(row.accountId) ?? null,
    status: row.status,
    methodKind: row.methodKind,
    methodLabel: row.method.label,
    profitCents: row.profitCents,
    splitPercent: row.splitPercent,
    traderShareCents: row.traderShareCents,
    feeRefundCents: row.feeRefundCents,
    lateBonusCents: row.lateBonusCents,
    lateBonusOwedCents: row.lateBonusOwedAt && !row.lateBonusPaidAt ? row.lateBonusCents : 0,
    totalCents: row.traderShareCents + row.feeRefundCents + row.lateBonusCents,
    requestedAt: row.requestedAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
    rejectionReason: row.rejectionReason,
    reference: row.reference,
    timeline: events
      .filter((event) => event.payoutId === row.id)
      .map((event) => ({ status: event.status, note: event.note, at: event.at.toISOString() })),
  }))
}
