import { queryOptions, useQuery } from '@tanstack/react-query'
import { mailboxMessageResponseSchema } from '@tp/api'
import { api } from '@/lib/api-client'

// GET /api/dev/mailbox/:id -> {data: CapturedEmail}

export function mailMessageQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['dev-mailbox', id],
    queryFn: async ({ signal }) => {
      const response = await api.get(
        `/dev/mailbox/${encodeURIComponent(id)}`,
        mailboxMessageResponseSchema,
        { signal },
      )
      return response.data
    },
  })
}

export function useMailMessage(id: string, { isEnabled }: { isEnabled: boolean }) {
  return useQuery({ ...mailMessageQueryOptions(id), enabled: isEnabled })
}
