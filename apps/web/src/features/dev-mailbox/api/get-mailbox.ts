import { queryOptions, useQuery } from '@tanstack/react-query'
import { mailboxListResponseSchema } from '@tp/api'
import { api } from '@/lib/api-client'

// GET /api/dev/mailbox -> {data: CapturedEmailSummary[]} newest first (admins, development only)

export function mailboxQueryOptions() {
  return queryOptions({
    queryKey: ['dev-mailbox'],
    queryFn: async ({ signal }) => {
      const response = await api.get('/dev/mailbox', mailboxListResponseSchema, { signal })
      return response.data
    },
    // a newcomer waits for the reset email to arrive: look again often
    staleTime: 0,
    refetchInterval: 5_000,
  })
}

export function useMailbox({ isEnabled }: { isEnabled: boolean }) {
  return useQuery({ ...mailboxQueryOptions(), enabled: isEnabled })
}
