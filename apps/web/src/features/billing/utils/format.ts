import { DateTime } from 'luxon'

const amountFormat = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
})

/** "1,999.00": the Amount(USD) column carries the currency in its heading. */
export function formatAmount(dollars: number): string {
  return amountFormat.format(dollars)
}

/** An instant in the browser's own time zone, e.g. "2025-06-11 14:05". */
export function formatLocalDateTime(iso: string): string {
  const date = DateTime.fromISO(iso, { setZone: true })
  return date.isValid ? date.toLocal().toFormat('yyyy-MM-dd HH:mm') : iso
}

/** The badge colour of a payment's status text (the server sends orderStatusLabels' words). */
export function paymentStatusVariant(status: string): 'profit' | 'warning' | 'loss' | 'neutral' {
  const normalised = status.trim().toLowerCase()
  if (['paid', 'completed', 'fulfilled', 'success'].includes(normalised)) return 'profit'
  if (['waiting', 'confirming', 'pending', 'under review', 'setting up'].includes(normalised)) {
    return 'warning'
  }
  if (['failed', 'expired', 'underpaid', 'cancelled'].includes(normalised)) {
    return 'loss'
  }
  return 'neutral'
}
