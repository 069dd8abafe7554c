import { EmptyState } from '@/components/ui/empty-state'
import { Skeleton } from '@/components/ui/skeleton'
import { cn } from '@/lib/utils'

/** A section's loading state: grey blocks of its size, announced once. */
export function SectionSkeleton({ label, className }: { label: string; className?: string }) {
  return (
    <div role="status" className={cn('grid gap-2', className)}>
      <span className="sr-only">{label}</span>
      <Skeleton className="h-full min-h-24 w-full" />
    </div>
  )
}

/** A section's failed load: the server's message and a retry (the app's one LoadError). */
export { LoadError as SectionError } from '@/components/load-error'

export const NO_CLOSED_TRADES = 'No closed trades yet'

/** What a view over closed trades shows before the first one closes. */
export function NoClosedTrades({ description }: { description?: string }) {
  return (
    <EmptyState
      className="py-8"
      title={NO_CLOSED_TRADES}
      description={description ?? 'Your figures appear here once a trade closes.'}
    />
  )
}
