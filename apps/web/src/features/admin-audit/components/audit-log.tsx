import { ScrollText } from 'lucide-react'
import { Fragment, useEffect, useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { auditKindLabels, auditKinds, auditKindSchema, type AuditEntry } from '@tp/api/admin-audit'
import { DownloadCsvButton, filterQuery } from '@/components/download-csv-button'
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
import { cn } from '@/lib/utils'
import { auditFilterParams, useAudit, type AuditFilter } from '../api/get-audit'
import { LoadError } from '@/components/load-error'

const TYPING_DELAY_MS = 300
const DAY = /^\d{4}-\d{2}-\d{2}$/

function readFilter(params: URLSearchParams): AuditFilter {
  const page = Number(params.get('page'))
  const day = (key: string) => {
    const value = params.get(key) ?? ''
    return DAY.test(value) ? value : ''
  }
  return {
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    search: params.get('q') ?? '',
    actor: params.get('actor') ?? '',
    target: params.get('target') ?? '',
    kind: auditKindSchema.safeParse(params.get('kind')).data ?? '',
    from: day('from'),
    to: day('to'),
    dir: params.get('dir') === 'asc' ? 'asc' : 'desc',
  }
}

/** What an entry is about, linked to its page where the admin area has one. */
function TargetLink({ entry }: { entry: AuditEntry }) {
  const short = entry.targetId.length > 13 ? `${entry.targetId.slice(0, 8)}…` : entry.targetId
  const href =
    entry.targetType === 'user'
      ? paths.admin.user.getHref(entry.targetId)
      : entry.targetType === 'trading-account'
        ? paths.admin.tradingAccount.getHref(entry.targetId)
        : null
  return (
    <span className="whitespace-nowrap">
      <span className="text-muted-foreground">{entry.targetType} </span>
      {href ? (
        <Link to={href} className="font-mono underline-offset-4 hover:underline">
          {short}
        </Link>
      ) : (
        <span className="font-mono" title={entry.targetId}>
          {short}
        </span>
      )}
    </span>
  )
}

function Actor({ entry }: { entry: AuditEntry }) {
  if (!entry.actorId) return <span className="text-muted-foreground">system</span>
  return (
    <span>
      {entry.actorEmail ?? 'a removed user'}
      {entry.actorRole && entry.actorRole !== 'admin' ? (
        <Badge variant="warning" className="ml-1">
          {entry.actorRole}
        </Badge>
      ) : null}
    </span>
  )
}

/**
 * The audit log (issue 14 item 7): who did what, to what, when and why, newest first; searched,
 * filtered by kind and days, sorted by time and paged by the server (the filters live in the URL,
 * so a search can be linked, e.g. from a user's page). Each entry opens its details.
 */
export function AuditLog() {
  const [searchParams, setSearchParams] = useSearchParams()
  const filter = readFilter(searchParams)
  const [typed, setTyped] = useState({
    search: filter.search,
    actor: filter.actor,
    target: filter.target,
  })
  const debounced = useDebouncedValue(typed, TYPING_DELAY_MS)
  const audit = useAudit(filter)
  const [openId, setOpenId] = useState<string | null>(null)
  const pageCount = audit.data ? Math.max(1, Math.ceil(audit.data.total / audit.data.pageSize)) : 1

  const update = (changes: Record<string, string | null>) =>
    setSearchParams((params) => {
      for (const [key, value] of Object.entries(changes)) {
        if (value) params.set(key, value)
        else params.delete(key)
      }
      return params
    })

  useEffect(() => {
    const search = debounced.search.trim()
    const actor = debounced.actor.trim()
    const target = debounced.target.trim()
    if (search !== filter.search || actor !== filter.actor || target !== filter.target) {
      update({ q: search || null, actor: actor || null, target: target || null, page: null })
    }
    // only a change of the typed text searches again
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced])

  const isFiltered = Object.keys(auditFilterParams(filter)).length > 0
  const textField = (key: keyof typeof typed, label: string, placeholder: string) => (
    <div className="grid min-w-48 flex-1 gap-2 sm:flex-none">
      <Label htmlFor={`audit-${key}`}>{label}</Label>
      <Input
        id={`audit-${key}`}
        type="search"
        placeholder={placeholder}
        value={typed[key]}
        onChange={(event) => setTyped((current) => ({ ...current, [key]: event.target.value }))}
      />
    </div>
  )

  return (
    <div className="grid gap-4">
      <div
        className="flex flex-wrap items-end gap-4"
        role="search"
        aria-label="Search the audit log"
      >
        {textField('search', 'Search', 'Action, reason, target, email…')}
        {textField('actor', 'Actor', 'Email, or "system"')}
        {textField('target', 'Target id', 'A user, account, order… id')}
        <div className="grid gap-2">
          <Label htmlFor="audit-kind">Action</Label>
          <select
            id="audit-kind"
            className={cn(fieldClasses, 'h-10 w-auto py-1.5')}
            value={filter.kind}
            onChange={(event) => update({ kind: event.target.value || null, page: null })}
          >
            <option value="">All</option>
            {auditKinds.map((kind) => (
              <option key={kind} value={kind}>
                {auditKindLabels[kind]}
              </option>
            ))}
          </select>
        </div>
        <div className="grid gap-2">
          <Label htmlFor="audit-from">From</Label>
          <Input
            id="audit-from"
            type="date"
            className="w-auto"
            value={filter.from}
            max={filter.to || undefined}
            onChange={(event) => update({ from: event.target.value || null, page: null })}
          />
        </div>
        <div className="grid gap-2">
          <Label htmlFor="audit-to">To</Label>
          <Input
            id="audit-to"
            type="date"
            className="w-auto"
            value={filter.to}
            min={filter.from || undefined}
            onChange={(event) => update({ to: event.target.value || null, page: null })}
          />
        </div>
        <div className="sm:ml-auto">
          <DownloadCsvButton
            path={`/admin/exports/audit.csv${filterQuery(auditFilterParams(filter))}`}
            fallbackName="audit.csv"
          />
        </div>
      </div>

      {audit.isError ? (
        <LoadError error={audit.error} onRetry={() => void audit.refetch()} />
      ) : audit.data && audit.data.total === 0 ? (
        <EmptyState
          icon={<ScrollText aria-hidden />}
          title={isFiltered ? 'No entry matches' : 'Nothing audited yet'}
          description={
            isFiltered
              ? 'Try other words or days, or clear the filters.'
              : 'Every admin action and money event is written here as it happens.'
          }
        />
      ) : (
        <>
          <Table aria-busy={audit.isFetching || undefined} scrollLabel="Audit log">
            <TableCaption className="sr-only">
              Audit log, page {filter.page} of {pageCount}
            </TableCaption>
            <TableHeader>
              <TableRow>
                <SortHeader
                  label="When"
                  field="createdAt"
                  sort="createdAt"
                  order={filter.dir}
                  onSort={() => update({ dir: filter.dir === 'desc' ? 'asc' : null, page: null })}
                />
                <TableHead>Actor</TableHead>
                <TableHead>Action</TableHead>
                <TableHead>Target</TableHead>
                <TableHead>Reason</TableHead>
                <TableHead>
                  <span className="sr-only">Details</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {audit.data ? (
                audit.data.entries.map((entry) => (
                  <Fragment key={entry.id}>
                    <TableRow>
                      <TableCell className="whitespace-nowrap text-muted-foreground">
                        {new Date(entry.createdAt).toLocaleString()}
                      </TableCell>
                      <TableCell>
                        <Actor entry={entry} />
                      </TableCell>
                      <TableCell className="font-medium whitespace-nowrap">
                        {entry.action}
                      </TableCell>
                      <TableCell>
                        <TargetLink entry={entry} />
                      </TableCell>
                      <TableCell className="max-w-72">{entry.reason ?? '—'}</TableCell>
                      <TableCell>
                        <Button
                          size="sm"
                          variant="outline"
                          aria-expanded={openId === entry.id}
                          aria-controls={`audit-details-${entry.id}`}
                          onClick={() => setOpenId(openId === entry.id ? null : entry.id)}
                        >
                          {openId === entry.id ? 'Hide' : 'Details'}
                        </Button>
                      </TableCell>
                    </TableRow>
                    {openId === entry.id ? (
                      <TableRow id={`audit-details-${entry.id}`}>
                        <TableCell colSpan={6}>
                          <dl className="grid gap-1 text-sm sm:grid-cols-[max-content_1fr] sm:gap-x-4">
                            <dt className="text-muted-foreground">Entry</dt>
                            <dd className="font-mono break-all">{entry.id}</dd>
                            <dt className="text-muted-foreground">Target</dt>
                            <dd className="font-mono break-all">
                              {entry.targetType} {entry.targetId}
                            </dd>
                            <dt className="text-muted-foreground">When (UTC)</dt>
                            <dd>{entry.createdAt}</dd>
                            <dt className="text-muted-foreground">Details</dt>
                            <dd>
                              <pre className="max-w-full overflow-x-auto rounded bg-muted p-2 text-xs whitespace-pre-wrap break-all">
                                {entry.details ? JSON.stringify(entry.details, null, 2) : '—'}
                              </pre>
                            </dd>
                          </dl>
                        </TableCell>
                      </TableRow>
                    ) : null}
                  </Fragment>
                ))
              ) : (
                <TableSkeletonRows rows={5} columns={6} />
              )}
            </TableBody>
          </Table>
          <Pager
            page={filter.page}
            pageCount={pageCount}
            status={
              audit.data
                ? `Page ${filter.page} of ${pageCount} · ${audit.data.total} entries`
                : 'Loading the audit log…'
            }
            isBusy={audit.isFetching}
            onPage={(page) => update({ page: String(page) })}
          />
        </>
      )}
    </div>
  )
}
