import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import {
  adminCalendarResponseSchema,
  calendarImportResponseSchema,
  calendarSyncResponseSchema,
  economicEventResponseSchema,
  economicEventDeleteSchema,
  economicEventDeletedSchema,
  type CalendarImportInput,
  type EconomicEventInput,
} from '@tp/api/calendar'
import type { EconomicImpact } from '@tp/domain/calendar'
import { api, apiRequest } from '@/lib/api-client'

// The admin's economic calendar: GET/POST /api/admin/calendar/events, PUT/DELETE .../:eventId,
// POST /api/admin/calendar/import (dryRun: the preview) and POST /api/admin/calendar/sync.

export type AdminCalendarFilter = {
  currency: string
  impact: EconomicImpact | ''
  search: string
  page: number
}

const listKey = ['admin', 'calendar'] as const

export function useAdminCalendar(filter: AdminCalendarFilter) {
  return useQuery({
    queryKey: [...listKey, filter],
    queryFn: async ({ signal }) => {
      const params = new URLSearchParams({ page: String(filter.page), pageSize: '50' })
      if (filter.currency) params.set('currency', filter.currency)
      if (filter.impact) params.set('impact', filter.impact)
      if (filter.search) params.set('search', filter.search)
      return (
        await api.get(`/admin/calendar/events?${params.toString()}`, adminCalendarResponseSchema, {
          signal,
        })
      ).data
    },
    placeholderData: keepPreviousData,
  })
}

function useInvalidate() {
  const queryClient = useQueryClient()
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: listKey }),
      queryClient.invalidateQueries({ queryKey: ['calendar'] }),
    ])
}

export function useSaveEconomicEvent() {
  const invalidate = useInvalidate()
  return useMutation({
    mutationFn: async ({ id, ...input }: EconomicEventInput & { id?: string }) =>
      (
        await apiRequest(
          id ? `/admin/calendar/events/${encodeURIComponent(id)}` : '/admin/calendar/events',
          { method: id ? 'PUT' : 'POST', body: input, schema: economicEventResponseSchema },
        )
      ).event,
    onSuccess: invalidate,
  })
}

/** DELETE with the reason (a deleted event no longer restricts trading: decision 0055). */
export function useDeleteEconomicEvent() {
  const invalidate = useInvalidate()
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      apiRequest(`/admin/calendar/events/${encodeURIComponent(id)}`, {
        method: 'DELETE',
        body: economicEventDeleteSchema.parse({ reason }),
        schema: economicEventDeletedSchema,
      }),
    onSuccess: invalidate,
  })
}

export function useImportCalendar() {
  const invalidate = useInvalidate()
  return useMutation({
    mutationFn: async (input: CalendarImportInput) =>
      (await api.post('/admin/calendar/import', input, calendarImportResponseSchema)).data,
    onSuccess: async (summary) => {
      if (!summary.dryRun) await invalidate()
    },
  })
}

export function useSyncCalendar() {
  const invalidate = useInvalidate()
  return useMutation({
    mutationFn: async () =>
      (await api.post('/admin/calendar/sync', {}, calendarSyncResponseSchema)).data,
    onSuccess: invalidate,
  })
}
