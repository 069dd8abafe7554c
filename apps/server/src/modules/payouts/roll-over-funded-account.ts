import { createHash } from 'node:crypto'
import { and, eq, isNull, max } from 'drizzle-orm'
import type { AppContext } from '../../context'
import {
  challenges,
  payouts,
  tradingAccounts,
  type PayoutRow,
  type TradingAccountRow,
} from '../../db/schema'
import { platformKindOf } from '../../integrations/trading-platform/trading-platform'
import { endAccount } from '../accounts/end-account'
import { provisionStageAccount } from '../accounts/provision-account'
import { recordPayoutEvent } from './payout-records'

// A paid payout on an account whose platform cannot book the withdrawal (MetaApi: its client API
// neither deposits nor withdraws; the port says so with canApplyBalanceOperation, decision 0054).
// The profit cannot leave the account, so the account itself is left: it ends (trading disabled,
// orders cancelled, positions closed with reason 'payout', status 'closed'; MetaApi undeploys it
// once the router stops watching it) and a fresh funded account of the same size, plan, rulebook
// and add-ons on the same adapter replaces it, starting at the balance the re-base would have
// given (the whole profit is withdrawn, so the period base: the initial balance).
//
// Exactly once, whatever runs it and how often (the settle job retried, run twice at once, killed
// halfway): the new account belongs to a challenge whose id is derived from the payout id, and is
// provisioned through the ordinary path (provisionStageAccount), whose (challenge, stage) claim,
// lease and platform request id (the row's id: MetaApi's transaction-id) make one account of it.
// Each step finds its own work done on a retry: the end (null once ended), the challenge (insert
// on conflict nothing), the provisioning (the active row returned), the payout's settlement (a
// conditional update that one caller wins, with its timeline step).

/** The roll-over challenge's id: a UUID (version 8, RFC 9562) derived from the payout's id. */
export function rollOverChallengeId(payoutId: string): string {
  const hex = createHash('sha256').update(`payout-roll-over:${payoutId}`).digest('hex')
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16)
  return [
    hex.slice(0, 8),
    hex.slice(8, 12),
    `8${hex.slice(13, 16)}`,
    `${variant}${hex.slice(17, 20)}`,
    hex.slice(20, 32),
  ].join('-')
}

/**
 * Ends the paid account and provisions the funded account that replaces it (null when the paid
 * account had failed meanwhile: nothing to replace). Safe to run again and at once: the second
 * run finds the account ended and the replacement active, or is told ProvisioningBusy while the
 * first provisions it (the settle job retries).
 */
export async function rollOverFundedAccount(
  ctx: AppContext,
  payout: PayoutRow,
  account: TradingAccountRow,
): Promise<TradingAccountRow | null> {
  // 1. the paid account ends (a retry finds it ended and goes on)
  await endAccount(ctx, account.id, {
    status: 'closed',
    closeReason: 'payout',
    nowMs: ctx.clock.now().getTime(),
  })
  const [ended] = await ctx.db
    .select()
    .from(tradingAccounts)
    .where(eq(tradingAccounts.id, account.id))
  // a breach that came first leaves nothing to replace: the account failed on its own
  const isReplaced = ended?.status !== 'failed'

  // 2. its replacement, once
  let successor: TradingAccountRow | null = null
  if (isReplaced) {
    const [challenge] = await ctx.db
      .select()
      .from(challenges)
      .where(eq(challenges.id, account.challengeId))
    if (!challenge) throw new Error(`account ${account.id} has no challenge`)
    const challengeId = rollOverChallengeId(payout.id)
    await ctx.db
      .insert(challenges)
      .values({
        id: challengeId,
        userId: challenge.userId,
        challengeType: challenge.challengeType,
        sizeK: account.sizeK,
        platform: account.platform,
        addOns: challenge.addOns,
        rulebookVersion: account.rulebookVersion,
        // the order paid for the first account; a refund of it is the admins' call (0054)
        orderId: null,
      })
      .onConflictDoNothing({ target: challenges.id })
    successor = await provisionStageAccount(ctx, {
      challengeId,
      stage: 'funded',
      previousAccountId: account.id,
      adapter: platformKindOf(account.adapter),
    })
  }

  return successor
}

/**
 * The payout settled by its roll-over, once (a conditional update one caller wins, with its
 * timeline step): its period start is the ended account's last one (that account's engine-input
 * stays what was judged: the period since its previous payout, or all of it), the balance after
 * it the replacement's start. True for the caller that settled it.
 */
export async function markRolledOver(
  ctx: AppContext,
  payout: PayoutRow,
  account: TradingAccountRow,
  successor: TradingAccountRow | null,
): Promise<boolean> {
  const [last] = await ctx.db
    .select({ seq: max(payouts.ledgerSeq) })
    .from(payouts)
    .where(eq(payouts.accountId, account.id))
  const isSettledHere = await ctx.db.transaction(async (tx) => {
    const [settled] = await tx
      .update(payouts)
      .set({
        ledgerSeq: last?.seq ?? 0,
        balanceAfterCents: successor?.initialBalance ?? account.initialBalance,
        updatedAt: ctx.clock.now(),
      })
      .where(and(eq(payouts.id, payout.id), isNull(payouts.ledgerSeq)))
      .returning({ id: payouts.id })
    if (!settled) return false
    await recordPayoutEvent(ctx, tx, payout.id, 'rolled_over', {
      note: successor
        ? `account ${account.login ?? account.id} closed; new funded account ${successor.login ?? successor.id}`
        : `account ${account.login ?? account.id} had failed; nothing to replace`,
    })
    return true
  })
  if (isSettledHere) {
    ctx.logger.info(
      { payoutId: payout.id, accountId: account.id, successorId: successor?.id ?? null },
      'payout settled by a roll-over to a new funded account',
    )
  }
  return isSettledHere
}
