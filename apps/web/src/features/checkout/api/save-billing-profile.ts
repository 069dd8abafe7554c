import { useMutation, useQueryClient } from '@tanstack/react-query'
import { billingPutResponseSchema, type BillingProfileInput } from '@tp/api'
import { api } from '@/lib/api-client'
import { profileQueryKey, type ProfileData } from '@/lib/profile'

// POST /api/profile/put {email, firstName, ..., phone} -> { data: { updatedProfile, user } };
// the first save locks the billing profile (409 BILLING_LOCKED afterwards)

export async function saveBillingProfile(input: BillingProfileInput) {
  const response = await api.post('/profile/put', input, billingPutResponseSchema)
  return response.data
}

export function useSaveBillingProfile() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: saveBillingProfile,
    onSuccess: ({ updatedProfile }) => {
      queryClient.setQueryData<ProfileData>(profileQueryKey, (previous) =>
        previous ? { ...previous, billing: updatedProfile } : previous,
      )
    },
  })
}
