import { createDayCalendar, type DayCalendar, type DayReset } from '../rules/day-calendar'
import { formatMoney } from '../money/format-money'
import { usd } from '../money/money'
import type { AddOns } from '../plans/add-ons'
import type { AccountSizeK } from '../plans/catalogue'
import { payoutIntervalDaysFor } from '../plans/policy'
import { getPlanPolicy, getRulebook } from '../plans/rulebooks'
import { parsePlanKey, type PlanKey } from '../plans/stages'

const DAY_MS = 86_400_000

/** A closed trade of the payout period, amounts in integer cents (net = profit + commission + swap). */
export interface PeriodTrade {
  openMs: number
  /** null while open */
  closeMs: number | null
  netProfitCents: number
}

/** Everything payout eligibility is judged on (decisions.md "Lifecycle", issue 13 item 4). */
export interface PayoutEligibilityInput {
  planKey: PlanKey
  rulebookVersion: string
  sizeK: AccountSizeK
  addOns: AddOns
  /** 'active' is the only status that can be paid; 'failed' is a breached account */
  accountStatus: 'provisioning' | 'active' | 'passed' | 'failed' | 'suspended' | 'closed'
  /** the funded account's first trade (null: none yet) */
  firstTradeAtMs: number | null
  /** when the last payout was paid (null: none yet); the period starts there */
  lastPayoutAtMs: number | null
  /** the balance the period started from (the account size, or the balance after the last payout) */
  periodBaseCents: number
  balanceCents: number
  openPositions: number
  pendingOrders: number
  /** trades of the period: opened after the last payout (all the account's trades before the first) */
  trades: readonly PeriodTrade[]
  /** an open (requested, under review, approved, sending) payout request of the account */
  hasOpenRequest: boolean
  nowMs: number
}

export type PayoutConditionKey =
  | 'funded'
  | 'notBreached'
  | 'noOpenRequest'
  | 'interval'
  | 'minTradingDays'
  | 'flat'
  | 'profit'
  | 'bestDay'

export interface PayoutCondition {
  key: PayoutConditionKey
  met: boolean
  /** the condition with its figures, e.g. "best day $1,240 is 52% of $2,380; at most 40%" */
  message: string
}

export interface PayoutEligibility {
  isEligible: boolean
  conditions: PayoutCondition[]
  /** profit above the period's base (balance - base), in cents; 0 when not positive */
  profitCents: number
  isFirstPayout: boolean
  /** the first instant the interval is met (null while no trade starts the clock) */
  nextEligibleAtMs: number | null
  tradingDays: number
  requiredTradingDays: number
  bestDayCents: number | null
  bestDayPercent: number | null
}

/** Calendars by reset: each keeps the resets it computed, so a second judgement reuses them. */
const calendars = new Map<string, DayCalendar>()
function calendarOf(reset: DayReset): DayCalendar {
  const key = `${reset.timeZone} ${reset.time}`
  let calendar = calendars.get(key)
  if (!calendar) calendars.set(key, (calendar = createDayCalendar(reset)))
  return calendar
}

const money = (cents: number) => formatMoney(usd(cents), { showCents: cents % 100 !== 0 })

/** Percent rounded to a whole number for display (the comparison itself is exact). */
function displayPercent(part: number, whole: number): number {
  return Math.round((part * 100) / whole)
}

/**
 * Whether a funded account may ask for a payout now, each condition named with its figures.
 * Pure: the server passes what it read; the web shows the same list.
 */
export function judgePayoutEligibility(input: PayoutEligibilityInput): PayoutEligibility {
  const { stage } = parsePlanKey(input.planKey)
  const isFunded = stage === 'funded'
  const policy = getPlanPolicy(input.planKey, input.rulebookVersion)
  const payout = policy.payout
  const isFirstPayout = input.lastPayoutAtMs === null
  const conditions: PayoutCondition[] = []

  conditions.push({
    key: 'funded',
    met: isFunded && payout !== null,
    message: isFunded
      ? 'funded account'
      : `the account is in ${stage === 'phase1' ? 'phase 1' : 'phase 2'}; payouts are for funded accounts`,
  })
  const isBreached = input.accountStatus === 'failed'
  const isOpen = input.accountStatus === 'active'
  conditions.push({
    key: 'notBreached',
    met: isOpen,
    message: isBreached
      ? 'the account breached a rule'
      : isOpen
        ? 'account in good standing'
        : `the account is ${input.accountStatus}`,
  })
  conditions.push({
    key: 'noOpenRequest',
    met: !input.hasOpenRequest,
    message: input.hasOpenRequest
      ? 'a payout request of this account is already under review'
      : 'no open payout request',
  })

  // Interval: first payout N days after the first trade, then N days after the last payout.
  const intervalDays = payoutIntervalDaysFor(policy, input.addOns)
  const clockStartMs = input.lastPayoutAtMs ?? input.firstTradeAtMs
  const nextEligibleAtMs = clockStartMs === null ? null : clockStartMs + intervalDays * DAY_MS
  const isIntervalMet = nextEligibleAtMs !== null && input.nowMs >= nextEligibleAtMs
  const since = isFirstPayout ? "the funded account's first trade" : 'the last payout'
  let intervalMessage: string
  if (clockStartMs === null) {
    intervalMessage = `no trade yet: the first payout comes ${intervalDays} days after the first trade`
  } else {
    const elapsedDays = Math.floor(Math.max(0, input.nowMs - clockStartMs) / DAY_MS)
    intervalMessage = isIntervalMet
      ? `${elapsedDays} days since ${since}; at least ${intervalDays}`
      : `${elapsedDays} of ${intervalDays} days since ${since}`
  }
  conditions.push({ key: 'interval', met: isIntervalMet, message: intervalMessage })

  // Trading days of the period: distinct trading days on which a trade was opened.
  const rules = getRulebook(input.planKey, input.rulebookVersion, input.sizeK)
  const calendar = calendarOf(rules.dayReset)
  const periodStartMs = input.lastPayoutAtMs ?? -Infinity
  const periodTrades = input.trades.filter((t) => t.openMs > periodStartMs)
  const tradedDays = new Set(periodTrades.map((t) => calendar.dayAt(t.openMs).date))
  const requiredTradingDays =
    payout === null
      ? 0
      : isFirstPayout
        ? payout.minTradingDaysBeforeFirstPayout
        : payout.minTradingDaysBetweenPayouts
  conditions.push({
    key: 'minTradingDays',
    met: tradedDays.size >= requiredTradingDays,
    message: `${tradedDays.size} trading days${isFirstPayout ? '' : ' since the last payout'}; at least ${requiredTradingDays}`,
  })

  const isFlat = input.openPositions === 0 && input.pendingOrders === 0
  conditions.push({
    key: 'flat',
    met: isFlat,
    message: isFlat
      ? 'no open positions or pending orders'
      : `${input.openPositions} open positions and ${input.pendingOrders} pending orders; close them first`,
  })

  const profitCents = Math.max(0, input.balanceCents - input.periodBaseCents)
  conditions.push({
    key: 'profit',
    met: profitCents > 0,
    message:
      profitCents > 0
        ? `profit ${money(profitCents)} above the balance of ${money(input.periodBaseCents)}`
        : `balance ${money(input.balanceCents)} is not above ${money(input.periodBaseCents)}; no profit to pay`,
  })

  // Best day: the largest day's closed profit at most N% of the period's closed profit.
  let bestDayCents: number | null = null
  let bestDayPercent: number | null = null
  if (payout !== null) {
    const byDay = new Map<string, number>()
    let totalCents = 0
    // closes in time order: the calendar's last day answers most lookups
    const closed = periodTrades
      .filter((t): t is PeriodTrade & { closeMs: number } => t.closeMs !== null)
      .sort((a, b) => a.closeMs - b.closeMs)
    for (const trade of closed) {
      const date = calendar.dayAt(trade.closeMs).date
      byDay.set(date, (byDay.get(date) ?? 0) + trade.netProfitCents)
      totalCents += trade.netProfitCents
    }
    const limit = payout.bestDayPercent
    if (totalCents <= 0 || byDay.size === 0) {
      conditions.push({
        key: 'bestDay',
        met: false,
        message: `closed profit of the period is ${money(totalCents)}; the best day cannot be judged`,
      })
    } else {
      bestDayCents = Math.max(...byDay.values())
      bestDayPercent = displayPercent(bestDayCents, totalCents)
      // exact: best x 100 <= limit x total, in integers
      const met = bestDayCents * 100 <= limit * totalCents
      conditions.push({
        key: 'bestDay',
        met,
        message: `best day ${money(bestDayCents)} is ${bestDayPercent}% of ${money(totalCents)}; at most ${limit}%`,
      })
    }
  }

  return {
    isEligible: conditions.every((c) => c.met),
    conditions,
    profitCents,
    isFirstPayout,
    nextEligibleAtMs,
    tradingDays: tradedDays.size,
    requiredTradingDays,
    bestDayCents,
    bestDayPercent,
  }
}
