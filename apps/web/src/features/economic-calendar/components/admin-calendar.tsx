import { useState } from 'react'
import { CalendarClock, Pencil, Plus, RefreshCw, Trash2 } from 'lucide-react'
import { toast } from '@/lib/toast'
import type { EconomicEvent } from '@tp/api/calendar'
import { economicImpactLabels, economicImpacts, type EconomicImpact } from '@tp/domain/calendar'
import { LoadError } from '@/components/load-error'
import { Button } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'
import { fieldClasses, Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { Pager } from '@/components/ui/pager'
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
import { isAdmin } from '@/lib/roles'
import { useUser } from '@/lib/session'
import { getErrorMessage } from '@/lib/api-client'
import { cn } from '@/lib/utils'
import { useAdminCalendar, useSyncCalendar, type AdminCalendarFilter } from '../api/admin-calendar'
import { CalendarImport } from './calendar-import'
import { DeleteEventDialog } from './delete-event-dialog'
import { EventDialog } from './event-dialog'
import { ImpactBadge } from './impact-badge'

const columns = ['Time (UTC)', 'Currency', 'Title', 'Impact', 'Source', 'Actions'] as const
const utc = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'UTC',
  weekday: 'short',
  day: '2-digit',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
})

function SyncButton({ canAct }: { canAct: boolean }) {
  const sync = useSyncCalendar()
  return (
    <Button
      variant="outline"
      disabled={!canAct || sync.isPending}
      onClick={() =>
        sync.mutate(undefined, {
          onSuccess: (summary) =>
            toast.success(
              `Feed synced: ${summary.created} new, ${summary.updated} updated, ${summary.skipped.length} skipped.`,
            ),
          onError: (error) => toast.error(getErrorMessage(error)),
        })
      }
    >
      <RefreshCw aria-hidden className={cn(sync.isPending && 'animate-spin')} />
      Sync now
    </Button>
  )
}

/** /admin/calendar: the events (from a week ago), filters, edit, delete, import and feed sync. */
export function AdminCalendar() {
  // a support user sees the page with its write controls disabled (the server refuses them too)
  const canAct = isAdmin(useUser())
  const [filter, setFilter] = useState<AdminCalendarFilter>({
    currency: '',
    impact: '',
    search: '',
    page: 1,
  })
  const list = useAdminCalendar(filter)
  const [deleting, setDeleting] = useState<EconomicEvent | null>(null)
  const pageCount = list.data ? Math.max(1, Math.ceil(list.data.total / list.data.pageSize)) : 1

  return (
    <div className="grid gap-6">
      <DeleteEventDialog event={deleting} onClose={() => setDeleting(null)} />
      <div className="flex flex-wrap gap-2">
        <EventDialog
          trigger={
            <Button disabled={!canAct}>
              <Plus aria-hidden />
              Add event
            </Button>
          }
        />
        <SyncButton canAct={canAct} />
      </div>
      {list.data ? (
        <p className="text-sm text-muted-foreground">
          Feed: {list.data.feedUrl ?? 'none configured'} (synced every 30 minutes).
        </p>
      ) : null}

      <CalendarImport canAct={canAct} />

      <div className="flex flex-wrap items-end gap-4" role="group" aria-label="Filters">
        <div className="grid gap-2">
          <Label htmlFor="admin-calendar-search">Title</Label>
          <Input
            id="admin-calendar-search"
            className="h-9 w-48"
            value={filter.search}
            onChange={(e) => setFilter({ ...filter, search: e.target.value, page: 1 })}
          />
        </div>
        <div className="grid gap-2">
          <Label htmlFor="admin-calendar-currency">Currency</Label>
          <Input
            id="admin-calendar-currency"
            className="h-9 w-24"
            maxLength={3}
            value={filter.currency}
            onChange={(e) =>
              setFilter({ ...filter, currency: e.target.value.toUpperCase(), page: 1 })
            }
          />
        </div>
        <div className="grid gap-2">
          <Label htmlFor="admin-calendar-impact">Impact</Label>
          <select
            id="admin-calendar-impact"
            className={cn(fieldClasses, 'h-9 w-auto py-1.5')}
            value={filter.impact}
            onChange={(e) =>
              setFilter({ ...filter, impact: e.target.value as EconomicImpact | '', page: 1 })
            }
          >
            <option value="">All</option>
            {economicImpacts.map((impact) => (
              <option key={impact} value={impact}>
                {economicImpactLabels[impact]}
              </option>
            ))}
          </select>
        </div>
      </div>

      {list.isError ? (
        <LoadError error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data && list.data.events.length === 0 ? (
        <EmptyState
          icon={<CalendarClock aria-hidden />}
          title="No events match"
          description="Add one, import a file or sync the feed."
        />
      ) : (
        <div className="overflow-x-auto">
          <Table>
            <TableCaption className="sr-only">Economic events</TableCaption>
            <TableHeader>
              <TableRow>
                {columns.map((column) => (
                  <TableHead key={column}>{column}</TableHead>
                ))}
              </TableRow>
            </TableHeader>
            <TableBody>
              {!list.data ? (
                <TableSkeletonRows rows={5} columns={columns.length} />
              ) : (
                list.data.events.map((event) => (
                  <TableRow key={event.id}>
                    <TableCell className="whitespace-nowrap tabular-nums">
                      {utc.format(new Date(event.time))}
                    </TableCell>
                    <TableCell className="font-mono">{event.currency}</TableCell>
                    <TableCell>{event.title}</TableCell>
                    <TableCell>
                      <ImpactBadge impact={event.impact} />
                    </TableCell>
                    <TableCell className="text-muted-foreground">{event.source}</TableCell>
                    <TableCell>
                      <div className="flex gap-1">
                        <EventDialog
                          event={event}
                          trigger={
                            <Button
                              variant="ghost"
                              size="icon"
                              disabled={!canAct}
                              aria-label={`Edit ${event.currency} ${event.title}`}
                            >
                              <Pencil aria-hidden />
                            </Button>
                          }
                        />
                        <Button
                          variant="ghost"
                          size="icon"
                          disabled={!canAct}
                          aria-label={`Delete ${event.currency} ${event.title}`}
                          onClick={() => setDeleting(event)}
                        >
                          <Trash2 aria-hidden />
                        </Button>
                      </div>
                    </TableCell>
                  </TableRow>
                ))
              )}
            </TableBody>
          </Table>
        </div>
      )}
      {list.data && list.data.total > list.data.pageSize ? (
        <Pager
          page={filter.page}
          pageCount={pageCount}
          status={`${list.data.total} events`}
          isBusy={list.isFetching}
          onPage={(page) => setFilter({ ...filter, page })}
        />
      ) : null}
    </div>
  )
}
