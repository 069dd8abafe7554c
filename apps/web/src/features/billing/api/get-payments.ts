import { queryOptions, useQuery } from '@tanstack/react-query'
import type { z } from 'zod'
import {
  paymentBalanceResponseSchema,
  type paymentBalanceSchema,
  type PaymentRecord,
} from '@tp/api'
import { api } from '@/lib/api-client'

// POST /api/payment/get-balance {email?} -> { result: PaymentRecord[] }, newest first.
// The caller is known from the token; the spec 7 email is left out.

export const paymentsQueryKey = ['billing', 'payments'] as const

function newestFirst(records: readonly PaymentRecord[]): PaymentRecord[] {
  return [...records].sort((a, b) => Date.parse(b.date) - Date.parse(a.date))
}

export async function getPayments(signal?: AbortSignal): Promise<PaymentRecord[]> {
  const body: z.input<typeof paymentBalanceSchema> = {}
  const response = await api.post('/payment/get-balance', body, paymentBalanceResponseSchema, {
    signal,
  })
  // the server sorts already; sorting again keeps the page right whatever it sends
  return newestFirst(response.result)
}

export function paymentsQueryOptions() {
  return queryOptions({
    queryKey: paymentsQueryKey,
    queryFn: ({ signal }) => getPayments(signal),
  })
}

export function usePayments() {
  return useQuery(paymentsQueryOptions())
}
