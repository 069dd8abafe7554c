/** The landing page's promise: paid within 24 hours of the request, or $1,000 extra. */
export const LATE_BONUS_CENTS = 100_000
export const PAYOUT_PROMISE_MS = 24 * 60 * 60 * 1000

/** A time the trader spent fixing a rejected identity check: from the rejection to the resubmission. */
export interface IdentityFixPeriod {
  rejectedAtMs: number
  /** null: not resubmitted yet (the clock is stopped until now) */
  resubmittedAtMs: number | null
}

export interface LateBonusInput {
  requestedAtMs: number
  /** null while not paid */
  paidAtMs: number | null
  nowMs: number
  identityFixes: readonly IdentityFixPeriod[]
}

export interface LateBonusJudgement {
  /** the moment the promise runs out (24 h after the request plus the excluded time so far) */
  deadlineMs: number
  /** time excluded from the 24 h (the trader fixing a rejected identity check after the request) */
  excludedMs: number
  isDue: boolean
  bonusCents: number
}

/**
 * Whether a payout request earned the $1,000 late bonus: not paid within 24 hours of the request,
 * not counting the time the trader spent fixing a rejected identity check (only the part after
 * the request and before the payment or now).
 */
export function judgeLateBonus(input: LateBonusInput): LateBonusJudgement {
  const endMs = input.paidAtMs ?? input.nowMs
  let excludedMs = 0
  for (const fix of input.identityFixes) {
    const from = Math.max(fix.rejectedAtMs, input.requestedAtMs)
    const to = Math.min(fix.resubmittedAtMs ?? input.nowMs, endMs)
    if (to > from) excludedMs += to - from
  }
  const deadlineMs = input.requestedAtMs + PAYOUT_PROMISE_MS + excludedMs
  const isDue = endMs > deadlineMs
  return { deadlineMs, excludedMs, isDue, bonusCents: isDue ? LATE_BONUS_CENTS : 0 }
}
