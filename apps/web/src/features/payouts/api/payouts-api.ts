import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import {
  agreementSchema,
  FUNDED_TRADER_AGREEMENT_VERSION,
  identityCheckSchema,
  payoutEligibilitySchema,
  payoutListSchema,
  payoutMethodListSchema,
  payoutMethodSchema,
  payoutSchema,
  type IdentitySubmit,
  type PayoutMethodInput,
} from '@tp/api/payouts'
import { api, apiRequest } from '@/lib/api-client'

// The trader's payouts: /api/payouts (eligibility, methods, identity, agreement, requests).

const root = ['payouts'] as const
const eligibilityListSchema = z.object({ accounts: z.array(payoutEligibilitySchema) })

export const payoutQueries = {
  eligibility: () =>
    queryOptions({
      queryKey: [...root, 'eligibility'],
      queryFn: ({ signal }) => api.get('/payouts/eligibility', eligibilityListSchema, { signal }),
    }),
  history: () =>
    queryOptions({
      queryKey: [...root, 'history'],
      queryFn: ({ signal }) => api.get('/payouts', payoutListSchema, { signal }),
    }),
  methods: () =>
    queryOptions({
      queryKey: [...root, 'methods'],
      queryFn: ({ signal }) => api.get('/payouts/methods', payoutMethodListSchema, { signal }),
    }),
  identity: () =>
    queryOptions({
      queryKey: [...root, 'identity'],
      queryFn: ({ signal }) => api.get('/payouts/identity', identityCheckSchema, { signal }),
    }),
  agreement: () =>
    queryOptions({
      queryKey: [...root, 'agreement'],
      queryFn: ({ signal }) => api.get('/payouts/agreement', agreementSchema, { signal }),
    }),
}

export const usePayoutEligibility = () => useQuery(payoutQueries.eligibility())
export const usePayoutHistory = () => useQuery(payoutQueries.history())
export const usePayoutMethods = () => useQuery(payoutQueries.methods())
export const useIdentityCheck = () => useQuery(payoutQueries.identity())
export const useAgreement = () => useQuery(payoutQueries.agreement())

function useInvalidatingMutation<TInput, TOutput>(fn: (input: TInput) => Promise<TOutput>) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: fn,
    onSuccess: () => client.invalidateQueries({ queryKey: root }),
  })
}

export const useSavePayoutMethod = () =>
  useInvalidatingMutation((input: PayoutMethodInput) =>
    api.post('/payouts/methods', input, payoutMethodSchema),
  )
export const useRemovePayoutMethod = () =>
  useInvalidatingMutation((methodId: string) =>
    apiRequest(`/payouts/methods/${encodeURIComponent(methodId)}`, { method: 'DELETE' }),
  )
export const useSubmitIdentity = () =>
  useInvalidatingMutation((input: IdentitySubmit) =>
    api.post('/payouts/identity', input, identityCheckSchema),
  )
export const useAcceptAgreement = () =>
  useInvalidatingMutation(() =>
    api.post('/payouts/agreement', { version: FUNDED_TRADER_AGREEMENT_VERSION }, agreementSchema),
  )
export const useRequestPayout = () =>
  useInvalidatingMutation((input: { accountId: string; methodId: string }) =>
    api.post('/payouts', input, payoutSchema),
  )
