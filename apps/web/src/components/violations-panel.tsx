import type { UseQueryResult } from '@tanstack/react-query'
import { ShieldAlert } from 'lucide-react'
import type { ReactNode } from 'react'
import { LoadError } from '@/components/load-error'
import { Skeleton } from '@/components/ui/skeleton'

/** An ISO instant as `YYYY-MM-DD HH:MM:SS UTC` (the evidence's own clock) */
export const utcInstant = (iso: string) => `${iso.slice(0, 19).replace('T', ' ')} UTC`

/**
 * One account's rule violations with their evidence (the news rule's, the firm policy's): a
 * titled section with a count, loading and error states, an empty line, one item per violation.
 * `hideWhenEmpty`: the trader's dashboard shows it only when there is one (nothing while loading
 * or failing there either).
 */
export function ViolationsPanel<T extends { id: string }>({
  query,
  name,
  accountId,
  title,
  emptyText,
  hideWhenEmpty,
  renderItem,
}: {
  query: UseQueryResult<T[]>
  /** the section's test id, and with the account the heading's id */
  name: string
  accountId: string
  title: string
  emptyText: string
  hideWhenEmpty: boolean
  renderItem: (violation: T) => ReactNode
}) {
  if (query.isError) {
    return hideWhenEmpty ? null : (
      <LoadError error={query.error} onRetry={() => void query.refetch()} />
    )
  }
  if (query.isPending) return hideWhenEmpty ? null : <Skeleton className="h-16 w-full" />
  if (query.data.length === 0 && hideWhenEmpty) return null
  return (
    <section
      aria-labelledby={`${name}-${accountId}`}
      className="grid gap-3 rounded-xl border border-border p-4"
      data-testid={name}
    >
      <h2 id={`${name}-${accountId}`} className="flex items-center gap-2 text-base font-semibold">
        <ShieldAlert className="size-4 text-loss" aria-hidden />
        {title} ({query.data.length})
      </h2>
      {query.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">{emptyText}</p>
      ) : (
        <ul className="grid gap-2 text-sm">
          {query.data.map((violation) => (
            <li key={violation.id} className="grid gap-0.5 rounded-lg bg-surface-2 p-3">
              {renderItem(violation)}
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
