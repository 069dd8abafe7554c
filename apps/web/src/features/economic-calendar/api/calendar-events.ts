import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { calendarEventsResponseSchema } from '@tp/api/calendar'
import type { EconomicImpact } from '@tp/domain/calendar'
import { api } from '@/lib/api-client'

// GET /api/calendar/events?from&to&currency&impact -> the events and the news rule's accounts

export type CalendarFilter = { currency: string; impact: EconomicImpact | '' }

export function calendarEventsPath(filter: CalendarFilter): string {
  const params = new URLSearchParams()
  if (filter.currency) params.set('currency', filter.currency)
  if (filter.impact) params.set('impact', filter.impact)
  const query = params.toString()
  return `/calendar/events${query ? `?${query}` : ''}`
}

export function useCalendarEvents(filter: CalendarFilter) {
  return useQuery({
    queryKey: ['calendar', 'events', filter],
    queryFn: async ({ signal }) =>
      (await api.get(calendarEventsPath(filter), calendarEventsResponseSchema, { signal })).data,
    placeholderData: keepPreviousData,
    refetchInterval: 5 * 60_000,
  })
}
