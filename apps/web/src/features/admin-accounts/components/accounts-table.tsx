import { Wallet } from 'lucide-react'
import { useEffect, useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import {
  adminAccountSorts,
  platforms,
  tradingAccountStatuses,
  type AdminAccountRow,
  type AdminAccountSort,
} from '@tp/api'
import { platformKindLabels, platformKinds } from '@tp/api/trading-platform'
import { planKeys, stageLabels, type PlanKey } from '@tp/domain'
import { Badge } from '@/components/ui/badge'
import { DownloadCsvButton, filterQuery } from '@/components/download-csv-button'
import { EmptyState } from '@/components/ui/empty-state'
import { fieldClasses, Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { Pager } from '@/components/ui/pager'
import { SortHeader } from '@/components/ui/sort-header'
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
  TableSkeletonRows,
} from '@/components/ui/table'
import { paths } from '@/config/paths'
import { useDebouncedValue } from '@/hooks/use-debounced-value'
import { cn } from '@/lib/utils'
import { useAccounts, type AccountsFilter } from '../api/accounts'
import { formatDistance, money } from './format'
import { LoadError } from '@/components/load-error'

const SEARCH_DELAY_MS = 300
const COLUMNS = 10

function pick<T extends string>(values: readonly T[], value: string | null): T | '' {
  return values.includes(value as T) ? (value as T) : ''
}

/** The filter, from the URL (a page of results can be linked and survives a reload). */
function readFilter(params: URLSearchParams): AccountsFilter {
  const page = Number(params.get('page'))
  const sort = pick(adminAccountSorts, params.get('sort'))
  return {
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    search: params.get('q') ?? '',
    status: pick(tradingAccountStatuses, params.get('status')),
    plan: pick(planKeys, params.get('plan')),
    platform: pick(platforms, params.get('platform')),
    adapter: pick(platformKinds, params.get('adapter')),
    sort: sort || 'createdAt',
    dir: params.get('dir') === 'asc' ? 'asc' : 'desc',
  }
}

export const planLabel = (planKey: PlanKey) => {
  const [challenge, stage] = planKey.split('.') as [string, keyof typeof stageLabels]
  return `${challenge === 'twoPhase' ? 'Two Phase' : 'Instant Funding'} · ${stageLabels[stage]}`
}

/**
 * Every trading account: searched (login, owner's email or name), filtered by status, plan,
 * platform and platform server (the adapter it lives on), sorted and paged by the server; balance, equity and the distance to each floor (live
 * where the account is active).
 */
export function AccountsTable() {
  const [searchParams, setSearchParams] = useSearchParams()
  const filter = readFilter(searchParams)
  const [searchText, setSearchText] = useState(filter.search)
  const debouncedSearch = useDebouncedValue(searchText.trim(), SEARCH_DELAY_MS)
  const accounts = useAccounts(filter)
  const pageCount = accounts.data
    ? Math.max(1, Math.ceil(accounts.data.total / accounts.data.pageSize))
    : 1

  const update = (changes: Record<string, string | null>) =>
    setSearchParams((params) => {
      for (const [key, value] of Object.entries(changes)) {
        if (value) params.set(key, value)
        else params.delete(key)
      }
      return params
    })

  useEffect(() => {
    if (debouncedSearch !== filter.search) update({ q: debouncedSearch || null, page: null })
    // only a change of the typed text searches again
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debouncedSearch])

  const onSort = (field: AdminAccountSort) =>
    update({
      sort: field,
      dir: field === filter.sort && filter.dir === 'desc' ? 'asc' : 'desc',
      page: null,
    })
  const sortProps = { sort: filter.sort, order: filter.dir, onSort }
  const isFiltered = Boolean(
    filter.search || filter.status || filter.plan || filter.platform || filter.adapter,
  )
  const select = (id: string, label: string, value: string, options: [string, string][]) => (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <select
        id={id}
        className={cn(fieldClasses, 'h-10 w-auto py-1.5')}
        value={value}
        onChange={(event) =>
          update({ [id.replace('accounts-', '')]: event.target.value || null, page: null })
        }
      >
        <option value="">All</option>
        {options.map(([optionValue, optionLabel]) => (
          <option key={optionValue} value={optionValue}>
            {optionLabel}
          </option>
        ))}
      </select>
    </div>
  )

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-end gap-4" role="search" aria-label="Find accounts">
        <div className="grid min-w-56 flex-1 gap-2 sm:flex-none">
          <Label htmlFor="accounts-search">Search</Label>
          <Input
            id="accounts-search"
            type="search"
            placeholder="Login, owner name or email"
            value={searchText}
            onChange={(event) => setSearchText(event.target.value)}
          />
        </div>
        {select(
          'accounts-status',
          'Status',
          filter.status,
          tradingAccountStatuses.map((status) => [status, status]),
        )}
        {select(
          'accounts-plan',
          'Plan',
          filter.plan,
          planKeys.map((key) => [key, planLabel(key)]),
        )}
        {select(
          'accounts-platform',
          'Platform',
          filter.platform,
          platforms.map((platform) => [platform, platform.toUpperCase()]),
        )}
        {select(
          'accounts-adapter',
          'Platform server',
          filter.adapter,
          platformKinds.map((kind) => [kind, platformKindLabels[kind]]),
        )}
        <div className="sm:ml-auto">
          <DownloadCsvButton
            path={`/admin/exports/trading-accounts.csv${filterQuery({
              search: filter.search,
              status: filter.status,
              plan: filter.plan,
              platform: filter.platform,
              adapter: filter.adapter,
            })}`}
            fallbackName="trading-accounts.csv"
          />
        </div>
      </div>

      {accounts.isError ? (
        <LoadError error={accounts.error} onRetry={() => void accounts.refetch()} />
      ) : accounts.data && accounts.data.total === 0 ? (
        <EmptyState
          icon={<Wallet aria-hidden />}
          title={isFiltered ? 'No account matches' : 'No trading accounts yet'}
          description={
            isFiltered
              ? 'Try another login, owner or filter.'
              : 'Accounts appear here as soon as an order is paid.'
          }
        />
      ) : (
        <>
          <Table aria-busy={accounts.isFetching || undefined} scrollLabel="Trading accounts">
            <TableCaption className="sr-only">
              Trading accounts, page {filter.page} of {pageCount}
            </TableCaption>
            <TableHeader>
              <TableRow>
                <SortHeader label="Login" field="login" {...sortProps} />
                <TableHead>Owner</TableHead>
                <SortHeader label="Plan" field="size" {...sortProps} />
                <SortHeader label="Status" field="status" {...sortProps} />
                <TableHead>Platform server</TableHead>
                <TableHead className="text-right">Balance</TableHead>
                <TableHead className="text-right">Equity</TableHead>
                <TableHead className="text-right">To daily floor</TableHead>
                <TableHead className="text-right">To max floor</TableHead>
                <SortHeader label="Created" field="createdAt" {...sortProps} />
              </TableRow>
            </TableHeader>
            <TableBody>
              {accounts.data ? (
                accounts.data.accounts.map((account) => (
                  <AccountRow key={account.id} account={account} />
                ))
              ) : (
                <TableSkeletonRows rows={5} columns={COLUMNS} />
              )}
            </TableBody>
          </Table>
          <Pager
            page={filter.page}
            pageCount={pageCount}
            status={
              accounts.data
                ? `Page ${filter.page} of ${pageCount} · ${accounts.data.total} accounts`
                : 'Loading accounts…'
            }
            isBusy={accounts.isFetching}
            onPage={(page) => update({ page: String(page) })}
          />
        </>
      )}
    </div>
  )
}

function AccountRow({ account }: { account: AdminAccountRow }) {
  const login = account.login ?? 'pending'
  return (
    <TableRow>
      <TableCell>
        <Link
          to={paths.admin.tradingAccount.getHref(account.id)}
          className="font-medium underline-offset-4 hover:underline"
          aria-label={`Account ${login}`}
        >
          {login}
        </Link>
        <div className="text-xs text-muted-foreground">{account.platform.toUpperCase()}</div>
      </TableCell>
      <TableCell>
        {account.ownerName ?? account.ownerEmail}
        {account.ownerName ? (
          <div className="text-xs text-muted-foreground">{account.ownerEmail}</div>
        ) : null}
      </TableCell>
      <TableCell className="whitespace-nowrap">
        {planLabel(account.planKey)}
        <div className="text-xs text-muted-foreground">${account.sizeK}K</div>
      </TableCell>
      <TableCell>
        <Badge
          variant={
            account.status === 'active'
              ? 'profit'
              : account.status === 'failed'
                ? 'loss'
                : 'default'
          }
        >
          {account.status}
        </Badge>
        {account.status === 'active' && !account.isTradingEnabled ? (
          <div className="text-xs text-muted-foreground">trading off</div>
        ) : null}
      </TableCell>
      <TableCell className="whitespace-nowrap">{platformKindLabels[account.adapter]}</TableCell>
      <TableCell className="text-right tabular-nums">{money(account.balanceCents)}</TableCell>
      <TableCell className="text-right tabular-nums">
        {money(account.equityCents)}
        {account.live ? <div className="text-xs text-muted-foreground">live</div> : null}
      </TableCell>
      <TableCell className="text-right tabular-nums">{formatDistance(account.dailyLoss)}</TableCell>
      <TableCell className="text-right tabular-nums">{formatDistance(account.maxLoss)}</TableCell>
      <TableCell className="whitespace-nowrap text-muted-foreground">
        {new Date(account.createdAt).toLocaleDateString()}
      </TableCell>
    </TableRow>
  )
}
