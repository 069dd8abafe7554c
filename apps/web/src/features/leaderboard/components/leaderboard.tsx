import { ArrowDown, ArrowUp, Search, Trophy } from 'lucide-react'
import { useState } from 'react'
import {
  leaderboardBadgeLabels,
  leaderboardMessages,
  type LeaderboardOrder,
  type LeaderboardRow,
  type LeaderboardSortField,
} from '@tp/api/leaderboard'
import { formatMoney, usd } from '@tp/domain/money'
import { Alert } from '@/components/ui/alert'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Pager } from '@/components/ui/pager'
import { EmptyState } from '@/components/ui/empty-state'
import { Input } from '@/components/ui/input'
import { Skeleton } from '@/components/ui/skeleton'
import { SortHeader } from '@/components/ui/sort-header'
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table'
import { SMALL_SCREEN_QUERY, useMediaQuery } from '@/hooks/use-media-query'
import { getErrorMessage } from '@/lib/api-client'
import { cn } from '@/lib/utils'
import { useLeaderboard } from '../api/get-leaderboard'
import { useDebouncedValue } from '@/hooks/use-debounced-value'
import { SEARCH_DEBOUNCE_MS } from '../timing'
import { Sparkline } from './sparkline'

type Column = { key: string; label: string; sort?: LeaderboardSortField; isNumeric?: boolean }

const columns: readonly Column[] = [
  { key: 'rank', label: 'Rank', sort: 'rank', isNumeric: true },
  { key: 'name', label: 'Name', sort: 'name' },
  { key: 'accountSize', label: 'Account Size', sort: 'accountSize', isNumeric: true },
  { key: 'winRate', label: 'Win Rate', sort: 'winRate', isNumeric: true },
  { key: 'profitFactor', label: 'Profit Factor', sort: 'profitFactor', isNumeric: true },
  { key: 'totalTrades', label: 'Total Trades', sort: 'totalTrades', isNumeric: true },
  { key: 'monthlyReturn', label: 'Monthly Return', sort: 'monthlyReturn', isNumeric: true },
  { key: 'trend', label: 'Trend' },
  { key: 'badge', label: 'Badge' },
]

const sortable = columns.filter((column): column is Column & { sort: LeaderboardSortField } =>
  Boolean(column.sort),
)

const percent = (value: number) => `${value.toFixed(2)}%`
const signedPercent = (value: number) => `${value > 0 ? '+' : ''}${value.toFixed(2)}%`
const profitFactor = (value: number | null) => (value === null ? '∞' : value.toFixed(2))
const accountSize = (cents: number) => formatMoney(usd(cents), { showCents: false })

const badgeVariant = { elite: 'warning', advanced: 'profit', regular: 'neutral' } as const

function TrendCell({ row }: { row: LeaderboardRow }) {
  const isUp = row.status === 'increasing'
  const Arrow = isUp ? ArrowUp : ArrowDown
  return (
    <span className="inline-flex items-center gap-2">
      <Sparkline
        values={row.trend}
        label={`${row.name}: return by trading day ${row.trend.map(signedPercent).join(', ')}`}
      />
      <Arrow
        aria-label={isUp ? 'Increasing vs last month' : 'Decreasing vs last month'}
        className={cn('size-4', isUp ? 'text-profit' : 'text-loss')}
      />
    </span>
  )
}

function BadgeCell({ row }: { row: LeaderboardRow }) {
  return <Badge variant={badgeVariant[row.badge]}>{leaderboardBadgeLabels[row.badge]}</Badge>
}

function ReturnText({ value }: { value: number }) {
  return (
    <span className={cn('font-semibold', value >= 0 ? 'text-profit' : 'text-loss')}>
      {signedPercent(value)}
    </span>
  )
}

function LeaderboardTable({
  rows,
  sort,
  order,
  onSort,
  isLoading,
  caption,
}: {
  rows: readonly LeaderboardRow[] | undefined
  sort: LeaderboardSortField
  order: LeaderboardOrder
  onSort: (field: LeaderboardSortField) => void
  isLoading: boolean
  caption: string
}) {
  return (
    <Table aria-busy={isLoading || undefined}>
      <TableCaption className="sr-only">{caption}</TableCaption>
      <TableHeader>
        <TableRow>
          {columns.map((column) =>
            column.sort ? (
              <SortHeader
                key={column.key}
                label={column.label}
                field={column.sort}
                sort={sort}
                order={order}
                isNumeric={column.isNumeric ?? false}
                onSort={onSort}
              />
            ) : (
              <TableHead key={column.key}>{column.label}</TableHead>
            ),
          )}
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows
          ? rows.map((row) => (
              <TableRow key={`${row.rank}`}>
                <TableCell className="text-right font-semibold">{row.rank}</TableCell>
                <TableCell className="font-medium">{row.name}</TableCell>
                <TableCell className="text-right">{accountSize(row.accountSize)}</TableCell>
                <TableCell className="text-right">{percent(row.winRate)}</TableCell>
                <TableCell className="text-right">{profitFactor(row.profitFactor)}</TableCell>
                <TableCell className="text-right">{row.totalTrades}</TableCell>
                <TableCell className="text-right">
                  <ReturnText value={row.monthlyReturn} />
                </TableCell>
                <TableCell>
                  <TrendCell row={row} />
                </TableCell>
                <TableCell>
                  <BadgeCell row={row} />
                </TableCell>
              </TableRow>
            ))
          : Array.from({ length: 5 }, (_, index) => (
              <TableRow key={index}>
                {columns.map((column) => (
                  <TableCell key={column.key}>
                    <Skeleton className="h-4 w-full min-w-10" />
                  </TableCell>
                ))}
              </TableRow>
            ))}
      </TableBody>
    </Table>
  )
}

function LeaderboardCards({
  rows,
  sort,
  order,
  onSortChange,
}: {
  rows: readonly LeaderboardRow[] | undefined
  sort: LeaderboardSortField
  order: LeaderboardOrder
  onSortChange: (field: LeaderboardSortField, order: LeaderboardOrder) => void
}) {
  return (
    <div className="grid gap-3">
      <div className="flex items-center gap-2">
        <label htmlFor="leaderboard-sort" className="text-sm text-muted-foreground">
          Sort by
        </label>
        <select
          id="leaderboard-sort"
          value={sort}
          onChange={(event) => onSortChange(event.target.value as LeaderboardSortField, order)}
          className="h-9 rounded-md border border-border bg-surface-1 px-2 text-sm"
        >
          {sortable.map((column) => (
            <option key={column.sort} value={column.sort}>
              {column.label}
            </option>
          ))}
        </select>
        <Button
          variant="outline"
          size="sm"
          onClick={() => onSortChange(sort, order === 'asc' ? 'desc' : 'asc')}
        >
          {order === 'asc' ? 'Ascending' : 'Descending'}
        </Button>
      </div>
      <ul className="grid gap-3" aria-label="Traders">
        {rows
          ? rows.map((row) => (
              <li key={row.rank} className="rounded-xl border border-border bg-surface-1 p-4">
                <div className="flex items-center justify-between gap-2">
                  <p className="font-semibold">
                    <span className="text-muted-foreground">#{row.rank}</span> {row.name}
                  </p>
                  <BadgeCell row={row} />
                </div>
                <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
                  <dt className="text-muted-foreground">Monthly Return</dt>
                  <dd className="text-right">
                    <ReturnText value={row.monthlyReturn} />
                  </dd>
                  <dt className="text-muted-foreground">Account Size</dt>
                  <dd className="text-right">{accountSize(row.accountSize)}</dd>
                  <dt className="text-muted-foreground">Win Rate</dt>
                  <dd className="text-right">{percent(row.winRate)}</dd>
                  <dt className="text-muted-foreground">Profit Factor</dt>
                  <dd className="text-right">{profitFactor(row.profitFactor)}</dd>
                  <dt className="text-muted-foreground">Total Trades</dt>
                  <dd className="text-right">{row.totalTrades}</dd>
                  <dt className="text-muted-foreground">Trend</dt>
                  <dd className="flex justify-end">
                    <TrendCell row={row} />
                  </dd>
                </dl>
              </li>
            ))
          : Array.from({ length: 3 }, (_, index) => (
              <li key={index}>
                <Skeleton className="h-36 w-full" />
              </li>
            ))}
      </ul>
    </div>
  )
}

/**
 * The leaderboard (spec 2.13, 4; issue 12 item 9): this month's ranking from the server, name
 * search (debounced), sortable columns (the same column again flips the order, a new one starts
 * ascending), pages of 10; a list of cards below 768 px.
 */
export function Leaderboard() {
  const [searchText, setSearchText] = useState('')
  const search = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS)
  const [sort, setSort] = useState<LeaderboardSortField>('rank')
  const [order, setOrder] = useState<LeaderboardOrder>('asc')
  const [pageState, setPage] = useState({ page: 1, search })
  // a new search starts again at page 1
  const page = pageState.search === search ? pageState.page : 1
  const isSmall = useMediaQuery(SMALL_SCREEN_QUERY)
  const board = useLeaderboard({ search, sort, order, page })
  const data = board.data
  const pageCount = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1

  const goTo = (next: number) => setPage({ page: next, search })
  const sortBy = (field: LeaderboardSortField, nextOrder?: LeaderboardOrder) => {
    setOrder(nextOrder ?? (field === sort ? (order === 'asc' ? 'desc' : 'asc') : 'asc'))
    setSort(field)
    goTo(1)
  }

  const searchBox = (
    <div className="relative w-full sm:max-w-xs">
      <Search
        aria-hidden
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
      />
      <Input
        type="search"
        aria-label={leaderboardMessages.searchLabel}
        placeholder={leaderboardMessages.searchLabel}
        value={searchText}
        maxLength={60}
        onChange={(event) => setSearchText(event.target.value)}
        className="pl-9"
      />
    </div>
  )

  let body
  if (board.isError) {
    body = (
      <Alert variant="error">
        <p>{leaderboardMessages.loadFailed}</p>
        <p className="text-sm">{getErrorMessage(board.error)}</p>
        <Button variant="link" onClick={() => void board.refetch()}>
          {leaderboardMessages.retry}
        </Button>
      </Alert>
    )
  } else if (data && data.total === 0) {
    body = (
      <EmptyState
        icon={<Trophy aria-hidden />}
        title={search ? leaderboardMessages.emptySearch : leaderboardMessages.empty}
      />
    )
  } else if (isSmall) {
    body = (
      <LeaderboardCards
        rows={data?.rows}
        sort={sort}
        order={order}
        onSortChange={(field, nextOrder) => sortBy(field, nextOrder)}
      />
    )
  } else {
    body = (
      <LeaderboardTable
        rows={data?.rows}
        sort={sort}
        order={order}
        onSort={(field) => sortBy(field)}
        isLoading={board.isFetching}
        caption={`Leaderboard, page ${page} of ${pageCount}`}
      />
    )
  }

  return (
    <div className="grid gap-4">
      {searchBox}
      {body}
      {!board.isError && data && data.total > 0 ? (
        <Pager
          page={page}
          pageCount={pageCount}
          status={`Page ${page} of ${pageCount} · ${data.total} ${data.total === 1 ? 'trader' : 'traders'}`}
          isBusy={board.isFetching}
          onPage={goTo}
        />
      ) : null}
    </div>
  )
}
