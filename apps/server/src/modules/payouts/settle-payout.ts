import { IncrementalEvaluator } from '@tp/domain'
import { rebaseRulebook } from '@tp/domain/payouts'
import { and, eq, inArray, max } from 'drizzle-orm'
import { z } from 'zod'
import type { AppContext } from '../../context'
import {
  evaluationEvents,
  payouts,
  tradingAccounts,
  type PayoutRow,
  type TradingAccountRow,
} from '../../db/schema'
import { defineJob } from '../../jobs/job-runner'
import { sendEmailJob } from '../../jobs/send-email'
import { rulesOf } from '../../risk/risk-monitor'
import { issueCertificate } from '../certificates/issue-certificate'
import { findUserById } from '../users/find-user'
import { payoutPaidEmail } from './payout-emails'
import { paidWithPayoutCents, recordPayoutEvent } from './payout-records'
import { markRolledOver, rollOverFundedAccount } from './roll-over-funded-account'

// A payout is paid (OxaPay confirmed the crypto, or an admin marked the wire paid): exactly once,
// the status moves to 'paid' (a conditional update: a duplicate callback or a second click finds
// nothing to move), then the settle job books its effects, each step safe to run again:
// 1. the trading account's balance drops by the withdrawn profit (a balance deal on the platform;
//    a retry that finds the withdrawal already booked since the payment does not book another);
// 2. the floors re-base: the risk monitor stops judging the account, a snapshot at the new
//    balance starts a new period in the evaluation ledger, and the account's evaluator restarts
//    from it with the rulebook re-based on that balance (@tp/domain rebaseRulebook) - the same
//    period and rulebook `GET .../engine-input` exports for `npm run engine -- evaluate`;
// 3. trading resumes (the open request is gone), the payout certificate is issued, the email sent.
// An account whose platform cannot book the withdrawal (the port's canApplyBalanceOperation:
// MetaApi) is rolled over instead of steps 1 and 2: it ends and a fresh funded account of the same
// size replaces it, exactly once (roll-over-funded-account.ts, decision 0054); then step 3.

/** Moves a payout to 'paid' once and queues its effects; false when it was not payable. */
export async function markPayoutPaid(
  ctx: AppContext,
  payoutId: string,
  from: ('approved' | 'sent')[],
  options: {
    reference?: string | null
    actorUserId?: string | null
    providerStatus?: string
    /** why the system marked it paid (the audit entry's reason) */
    cause?: string
  },
): Promise<boolean> {
  const now = ctx.clock.now()
  const isPaid = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(payouts)
      .set({
        status: 'paid',
        paidAt: now,
        updatedAt: now,
        ...(options.reference ? { reference: options.reference } : {}),
        ...(options.providerStatus ? { providerStatus: options.providerStatus } : {}),
      })
      .where(and(eq(payouts.id, payoutId), inArray(payouts.status, from)))
      .returning({ id: payouts.id })
    if (!row) return false
    await recordPayoutEvent(ctx, tx, payoutId, 'paid', {
      note: options.reference ?? null,
      actorUserId: options.actorUserId ?? null,
      ...(options.cause ? { cause: options.cause } : {}),
    })
    return true
  })
  if (isPaid) await ctx.jobs.enqueue(settlePayoutJob, { payoutId })
  return isPaid
}

export async function settlePayout(ctx: AppContext, payoutId: string): Promise<void> {
  const [payout] = await ctx.db.select().from(payouts).where(eq(payouts.id, payoutId))
  if (!payout || payout.status !== 'paid' || payout.ledgerSeq !== null) return
  const [account] = await ctx.db
    .select()
    .from(tradingAccounts)
    .where(eq(tradingAccounts.id, payout.accountId))
  if (!account?.externalId) return
  const platform = ctx.trading.platform
  if (platform.canApplyBalanceOperation?.(account.externalId) === false) {
    const successor = await rollOverFundedAccount(ctx, payout, account)
    // the certificate before the payout is marked settled (its issue key makes it once), the
    // email after, by the run that marked it
    await issuePayoutCertificate(ctx, payout, account)
    if (await markRolledOver(ctx, payout, account, successor)) {
      await mailPayoutPaid(ctx, payout, account, successor)
    }
    return
  }
  const paidAtMs = payout.paidAt!.getTime()

  // 1. the withdrawal, once
  const { deals } = await platform.listDeals(account.externalId, {
    fromMs: paidAtMs,
    toMs: ctx.clock.now().getTime() + 1,
    offset: 0,
    limit: 500,
  })
  const isWithdrawn = deals.some((deal) => deal.entry === 'balance' && deal.reason === 'withdrawal')
  if (!isWithdrawn && payout.withdrawnCents > 0) {
    await platform.applyBalanceOperation(account.externalId, -payout.withdrawnCents)
  }

  // 2. the period start: the evaluator restarts on the balance after the payout
  const risk = ctx.trading.risk
  await risk.flush()
  risk.forget(account.id)
  const info = await platform.getAccountInfo(account.externalId)
  const balanceAfterCents = info.balance
  const [last] = await ctx.db
    .select({ seq: max(evaluationEvents.seq), tMs: max(evaluationEvents.tMs) })
    .from(evaluationEvents)
    .where(eq(evaluationEvents.accountId, account.id))
  const seq = (last?.seq ?? 0) + 1
  const tMs = Math.max(ctx.clock.now().getTime(), (last?.tMs ?? 0) + 1)
  const rules = rebaseRulebook(rulesOf(account), balanceAfterCents)
  const evaluator = IncrementalEvaluator.start(
    rules,
    tMs,
    balanceAfterCents / 100,
    info.equity / 100,
  )
  await ctx.db.transaction(async (tx) => {
    await tx.insert(evaluationEvents).values({
      accountId: account.id,
      seq,
      kind: 'snapshot',
      tMs,
      balance: balanceAfterCents,
      equity: info.equity,
    })
    await tx
      .update(tradingAccounts)
      .set({ evaluatorState: evaluator.toState(), evaluatorSeq: seq })
      .where(eq(tradingAccounts.id, account.id))
    await tx
      .update(payouts)
      .set({ ledgerSeq: seq, balanceAfterCents, updatedAt: ctx.clock.now() })
      .where(eq(payouts.id, payoutId))
  })
  const [fresh] = await ctx.db
    .select()
    .from(tradingAccounts)
    .where(eq(tradingAccounts.id, account.id))
  if (fresh) await risk.ensureTracked(fresh)

  // 3. certificate and email
  await issuePayoutCertificate(ctx, payout, account)
  await mailPayoutPaid(ctx, payout, account, null)
  ctx.logger.info({ payoutId, accountId: account.id, balanceAfterCents }, 'payout settled')
}

/** The payout certificate: one per payout (its issue key, account:payout:id). */
async function issuePayoutCertificate(
  ctx: AppContext,
  payout: PayoutRow,
  account: TradingAccountRow,
): Promise<void> {
  await issueCertificate(ctx, {
    accountId: account.id,
    kind: 'payout',
    payoutId: payout.id,
    amountCents: paidWithPayoutCents(payout),
    at: payout.paidAt!,
  })
}

/** The trader's email: paid, and the account re-based or replaced by a new one. */
async function mailPayoutPaid(
  ctx: AppContext,
  payout: PayoutRow,
  account: TradingAccountRow,
  successor: TradingAccountRow | null,
): Promise<void> {
  const user = await findUserById(ctx.db, payout.userId)
  if (!user) return
  await ctx.jobs.enqueue(
    sendEmailJob,
    payoutPaidEmail(user.email, {
      totalCents: paidWithPayoutCents(payout),
      methodLabel: payout.method.label,
      appUrl: ctx.env.APP_URL,
      rolledOver: successor
        ? { closedLogin: account.login ?? '', newLogin: successor.login ?? '' }
        : undefined,
    }),
  )
}

export const settlePayoutJob = defineJob({
  name: 'payouts.settle',
  schema: z.object({ payoutId: z.uuid() }),
  retryLimit: 10,
  retryDelaySeconds: 15,
  handle: (ctx, { payoutId }) => settlePayout(ctx, payoutId),
})
