import { ShieldAlert } from 'lucide-react'
import { LoadError } from '@/components/load-error'
import { Skeleton } from '@/components/ui/skeleton'
import { useNewsViolations } from '../api/news-violations'

const utc = (iso: string) => `${iso.slice(0, 19).replace('T', ' ')} UTC`

/**
 * The account's news-rule violations with their evidence (trade, event, both times, distance).
 * `hideWhenEmpty`: the trader's dashboard shows the section only when there is one.
 */
export function NewsViolations({
  accountId,
  hideWhenEmpty = false,
}: {
  accountId: string
  hideWhenEmpty?: boolean
}) {
  const violations = useNewsViolations(accountId)
  if (violations.isError) {
    return hideWhenEmpty ? null : (
      <LoadError error={violations.error} onRetry={() => void violations.refetch()} />
    )
  }
  if (violations.isPending) return hideWhenEmpty ? null : <Skeleton className="h-16 w-full" />
  if (violations.data.length === 0 && hideWhenEmpty) return null
  return (
    <section
      aria-labelledby={`news-violations-${accountId}`}
      className="grid gap-3 rounded-xl border border-border p-4"
      data-testid="news-violations"
    >
      <h2
        id={`news-violations-${accountId}`}
        className="flex items-center gap-2 text-base font-semibold"
      >
        <ShieldAlert className="size-4 text-loss" aria-hidden />
        News rule violations ({violations.data.length})
      </h2>
      {violations.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          No trade of this account was opened or closed inside a restricted news window.
        </p>
      ) : (
        <ul className="grid gap-2 text-sm">
          {violations.data.map((v) => (
            <li key={v.id} className="grid gap-0.5 rounded-lg bg-surface-2 p-3">
              <span className="font-medium">
                {v.symbol} {v.side} {v.volume} lots {v.kind === 'open' ? 'opened' : 'closed'}{' '}
                {v.distance} {v.eventCurrency} {v.eventTitle}
              </span>
              <span className="text-muted-foreground">
                Trade {utc(v.tradeTime)} · event {utc(v.eventTime)} · window ±{v.blackoutMinutes}{' '}
                min · position {v.positionId}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
