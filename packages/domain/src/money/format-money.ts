import type { Cents, Money } from './money'

// Formatting money needs no arithmetic library: it lives apart from money.ts (decimal.js, zod) so
// a page that only shows prices, the web app's shell with its messages, does not load those.

export const CENTS_PER_DOLLAR = 100

const groupedInteger = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 })

/**
 * Display form of spec 9.1: "$1,999.00" (USD with 2 decimals). With `showCents: false` a whole
 * dollar amount prints as "$10,000" (rule texts); an amount with cents still shows them.
 */
export function formatMoney(money: Money, options: { showCents?: boolean } = {}): string {
  const { sign, dollars, rest } = splitCents(money.cents)
  const whole = `${sign}$${groupedInteger.format(dollars)}`
  if (options.showCents === false && rest === 0) return whole
  return `${whole}.${String(rest).padStart(2, '0')}`
}

/** Sign, whole dollars and remaining cents of an amount. */
export function splitCents(cents: Cents): { sign: '' | '-'; dollars: number; rest: number } {
  const absolute = Math.abs(cents)
  return {
    sign: cents < 0 ? '-' : '',
    dollars: Math.floor(absolute / CENTS_PER_DOLLAR),
    rest: absolute % CENTS_PER_DOLLAR,
  }
}
