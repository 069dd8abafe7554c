import type { FloorDistance } from '@tp/api'
import { formatMoney, usd } from '@tp/domain'

export const money = (cents: number) => formatMoney(usd(cents))

/** "$1,234.00 (41.2%)": the distance to a floor and the share of the allowance left. */
export function formatDistance(distance: FloorDistance | null): string {
  if (!distance) return '—'
  return `${money(distance.distanceCents)} (${distance.leftPercent}%)`
}

export function formatInstant(iso: string): string {
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString()
}
