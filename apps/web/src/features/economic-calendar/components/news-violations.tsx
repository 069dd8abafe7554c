import { utcInstant, ViolationsPanel } from '@/components/violations-panel'
import { useNewsViolations } from '../api/news-violations'

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
  return (
    <ViolationsPanel
      query={useNewsViolations(accountId)}
      name="news-violations"
      accountId={accountId}
      title="News rule violations"
      emptyText="No trade of this account was opened or closed inside a restricted news window."
      hideWhenEmpty={hideWhenEmpty}
      renderItem={(v) => (
        <>
          <span className="font-medium">
            {v.symbol} {v.side} {v.volume} lots {v.kind === 'open' ? 'opened' : 'closed'}{' '}
            {v.distance} {v.eventCurrency} {v.eventTitle}
          </span>
          <span className="text-muted-foreground">
            Trade {utcInstant(v.tradeTime)} · event {utcInstant(v.eventTime)} · window ±
            {v.blackoutMinutes} min · position {v.positionId}
          </span>
        </>
      )}
    />
  )
}
