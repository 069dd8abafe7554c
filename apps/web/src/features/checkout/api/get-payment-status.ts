import { useQuery } from '@tanstack/react-query'
import { paymentHistoryResponseSchema } from '@tp/api'
import type { z } from 'zod'
import { api } from '@/lib/api-client'
import { checkoutQueryKeys } from './query-keys'

// GET /api/payment/get-history?trackId= -> { result: { trackId, status, orderId, accountId } }

export type PaymentStatusResult = z.infer<typeof paymentHistoryResponseSchema>['result']
export type PaymentStatus = PaymentStatusResult['status']

/** Spec 4 / 9.6: a crypto payment's status is asked for every 5 seconds. */
export const PAYMENT_STATUS_POLL_MS = 5_000

export async function getPaymentStatus(trackId: string, signal?: AbortSignal) {
  const search = new URLSearchParams({ trackId })
  const response = await api.get(`/payment/get-history?${search}`, paymentHistoryResponseSchema, {
    signal,
  })
  return response.result
}

/** Statuses after which nothing more happens on its own: paid, or left to a person. */
export const settledPaymentStatuses: ReadonlySet<PaymentStatus> = new Set([
  'Paid',
  'Expired',
  'Underpaid',
  'Under review',
  'Failed',
  'Refunded',
])

/**
 * Spec: an underpaid or late payment goes to a manual check (the server answers a late one as
 * 'Under review'); 'Expired' means the session ran out with nothing paid: back to step 1.
 */
export const reviewPaymentStatuses: ReadonlySet<PaymentStatus> = new Set([
  'Underpaid',
  'Under review',
])

export function usePaymentStatus(trackId: string, options: { isPolling: boolean }) {
  return useQuery({
    queryKey: checkoutQueryKeys.paymentStatus(trackId),
    queryFn: ({ signal }) => getPaymentStatus(trackId, signal),
    refetchInterval: (query) =>
      options.isPolling && !settledPaymentStatuses.has(query.state.data?.status ?? 'Waiting')
        ? PAYMENT_STATUS_POLL_MS
        : false,
    staleTime: 0,
  })
}
