import { Users } from 'lucide-react'
import { useEffect, useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import {
  adminUserSorts,
  roleSchema,
  userStatusSchema,
  type AdminUserRow,
  type AdminUserSort,
} from '@tp/api'
import { formatMoney, usd } from '@tp/domain'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
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
import { useUser } from '@/lib/session'
import { useCanAdminAct } from '@/lib/admin-role'
import { DownloadCsvButton, filterQuery } from '@/components/download-csv-button'
import { cn } from '@/lib/utils'
import { ADMIN_USERS_PAGE_SIZE, useUsers, type UsersFilter } from '../api/get-users'
import { UserActionDialog, type UserAction } from './user-action-dialog'
import { LoadError } from '@/components/load-error'

const SEARCH_DELAY_MS = 300

function readPage(value: string | null) {
  const page = Number(value)
  return Number.isInteger(page) && page >= 1 ? page : 1
}

/** The filter, from the URL (so a page of results can be linked and survives a reload). */
function readFilter(params: URLSearchParams): UsersFilter {
  const sort = params.get('sort')
  return {
    page: readPage(params.get('page')),
    search: params.get('q') ?? '',
    status: userStatusSchema.safeParse(params.get('status')).data ?? '',
    role: roleSchema.safeParse(params.get('role')).data ?? '',
    sort: (adminUserSorts as readonly string[]).includes(sort ?? '')
      ? (sort as AdminUserSort)
      : 'createdAt',
    dir: params.get('dir') === 'asc' ? 'asc' : 'desc',
  }
}

const money = (cents: number) => formatMoney(usd(cents), { showCents: false })

/**
 * The users of the platform (spec 2.15: No, Name, Price, Fund, Status, Action): searched,
 * filtered, sorted and paged by the server; Edit, Disable / Enable (with a reason) and the
 * user's page from each row.
 */
export function UsersTable() {
  const [searchParams, setSearchParams] = useSearchParams()
  const filter = readFilter(searchParams)
  const [searchText, setSearchText] = useState(filter.search)
  const debouncedSearch = useDebouncedValue(searchText.trim(), SEARCH_DELAY_MS)
  const users = useUsers(filter)
  const [action, setAction] = useState<UserAction | null>(null)
  const me = useUser()
  const canAct = useCanAdminAct()
  const pageCount = users.data ? Math.max(1, Math.ceil(users.data.total / users.data.pageSize)) : 1

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

  const onSort = (field: AdminUserSort) =>
    update({
      sort: field,
      dir: field === filter.sort && filter.dir === 'desc' ? 'asc' : 'desc',
      page: null,
    })

  const firstNumber = (filter.page - 1) * (users.data?.pageSize ?? ADMIN_USERS_PAGE_SIZE) + 1
  const isFiltered = Boolean(filter.search || filter.status || filter.role)

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-end gap-4" role="search" aria-label="Find users">
        <div className="grid min-w-56 flex-1 gap-2 sm:flex-none">
          <Label htmlFor="users-search">Search</Label>
          <Input
            id="users-search"
            type="search"
            placeholder="Name or email"
            value={searchText}
            onChange={(event) => setSearchText(event.target.value)}
          />
        </div>
        <div className="grid gap-2">
          <Label htmlFor="users-status">Status</Label>
          <select
            id="users-status"
            className={cn(fieldClasses, 'h-10 w-auto py-1.5')}
            value={filter.status}
            onChange={(event) => update({ status: event.target.value || null, page: null })}
          >
            <option value="">All</option>
            <option value="active">Active</option>
            <option value="disabled">Disabled</option>
          </select>
        </div>
        <div className="grid gap-2">
          <Label htmlFor="users-role">Role</Label>
          <select
            id="users-role"
            className={cn(fieldClasses, 'h-10 w-auto py-1.5')}
            value={filter.role}
            onChange={(event) => update({ role: event.target.value || null, page: null })}
          >
            <option value="">All</option>
            <option value="trader">Trader</option>
            <option value="support">Support</option>
            <option value="admin">Admin</option>
          </select>
        </div>
        <div className="sm:ml-auto">
          <DownloadCsvButton
            path={`/admin/exports/users.csv${filterQuery({
              search: filter.search,
              status: filter.status,
              role: filter.role,
            })}`}
            fallbackName="users.csv"
          />
        </div>
      </div>

      {users.isError ? (
        <LoadError error={users.error} onRetry={() => void users.refetch()} />
      ) : users.data && users.data.total === 0 ? (
        <EmptyState
          icon={<Users aria-hidden />}
          title={isFiltered ? 'No user matches' : 'No users yet'}
          description={
            isFiltered
              ? 'Try another name or email, or clear the filters.'
              : 'Traders appear here as soon as they sign up.'
          }
        />
      ) : (
        <>
          <Table aria-busy={users.isFetching || undefined} scrollLabel="Users">
            <TableCaption className="sr-only">
              Users, page {filter.page} of {pageCount}
            </TableCaption>
            <TableHeader>
              <TableRow>
                <TableHead>No</TableHead>
                <SortHeader label="Name" field="name" {...sortProps(filter, onSort)} />
                <SortHeader label="Price" field="price" isNumeric {...sortProps(filter, onSort)} />
                <SortHeader label="Fund" field="fund" isNumeric {...sortProps(filter, onSort)} />
                <TableHead>Status</TableHead>
                <SortHeader label="Joined" field="createdAt" {...sortProps(filter, onSort)} />
                <TableHead>Action</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {users.data ? (
                users.data.users.map((user, index) => (
                  <UserRow
                    key={user.id}
                    user={user}
                    number={firstNumber + index}
                    isSelf={user.id === me?.id}
                    canAct={canAct}
                    onAction={setAction}
                  />
                ))
              ) : (
                <TableSkeletonRows rows={5} columns={7} />
              )}
            </TableBody>
          </Table>
          <Pager
            page={filter.page}
            pageCount={pageCount}
            status={
              users.data
                ? `Page ${filter.page} of ${pageCount} · ${users.data.total} users`
                : 'Loading users…'
            }
            isBusy={users.isFetching}
            onPage={(page) => update({ page: String(page) })}
          />
        </>
      )}
      <UserActionDialog action={action} onClose={() => setAction(null)} />
    </div>
  )
}

function sortProps(filter: UsersFilter, onSort: (field: AdminUserSort) => void) {
  return { sort: filter.sort, order: filter.dir, onSort }
}

function formatJoined(iso: string) {
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleDateString()
}

function UserRow({
  user,
  number,
  isSelf,
  canAct,
  onAction,
}: {
  user: AdminUserRow
  number: number
  /** false for a support user (read-only): the row links to the user's page only */
  canAct: boolean
  /** the signed-in admin: the server refuses to disable them, so no button offers it */
  isSelf: boolean
  onAction: (action: UserAction) => void
}) {
  const label = user.name || user.email
  return (
    <TableRow>
      <TableCell className="text-muted-foreground">{number}</TableCell>
      <TableCell>
        <Link
          to={paths.admin.user.getHref(user.id)}
          className="font-medium underline-offset-4 hover:underline"
        >
          {label}
        </Link>
        {user.name ? <div className="text-xs text-muted-foreground">{user.email}</div> : null}
        {user.role !== 'trader' ? (
          <Badge variant="warning" className="mt-1">
            {user.role}
          </Badge>
        ) : null}
      </TableCell>
      <TableCell className="text-right tabular-nums">{money(user.priceCents)}</TableCell>
      <TableCell className="text-right tabular-nums">{money(user.fundCents)}</TableCell>
      <TableCell>
        <Badge variant={user.status === 'active' ? 'profit' : 'loss'}>{user.status}</Badge>
      </TableCell>
      <TableCell className="whitespace-nowrap text-muted-foreground">
        {formatJoined(user.createdAt)}
      </TableCell>
      <TableCell>
        {canAct ? (
          <div className="flex gap-2">
            <Button
              size="sm"
              variant="outline"
              aria-label={`Edit ${label}`}
              onClick={() => onAction({ kind: 'edit', user })}
            >
              Edit
            </Button>
            {isSelf ? null : user.status === 'active' ? (
              <Button
                size="sm"
                variant="destructive"
                aria-label={`Disable ${label}`}
                onClick={() => onAction({ kind: 'disable', user })}
              >
                Disable
              </Button>
            ) : (
              <Button
                size="sm"
                variant="outline"
                aria-label={`Enable ${label}`}
                onClick={() => onAction({ kind: 'enable', user })}
              >
                Enable
              </Button>
            )}
          </div>
        ) : (
          <Link
            to={paths.admin.user.getHref(user.id)}
            className="text-sm underline-offset-4 hover:underline"
            aria-label={`View ${label}`}
          >
            View
          </Link>
        )}
      </TableCell>
    </TableRow>
  )
}
