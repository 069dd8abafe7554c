import { Download, Inbox } from 'lucide-react'
import { Link, useSearchParams } from 'react-router'
import { toast } from '@/lib/toast'
import {
  serviceMessageKindSchema,
  serviceMessageStatusSchema,
  type ServiceMessageKind,
  type ServiceMessageStatus,
} from '@tp/api/service'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Pager } from '@/components/ui/pager'
import { EmptyState } from '@/components/ui/empty-state'
import { fieldClasses } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
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
import { getErrorMessage } from '@/lib/api-client'
import { cn } from '@/lib/utils'
import { useDownloadSubscribers, useMessages, type InboxFilter } from '../api/messages'
import { formatDateTime, kindLabels, statusLabels } from './format'
import { LoadError } from '@/components/load-error'

const columns = ['Received', 'Kind', 'From', 'Subject', 'Status'] as const

function readFilter(params: URLSearchParams): InboxFilter {
  const page = Number(params.get('page'))
  const kind = serviceMessageKindSchema.safeParse(params.get('kind'))
  const status = serviceMessageStatusSchema.safeParse(params.get('status'))
  return {
    kind: kind.success ? kind.data : null,
    status: status.success ? status.data : null,
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  }
}

/** The subscribers' CSV download (confirmed subscribers, with dates). */
export function ExportSubscribersButton() {
  const download = useDownloadSubscribers()
  return (
    <Button
      variant="outline"
      isPending={download.isPending}
      onClick={() =>
        download.mutate(undefined, { onError: (error) => toast.error(getErrorMessage(error)) })
      }
    >
      <Download aria-hidden className="size-4" />
      Export subscribers (CSV)
    </Button>
  )
}

/**
 * The admin inbox: contact messages and partner applications, newest first, filtered by kind and
 * status, a page at a time (the filter and page live in the URL). A row opens the message.
 */
export function MessagesInbox() {
  const [searchParams, setSearchParams] = useSearchParams()
  const filter = readFilter(searchParams)
  const inbox = useMessages(filter)
  const pageCount = inbox.data ? Math.max(1, Math.ceil(inbox.data.total / inbox.data.pageSize)) : 1

  const update = (changes: Record<string, string | null>) =>
    setSearchParams((params) => {
      for (const [key, value] of Object.entries(changes)) {
        if (value) params.set(key, value)
        else params.delete(key)
      }
      return params
    })

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-end gap-4" role="group" aria-label="Filters">
        <div className="grid gap-2">
          <Label htmlFor="inbox-kind">Kind</Label>
          <select
            id="inbox-kind"
            className={cn(fieldClasses, 'h-9 w-auto py-1.5')}
            value={filter.kind ?? ''}
            onChange={(event) => update({ kind: event.target.value || null, page: null })}
          >
            <option value="">All</option>
            {(Object.keys(kindLabels) as ServiceMessageKind[]).map((kind) => (
              <option key={kind} value={kind}>
                {kindLabels[kind]}
              </option>
            ))}
          </select>
        </div>
        <div className="grid gap-2">
          <Label htmlFor="inbox-status">Status</Label>
          <select
            id="inbox-status"
            className={cn(fieldClasses, 'h-9 w-auto py-1.5')}
            value={filter.status ?? ''}
            onChange={(event) => update({ status: event.target.value || null, page: null })}
          >
            <option value="">All</option>
            {(Object.keys(statusLabels) as ServiceMessageStatus[]).map((status) => (
              <option key={status} value={status}>
                {statusLabels[status]}
              </option>
            ))}
          </select>
        </div>
      </div>

      {inbox.isError ? (
        <LoadError error={inbox.error} onRetry={() => void inbox.refetch()} />
      ) : inbox.data && inbox.data.total === 0 ? (
        <EmptyState
          icon={<Inbox aria-hidden />}
          title="No messages"
          description="Contact messages and partner applications appear here as they arrive."
        />
      ) : (
        <>
          <Table aria-busy={inbox.isFetching || undefined}>
            <TableCaption className="sr-only">
              Messages, page {filter.page} of {pageCount}
            </TableCaption>
            <TableHeader>
              <TableRow>
                {columns.map((column) => (
                  <TableHead key={column}>{column}</TableHead>
                ))}
              </TableRow>
            </TableHeader>
            <TableBody>
              {inbox.data ? (
                inbox.data.messages.map((message) => (
                  <TableRow key={message.id} data-testid="inbox-row">
                    <TableCell className="whitespace-nowrap text-muted-foreground">
                      {formatDateTime(message.createdAt)}
                    </TableCell>
                    <TableCell>
                      <Badge variant={message.kind === 'partner' ? 'warning' : 'default'}>
                        {kindLabels[message.kind]}
                      </Badge>
                    </TableCell>
                    <TableCell>
                      <div className="font-medium">{message.name}</div>
                      <div className="text-xs text-muted-foreground">{message.email}</div>
                    </TableCell>
                    <TableCell className="max-w-md">
                      <Link
                        className="font-medium text-primary hover:underline"
                        to={paths.admin.message.getHref(message.id)}
                      >
                        {message.subject ?? '(no subject)'}
                      </Link>
                      <div className="truncate text-xs text-muted-foreground">
                        {message.preview}
                      </div>
                    </TableCell>
                    <TableCell>
                      <Badge variant={message.status === 'open' ? 'warning' : 'profit'}>
                        {statusLabels[message.status]}
                      </Badge>
                    </TableCell>
                  </TableRow>
                ))
              ) : (
                <TableSkeletonRows rows={5} columns={columns.length} />
              )}
            </TableBody>
          </Table>
          <Pager
            page={filter.page}
            pageCount={pageCount}
            status={
              inbox.data
                ? `Page ${filter.page} of ${pageCount} · ${inbox.data.total} messages`
                : 'Loading messages…'
            }
            isBusy={inbox.isFetching}
            onPage={(next) => update({ page: String(next) })}
          />
        </>
      )}
    </div>
  )
}
