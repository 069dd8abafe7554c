import type { Rulebook } from '../rules/rulebook'

/**
 * Floors re-based after a paid payout (decisions.md: "the floors are re-based on the balance after
 * the payout"). The payout starts a new evaluation period: the account's rulebook with the
 * balance after the payout as its initial balance, judged from the payout's snapshot on. The
 * ledger records the payout as a period start (a snapshot at the new balance); replaying the
 * period with this rulebook through `npm run engine -- evaluate` gives the live floors.
 *
 * - max loss: floor = new balance - percent x new balance (trailing from there, locked at it);
 * - daily loss: the day's anchor is the balance after the payout (its first snapshot).
 */
export function rebaseRulebook(rules: Rulebook, balanceAfterPayoutCents: number): Rulebook {
  if (!Number.isSafeInteger(balanceAfterPayoutCents) || balanceAfterPayoutCents <= 0) {
    throw new RangeError(
      `the balance after a payout must be positive whole cents, got ${balanceAfterPayoutCents}`,
    )
  }
  return { ...rules, initialBalance: balanceAfterPayoutCents / 100 }
}

/** A payout's ledger entry: the period start the engine replays from. */
export interface PayoutLedgerEvent {
  kind: 'payout'
  tMs: number
  withdrawnCents: number
  balanceAfterCents: number
}

/** The balance after withdrawing the profit; never below zero. */
export function balanceAfterPayout(balanceCents: number, withdrawnCents: number): number {
  if (withdrawnCents < 0 || withdrawnCents > balanceCents) {
    throw new RangeError(`cannot withdraw ${withdrawnCents} cents from ${balanceCents}`)
  }
  return balanceCents - withdrawnCents
}
