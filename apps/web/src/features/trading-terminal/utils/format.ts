import { DateTime } from 'luxon'
import { formatMoney, formatPrice, getInstrument, usd } from '@tp/domain'

// Display helpers of the terminal; every figure is computed by @tp/domain and only printed here.

export function money(cents: number): string {
  return formatMoney(usd(cents))
}

/** "+$12.30" / "-$4.10": profits and losses carry their sign. */
export function signedMoney(cents: number): string {
  return cents > 0 ? `+${money(cents)}` : money(cents)
}

/** Tailwind text colour of a profit or loss. */
export function profitClass(cents: number): string {
  if (cents > 0) return 'text-profit'
  if (cents < 0) return 'text-loss'
  return 'text-muted-foreground'
}

/** A price in points of a symbol as the catalogue prints it, "-" when there is none. */
export function price(symbol: string, points: number | null | undefined): string {
  return points === null || points === undefined ? '-' : formatPrice(getInstrument(symbol), points)
}

/** Percentages the server gives with two decimals. */
export function percent(value: number): string {
  return `${value.toFixed(2)}%`
}

/** An instant in the trader's own time zone (the browser's), with seconds. */
export function dateTime(iso: string, timeZone?: string): string {
  const date = DateTime.fromISO(iso, { zone: 'utc' })
  if (!date.isValid) return iso
  return (timeZone ? date.setZone(timeZone) : date.toLocal()).toFormat('yyyy-MM-dd HH:mm:ss')
}

/** A duration as HH:MM:SS (hours may exceed 24); never negative. */
export function countdown(ms: number): string {
  const totalSeconds = Math.max(0, Math.floor(ms / 1000))
  const hours = Math.floor(totalSeconds / 3600)
  const minutes = Math.floor((totalSeconds % 3600) / 60)
  const seconds = totalSeconds % 60
  return [hours, minutes, seconds].map((part) => String(part).padStart(2, '0')).join(':')
}

/** The browser's IANA time zone, e.g. "Europe/Berlin". */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC'
}
