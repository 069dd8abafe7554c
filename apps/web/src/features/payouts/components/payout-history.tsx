import type { PayoutDto } from '@tp/api/payouts'
import { Badge } from '@/components/ui/badge'
import { dateTime, money, statusLabel, statusVariant } from './format'

/** Payouts with their status timelines (requested, under review, approved, sent, paid, rejected). */
export function PayoutHistory({ payouts }: { payouts: PayoutDto[] }) {
  if (payouts.length === 0) {
    return <p className="text-sm text-muted-foreground">No payouts yet.</p>
  }
  return (
    <ul className="grid gap-3" aria-label="Payout history">
      {payouts.map((payout) => (
        <li
          key={payout.id}
          className="grid gap-2 rounded-lg border border-border p-4"
          data-testid="payout-row"
          data-status={payout.status}
        >
          <div className="flex flex-wrap items-center justify-between gap-2">
            <span className="font-semibold">{money(payout.totalCents)}</span>
            <Badge variant={statusVariant(payout.status)}>{statusLabel(payout.status)}</Badge>
          </div>
          <p className="text-sm break-all text-muted-foreground">
            {payout.accountLogin ? `Account ${payout.accountLogin} · ` : ''}
            {payout.methodLabel}
            {payout.lateBonusCents > 0
              ? ` · includes ${money(payout.lateBonusCents)} late bonus`
              : ''}
          </p>
          {payout.rejectionReason && <p className="text-sm">Reason: {payout.rejectionReason}</p>}
          <ol
            className="grid gap-1 border-l border-border pl-3 text-xs"
            aria-label="Status timeline"
          >
            {payout.timeline.map((event, i) => (
              <li key={`${event.status}-${i}`}>
                <span className="font-medium">{statusLabel(event.status)}</span>{' '}
                <time dateTime={event.at} className="text-muted-foreground">
                  {dateTime(event.at)}
                </time>
                {event.note ? ` · ${event.note}` : ''}
              </li>
            ))}
          </ol>
        </li>
      ))}
    </ul>
  )
}
