import { orderSummarySchema, type CryptoSession, type OrderDto } from '@tp/api'
import { centsToDollars, type AccountSizeK } from '@tp/domain'
import type { OrderRow, PaymentRow } from '../../db/schema'

export function orderNumber(row: Pick<OrderRow, 'number'>): string {
  return `TP-${row.number}`
}

/** An OxaPay payment of the order as the crypto screen shows it. */
export function toCryptoSession(order: OrderRow, payment: PaymentRow): CryptoSession {
  return {
    orderId: order.id,
    trackId: payment.reference,
    payAmount: payment.payAmount ?? '',
    payCurrency: payment.payCurrency ?? '',
    amount: centsToDollars(order.total),
    currency: 'USD',
    network: payment.network ?? '',
    address: payment.address ?? '',
    memo: payment.memo,
    QRCode: payment.qrCodeUrl,
    expiresAt: (payment.expiresAt ?? new Date()).toISOString(),
  }
}

/** OxaPay statuses of a session still open: nothing yet, or money on its way. */
const openCryptoStatuses: readonly string[] = ['new', 'waiting', 'paying']

/**
 * The session a pending crypto order is being paid through: its latest OxaPay payment, unless
 * OxaPay closed it (expired, paid...). Its own expiry is left to the screen's countdown.
 */
export function openCryptoSession(row: OrderRow, payment: PaymentRow | null): CryptoSession | null {
  if (row.status !== 'pending' || row.method !== 'crypto') return null
  if (payment?.provider !== 'oxapay' || !openCryptoStatuses.includes(payment.status)) return null
  return toCryptoSession(row, payment)
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
    cryptoSession: openCryptoSession(row, payment),
  }
}
