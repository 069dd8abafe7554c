import { policyMessages } from '@tp/api/policy-violations'
import { ShieldAlert } from 'lucide-react'
import { LoadError } from '@/components/load-error'
import { Skeleton } from '@/components/ui/skeleton'
import { usePolicyViolations } from '../api/policy-violations'

const utc = (iso: string) => `${iso.slice(0, 19).replace('T', ' ')} UTC`

/**
 * The account's firm-policy violations on a real MetaTrader server (decision 0045) with their
 * evidence (position, volume, cap, time) and what the firm did. `hideWhenEmpty`: the trader's
 * dashboard shows the section only when there is one.
 */
export function PolicyViolations({
  accountId,
  hideWhenEmpty = false,
}: {
  accountId: string
  hideWhenEmpty?: boolean
}) {
  const violations = usePolicyViolations(accountId)
  if (violations.isError) {
    return hideWhenEmpty ? null : (
      <LoadError error={violations.error} onRetry={() => void violations.refetch()} />
    )
  }
  if (violations.isPending) return hideWhenEmpty ? null : <Skeleton className="h-16 w-full" />
  if (violations.data.length === 0 && hideWhenEmpty) return null
  return (
    <section
      aria-labelledby={`policy-violations-${accountId}`}
      className="grid gap-3 rounded-xl border border-border p-4"
      data-testid="policy-violations"
    >
      <h2
        id={`policy-violations-${accountId}`}
        className="flex items-center gap-2 text-base font-semibold"
      >
        <ShieldAlert className="size-4 text-loss" aria-hidden />
        Trading rule violations ({violations.data.length})
      </h2>
      {violations.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          No position of this account broke the firm’s lot cap, weekend or market-hours rules.
        </p>
      ) : (
        <ul className="grid gap-2 text-sm">
          {violations.data.map((v) => (
            <li key={v.id} className="grid gap-0.5 rounded-lg bg-surface-2 p-3">
              <span className="font-medium">
                {policyMessages.ruleLabel[v.rule]}: {v.symbol} {v.side} {v.volume} lots
                {v.limitVolume === null ? '' : ` (at most ${v.limitVolume})`}
              </span>
              <span className="text-muted-foreground">
                Opened {utc(v.tradeTime)} · position {v.positionId} ·{' '}
                {policyMessages.actionLabel[v.action]}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
