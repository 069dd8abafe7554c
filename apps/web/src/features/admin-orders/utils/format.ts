import { DateTime } from 'luxon'
import type { OrderStatus } from '@tp/api'
import {
  accountSizeLabel,
  challengeTypeLabels,
  formatMoney,
  tradingPlatformShortLabels,
  usd,
} from '@tp/domain'
import type { AdminOrderDto } from './types'

/** "Two Phase · $100K · MT5" */
export function orderPlanText(order: AdminOrderDto): string {
  return [
    challengeTypeLabels[order.challenge],
    `$${accountSizeLabel(order.sizeK)}`,
    tradingPlatformShortLabels[order.platform],
  ].join(' · ')
}

export function orderTotalText(order: AdminOrderDto): string {
  return formatMoney(usd(order.total))
}

/** An instant in the browser's time zone, "2025-06-11 14:05"; "—" when there is none. */
export function formatLocalDateTime(iso: string | null): string {
  if (!iso) return '—'
  const date = DateTime.fromISO(iso, { setZone: true })
  return date.isValid ? date.toLocal().toFormat('yyyy-MM-dd HH:mm') : iso
}

export const orderStatusVariants = {
  pending: 'neutral',
  paid: 'default',
  provisioning: 'warning',
  fulfilled: 'profit',
  failed: 'loss',
  expired: 'neutral',
  refunded: 'neutral',
  under_review: 'warning',
} as const satisfies Record<OrderStatus, string>

/** A paid order whose account could not be created may be tried again. */
export function canRetryProvisioning(order: AdminOrderDto): boolean {
  return (order.status === 'paid' || order.status === 'failed') && order.provisioningError !== null
}

/** Money came in for it (paid at some point, or under review): it can go back. */
export function canRefund(order: AdminOrderDto): boolean {
  const refundable: OrderStatus[] = ['paid', 'fulfilled', 'failed', 'under_review']
  return (
    refundable.includes(order.status) && (order.paidAt !== null || order.status === 'under_review')
  )
}

export function isUnderReview(order: AdminOrderDto): boolean {
  return order.status === 'under_review'
}
