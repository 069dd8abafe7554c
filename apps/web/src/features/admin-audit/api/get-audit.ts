import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { adminAuditResponseSchema, type AuditKind } from '@tp/api/admin-audit'
import { api } from '@/lib/api-client'

// GET /api/admin/audit?page&pageSize&search&actor&target&kind&from&to&dir -> {data: {entries,
// page, pageSize, total}} (admins and support): the audit log searched, filtered, sorted by time
// and paged by the server. The same filters make its CSV (/api/admin/exports/audit.csv).

export const AUDIT_PAGE_SIZE = 25

export type AuditFilter = {
  page: number
  search: string
  actor: string
  target: string
  kind: AuditKind | ''
  from: string
  to: string
  dir: 'asc' | 'desc'
}

/** The filters as query parameters (the set ones only), without the page and order. */
export function auditFilterParams(filter: AuditFilter): Record<string, string> {
  const params: Record<string, string> = {}
  if (filter.search) params.search = filter.search
  if (filter.actor) params.actor = filter.actor
  if (filter.target) params.target = filter.target
  if (filter.kind) params.kind = filter.kind
  if (filter.from) params.from = filter.from
  if (filter.to) params.to = filter.to
  return params
}

export async function getAudit(filter: AuditFilter, signal?: AbortSignal) {
  const search = new URLSearchParams({
    page: String(filter.page),
    pageSize: String(AUDIT_PAGE_SIZE),
    dir: filter.dir,
    ...auditFilterParams(filter),
  })
  const response = await api.get(`/admin/audit?${search.toString()}`, adminAuditResponseSchema, {
    signal,
  })
  return response.data
}

export function auditQueryOptions(filter: AuditFilter) {
  return queryOptions({
    queryKey: ['admin', 'audit', 'list', filter],
    queryFn: ({ signal }) => getAudit(filter, signal),
    // keep the current page on screen while the next one loads
    placeholderData: keepPreviousData,
  })
}

export function useAudit(filter: AuditFilter) {
  return useQuery(auditQueryOptions(filter))
}
