import { queryOptions, useQuery } from '@tanstack/react-query'
import type { z } from 'zod'
import type {
  listStatementImportsResponseSchema,
  StatementImportMetricsResponse,
  statementImportReportResponseSchema,
} from '@tp/api/statement-import-schemas'
import { api, serverSent } from './api-client'

type ListStatementImportsResponse = z.infer<typeof listStatementImportsResponseSchema>
type StatementImportReportResponse = z.infer<typeof statementImportReportResponseSchema>

// The caller's saved statement imports (issue 12 item 8): read-only "imported" accounts of their
// analytics, never tradable. Shared: the statement import saves them, the analytics pages list
// them in their account switcher and read one's trades and summary.
// GET /api/statement-imports -> { data: ImportedAccount[] }, newest first
// GET /api/statement-imports/:importId -> { data: { account, summary, trades } }
// GET /api/statement-imports/:importId/metrics?sizeK= -> { data: { account, metrics } }
// Read as the server sent them (decision 0041): the analytics pages load no zod for them.

export const importedAccountsQueryKey = ['statement-imports'] as const

export function importedAccountsQueryOptions() {
  return queryOptions({
    queryKey: importedAccountsQueryKey,
    queryFn: async ({ signal }) =>
      (await api.get('/statement-imports', serverSent<ListStatementImportsResponse>(), { signal }))
        .data,
  })
}

export function useImportedAccounts() {
  return useQuery(importedAccountsQueryOptions())
}

export function importedReportQueryOptions(importId: string) {
  return queryOptions({
    queryKey: [...importedAccountsQueryKey, importId] as const,
    queryFn: async ({ signal }) =>
      (
        await api.get(
          `/statement-imports/${encodeURIComponent(importId)}`,
          serverSent<StatementImportReportResponse>(),
          { signal },
        )
      ).data,
    // a saved import never changes
    staleTime: Infinity,
  })
}

export function useImportedReport(importId: string | null) {
  return useQuery({ ...importedReportQueryOptions(importId ?? ''), enabled: importId !== null })
}

/** A saved import's analytics and rule what-if at an account size (the metrics page's shape). */
export function importedMetricsQueryOptions(importId: string, sizeK = 100) {
  return queryOptions({
    queryKey: [...importedAccountsQueryKey, importId, 'metrics', sizeK] as const,
    queryFn: async ({ signal }) =>
      (
        await api.get(
          `/statement-imports/${encodeURIComponent(importId)}/metrics?sizeK=${sizeK}`,
          serverSent<StatementImportMetricsResponse>(),
          { signal },
        )
      ).data,
    staleTime: Infinity,
  })
}
