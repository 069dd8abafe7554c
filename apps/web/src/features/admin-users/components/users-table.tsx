import { Users } from 'lucide-react'
import { DateTime } from 'luxon'
import { useSearchParams } from 'react-router'
import { Alert } from '@/components/ui/alert'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Pager } from '@/components/ui/pager'
import { EmptyState } from '@/components/ui/empty-state'
import { Skeleton } from '@/components/ui/skeleton'
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table'
import { getErrorMessage } from '@/lib/api-client'
import { ADMIN_USERS_PAGE_SIZE, useUsers } from '../api/get-users'

const columns = ['No', 'Name', 'Email', 'Role', 'Status', 'Joined'] as const

function formatDate(iso: string) {
  const date = DateTime.fromISO(iso)
  return date.isValid ? date.toLocaleString(DateTime.DATE_MED) : iso
}

function readPage(value: string | null) {
  const page = Number(value)
  return Number.isInteger(page) && page >= 1 ? page : 1
}

/** The users of the platform, a page at a time (spec 2.15); the page lives in the URL. */
export function UsersTable() {
  const [searchParams, setSearchParams] = useSearchParams()
  const page = readPage(searchParams.get('page'))
  const users = useUsers(page)
  const pageCount = users.data ? Math.max(1, Math.ceil(users.data.total / users.data.pageSize)) : 1

  const goTo = (next: number) =>
    setSearchParams((params) => {
      params.set('page', String(next))
      return params
    })

  if (users.isError) {
    return (
      <Alert variant="error">
        <p>{getErrorMessage(users.error)}</p>
        <Button variant="link" onClick={() => void users.refetch()}>
          Try again
        </Button>
      </Alert>
    )
  }

  if (users.data && users.data.total === 0) {
    return (
      <EmptyState
        icon={<Users aria-hidden />}
        title="No users yet"
        description="Traders appear here as soon as they sign up."
      />
    )
  }

  const firstNumber = (page - 1) * (users.data?.pageSize ?? ADMIN_USERS_PAGE_SIZE) + 1

  return (
    <div className="grid gap-4">
      <Table aria-busy={users.isFetching || undefined}>
        <TableCaption className="sr-only">
          Users, page {page} of {pageCount}
        </TableCaption>
        <TableHeader>
          <TableRow>
            {columns.map((column) => (
              <TableHead key={column}>{column}</TableHead>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {users.data
            ? users.data.users.map((user, index) => (
                <TableRow key={user.id}>
                  <TableCell className="text-muted-foreground">{firstNumber + index}</TableCell>
                  <TableCell className="font-medium">{user.name || '—'}</TableCell>
                  <TableCell>{user.email}</TableCell>
                  <TableCell>
                    <Badge variant={user.role === 'admin' ? 'warning' : 'neutral'}>
                      {user.role}
                    </Badge>
                  </TableCell>
                  <TableCell>
                    <Badge variant={user.status === 'active' ? 'profit' : 'neutral'}>
                      {user.status}
                    </Badge>
                  </TableCell>
                  <TableCell className="text-muted-foreground">
                    {formatDate(user.createdAt)}
                  </TableCell>
                </TableRow>
              ))
            : Array.from({ length: 5 }, (_, row) => (
                <TableRow key={row}>
                  {columns.map((column) => (
                    <TableCell key={column}>
                      <Skeleton className="h-4 w-full min-w-12" />
                    </TableCell>
                  ))}
                </TableRow>
              ))}
        </TableBody>
      </Table>

      <Pager
        page={page}
        pageCount={pageCount}
        status={
          users.data ? `Page ${page} of ${pageCount} · ${users.data.total} users` : 'Loading users…'
        }
        isBusy={users.isFetching}
        onPage={goTo}
      />
    </div>
  )
}
