import { orderSummarySchema, type OrderDto } from '@tp/api'
import type { AccountSizeK } from '@tp/domain'
import type { OrderRow, PaymentRow } from '../../db/schema'

export function orderNumber(row: Pick<OrderRow, 'number'>): string {
  return `TP-${row.number}`
}

export function toOrderDto(row: OrderRow, payment: PaymentRow | null = null): OrderDto {
  return {
    id: row.id,
    number: orderNumber(row),
    status: row.status,
    challenge: row.challengeType,
    platform: row.platform,
    sizeK: row.sizeK as AccountSizeK,
    addOns: row.addOns,
    method: row.method,
    couponCode: row.couponCode,
    summary: orderSummarySchema.parse(row.summary),
    total: row.total,
    currency: 'USD',
    provider: payment?.provider ?? null,
    providerReference: payment?.reference ?? null,
    createdAt: row.createdAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
    accountId: row.accountId,
  }
}
