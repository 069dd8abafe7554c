import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query'
import {
  adminMessageResponseSchema,
  adminMessagesResponseSchema,
  type ServiceMessageKind,
  type ServiceMessageStatus,
} from '@tp/api/service'
import { api, ApiError, API_BASE, refreshAccessToken } from '@/lib/api-client'
import { getSession } from '@/lib/session'
import { downloadBlob } from '@/lib/download-file'

// The admin inbox (admins only):
// GET  /api/admin/messages?kind=&status=&page=&pageSize= -> { messages, page, pageSize, total }
// GET  /api/admin/messages/:messageId -> { message }
// POST /api/admin/messages/:messageId/answer { body } -> { message }
// GET  /api/admin/newsletter/subscribers.csv -> text/csv

export const ADMIN_MESSAGES_PAGE_SIZE = 20

export type InboxFilter = {
  kind: ServiceMessageKind | null
  status: ServiceMessageStatus | null
  page: number
}

export function messagesQueryOptions(filter: InboxFilter) {
  const search = new URLSearchParams({
    page: String(filter.page),
    pageSize: String(ADMIN_MESSAGES_PAGE_SIZE),
  })
  if (filter.kind) search.set('kind', filter.kind)
  if (filter.status) search.set('status', filter.status)
  return queryOptions({
    queryKey: ['admin', 'messages', 'list', filter],
    queryFn: ({ signal }) =>
      api.get(`/admin/messages?${search.toString()}`, adminMessagesResponseSchema, { signal }),
    placeholderData: keepPreviousData,
  })
}

export function useMessages(filter: InboxFilter) {
  return useQuery(messagesQueryOptions(filter))
}

export function messageQueryOptions(messageId: string) {
  return queryOptions({
    queryKey: ['admin', 'messages', 'one', messageId],
    queryFn: async ({ signal }) =>
      (
        await api.get(
          `/admin/messages/${encodeURIComponent(messageId)}`,
          adminMessageResponseSchema,
          { signal },
        )
      ).message,
  })
}

export function useMessage(messageId: string) {
  return useQuery(messageQueryOptions(messageId))
}

export function useAnswerMessage(messageId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (body: string) =>
      (
        await api.post(
          `/admin/messages/${encodeURIComponent(messageId)}/answer`,
          { body },
          adminMessageResponseSchema,
        )
      ).message,
    onSuccess: async (message) => {
      queryClient.setQueryData(messageQueryOptions(messageId).queryKey, message)
      await queryClient.invalidateQueries({ queryKey: ['admin', 'messages', 'list'] })
    },
  })
}

/** Downloads the confirmed subscribers' CSV (a file download needs the raw body, not JSON). */
export async function downloadSubscribersCsv(): Promise<void> {
  const path = '/admin/newsletter/subscribers.csv'
  const get = (token: string | undefined) =>
    fetch(`${API_BASE}${path}`, {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
      credentials: 'same-origin',
    })
  let response = await get(getSession()?.token)
  if (response.status === 401) response = await get((await refreshAccessToken()) ?? undefined)
  if (!response.ok) throw new ApiError(response.status, null)
  const blob = await response.blob()
  const name =
    /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '')?.[1] ??
    'newsletter-subscribers.csv'
  downloadBlob(name, blob)
}

export function useDownloadSubscribers() {
  return useMutation({ mutationFn: downloadSubscribersCsv })
}
