import { expect } from 'vitest'
import {
  evaluate,
  evaluateIncrementally,
  type HistoryInput,
  type RulebookInput,
  type TradeInput,
  type Verdict,
} from '../../src'

/** Two Phase, phase 1, as docs/shared decisions set it (the product's own rulebook). */
export const phaseOneRules: RulebookInput = {
  initialBalance: 100000,
  dayReset: { timeZone: 'America/New_York', time: '17:00' },
  profitTarget: { percent: 10, basis: 'balance', requireFlat: true },
  dailyLoss: { percent: 6, of: 'initial', anchor: 'max-balance-equity', action: 'breach' },
  maxLoss: { percent: 12, mode: 'trailing-eod-balance', lockAtInitial: true },
  minTradingDays: 5,
  tradingDay: 'opened',
  bestDayPercent: null,
}

/** A plain rulebook with every rule off but the ones a test switches on. */
export function rulebook(overrides: Partial<RulebookInput> = {}): RulebookInput {
  return {
    initialBalance: 100000,
    dayReset: { timeZone: 'America/New_York', time: '17:00' },
    profitTarget: null,
    dailyLoss: null,
    maxLoss: null,
    minTradingDays: 0,
    tradingDay: 'opened',
    bestDayPercent: null,
    ...overrides,
  }
}

export const snap = (t: string, balance: number, equity = balance) => ({ t, balance, equity })

export function trade(
  id: string,
  openTime: string,
  closeTime: string | null,
  profit = 0,
  extra: Partial<TradeInput> = {},
): TradeInput {
  return {
    id,
    symbol: 'EURUSD',
    side: 'buy',
    volume: 1,
    openTime,
    closeTime,
    openPrice: 1.1,
    closePrice: closeTime === null ? null : 1.1,
    profit,
    commission: 0,
    swap: 0,
    ...extra,
  }
}

/**
 * Judges a history with both evaluators, asserts they agree and returns the verdict. Every
 * scenario therefore checks the batch reference and the live incremental path at once.
 */
export function judge(rules: RulebookInput, history: HistoryInput): Verdict {
  const verdict = evaluate(rules, history)
  expect(evaluateIncrementally(rules, history)).toEqual(verdict)
  return verdict
}

export const dayRow = (verdict: Verdict, date: string) => {
  const row = verdict.days.find((d) => d.date === date)
  if (row === undefined) throw new Error(`no row for ${date} in ${verdict.days.map((d) => d.date)}`)
  return row
}
