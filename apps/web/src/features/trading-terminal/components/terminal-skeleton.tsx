import { Skeleton } from '@/components/ui/skeleton'

/** The terminal's shape while the account loads. */
export function TerminalSkeleton() {
  return (
    <div className="grid gap-4" aria-busy="true" aria-label="Loading the trading terminal">
      <Skeleton className="h-24 rounded-xl" />
      <div className="grid gap-4 xl:grid-cols-[minmax(0,1fr)_22rem]">
        <Skeleton className="h-96 rounded-xl" />
        <Skeleton className="h-96 rounded-xl" />
      </div>
      <Skeleton className="h-48 rounded-xl" />
    </div>
  )
}
