import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query'
import {
  accountStateSchema,
  adminAccountActionResponseSchema,
  adminAccountActionSchema,
  adminAccountResponseSchema,
  adminAccountsResponseSchema,
  adminLedgerResponseSchema,
  adminLeverageSchema,
  adminVerdictsResponseSchema,
  dealsResponseSchema,
  historyResponseSchema,
  riskActionResponseSchema,
  riskActionSchema,
  type AdminAccountSort,
  type Platform,
  type TradingAccountStatus,
} from '@tp/api'
import type { PlatformKind } from '@tp/api/trading-platform'
import type { PlanKey } from '@tp/domain'
import { api } from '@/lib/api-client'

// The admin's trading accounts (decision 0035):
// GET /api/admin/trading-accounts?page&pageSize&search&status&plan&platform&adapter&sort&dir
// GET /api/admin/trading-accounts/:id (the account's row), .../:id/ledger?page&pageSize, GET .../verdicts
// the account's state, closed trades and deals from the trading API (admins read any account)
// POST .../pass|fail|extend|leverage (admin-accounts) and .../disable-trading|enable-trading|close-all
// (the risk desk's), each with a reason.

export const ADMIN_ACCOUNTS_PAGE_SIZE = 20
export const LEDGER_PAGE_SIZE = 20

export type AccountsFilter = {
  page: number
  search: string
  status: TradingAccountStatus | ''
  plan: PlanKey | ''
  platform: Platform | ''
  /** the platform server (adapter) */
  adapter: PlatformKind | ''
  sort: AdminAccountSort
  dir: 'asc' | 'desc'
}

export const adminAccountsQueryKey = ['admin', 'trading-accounts'] as const
const accountUrl = (id: string) => `/admin/trading-accounts/${encodeURIComponent(id)}`

export function accountsQueryOptions(filter: AccountsFilter) {
  const search = new URLSearchParams({
    page: String(filter.page),
    pageSize: String(ADMIN_ACCOUNTS_PAGE_SIZE),
    sort: filter.sort,
    dir: filter.dir,
  })
  if (filter.search) search.set('search', filter.search)
  if (filter.status) search.set('status', filter.status)
  if (filter.plan) search.set('plan', filter.plan)
  if (filter.platform) search.set('platform', filter.platform)
  if (filter.adapter) search.set('adapter', filter.adapter)
  return queryOptions({
    queryKey: [...adminAccountsQueryKey, 'list', filter],
    queryFn: async ({ signal }) =>
      (
        await api.get(`/admin/trading-accounts?${search.toString()}`, adminAccountsResponseSchema, {
          signal,
        })
      ).data,
    placeholderData: keepPreviousData,
  })
}

export const useAccounts = (filter: AccountsFilter) => useQuery(accountsQueryOptions(filter))

export function useAccountState(accountId: string) {
  return useQuery({
    queryKey: [...adminAccountsQueryKey, accountId, 'state'],
    queryFn: ({ signal }) =>
      api.get(`/trading/accounts/${encodeURIComponent(accountId)}`, accountStateSchema, { signal }),
  })
}

/** The account's row of the table: its platform server and what disabling it does. */
export function useAdminAccount(accountId: string) {
  return useQuery({
    queryKey: [...adminAccountsQueryKey, accountId, 'row'],
    queryFn: async ({ signal }) =>
      (await api.get(accountUrl(accountId), adminAccountResponseSchema, { signal })).data,
  })
}

export function useLedger(accountId: string, page: number) {
  return useQuery({
    queryKey: [...adminAccountsQueryKey, accountId, 'ledger', page],
    queryFn: async ({ signal }) =>
      (
        await api.get(
          `${accountUrl(accountId)}/ledger?page=${page}&pageSize=${LEDGER_PAGE_SIZE}`,
          adminLedgerResponseSchema,
          { signal },
        )
      ).data,
    placeholderData: keepPreviousData,
  })
}

export function useVerdicts(accountId: string) {
  return useQuery({
    queryKey: [...adminAccountsQueryKey, accountId, 'verdicts'],
    queryFn: async ({ signal }) =>
      (await api.get(`${accountUrl(accountId)}/verdicts`, adminVerdictsResponseSchema, { signal }))
        .data,
  })
}

export function useTrades(accountId: string) {
  return useQuery({
    queryKey: [...adminAccountsQueryKey, accountId, 'trades'],
    queryFn: ({ signal }) =>
      api.get(
        `/trading/accounts/${encodeURIComponent(accountId)}/history?limit=50`,
        historyResponseSchema,
        { signal },
      ),
  })
}

export function useDeals(accountId: string) {
  return useQuery({
    queryKey: [...adminAccountsQueryKey, accountId, 'deals'],
    queryFn: ({ signal }) =>
      api.get(
        `/trading/accounts/${encodeURIComponent(accountId)}/deals?limit=100`,
        dealsResponseSchema,
        { signal },
      ),
  })
}

export type AccountActionKind =
  'disable-trading' | 'enable-trading' | 'close-all' | 'pass' | 'fail' | 'extend' | 'leverage'

export async function runAccountAction(input: {
  accountId: string
  kind: AccountActionKind
  reason: string
  leverage?: number
}): Promise<string> {
  const url = `${accountUrl(input.accountId)}/${input.kind}`
  if (input.kind === 'leverage') {
    const body = adminLeverageSchema.parse({ reason: input.reason, leverage: input.leverage })
    return (await api.post(url, body, adminAccountActionResponseSchema)).message
  }
  if (input.kind === 'pass' || input.kind === 'fail' || input.kind === 'extend') {
    const body = adminAccountActionSchema.parse({ reason: input.reason })
    return (await api.post(url, body, adminAccountActionResponseSchema)).message
  }
  const body = riskActionSchema.parse({ reason: input.reason })
  return (await api.post(url, body, riskActionResponseSchema)).message
}

export function useAccountAction() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: runAccountAction,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminAccountsQueryKey }),
  })
}
