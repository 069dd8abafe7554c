import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type {
  JournalEntryDto,
  JournalListResponse,
  MetaStatsAccountMetricsResponse,
  SaveJournalEntryResponse,
} from '@tp/api/analytics'
import { api, apiRequest, serverSent } from '@/lib/api-client'

// The account metrics page's data (issue 12 items 4-7): POST /api/metaStats/account-metrics
// (the domain's AccountMetrics of the account's evaluation ledger) and the trade journal
// (POST/PUT /api/metaStats/journal). One key prefix per account: one invalidation refreshes both.
// Answers are read as the server sent them (decision 0041): the page loads no zod.

export const accountMetricsKeys = {
  account: (accountId: string) => ['account-metrics', accountId] as const,
  metrics: (accountId: string) => ['account-metrics', accountId, 'metrics'] as const,
  journal: (accountId: string) => ['account-metrics', accountId, 'journal'] as const,
}

export const accountMetricsQuery = (accountId: string) =>
  queryOptions({
    queryKey: accountMetricsKeys.metrics(accountId),
    queryFn: ({ signal }) =>
      api
        .post(
          '/metaStats/account-metrics',
          { accountId },
          serverSent<MetaStatsAccountMetricsResponse>(),
          {
            signal,
          },
        )
        .then((answer) => answer.data),
  })

export const journalQuery = (accountId: string) =>
  queryOptions({
    queryKey: accountMetricsKeys.journal(accountId),
    queryFn: ({ signal }) =>
      api
        .post('/metaStats/journal', { accountId }, serverSent<JournalListResponse>(), { signal })
        .then((answer) => answer.data.entries),
  })

export type JournalEdit = { tradeId: string; note: string; tags: string[] }

/** Saves one trade's note and tags; the journal held for the account follows the answer. */
export function useSaveJournalEntry(accountId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (edit: JournalEdit) =>
      apiRequest('/metaStats/journal', {
        method: 'PUT',
        body: { accountId, ...edit },
        schema: serverSent<SaveJournalEntryResponse>(),
      }).then((answer) => answer.data.entry),
    onSuccess: (entry, edit) => {
      queryClient.setQueryData<JournalEntryDto[]>(accountMetricsKeys.journal(accountId), (held) => {
        const others = (held ?? []).filter((e) => e.tradeId !== edit.tradeId)
        return entry ? [...others, entry] : others
      })
    },
  })
}
