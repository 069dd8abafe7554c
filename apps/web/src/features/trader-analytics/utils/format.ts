import { formatMoney, type Cents } from '@tp/domain/money'
import { findInstrument, formatPrice, formatVolume } from '@tp/domain/trading'

// Display helpers of the analytics: every figure comes computed from the server (packages/domain)
// and is only printed here.

/** Integer cents from the server; no `usd` (decimal.js and zod come with it: decision 0041). */
export function money(cents: number): string {
  return formatMoney({ cents: cents as Cents, currency: 'USD' })
}

/** "+$12.30" / "-$4.10": profits and losses carry their sign. */
export function signedMoney(cents: number): string {
  return cents > 0 ? `+${money(cents)}` : money(cents)
}

/** Tailwind text colour of a profit or loss. */
export function profitClass(value: number): string {
  if (value > 0) return 'text-profit'
  if (value < 0) return 'text-loss'
  return 'text-muted-foreground'
}

/** Percentages the server gives with two decimals. */
export function percent(value: number): string {
  return `${value.toFixed(2)}%`
}

/** A holding time (milliseconds) as hours and minutes: "2h 15m", "0h 45m" (spec 2.12). */
export function holdTime(ms: number): string {
  const totalMinutes = Math.max(0, Math.round(ms / 60_000))
  const hours = Math.floor(totalMinutes / 60)
  const minutes = totalMinutes % 60
  return `${hours.toLocaleString('en-US')}h ${minutes}m`
}

const dateTimeFormat = new Intl.DateTimeFormat('en-CA', {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: false,
})

const dateFormat = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
})

/** An instant in the trader's own time zone: "2026-11-25, 14:05:09"; "-" when there is none. */
export function dateTime(iso: string | null | undefined): string {
  if (!iso) return '-'
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? iso : dateTimeFormat.format(date)
}

/** A day: "Nov 25, 2026"; "-" when there is none. */
export function day(iso: string | null | undefined): string {
  if (!iso) return '-'
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? iso : dateFormat.format(date)
}

/** Lots of a volume in hundredths of a lot: 150 -> "1.50". */
export function lots(units: number): string {
  return formatVolume(units)
}

/** A price in points as its instrument prints it; a symbol outside the catalogue shows the points. */
export function price(symbol: string, points: number): string {
  const instrument = findInstrument(symbol)
  return instrument ? formatPrice(instrument, points) : String(points)
}
