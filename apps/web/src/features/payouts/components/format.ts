import { payoutStatusLabels, type PayoutStatus } from '@tp/api/payouts'
import { formatMoney, usd } from '@tp/domain/money'
import { ApiError, getErrorMessage } from '@/lib/api-client'

export const money = (cents: number) => formatMoney(usd(cents))

export function statusLabel(status: string): string {
  if (status === 'late_bonus') return 'Late bonus added'
  if (status === 'rolled_over') return 'New funded account'
  return payoutStatusLabels[status as PayoutStatus] ?? status
}

export function statusVariant(status: string): 'profit' | 'warning' | 'loss' | 'neutral' {
  if (status === 'paid') return 'profit'
  if (status === 'rejected') return 'loss'
  if (status === 'requested' || status === 'under_review') return 'warning'
  return 'neutral'
}

export const dateTime = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' })

/** "3d 04h 12m 09s" until `iso`; null once reached. */
export function countdown(iso: string, nowMs: number): string | null {
  const ms = Date.parse(iso) - nowMs
  if (ms <= 0) return null
  const s = Math.floor(ms / 1000)
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${Math.floor(s / 86400)}d ${pad(Math.floor((s % 86400) / 3600))}h ${pad(Math.floor((s % 3600) / 60))}m ${pad(s % 60)}s`
}

/** A refusal with what each field was refused for ("address: is not a TRC20 address"). */
export function describeError(error: unknown): string {
  const details = error instanceof ApiError ? (error.body?.details ?? []) : []
  if (details.length === 0) return getErrorMessage(error)
  return details.map((d) => (d.path ? `${d.path}: ${d.message}` : d.message)).join('; ')
}
