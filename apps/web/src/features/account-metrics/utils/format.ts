import { formatMoney, type Cents } from '@tp/domain/money'

// Printing of the metrics page: every figure arrives computed by @tp/domain (money in cents).

/**
 * Integer cents as the server computed them, printed as spec 9.1 says. Built without `usd` (its
 * checks live with decimal.js and zod in money.ts, which this page does not load: decision 0041).
 */
export function money(cents: number): string {
  return formatMoney({ cents: cents as Cents, currency: 'USD' })
}

export function signedMoney(cents: number): string {
  return cents > 0 ? `+${money(cents)}` : money(cents)
}

export function resultClass(cents: number): string {
  if (cents > 0) return 'text-profit'
  if (cents < 0) return 'text-loss'
  return 'text-muted-foreground'
}

export function ratio(value: number | null, none = '—'): string {
  return value === null ? none : value.toFixed(2)
}

const instantFormat = new Intl.DateTimeFormat('en-CA', {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
  timeZone: 'UTC',
})

/** Instants print in UTC, as the statement files and the engine input do: "2026-03-02, 14:05 UTC". */
export function instant(value: string | number | null): string {
  if (value === null) return '—'
  const date = new Date(value)
  return Number.isNaN(date.getTime()) ? String(value) : `${instantFormat.format(date)} UTC`
}

const shortFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
  timeZone: 'UTC',
})

export function shortInstant(ms: number): string {
  return shortFormat.format(new Date(ms))
}

/** Axis ticks in whole dollars, compact: "$10.2K". */
export function dollarTick(cents: number): string {
  const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 })
  return `$${compact.format(cents / 100)}`
}
